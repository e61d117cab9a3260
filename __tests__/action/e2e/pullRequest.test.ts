// The Action end to end, as a pull request's workflow runs it: plan → matrix verify waves →
// aggregate, each step the bundled dist/action.js in its own job, against local stand-ins
// of GitHub's artifact, cache and REST services that the real toolkit clients talk to.
import { CHECKOUT, MATRIX, TRUSTED } from './fixtures.js';
import { World, reportOf } from './world.js';

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

describe('a pull request run', () => {
  test(
    'plans two waves, verifies in a two-job matrix and settles success with a check run',
    async () => {
      const run = await world.workflow(1, CHECKOUT, MATRIX);
      expect(run.plan.outputs.waves).toBe('2');
      expect(run.matrix.w1?.include).toEqual([
        { job: 'w1-1', wave: 1, shard: 1, keys: ['data'] },
        { job: 'w1-2', wave: 1, shard: 2, keys: ['docs'] },
      ]);
      expect(run.matrix.w2?.include).toEqual([
        { job: 'w2-1', wave: 2, shard: 1, keys: ['mention'] },
      ]);
      expect(run.aggregate.code).toBe(0);
      expect(run.aggregate.outputs['root-state']).toBe('success');
      expect(run.aggregate.outputs.verified).toBe('3');
      const report = await reportOf(run.aggregate);
      expect(report.rootState).toBe('success');
      expect(report.nodes.mention).toMatchObject({
        state: 'success',
        inherited: false,
        rerunReason: 'new',
      });
      expect(run.aggregate.summary).toMatch(/success/i);
      expect(run.aggregate.summary).toContain('mermaid');
      const check = world.api.checkRuns.at(-1);
      expect(check).toMatchObject({
        name: 'DoG',
        head_sha: expect.stringMatching(/^2{40}$/),
        conclusion: 'success',
      });
      const names = world.results.artifacts().map((a) => a.name);
      expect(names).toEqual(
        expect.arrayContaining([
          'dog-plan-a1',
          'dog-records-plan-a1',
          'dog-records-w1-1-a1',
          'dog-records-w1-2-a1',
          'dog-records-w2-1-a1',
          'dog-report',
        ]),
      );
      // One capture bundle per matrix job that verifies something, never one per capture.
      expect(names.filter((n) => n.startsWith('dog-captures-')).sort()).toEqual([
        'dog-captures-w1-1-a1',
        'dog-captures-w1-2-a1',
        'dog-captures-w2-1-a1',
      ]);
      // Its own scope is one any workflow of the pull request can write: later runs would not
      // believe a pack there, so none is saved, and the log says why.
      expect(run.aggregate.stdout).toContain(
        "DoG: the record pack was not saved: later runs do not take records from this run's cache scope (refs/pull/7/merge)",
      );
      expect(world.results.cacheEntries().filter((e) => e.scope === 'refs/pull/7/merge')).toEqual(
        [],
      );
    },
    TIMEOUT,
  );

  test(
    'a push to the default branch saves the pack; the next pull request run inherits every goal and dispatches nothing',
    async () => {
      const push = await world.workflow(2, CHECKOUT, MATRIX, 'push');
      expect(push.aggregate.outputs.verified).toBe('3');
      expect(push.aggregate.stdout).toMatch(
        /DoG: record pack dog-v3-records-[0-9a-f]{16}-gh-2-1-[0-9a-f]{64} saved: 3 records/,
      );
      const hitsBefore = world.results.cacheHits();
      const run = await world.workflow(3, CHECKOUT, MATRIX);
      const warnings = run.plan.commands.filter((c) => c.command === 'warning');
      // On failure, the plan's warnings say which cache lookup did not answer, and why.
      expect({ waves: run.plan.outputs.waves, warnings }).toEqual({ waves: '0', warnings: [] });
      expect(run.verify).toHaveLength(0);
      // The plan restores the default branch's newest pack once: a constant number of lookups,
      // not one per goal. The aggregate saves nothing in the pull request's scope, so it has no
      // pack to merge into.
      expect(world.results.cacheHits() - hitsBefore).toBe(1);
      const report = await reportOf(run.aggregate);
      expect(report.rootState).toBe('success');
      expect(report.totals).toMatchObject({ verified: 0, inherited: 3 });
    },
    TIMEOUT,
  );

  test(
    'after a one-file change only the goals reading that file run again',
    async () => {
      const changed = { ...CHECKOUT, 'data/config.json': '{"retries": 4}\n' };
      const run = await world.workflow(4, changed, MATRIX);
      expect(run.matrix.w1?.include).toEqual([{ job: 'w1-1', wave: 1, shard: 1, keys: ['data'] }]);
      expect(run.matrix.w2).toBeUndefined();
      const report = await reportOf(run.aggregate);
      expect(report.totals).toMatchObject({ verified: 1, inherited: 2 });
      expect(report.nodes.data).toMatchObject({ rerunReason: 'capture_changed', inherited: false });
      expect(report.nodes.mention?.inherited).toBe(true);
    },
    TIMEOUT,
  );
});
