// Whose records artifact counts for a work item: only the one the job the plan assigned
// uploaded. Another job of the same run can upload under any name of the run first (GitHub
// answers the genuine job 409); the genuine job then says so and its goals fail the integrity
// check. A run with jobs that are not DoG's counts no matrix records; an assigned job that
// never delivered fails its goals. The runs are pushes to the default branch.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CHECKOUT, MATRIX, TRUSTED } from './fixtures.js';
import { expectOk, reportOf, World, type Files } from './world.js';

const TIMEOUT = 240_000;
// The guide is empty: docs and mention genuinely fail, data passes.
const FAILING: Files = { ...CHECKOUT, 'docs/guide.md': '' };
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

type Entry = { job: string; keys: string[] };
type Records = Record<string, Record<string, unknown>>;

async function plan(runId: number, files: Files): Promise<Entry[]> {
  const result = await world.step({
    runId,
    job: 'plan',
    files,
    event: 'push',
    inputs: { command: 'plan', ...MATRIX, fresh: 'true' },
  });
  expectOk(result, 'plan');
  const waves = JSON.parse(result.outputs.matrix ?? '{}') as Record<string, { include: Entry[] }>;
  return Object.values(waves).flatMap((w) => w.include);
}

function verify(runId: number, entry: Entry, files: Files) {
  return world.step({
    runId,
    job: `verify-${entry.job.split('-')[0]?.slice(1)}`,
    files,
    event: 'push',
    inputs: { command: 'verify', 'matrix-entry': JSON.stringify(entry) },
  });
}

function aggregate(runId: number, files: Files) {
  return world.step({
    runId,
    job: 'aggregate',
    files,
    event: 'push',
    inputs: { command: 'aggregate' },
  });
}

/** Genuine records of a run like `runId`'s, re-bound to `runId`, with verdicts flipped to pass. */
async function forgedPasses(runId: number, otherRun: number, files: Files): Promise<Records> {
  const records: Records = {};
  for (const entry of await plan(otherRun, files)) {
    expectOk(await verify(otherRun, entry, files), `verify ${entry.job}`);
    const path = join(world.lastRoot, '_temp', 'dog', 'exchange', 'records-out');
    const file = join(path, `dog-records-${entry.job}-a1`, 'records.json');
    Object.assign(
      records,
      (JSON.parse(await readFile(file, 'utf8')) as { records: Records }).records,
    );
  }
  for (const record of Object.values(records)) {
    record.runId = `gh-${runId}-1`;
    record.verdict = 'pass';
    record.evidence = { forged: true };
  }
  return records;
}

async function upload(runId: number, name: string, records: Records): Promise<void> {
  const dir = join(world.root, `forged-${runId}-${name}`);
  await mkdir(dir, { recursive: true });
  const path = join(dir, 'records.json');
  await writeFile(path, JSON.stringify({ schemaVersion: '1', job: name, records }));
  await world.uploadArtifact(runId, name, path);
}

function ownerOf(entries: Entry[], key: string): Entry {
  const entry = entries.find((e) => e.keys.includes(key));
  if (!entry) throw new Error(`no job verifies ${key}`);
  return entry;
}

test(
  "another job of the run takes the assigned job's records name first: that job says so and its goals fail the integrity check",
  async () => {
    const forged = await forgedPasses(300, 301, FAILING);
    const entries = await plan(300, FAILING);
    const docsJob = ownerOf(entries, 'docs');
    const name = `dog-records-${docsJob.job}-a1`;
    await upload(300, name, Object.fromEntries(docsJob.keys.map((k) => [k, forged[k]!])));
    for (const entry of entries) {
      const result = await verify(300, entry, FAILING);
      if (entry !== docsJob) {
        expectOk(result, `verify ${entry.job}`);
        continue;
      }
      expect(result.code).toBe(1);
      expect(result.stdout + result.stderr).toContain(
        `the artifact ${name} was uploaded by another job before this job could`,
      );
    }
    const result = await aggregate(300, FAILING);
    expect(result.code).toBe(1);
    const report = await reportOf(result);
    expect(report.rootState).not.toBe('success');
    expect(report.nodes.docs).toMatchObject({
      state: 'failure',
      error: { category: 'record_integrity' },
    });
    expect(report.nodes.docs?.error?.message).toContain(
      `the artifact ${name} was uploaded by another job before this job could`,
    );
    expect(report.nodes.data?.state).toBe('success');
    expect(world.api.checkRuns.at(-1)?.conclusion).not.toBe('success');
  },
  TIMEOUT,
);

test(
  'a normal run passes',
  async () => {
    const entries = await plan(310, CHECKOUT);
    for (const entry of entries) expectOk(await verify(310, entry, CHECKOUT), entry.job);
    const result = await aggregate(310, CHECKOUT);
    expectOk(result, 'aggregate');
    const report = await reportOf(result);
    expect(report.rootState).toBe('success');
    for (const key of ['docs', 'data', 'mention']) expect(report.nodes[key]?.state).toBe('success');
    expect(world.api.checkRuns.at(-1)?.conclusion).toBe('success');
  },
  TIMEOUT,
);

test(
  "a job that is not DoG's in the run uploads records for a job of the plan: no matrix record counts, and the evidence names it",
  async () => {
    const forged = await forgedPasses(320, 321, FAILING);
    const entries = await plan(320, FAILING);
    const docsJob = ownerOf(entries, 'docs');
    // A job the pull request added to the workflow; the docs job never gets to upload.
    const lint = world.api.runJobs.start(320, 'lint');
    await upload(
      320,
      `dog-records-${docsJob.job}-a1`,
      Object.fromEntries(docsJob.keys.map((k) => [k, forged[k]!])),
    );
    world.api.runJobs.finish(lint, 'success');
    for (const entry of entries)
      if (entry !== docsJob) expectOk(await verify(320, entry, FAILING), `verify ${entry.job}`);
    const result = await aggregate(320, FAILING);
    expect(result.code).toBe(1);
    const report = await reportOf(result);
    expect(report.rootState).not.toBe('success');
    for (const key of ['docs', 'data']) {
      expect(report.nodes[key]).toMatchObject({
        state: 'failure',
        error: { category: 'record_integrity' },
      });
      expect(report.nodes[key]?.error?.message).toMatch(
        /not named for a job of the plan.*"lint" \(job \d+\)/,
      );
    }
    expect(world.api.checkRuns.at(-1)?.conclusion).not.toBe('success');
  },
  TIMEOUT,
);

test(
  "two jobs named for the same job of the plan: that job's goals fail the integrity check",
  async () => {
    const entries = await plan(325, CHECKOUT);
    const docsJob = ownerOf(entries, 'docs');
    world.api.runJobs.finish(world.api.runJobs.start(325, `verify ${docsJob.job}`), 'success');
    for (const entry of entries) expectOk(await verify(325, entry, CHECKOUT), entry.job);
    const agg = await aggregate(325, CHECKOUT);
    const report = await reportOf(agg);
    expect(report.nodes.docs).toMatchObject({
      state: 'failure',
      error: { category: 'record_integrity' },
    });
    expect(report.nodes.docs?.error?.message).toContain(
      `2 jobs of this run are named for ${docsJob.job}`,
    );
    expect(report.nodes.data?.state).toBe('success');
  },
  TIMEOUT,
);

test(
  'an assigned job that never ran: its goals fail and say why',
  async () => {
    const entries = await plan(330, CHECKOUT);
    const docsJob = ownerOf(entries, 'docs');
    for (const entry of entries)
      if (entry !== docsJob) expectOk(await verify(330, entry, CHECKOUT), entry.job);
    const result = await aggregate(330, CHECKOUT);
    expect(result.code).toBe(1);
    const report = await reportOf(result);
    expect(report.rootState).toBe('failure');
    expect(report.nodes.docs).toMatchObject({
      state: 'failure',
      error: { category: 'record_missing' },
    });
    expect(report.nodes.docs?.error?.message).toMatch(/did not deliver its records/);
    expect(report.nodes.data?.state).toBe('success');
    expect(world.api.checkRuns.at(-1)?.conclusion).toBe('failure');
  },
  TIMEOUT,
);

test(
  "without actions: read the run's jobs cannot be listed: the aggregate says so and falls back to the artifact checks",
  async () => {
    world.api.reviewLoop.denied.add('actions:read');
    try {
      const entries = await plan(340, CHECKOUT);
      for (const entry of entries) expectOk(await verify(340, entry, CHECKOUT), entry.job);
      const result = await aggregate(340, CHECKOUT);
      expectOk(result, 'aggregate');
      expect(result.stdout).toMatch(/could not list this run's jobs .*actions: read/);
      expect((await reportOf(result)).rootState).toBe('success');
    } finally {
      world.api.reviewLoop.denied.delete('actions:read');
    }
  },
  TIMEOUT,
);
