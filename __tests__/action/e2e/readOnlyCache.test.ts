// A read-only Actions cache, as GitHub gives a fork pull request's workflow_run (the fork-safe
// pair's privileged half) on the default branch: the run settles and reports as usual, saves
// nothing, counts nothing as saved, and says so once — one warning annotation, one report
// warning, in the job summary and the check run. A push run on the default branch fills the
// cache, and the read-only run then inherits from it.
import type { ActionResult } from '../../support/actions/runner.js';
import { CHECKOUT, MATRIX, TRUSTED } from './fixtures.js';
import { expectOk, HEAD_SHA, reportOf, World, type Workflow } from './world.js';

const TIMEOUT = 300_000;
const NOT_SAVED =
  /^DoG: 3 records were not saved: this trigger \(workflow_run\) gets a read-only cache on GitHub; the next run verifies these goals again — run DoG on push to the default branch to fill the cache$/;
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

function stepsOf(run: Workflow): ActionResult[] {
  return [run.plan, ...run.verify, run.aggregate];
}

/** Warning annotations about saving, of every step. */
function saveWarnings(steps: ActionResult[]): string[] {
  return steps
    .flatMap((s) => s.commands)
    .filter((c) => c.command === 'warning' && /not saved|save/i.test(c.message))
    .map((c) => c.message);
}

async function forkSafePair(captureRun: number, verifyRun: number): Promise<Workflow> {
  expectOk(
    await world.step({
      runId: captureRun,
      job: 'capture',
      files: CHECKOUT,
      inputs: { command: 'capture' },
    }),
    'capture',
  );
  const inputs = { ...MATRIX, 'captures-from-run': String(captureRun), 'head-sha': HEAD_SHA };
  return world.workflow(verifyRun, TRUSTED, inputs, 'workflow_run');
}

test(
  'the fork-safe pair on a read-only cache completes, reports, and warns once that nothing was saved',
  async () => {
    const entries = world.results.cacheEntries().length;
    const creates = world.results.count('CreateCacheEntry');
    const checks = world.api.checkRuns.length;
    const run = await forkSafePair(10, 11);
    expectOk(run.aggregate, 'aggregate');
    const report = await reportOf(run.aggregate);
    expect(report.rootState).toBe('success');
    expect(report.totals.verified).toBe(3);
    expect(world.api.checkRuns.length).toBe(checks + 1);
    const check = world.api.checkRuns.at(-1);
    expect(check).toMatchObject({ head_sha: HEAD_SHA, conclusion: 'success' });

    // Nothing was saved, nothing was even asked of the service, nothing counts as saved.
    expect(world.results.cacheEntries()).toHaveLength(entries);
    expect(world.results.count('CreateCacheEntry')).toBe(creates);
    expect(run.aggregate.stdout).toContain(
      'DoG: the record pack was not saved (read-only cache): 3 records not kept',
    );
    // One warning annotation, in the job that would have saved.
    const warnings = saveWarnings(stepsOf(run));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(NOT_SAVED);
    expect(saveWarnings([run.aggregate])).toEqual(warnings);
    // The report, the job summary and the check run say it.
    const said = report.warnings.filter((w) => w.message.includes('not saved'));
    expect(said).toEqual([{ code: 'store', message: (warnings[0] ?? '').replace(/^DoG: /, '') }]);
    // (Markdown renders the message with its punctuation escaped.)
    for (const text of [run.aggregate.summary, JSON.stringify(check?.output)]) {
      expect(text).toContain('3 records were not saved');
      expect(text).toContain('run DoG on push to the default branch to fill the cache');
    }
  },
  TIMEOUT,
);

test(
  'a push run on the default branch saves normally, and the read-only run then inherits',
  async () => {
    const entries = world.results.cacheEntries().length;
    const push = await world.step({
      runId: 12,
      job: 'dog',
      files: CHECKOUT,
      event: 'push',
      inputs: { command: 'run' },
    });
    expectOk(push, 'push run');
    expect((await reportOf(push)).totals.verified).toBe(3);
    expect(push.stdout).toMatch(
      /DoG: record pack dog-v3-records-[0-9a-f]{16}-gh-12-1-[0-9a-f]{64} saved: 3 records \(3 new\)\n/,
    );
    expect(saveWarnings([push])).toEqual([]);
    // One record pack per run.
    const saved = world.results.cacheEntries().slice(entries);
    expect(saved).toHaveLength(1);
    expect(new Set(saved.map((e) => e.scope))).toEqual(new Set(['refs/heads/main']));

    const run = await forkSafePair(13, 14);
    expectOk(run.aggregate, 'aggregate');
    const report = await reportOf(run.aggregate);
    expect(report.rootState).toBe('success');
    expect(report.totals).toMatchObject({ verified: 0, inherited: 3 });
    // Nothing new to save: nothing to warn about.
    expect(saveWarnings(stepsOf(run))).toEqual([]);
    expect(report.warnings.filter((w) => w.message.includes('not saved'))).toEqual([]);
  },
  TIMEOUT,
);

test(
  '`run` on a runner that does not export ACTIONS_CACHE_MODE: the token says read-only, the service is not asked',
  async () => {
    const creates = world.results.count('CreateCacheEntry');
    // Bytes no run has seen: all three goals are verified again.
    const files = {
      ...CHECKOUT,
      'docs/guide.md': '# Guide\n\nDoG verifies this, again.\n',
      'data/config.json': '{"retries": 4}\n',
    };
    const result = await world.step({
      runId: 15,
      job: 'dog',
      files,
      event: 'workflow_run',
      exportsCacheMode: false,
      inputs: { command: 'run' },
    });
    expectOk(result, 'run');
    const report = await reportOf(result);
    expect(report.rootState).toBe('success');
    expect(report.totals).toMatchObject({ verified: 3, inherited: 0 });
    expect(world.results.count('CreateCacheEntry')).toBe(creates);
    const warnings = saveWarnings([result]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^DoG: 3 records were not saved: this trigger \(workflow_run\)/);
    expect(report.warnings.filter((w) => w.message.includes('not saved'))).toHaveLength(1);
    expect(result.summary).toContain('3 records were not saved');
  },
  TIMEOUT,
);
