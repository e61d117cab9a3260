// Re-runs of a workflow run (GITHUB_RUN_ATTEMPT 2): GitHub keeps artifact names unique across
// a run's attempts and lists the earlier attempts' artifacts, so a re-run must neither upload
// a name again (409 Conflict) nor mix the wrong attempt's records in. Re-running only
// aggregate, the one-job run, only the failed verify jobs, and every job: each settles from
// the newest records, creates its check run, uploads its report and never crashes.
import type { TwirpCall } from '../../support/actions/twirp.js';
import type { ActionResult } from '../../support/actions/runner.js';
import { backendIdsForRun } from '../../support/actions/runtimeToken.js';
import { CHECKOUT, MATRIX, TRUSTED } from './fixtures.js';
import { expectOk, reportOf, World } from './world.js';

const TIMEOUT = 240_000;

type Entry = { job: string; wave: number; keys: string[] };

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

function step(runId: number, job: string, inputs: Record<string, string>, runAttempt: number) {
  return world.step({ runId, job, files: CHECKOUT, inputs, runAttempt });
}

/** plan (fresh) → the matrix jobs, wave by wave, except `skip` → nothing else, as attempt N. */
async function planAndVerify(
  runId: number,
  runAttempt: number,
  skip: (entry: Entry) => boolean = () => false,
): Promise<Entry[]> {
  const result = await step(
    runId,
    'plan',
    { command: 'plan', ...MATRIX, fresh: 'true' },
    runAttempt,
  );
  expectOk(result, `plan attempt ${runAttempt}`);
  const matrix = JSON.parse(result.outputs.matrix ?? '{}') as Record<string, { include: Entry[] }>;
  const entries = Object.values(matrix).flatMap((wave) => wave.include);
  for (const entry of entries.filter((e) => !skip(e))) await verify(runId, entry, runAttempt);
  return entries;
}

async function verify(runId: number, entry: Entry, runAttempt: number): Promise<void> {
  const inputs = { command: 'verify', 'matrix-entry': JSON.stringify(entry) };
  expectOk(await step(runId, `verify-${entry.wave}`, inputs, runAttempt), `verify ${entry.job}`);
}

function aggregate(runId: number, runAttempt: number): Promise<ActionResult> {
  return step(runId, 'aggregate', { command: 'aggregate' }, runAttempt);
}

function artifactNames(runId: number): string[] {
  return world.results.artifacts(backendIdsForRun(runId).runBackendId).map((a) => a.name);
}

/** The artifacts the last step's job downloaded from its own run, by name. */
function downloadedByLastJob(from: number): string[] {
  const job = world.lastJob.jobBackendId;
  return world.results.calls
    .slice(from)
    .filter((c: TwirpCall) => c.method === 'GetSignedArtifactURL' && c.caller?.jobBackendId === job)
    .map((c) => String((c.request as { name?: unknown } | undefined)?.name));
}

/** A reporting step that settled: its report, its check run, its report artifact. */
async function expectReported(result: ActionResult, checksBefore: number, what: string) {
  expectOk(result, what);
  expect(result.stderr).not.toMatch(/internal error|Conflict/);
  expect(world.api.checkRuns.length).toBe(checksBefore + 1);
  expect(world.api.checkRuns.at(-1)?.conclusion).toBe('success');
  expect(result.outputs['report-artifact']).toMatch(/^dog-report/);
  const report = await reportOf(result);
  expect(report.rootState).toBe('success');
  return report;
}

test(
  're-running only aggregate settles from the same records and reports again',
  async () => {
    await planAndVerify(301, 1);
    const first = await reportOf(await aggregate(301, 1));
    expect(first.rootState).toBe('success');
    const checks = world.api.checkRuns.length;
    const again = await aggregate(301, 2);
    const report = await expectReported(again, checks, 'aggregate attempt 2');
    expect(report.runId).toBe('gh-301-1');
    expect(report.totals).toMatchObject({ verified: 3, inherited: 0 });
    expect(again.outputs['report-artifact']).toBe('dog-report-aggregate-2');
  },
  TIMEOUT,
);

test(
  "a re-run of a pull request's one-job run verifies again: its own cache scope is not trusted",
  async () => {
    // Before any push to the default branch has saved a pack this run could inherit.
    expectOk(await step(305, 'dog', { command: 'run' }, 1), 'run attempt 1');
    const checks = world.api.checkRuns.length;
    const again = await step(305, 'dog', { command: 'run' }, 2);
    const report = await expectReported(again, checks, 'run attempt 2');
    expect(report.totals).toMatchObject({ verified: 3, inherited: 0 });
    expect(again.stdout).toContain('DoG: the record pack was not saved');
  },
  TIMEOUT,
);

test(
  'a re-run of the one-job run on a push inherits what attempt 1 verified',
  async () => {
    const push = (runAttempt: number) =>
      world.step({
        runId: 302,
        job: 'dog',
        files: CHECKOUT,
        inputs: { command: 'run' },
        runAttempt,
        event: 'push',
      });
    expectOk(await push(1), 'run attempt 1');
    const checks = world.api.checkRuns.length;
    const again = await push(2);
    const report = await expectReported(again, checks, 'run attempt 2');
    expect(report.runId).toBe('gh-302-2');
    expect(report.totals).toMatchObject({ verified: 0, inherited: 3 });
    expect(again.outputs['report-artifact']).toBe('dog-report-dog-2');
  },
  TIMEOUT,
);

test(
  "re-running only the failed verify job keeps the passing jobs' attempt-1 records",
  async () => {
    // Attempt 1: the job that verifies docs delivers its records, then a later step of that
    // job fails; aggregate, which needs every matrix job, is skipped.
    const failed = (entry: Entry) => entry.keys.includes('docs');
    const entries = await planAndVerify(303, 1);
    // "Re-run failed jobs": that matrix job and the aggregate skipped after it, as attempt 2;
    // the plan and the jobs that passed are not run again.
    await verify(303, entries.find(failed)!, 2);
    const checks = world.api.checkRuns.length;
    const before = world.results.calls.length;
    const again = await aggregate(303, 2);
    const report = await expectReported(again, checks, 'aggregate attempt 2');
    // The plan's run id binds every record, whichever attempt delivered it.
    expect(report.runId).toBe('gh-303-1');
    expect(report.totals).toMatchObject({ verified: 3, inherited: 0 });
    const docsJob = entries.find(failed)!.job;
    const downloaded = downloadedByLastJob(before).filter((n) => n.startsWith('dog-records-'));
    const kept = entries.filter((e) => !failed(e)).map((e) => `dog-records-${e.job}-a1`);
    expect(downloaded.sort()).toEqual(
      ['dog-records-plan-a1', `dog-records-${docsJob}-a2`, ...kept].sort(),
    );
  },
  TIMEOUT,
);

test(
  "a full re-run plans again and ignores attempt 1's records",
  async () => {
    await planAndVerify(304, 1);
    expect((await reportOf(await aggregate(304, 1))).runId).toBe('gh-304-1');
    await planAndVerify(304, 2);
    const checks = world.api.checkRuns.length;
    const before = world.results.calls.length;
    const again = await aggregate(304, 2);
    const report = await expectReported(again, checks, 'aggregate attempt 2');
    expect(report.runId).toBe('gh-304-2');
    expect(report.totals).toMatchObject({ verified: 3, inherited: 0 });
    const downloaded = downloadedByLastJob(before);
    expect(downloaded).toContain('dog-plan-a2');
    expect(downloaded.filter((n) => n.endsWith('-a1'))).toEqual([]);
    expect(artifactNames(304)).toEqual(expect.arrayContaining(['dog-plan-a1', 'dog-plan-a2']));
  },
  TIMEOUT,
);
