// What the aggregate step refuses: a record artifact changed after upload (its bytes no
// longer match the digest the artifact service recorded), a record bound to other bytes than
// the plan captured, a records artifact of a job the plan does not have, a record in another
// job's artifact, and records artifacts whose uploader contradicts the plan. None becomes a
// pass: the goals concerned fail the integrity check and nothing of them reaches the cache.
// The runs are pushes to the default branch, whose aggregate saves the records it accepts.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { packHolds } from '../../support/actions/recordPacks.js';
import { backendIdsForRun, type BackendIds } from '../../support/actions/runtimeToken.js';
import { CHECKOUT, MATRIX, TRUSTED } from './fixtures.js';
import { expectOk, reportOf, World, type Files } from './world.js';

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

type Entry = { job: string; keys: string[] };

type Waves = { w1: { include: Entry[] }; w2?: { include: Entry[] } };

async function planWaves(runId: number, files: Files = CHECKOUT): Promise<Waves> {
  const plan = await world.step({
    runId,
    job: 'plan',
    files,
    event: 'push',
    inputs: { command: 'plan', ...MATRIX, fresh: 'true' },
  });
  expectOk(plan, 'plan');
  return JSON.parse(plan.outputs.matrix ?? '{}') as Waves;
}

async function planAndFirstWave(runId: number, files: Files = CHECKOUT): Promise<Entry[]> {
  return (await planWaves(runId, files)).w1.include;
}

async function verify(runId: number, entry: Entry, files: Files = CHECKOUT): Promise<string> {
  const result = await world.step({
    runId,
    job: `verify-${entry.job.split('-')[0]?.slice(1)}`,
    files,
    event: 'push',
    inputs: { command: 'verify', 'matrix-entry': JSON.stringify(entry) },
  });
  expectOk(result, `verify ${entry.job}`);
  return join(
    world.lastRoot,
    '_temp',
    'dog',
    'exchange',
    'records-out',
    `dog-records-${entry.job}-a1`,
    'records.json',
  );
}

/**
 * Lists the job the plan assigned to `entry` in run `runId` as finished, as GitHub would when
 * that job (compromised, or running the pull request's code) uploads a forgery itself: the
 * run is closed, so what is checked is the record, not who else ran.
 */
function listAssignedJob(runId: number, entry: Entry): void {
  world.api.runJobs.finish(world.api.runJobs.start(runId, `verify ${entry.job}`), 'success');
}

async function aggregate(runId: number, files: Files = CHECKOUT) {
  return world.step({
    runId,
    job: 'aggregate',
    files,
    event: 'push',
    inputs: { command: 'aggregate' },
  });
}

type RecordsFile = {
  schemaVersion: string;
  job: string;
  records: Record<string, Record<string, unknown>>;
};

async function recordsIn(path: string): Promise<RecordsFile> {
  return JSON.parse(await readFile(path, 'utf8')) as RecordsFile;
}

/** Writes a records file as a verify job would and uploads it as `name` (see World.uploadArtifact). */
async function forge(
  runId: number,
  name: string,
  records: Record<string, Record<string, unknown>>,
  as?: BackendIds,
): Promise<void> {
  const dir = join(world.root, `forged-${runId}-${name}`);
  await mkdir(dir, { recursive: true });
  const path = join(dir, 'records.json');
  await writeFile(path, JSON.stringify({ schemaVersion: '1', job: name, records }));
  await world.uploadArtifact(runId, name, path, as);
}

function cachedGm(gmDigest: string | undefined): Promise<boolean> {
  return packHolds(world.results, gmDigest);
}

test(
  'a record artifact altered after upload is refused and its goal fails the integrity check',
  async () => {
    const entries = await planAndFirstWave(21);
    for (const entry of entries) await verify(21, entry);
    const docsJob = entries.find((e) => e.keys.includes('docs'))!;
    const artifact = world.results
      .artifacts(backendIdsForRun(21).runBackendId)
      .find((a) => a.name === `dog-records-${docsJob.job}-a1`);
    expect(artifact).toBeDefined();
    const bytes = await world.results.readArtifact(artifact!.id);
    // Flip one byte of the stored zip: the verdict inside no longer matters, the digest does.
    const forged = Buffer.from(bytes);
    const at = forged.length - 30;
    forged.writeUInt8(forged.readUInt8(at) ^ 0xff, at);
    await world.results.overwriteArtifact(artifact!.id, forged);
    const result = await aggregate(21);
    expect(result.code).toBe(1);
    const report = await reportOf(result);
    expect(report.nodes.docs).toMatchObject({
      state: 'failure',
      error: { category: 'record_integrity' },
    });
    expect(report.nodes.docs?.error?.message).toMatch(/changed after upload/);
    expect(report.nodes.data?.state).toBe('success');
    expect(report.warnings.map((w) => w.code)).toContain('record_rejected');
    expect(world.api.checkRuns.at(-1)?.conclusion).toBe('failure');
  },
  TIMEOUT,
);

test(
  'a record with a wrong capture digest is refused',
  async () => {
    const entries = await planAndFirstWave(22);
    const dataJob = entries.find((e) => e.keys.includes('data'))!;
    const docsJob = entries.find((e) => e.keys.includes('docs'))!;
    await verify(22, dataJob);
    // A genuine docs record from another run, re-bound to this run and to other bytes, uploaded
    // in place of the docs job's own.
    const other = (await planAndFirstWave(23)).find((e) => e.keys.includes('docs'))!;
    const genuine = await verify(23, other);
    const body = JSON.parse(await readFile(genuine, 'utf8')) as {
      records: Record<string, Record<string, unknown>>;
    };
    const record = body.records.docs!;
    record.runId = 'gh-22-1';
    record.captureDigest = `sha256:${'e'.repeat(64)}`;
    const forgedPath = join(world.root, 'forged', 'records.json');
    await mkdir(join(world.root, 'forged'), { recursive: true });
    await writeFile(forgedPath, JSON.stringify(body));
    listAssignedJob(22, docsJob);
    await world.uploadArtifact(22, `dog-records-${docsJob.job}-a1`, forgedPath);
    const result = await aggregate(22);
    expect(result.code).toBe(1);
    const report = await reportOf(result);
    expect(report.nodes.docs?.error?.message).toMatch(/wrong capture digest/);
    expect(report.nodes.docs).toMatchObject({
      state: 'failure',
      error: { category: 'record_integrity' },
    });
  },
  TIMEOUT,
);

test(
  "a records artifact of a job the plan does not have fails its goals; the own job's record is the one accepted",
  async () => {
    // The guide is empty: docs and mention genuinely fail, data passes.
    const files = { ...CHECKOUT, 'docs/guide.md': '' };
    const waves = await planWaves(60, files);
    const genuine: Record<string, Record<string, unknown>> = {};
    for (const entry of [...waves.w1.include, ...(waves.w2?.include ?? [])])
      Object.assign(genuine, (await recordsIn(await verify(60, entry, files))).records);
    expect([genuine.docs?.verdict, genuine.mention?.verdict]).toEqual(['fail', 'fail']);
    // The forgery: a shard that does not exist, sorted before the real ones, with the plan's
    // GM digests and flipped verdicts.
    const flipped = (key: 'docs' | 'mention') => ({
      ...genuine[key],
      verdict: 'pass',
      evidence: { forged: true },
    });
    await forge(60, 'dog-records-w1-0', { docs: flipped('docs'), mention: flipped('mention') });
    const result = await aggregate(60, files);
    expect(result.code).toBe(1);
    const report = await reportOf(result);
    expect(report.rootState).toBe('failure');
    for (const key of ['docs', 'mention'] as const) {
      expect(report.nodes[key]).toMatchObject({
        state: 'failure',
        error: { category: 'record_integrity' },
      });
      expect(report.nodes[key]?.error?.message).toMatch(
        /dog-records-w1-0 \(no job of this run's plan delivers records as dog-records-w1-0\)/,
      );
      expect(report.nodes[key]?.evidence).toMatchObject({ ownJobRecord: { verdict: 'fail' } });
      expect(await cachedGm(report.nodes[key]?.gmDigest)).toBe(false);
    }
    expect(report.nodes.data?.state).toBe('success');
    expect(await cachedGm(report.nodes.data?.gmDigest)).toBe(true);
    const warnings = report.warnings.map((w) => w.message).join('\n');
    expect(warnings).not.toMatch(/a second record for the same work item/);
    expect(world.api.checkRuns.at(-1)?.conclusion).toBe('failure');
  },
  TIMEOUT,
);

test(
  "a record in another job's artifact is refused; that job's own record is kept",
  async () => {
    const entries = await planAndFirstWave(62);
    const dataJob = entries.find((e) => e.keys.includes('data'))!;
    const docsJob = entries.find((e) => e.keys.includes('docs'))!;
    expect(dataJob.job).not.toBe(docsJob.job);
    // Genuine records of an identical run, re-bound to this one and delivered together in the
    // data job's artifact, uploaded by the data job itself; the docs job never ran.
    const other = await planAndFirstWave(63);
    const records: Record<string, Record<string, unknown>> = {};
    for (const entry of other)
      Object.assign(records, (await recordsIn(await verify(63, entry))).records);
    for (const record of Object.values(records)) record.runId = 'gh-62-1';
    listAssignedJob(62, dataJob);
    await forge(62, `dog-records-${dataJob.job}-a1`, { data: records.data!, docs: records.docs! });
    const report = await reportOf(await aggregate(62));
    expect(report.nodes.docs).toMatchObject({
      state: 'failure',
      error: { category: 'record_integrity' },
    });
    expect(report.nodes.docs?.error?.message).toContain(
      `the plan assigned docs to job ${docsJob.job}, not to ${dataJob.job}`,
    );
    expect(report.nodes.data?.state).toBe('success');
  },
  TIMEOUT,
);

test(
  "a job holding another job's token cannot deliver that job's records",
  async () => {
    const entries = await planAndFirstWave(64);
    const dataJob = entries.find((e) => e.keys.includes('data'))!;
    const docsJob = entries.find((e) => e.keys.includes('docs'))!;
    // A valid data record for this run, uploaded under the data job's own name — but with the
    // runtime token of the docs job, which then uploads its own records as usual.
    const other = (await planAndFirstWave(65)).find((e) => e.keys.includes('data'))!;
    const data = (await recordsIn(await verify(65, other))).records.data!;
    data.runId = 'gh-64-1';
    await verify(64, docsJob);
    listAssignedJob(64, dataJob);
    await forge(64, `dog-records-${dataJob.job}-a1`, { data }, world.lastJob);
    const report = await reportOf(await aggregate(64));
    for (const key of ['docs', 'data'])
      expect(report.nodes[key]).toMatchObject({
        state: 'failure',
        error: { category: 'record_integrity' },
      });
    expect(report.nodes.data?.error?.message).toMatch(/also uploaded dog-records-w1-/);
  },
  TIMEOUT,
);

test(
  "a later wave's gate opens only on the record of the job the plan assigned",
  async () => {
    // data genuinely fails, so mention (gated on data) must not start.
    const files = { ...CHECKOUT, 'data/config.json': '{not json\n' };
    const waves = await planWaves(66, files);
    const genuine: Record<string, Record<string, unknown>> = {};
    for (const entry of waves.w1.include)
      Object.assign(genuine, (await recordsIn(await verify(66, entry, files))).records);
    expect(genuine.data?.verdict).toBe('fail');
    await forge(66, 'dog-records-w1-0', {
      data: { ...genuine.data, verdict: 'pass', evidence: { forged: true } },
    });
    const second = waves.w2?.include[0];
    expect(second?.keys).toEqual(['mention']);
    const laterRecords = await recordsIn(await verify(66, second!, files));
    expect(Object.keys(laterRecords.records)).toEqual([]);
    const report = await reportOf(await aggregate(66, files));
    expect(report.nodes.data).toMatchObject({
      state: 'failure',
      error: { category: 'record_integrity' },
    });
    expect(report.nodes.mention?.state).toBe('blocked');
  },
  TIMEOUT,
);
