// A merge queue: the merge_group run reads graph, configuration and scripts from the merge
// group's base (never from the queued changes), reports on the merge group's head, and
// inherits what the Actions cache lets it restore — the default branch's records and its own
// queue branch's — but not a pull request's, whose cache scope (refs/pull/N/merge) GitHub
// keeps to that pull request.
import { CHECKOUT, GRAPH, TRUSTED } from './fixtures.js';
import { expectOk, MERGE_GROUP_SHA, reportOf, World, type Files } from './world.js';

const TIMEOUT = 240_000;
let world: World;

beforeAll(async () => {
  world = await World.start(TRUSTED);
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

afterEach(() => {
  expect(world.api.takeViolations()).toEqual([]);
});

const CHANGED: Files = { ...CHECKOUT, 'data/config.json': '{"retries": 4}\n' };

/** The queued pull request also edits the graph: a goal that would pass whatever happens. */
const QUEUED: Files = {
  ...CHANGED,
  '.dog/graph.yaml': GRAPH.replace(
    '  - {parent: root, child: mention}\n',
    '  - {parent: root, child: mention}\n  - {parent: root, child: sneaky}\n',
  ).replace(
    'contains:\n',
    '  sneaky:\n    kind: leaf\n    title: Added in the queue\n    target: docs/guide.md\n    verifier: {mode: programmatic, script: file.exists}\ncontains:\n',
  ),
};

const run = { command: 'run' };

test(
  'a merge group verifies with the base graph, inherits main and its own queue branch, not the pull request, and reports on its head',
  async () => {
    const main = await world.step({
      runId: 40,
      job: 'dog',
      files: CHECKOUT,
      event: 'push',
      inputs: run,
    });
    expectOk(main, 'push on main');
    expect((await reportOf(main)).totals).toMatchObject({ verified: 3, inherited: 0 });

    // This repository trusts its pull requests' own scope, so the run saves its records there:
    // the merge group must still not read them.
    const pr = await world.step({
      runId: 41,
      job: 'dog',
      files: CHANGED,
      inputs: { ...run, 'trust-pull-request-cache': 'true' },
    });
    expectOk(pr, 'pull request');
    const prReport = await reportOf(pr);
    // A pull request restores from the default branch: only the changed goal runs.
    expect(prReport.totals).toMatchObject({ verified: 1, inherited: 2 });
    expect(prReport.nodes.data).toMatchObject({ inherited: false, rerunReason: 'capture_changed' });

    const contentsBefore = world.api.requests.length;
    const group = await world.step({
      runId: 42,
      job: 'dog',
      files: QUEUED,
      event: 'merge_group',
      inputs: run,
    });
    expectOk(group, 'merge group');
    const report = await reportOf(group);
    // The base's graph: the queued edit is not in force.
    expect(Object.keys(report.nodes).sort()).toEqual(['data', 'docs', 'mention', 'root']);
    const reads = world.api.requests
      .slice(contentsBefore)
      .filter((r) => r.path.includes('/contents/'));
    // Read through the contents API (the stand-in serves only BASE_SHA's tree).
    expect(reads.length).toBeGreaterThan(0);
    const notice = group.commands.find((c) => c.command === 'notice');
    expect(notice?.message).toMatch(
      /merge group changes \.dog\/graph\.yaml.*takes effect after merge/,
    );
    // main's records are inherited; the pull request's verification of the same bytes is not
    // visible to the queue, so that goal is verified again.
    expect(report.totals).toMatchObject({ verified: 1, inherited: 2 });
    expect(report.nodes.docs).toMatchObject({ state: 'success', inherited: true });
    expect(report.nodes.data).toMatchObject({
      state: 'success',
      inherited: false,
      rerunReason: 'capture_changed',
    });
    expect(world.api.checkRuns.at(-1)).toMatchObject({
      head_sha: MERGE_GROUP_SHA,
      conclusion: 'success',
    });

    // Re-running the merge group (same queue branch) inherits everything, its own records too.
    const again = await world.step({
      runId: 43,
      job: 'dog',
      files: QUEUED,
      event: 'merge_group',
      inputs: run,
    });
    expectOk(again, 'merge group again');
    expect((await reportOf(again)).totals).toMatchObject({ verified: 0, inherited: 3 });

    const scopes = new Set(world.results.cacheEntries().map((e) => e.scope));
    expect([...scopes].sort()).toEqual([
      expect.stringMatching(/^refs\/heads\/gh-readonly-queue\/main\/pr-7-[0-9a-f]{40}$/),
      'refs/heads/main',
      'refs/pull/7/merge',
    ]);
  },
  TIMEOUT,
);
