// The record pack at GitHub's real scale: the bundled action against the cache stand-in with
// GitHub's upload limit on (200 new entries per minute per repository, 429 + Retry-After).
// Hundreds of goals inherit on the next run with no upload refused, the cache calls of a run
// do not grow with the graph, a job with another HOME and workspace layout restores the pack,
// and a rate-limited pack upload waits within its bound or warns once without failing the run.
import { join } from 'node:path';
import { backendIdsForRun, makeRuntimeToken } from '../../support/actions/runtimeToken.js';
import { runAction, runnerEnv, type ActionResult } from '../../support/actions/runner.js';
import type { CacheCall } from '../../support/actions/cacheService.js';
import { GITHUB_CACHE_RATE_LIMIT } from '../../support/actions/cacheService.js';
import { LEGACY_MISSES_BEFORE_GIVING_UP } from '../../../src/storage/github/packStore.js';
import { ISOLATION } from './fixtures.js';
import {
  ACTION_ENTRY,
  ACTION_YML,
  checkout,
  expectOk,
  HEAD_SHA,
  reportOf,
  TOKEN,
  World,
  type Files,
} from './world.js';

const LONG = 600_000;
let world: World;

beforeAll(async () => {
  world = await World.start({});
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

afterEach(() => {
  world.results.setCacheRateLimit(GITHUB_CACHE_RATE_LIMIT);
  expect(world.api.takeViolations()).toEqual([]);
});

/** One composite root over `leaves` programmatic goals, each on a file of its own. */
function wideWorkspace(graphId: string, leaves: number): Files {
  const ids = Array.from({ length: leaves }, (_, i) => `f${String(i).padStart(5, '0')}`);
  const nodes = ids
    .map(
      (id) =>
        `  ${id}:\n    kind: leaf\n    title: ${id} is not empty\n    target: files/${id}.txt\n    verifier: {mode: programmatic, script: file.non_empty}\n`,
    )
    .join('');
  const items = ids.map((id) => `{op: ref, id: ${id}}`).join(', ');
  const contains = ids.map((id) => `  - {parent: root, child: ${id}}\n`).join('');
  const limit = Math.max(1000, 2 * leaves);
  const files: Files = {
    '.dog/graph.yaml': `schemaVersion: "1"\nid: ${graphId}\nroot: root\nnodes:\n  root:\n    kind: composite\n    title: No file is empty\n    completion: {op: all, items: [${items}]}\n${nodes}contains:\n${contains}`,
    '.dog/config.yaml': `limits: {maxNodes: ${limit}, maxExpressionNodes: ${limit}}\n${ISOLATION}`,
  };
  for (const id of ids) files[`files/${id}.txt`] = `${id}: some content\n`;
  return files;
}

type CallCounts = { lookups: number; uploads: number; refused: number };

function countCalls(calls: readonly CacheCall[]): CallCounts {
  return {
    lookups: calls.filter((c) => c.method === 'GetCacheEntryDownloadURL').length,
    uploads: calls.filter((c) => c.method === 'CreateCacheEntry' && c.result === 'reserved').length,
    refused: calls.filter((c) => c.method === 'CreateCacheEntry' && c.result !== 'reserved').length,
  };
}

type Measured = { result: ActionResult; calls: CallCounts };

/** Runs one step and counts the cache calls it made (steps run one at a time). */
async function measured(run: () => Promise<ActionResult>, what: string): Promise<Measured> {
  const from = world.results.cacheCalls().length;
  const result = await run();
  expectOk(result, what);
  return { result, calls: countCalls(world.results.cacheCalls().slice(from)) };
}

type RunOutcome = { plan: Measured; aggregate: Measured };

/** plan (every programmatic goal verified in the plan job, no matrix) → aggregate, on push. */
async function planAndAggregate(runId: number, files: Files): Promise<RunOutcome> {
  const plan = await measured(
    () =>
      world.step({
        runId,
        job: 'plan',
        files,
        event: 'push',
        inputs: { command: 'plan', 'programmatic-in-plan': 'true' },
        // A cold plan verifies up to 1,000 goals, one process each: minutes on a busy machine.
        timeoutMs: 480_000,
      }),
    `plan of run ${runId}`,
  );
  expect(plan.result.outputs.waves).toBe('0');
  const aggregate = await measured(
    () =>
      world.step({
        runId,
        job: 'aggregate',
        files,
        event: 'push',
        inputs: { command: 'aggregate' },
      }),
    `aggregate of run ${runId}`,
  );
  return { plan, aggregate };
}

function expectSettled(run: RunOutcome, verified: number, inherited: number): void {
  expect(run.aggregate.result.outputs).toMatchObject({
    'root-state': 'success',
    verified: String(verified),
    inherited: String(inherited),
  });
}

const packLines = (result: ActionResult): string[] =>
  result.stdout.split('\n').filter((line) => /record pack/.test(line));

test(
  '300 goals: the same commit again as a new run inherits every goal, and no cache upload is refused',
  async () => {
    const files = wideWorkspace('scale-300', 300);
    const from = world.results.cacheCalls().length;
    const first = await planAndAggregate(9100, files);
    expectSettled(first, 300, 0);
    const second = await planAndAggregate(9101, files);
    expectSettled(second, 0, 300);
    const report = await reportOf(second.aggregate.result);
    expect(Object.values(report.nodes).filter((node) => node.inherited)).toHaveLength(300);
    expect(countCalls(world.results.cacheCalls().slice(from)).refused).toBe(0);
  },
  LONG,
);

test(
  'cache calls per run do not grow from 10 to 1,000 goals: an inherited plan looks up ≤ 3 entries, a run uploads ≤ 2',
  async () => {
    const perSize = async (goals: number, runId: number) => {
      const files = wideWorkspace(`scale-calls-${goals}`, goals);
      const cold = await planAndAggregate(runId, files);
      expectSettled(cold, goals, 0);
      const warm = await planAndAggregate(runId + 1, files);
      expectSettled(warm, 0, goals);
      return {
        cold: { plan: cold.plan.calls, aggregate: cold.aggregate.calls },
        warm: { plan: warm.plan.calls, aggregate: warm.aggregate.calls },
      };
    };
    const small = await perSize(10, 9200);
    const large = await perSize(1000, 9210);
    // A graph with no pack yet also asks the old per-record layout, one record at a time,
    // until 16 of them found nothing: 10 goals ask 10 times, 1,000 goals 16 times.
    expect(large.cold.plan.lookups).toBe(
      small.cold.plan.lookups - 10 + LEGACY_MISSES_BEFORE_GIVING_UP,
    );
    expect(large.cold.plan.lookups).toBeLessThanOrEqual(3 + LEGACY_MISSES_BEFORE_GIVING_UP);
    const withoutColdPlan = (run: typeof small) => ({ ...run, cold: { ...run.cold, plan: 0 } });
    expect(withoutColdPlan(large)).toEqual(withoutColdPlan(small));
    expect(large.warm.plan.lookups).toBeLessThanOrEqual(3);
    for (const run of [large.cold, large.warm]) {
      expect(run.plan.uploads + run.aggregate.uploads).toBeLessThanOrEqual(2);
      expect(run.plan.refused + run.aggregate.refused).toBe(0);
    }
    // A cold run saves its verdicts in one upload; a fully inherited one has nothing new.
    expect(large.cold.aggregate.uploads).toBe(1);
    expect(large.warm.aggregate.uploads).toBe(0);
  },
  LONG,
);

/** A job laid out like a container or self-hosted runner: another HOME, temp and depth. */
async function foreignJobStep(runId: number, files: Files, inputs: Record<string, string>) {
  const root = join(world.root, `run-${runId}`, 'container');
  const workspace = join(root, '__w', 'octo-repo', 'octo-repo');
  await checkout(files, workspace);
  const env = runnerEnv({
    root,
    workspace,
    runId,
    job: 'plan',
    backendIds: backendIdsForRun(runId, 'plan#container'),
    apiUrl: world.api.url,
    resultsUrl: world.results.url,
    actionYml: ACTION_YML,
    githubToken: TOKEN,
    inputs,
    eventName: 'push',
    event: {},
    sha: HEAD_SHA,
    extraEnv: {
      HOME: join(root, 'users', 'builder'),
      RUNNER_TEMP: join(root, '__w', '_temp'),
    },
  });
  await checkout({}, env.HOME ?? '');
  await checkout({}, env.RUNNER_TEMP ?? '');
  return runAction(ACTION_ENTRY, env, { timeoutMs: 120_000 });
}

test(
  'a job with another HOME and another workspace path restores the pack and inherits',
  async () => {
    const files = wideWorkspace('scale-layout', 20);
    expectSettled(await planAndAggregate(9300, files), 20, 0);
    const plan = await measured(
      () => foreignJobStep(9301, files, { command: 'plan', 'programmatic-in-plan': 'true' }),
      'plan in the other layout',
    );
    expect(plan.result.outputs.waves).toBe('0');
    const aggregate = await world.step({
      runId: 9301,
      job: 'aggregate',
      files,
      event: 'push',
      inputs: { command: 'aggregate' },
    });
    expectOk(aggregate, 'aggregate after the other layout');
    expect(aggregate.outputs).toMatchObject({ verified: '0', inherited: '20' });
  },
  LONG,
);

/** Other jobs of the repository reserve entries until the upload window is full (429). */
async function fillUploadWindow(tag: string): Promise<void> {
  const token = makeRuntimeToken(backendIdsForRun(9999, 'other'), [
    { Scope: 'refs/heads/other', Permission: 3 },
  ]);
  for (let i = 0; i < 10; i += 1) {
    const response = await fetch(
      `${world.results.url}/twirp/github.actions.results.api.v1.CacheService/CreateCacheEntry`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ key: `other-${tag}-${i}`, version: 'v'.repeat(64) }),
      },
    );
    if (response.status === 429) return;
    expect(response.status).toBe(200);
  }
  throw new Error('the upload window did not fill');
}

/**
 * The cache's clock stands still until its first reading, the aggregate's first reservation
 * (refused: the window is full), then runs on in real time from there: however slowly the
 * aggregate starts, the window it meets is the full one, and it clears a Retry-After later.
 */
async function withClockHeldUntilAsked<T>(run: () => Promise<T>): Promise<T> {
  const heldAt = Date.now();
  let askedAt: number | undefined;
  world.results.setCacheClock(() => {
    askedAt ??= Date.now();
    return heldAt + (Date.now() - askedAt);
  });
  try {
    return await run();
  } finally {
    world.results.setCacheClock(Date.now);
  }
}

function planOnly(runId: number, files: Files): Promise<Measured> {
  return measured(
    () =>
      world.step({
        runId,
        job: 'plan',
        files,
        event: 'push',
        inputs: { command: 'plan', 'programmatic-in-plan': 'true' },
        // A cold plan verifies up to 1,000 goals, one process each: minutes on a busy machine.
        timeoutMs: 480_000,
      }),
    `plan of run ${runId}`,
  );
}

function aggregateOnly(runId: number, files: Files): Promise<Measured> {
  return measured(
    () =>
      world.step({
        runId,
        job: 'aggregate',
        files,
        event: 'push',
        inputs: { command: 'aggregate' },
      }),
    `aggregate of run ${runId}`,
  );
}

test(
  'a 429 with a short Retry-After on the pack upload: the aggregate waits, saves, and the next run inherits',
  async () => {
    const files = wideWorkspace('scale-retry', 12);
    await planOnly(9400, files);
    // The repository's window is full of other jobs' entries and clears within seconds.
    world.results.setCacheRateLimit({ perWindow: 3, windowMs: 15_000 });
    await fillUploadWindow('short');
    const from = world.results.cacheCalls().length;
    const aggregate = await withClockHeldUntilAsked(() => aggregateOnly(9400, files));
    const creates = world.results
      .cacheCalls()
      .slice(from)
      .filter((c) => c.method === 'CreateCacheEntry');
    expect(creates.map((c) => c.result)).toEqual(['rate_limited', 'reserved']);
    expect(packLines(aggregate.result).join('\n')).toMatch(
      /record pack \S+ saved: 12 records .*after waiting \d+ s for GitHub's cache rate limit/,
    );
    expect(aggregate.result.commands.filter((c) => c.command === 'warning')).toEqual([]);
    world.results.setCacheRateLimit(GITHUB_CACHE_RATE_LIMIT);
    expectSettled(await planAndAggregate(9401, files), 0, 12);
  },
  LONG,
);

test(
  'a 429 whose window does not clear within the bound: one warning, the log says not saved, the run concludes as before',
  async () => {
    const files = wideWorkspace('scale-refused', 12);
    await planOnly(9500, files);
    world.results.setCacheRateLimit({ perWindow: 3, windowMs: 600_000 });
    await fillUploadWindow('long');
    const checkRuns = world.api.checkRuns.length;
    const aggregate = await aggregateOnly(9500, files);
    expect(aggregate.result.outputs).toMatchObject({ 'root-state': 'success', verified: '12' });
    const warnings = aggregate.result.commands.filter((c) => c.command === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/record pack was not saved.*12 records again/);
    expect(packLines(aggregate.result).join('\n')).toMatch(/not saved/);
    expect(packLines(aggregate.result).join('\n')).not.toMatch(/record pack \S+ saved/);
    expect(world.api.checkRuns.slice(checkRuns).map((run) => run.conclusion)).toEqual(['success']);
    // Nothing was saved, so the next run verifies the goals again.
    world.results.setCacheRateLimit(GITHUB_CACHE_RATE_LIMIT);
    expectSettled(await planAndAggregate(9501, files), 12, 0);
  },
  LONG,
);
