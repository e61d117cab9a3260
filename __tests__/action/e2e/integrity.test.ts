// What the aggregate step refuses: a record artifact changed after upload (its bytes no
// longer match the digest the artifact service recorded) and a record bound to other bytes
// than the plan captured. Neither becomes a pass: the goal waits for a person.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { backendIdsForRun } from '../../support/actions/runtimeToken.js';
import { CHECKOUT, MATRIX, TRUSTED } from './fixtures.js';
import { expectOk, reportOf, World } from './world.js';

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

async function planAndFirstWave(runId: number): Promise<Entry[]> {
  const plan = await world.step({
    runId,
    job: 'plan',
    files: CHECKOUT,
    inputs: { command: 'plan', ...MATRIX, fresh: 'true' },
  });
  expectOk(plan, 'plan');
  return (JSON.parse(plan.outputs.matrix ?? '{}') as { w1: { include: Entry[] } }).w1.include;
}

async function verify(runId: number, entry: Entry): Promise<string> {
  const result = await world.step({
    runId,
    job: 'verify-1',
    files: CHECKOUT,
    inputs: { command: 'verify', 'matrix-entry': JSON.stringify(entry) },
  });
  expectOk(result, `verify ${entry.job}`);
  return join(world.lastRoot, '_temp', 'dog', `records-${entry.job}`, 'records.json');
}

async function aggregate(runId: number) {
  return world.step({ runId, job: 'aggregate', files: CHECKOUT, inputs: { command: 'aggregate' } });
}

test(
  'a record artifact altered after upload is refused and its goal waits for a person',
  async () => {
    const entries = await planAndFirstWave(21);
    for (const entry of entries) await verify(21, entry);
    const docsJob = entries.find((e) => e.keys.includes('docs'))!;
    const artifact = world.results
      .artifacts(backendIdsForRun(21).runBackendId)
      .find((a) => a.name === `dog-records-${docsJob.job}`);
    expect(artifact).toBeDefined();
    const bytes = await world.results.readArtifact(artifact!.id);
    // Flip one byte of the stored zip: the verdict inside no longer matters, the digest does.
    const forged = Buffer.from(bytes);
    const at = forged.length - 30;
    forged.writeUInt8(forged.readUInt8(at) ^ 0xff, at);
    await world.results.overwriteArtifact(artifact!.id, forged);
    const result = await aggregate(21);
    expect(result.code).toBe(3);
    const report = await reportOf(result);
    expect(report.nodes.docs).toMatchObject({
      state: 'needs_human',
      error: { category: 'record_missing' },
    });
    expect(report.nodes.docs?.error?.message).toMatch(/changed after upload/);
    expect(report.nodes.data?.state).toBe('success');
    expect(report.warnings.map((w) => w.code)).toContain('record_rejected');
    expect(world.api.checkRuns.at(-1)?.conclusion).toBe('action_required');
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
    await world.uploadArtifact(22, `dog-records-${docsJob.job}`, forgedPath);
    const result = await aggregate(22);
    expect(result.code).toBe(3);
    const report = await reportOf(result);
    expect(report.nodes.docs?.error?.message).toMatch(/wrong capture digest/);
    expect(report.nodes.docs?.state).toBe('needs_human');
  },
  TIMEOUT,
);
