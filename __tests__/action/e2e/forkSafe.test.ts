// The fork-safe pair: an unprivileged pull_request run only captures; a privileged
// workflow_run run on the default branch — whose checkout has none of the PR's files —
// plans from those captures with its own trusted graph, verifies, and reports the check
// run on the PR's head commit.
import { wideWorkspace } from '../../../bench/distributed.js';
import { CHECKOUT, ISOLATION, MATRIX, TRUSTED } from './fixtures.js';
import { BASE_SHA, expectOk, HEAD_SHA, reportOf, World, type Files } from './world.js';

const TIMEOUT = 240_000;
const LONG = 600_000;
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

test(
  'verifies the PR run’s captures in the privileged run and reports on the PR head',
  async () => {
    const capture = await world.step({
      runId: 10,
      job: 'capture',
      files: CHECKOUT,
      inputs: { command: 'capture' },
    });
    expectOk(capture, 'capture');
    const uploaded = world.results.artifacts().map((a) => a.name);
    expect(uploaded).toEqual(expect.arrayContaining(['dog-pr-manifest-a1', 'dog-captures-pr-a1']));
    expect(uploaded.filter((n) => n.startsWith('dog-capture'))).toEqual(['dog-captures-pr-a1']);
    const checksBefore = world.api.checkRuns.length;
    const run = await world.workflow(
      11,
      TRUSTED,
      { ...MATRIX, 'captures-from-run': '10', 'head-sha': HEAD_SHA },
      'workflow_run',
    );
    const report = await reportOf(run.aggregate);
    expect(report.rootState).toBe('success');
    expect(report.totals.verified).toBe(3);
    const check = world.api.checkRuns.at(-1);
    expect(world.api.checkRuns.length).toBe(checksBefore + 1);
    expect(check).toMatchObject({ head_sha: HEAD_SHA, conclusion: 'success' });
    expect(check?.head_sha).not.toBe(BASE_SHA);
  },
  TIMEOUT,
);

test(
  'the capture step needs no write token: it never calls the checks API',
  async () => {
    const before = world.api.requests.length;
    const capture = await world.step({
      runId: 12,
      job: 'capture',
      files: CHECKOUT,
      inputs: { command: 'capture' },
    });
    expectOk(capture, 'capture');
    const calls = world.api.requests.slice(before).map((r) => `${r.method} ${r.path}`);
    // It read the base graph through the contents API, and did nothing else there.
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.startsWith('GET ') && c.includes('/contents/'))).toBe(true);
  },
  TIMEOUT,
);

/** GitHub: at most 500 artifacts per job; the stand-in refuses the 501st. */
const ARTIFACTS_PER_JOB = 500;
const WIDE = 600;

test(
  `a pull request of ${WIDE} targets: the capture job uploads two artifacts, the privileged run verifies all`,
  async () => {
    const files = wideWorkspace(WIDE, '', ISOLATION);
    const trusted: Files = {
      '.dog/graph.yaml': files['.dog/graph.yaml'] as string,
      '.dog/config.yaml': files['.dog/config.yaml'] as string,
    };
    world.api.setFiles(BASE_SHA, trusted);
    try {
      const from = world.results.calls.length;
      const capture = await world.step({
        runId: 20,
        job: 'capture',
        files,
        inputs: { command: 'capture' },
      });
      expectOk(capture, 'capture');
      const own = world.lastJob.jobBackendId;
      const created = world.results.calls
        .slice(from)
        .filter((c) => c.caller?.jobBackendId === own && c.method === 'CreateArtifact');
      expect(created.length).toBeLessThanOrEqual(2);
      expect(created.length).toBeLessThan(ARTIFACTS_PER_JOB);
      const run = await world.workflow(
        21,
        trusted,
        { 'captures-from-run': '20', 'head-sha': HEAD_SHA },
        'workflow_run',
      );
      const report = await reportOf(run.aggregate);
      expect(report.rootState).toBe('success');
      expect(report.totals.verified).toBe(WIDE);
    } finally {
      world.api.setFiles(BASE_SHA, TRUSTED);
    }
  },
  LONG,
);
