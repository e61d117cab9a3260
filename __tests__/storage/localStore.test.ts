import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { digestHex, sha256Hex, toDigest } from '../../src/core/digest.js';
import { StoreError } from '../../src/core/errors.js';
import { gmDigestOf } from '../../src/core/select.js';
import type { RunReport } from '../../src/core/report/model.js';
import type { Digest, VerificationRecord } from '../../src/core/types.js';
import { readJsonFile } from '../../src/storage/jsonFile.js';
import { LocalStore } from '../../src/storage/localStore.js';
import type { RunMeta, RuntimeEvent } from '../../src/storage/types.js';

const created: string[] = [];

async function tempStoreDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dog-store-test-'));
  created.push(dir);
  return join(dir, 'store');
}

afterAll(async () => {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const digestOf = (text: string): Digest => toDigest(sha256Hex(text));

/** A record whose GM digest is what its capture digest and verifier hash to, as a real one's. */
function record(overrides: Partial<VerificationRecord> = {}): VerificationRecord {
  const draft: VerificationRecord = {
    schemaVersion: '1',
    goalId: 'renders',
    role: 'leaf',
    runId: 'run-1',
    graphDigest: digestOf('graph'),
    captureDigest: digestOf('capture-1'),
    gmDigest: digestOf('gm-1'),
    verifier: {
      mode: 'programmatic',
      script: 'file.exists',
      scriptDigest: digestOf('script'),
      params: null,
    },
    verdict: 'pass',
    evidence: { checked: 'build/pages', entries: 3 },
    usage: { durationMs: 12, tokens: 0, costUsd: 0 },
    attempts: 1,
    isolation: 'none',
    settledAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
  return { ...draft, gmDigest: gmDigestOf(draft.captureDigest, draft.verifier) };
}

function meta(runId: string, overrides: Partial<RunMeta> = {}): RunMeta {
  return {
    runId,
    graphId: 'deck',
    graphDigest: digestOf('graph'),
    startedAt: '2025-01-01T00:00:00.000Z',
    status: 'running',
    pid: process.pid,
    ...overrides,
  };
}

function report(runId: string, overrides: Partial<RunReport> = {}): RunReport {
  return {
    schemaVersion: '1',
    runId,
    startedAt: '2025-01-01T00:00:00.000Z',
    finishedAt: '2025-01-01T00:00:05.000Z',
    graph: { id: 'deck', digest: digestOf('graph'), root: 'root' },
    trigger: { event: 'local' },
    rootState: 'success',
    nodes: {
      root: { kind: 'composite', title: 'Deliver the deck', state: 'success', inherited: false },
      renders: {
        kind: 'leaf',
        title: 'Every page renders',
        state: 'success',
        inherited: false,
        verdict: 'pass',
        evidence: { entries: 3 },
      },
    },
    partition: { rerun: ['renders'], inherited: [] },
    totals: { verified: 1, inherited: 0, blocked: 0, tokens: 0, costUsd: 0, wallMs: 5000 },
    warnings: [],
    ...overrides,
  };
}

function event(goalId: string, type: RuntimeEvent['type'], runId = 'run-1'): RuntimeEvent {
  return { schemaVersion: '1', runId, goalId, at: new Date().toISOString(), type };
}

const gmPath = (root: string, gm: Digest): string =>
  join(root, 'records', 'gm', `${digestHex(gm)}.json`);

async function lines(path: string): Promise<string[]> {
  return (await readFile(path, 'utf8')).split('\n').filter((line) => line !== '');
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** The pid of a process that has exited and been reaped. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not spawn node');
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return pid;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

describe('LocalStore layout', () => {
  it('creates a layout file on first open and opens it again', async () => {
    const root = await tempStoreDir();
    await LocalStore.open(root);
    expect(await readJsonFile(join(root, 'layout.json'))).toEqual({ layout: 1 });
    await expect(LocalStore.open(root)).resolves.toBeInstanceOf(LocalStore);
  });

  it('refuses a store written with another layout version with a clear StoreError', async () => {
    const root = await tempStoreDir();
    await mkdir(root, { recursive: true });
    await writeFile(join(root, 'layout.json'), JSON.stringify({ layout: 99 }));
    const opening = LocalStore.open(root);
    await expect(opening).rejects.toBeInstanceOf(StoreError);
    await expect(opening).rejects.toThrow(/layout.*99.*reads layout 1.*another --store/);
    await expect(opening).rejects.toThrow(root);
    // The foreign layout file is left alone.
    expect(await readJsonFile(join(root, 'layout.json'))).toEqual({ layout: 99 });
  });

  it.each([
    ['not JSON', 'layout: one\n', /layout that is not JSON/],
    ['JSON null', 'null', /layout null, this dog reads layout 1/],
    ['a list', '[1]', /layout \[1\], this dog reads layout 1/],
  ])(
    'refuses a layout file that is %s and leaves the directory untouched',
    async (_, text, message) => {
      const root = await tempStoreDir();
      await mkdir(root, { recursive: true });
      await writeFile(join(root, 'layout.json'), text);
      await expect(LocalStore.open(root)).rejects.toThrow(message);
      await expect(LocalStore.open(root)).rejects.toBeInstanceOf(StoreError);
      expect(await readFile(join(root, 'layout.json'), 'utf8')).toBe(text);
      expect(await readdir(root)).toEqual(['layout.json']);
    },
  );
});

describe('LocalStore verification records', () => {
  it('round-trips a record through the GM index and the goal index', async () => {
    const root = await tempStoreDir();
    const store = await LocalStore.open(root);
    const saved = record();
    await store.saveRecord('renders', saved);
    expect(await store.findByGm(saved.gmDigest)).toEqual(saved);
    expect(await store.newestForKey('renders')).toEqual(saved);
    expect(await store.findByGm(digestOf('some other gm'))).toBeUndefined();
    expect(await store.newestForKey('other-goal')).toBeUndefined();
    expect(store.drainWarnings()).toEqual([]);
  });

  it('round-trips an assert record under its work key', async () => {
    const root = await tempStoreDir();
    const store = await LocalStore.open(root);
    const saved = record({
      goalId: 'bundle',
      role: 'assert',
      captureDigest: digestOf('capture-assert'),
    });
    await store.saveRecord('bundle#assert', saved);
    expect(await store.newestForKey('bundle#assert')).toEqual(saved);
    expect(await store.newestForKey('bundle')).toBeUndefined();
  });

  it('refuses to write a record that does not match its schema, and writes nothing', async () => {
    const root = await tempStoreDir();
    const store = await LocalStore.open(root);
    const bad = { ...record(), verdict: 'probably' } as unknown as VerificationRecord;
    await expect(store.saveRecord('renders', bad)).rejects.toThrow(
      /refusing to write a record that does not match its schema: \/verdict/,
    );
    const extra = { ...record(), trusted: true } as unknown as VerificationRecord;
    await expect(store.saveRecord('renders', extra)).rejects.toThrow(/unknown field "trusted"/);
    expect(await exists(join(root, 'log', 'verifications.jsonl'))).toBe(false);
    expect(await exists(join(root, 'records'))).toBe(false);
  });

  it('ignores a hand-edited record that no longer matches its schema, with a warning', async () => {
    const root = await tempStoreDir();
    const store = await LocalStore.open(root);
    const saved = record();
    await store.saveRecord('renders', saved);
    const file = gmPath(root, saved.gmDigest);
    // Someone "fixes" a failing record by hand: the edit must not be trusted.
    await writeFile(file, JSON.stringify({ ...saved, verdict: 'PASS', approvedBy: 'me' }));
    await writeFile(
      join(root, 'records', 'goal', 'renders.json'),
      JSON.stringify({ ...saved, usage: { durationMs: -1, tokens: 0, costUsd: 0 } }),
    );
    expect(await store.findByGm(saved.gmDigest)).toBeUndefined();
    expect(await store.newestForKey('renders')).toBeUndefined();
    const warnings = store.drainWarnings();
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(`not a valid record \\(/: unknown field "approvedBy".*: ${file}$`),
      ),
      expect.stringContaining(join(root, 'records', 'goal', 'renders.json')),
    ]);
    expect(store.drainWarnings()).toEqual([]);
  });

  it('ignores a record whose capture digest and verifier do not hash to the GM digest it is filed under', async () => {
    const root = await tempStoreDir();
    const store = await LocalStore.open(root);
    const saved = record();
    await store.saveRecord('renders', saved);
    // Same GM digest field, other bytes: a hand-made "pass" for bytes never verified.
    const forged = { ...saved, captureDigest: `sha256:${'e'.repeat(64)}` };
    await writeFile(gmPath(root, saved.gmDigest), JSON.stringify(forged));
    await writeFile(
      join(root, 'records', 'goal', 'renders.json'),
      JSON.stringify({ ...saved, goalId: 'other' }),
    );
    expect(await store.findByGm(saved.gmDigest)).toBeUndefined();
    expect(await store.newestForKey('renders')).toBeUndefined();
    expect(store.drainWarnings()).toEqual([
      expect.stringContaining('do not hash to'),
      expect.stringContaining('the record is for other (leaf), not renders (leaf)'),
    ]);
  });

  it('ignores a record file that is not JSON at all, with a warning', async () => {
    const root = await tempStoreDir();
    const store = await LocalStore.open(root);
    const saved = record();
    await store.saveRecord('renders', saved);
    const file = gmPath(root, saved.gmDigest);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.slice(0, Math.floor(text.length / 2)));
    expect(await store.findByGm(saved.gmDigest)).toBeUndefined();
    expect(store.drainWarnings()).toEqual([expect.stringContaining(file)]);
  });

  it('does not return a record filed under a GM digest other than its own', async () => {
    const root = await tempStoreDir();
    const store = await LocalStore.open(root);
    const saved = record({ verdict: 'pass' });
    await store.saveRecord('renders', saved);
    // A valid pass record copied under the GM digest of different bytes.
    const other = digestOf('gm-of-changed-bytes');
    await writeFile(gmPath(root, other), JSON.stringify(saved));
    expect(await store.findByGm(other)).toBeUndefined();
    expect(await store.findByGm(saved.gmDigest)).toEqual(saved);
  });

  it('never indexes an inconclusive record by GM digest, but it is the newest for its key', async () => {
    const root = await tempStoreDir();
    const store = await LocalStore.open(root);
    const passed = record({ runId: 'run-1', verdict: 'pass' });
    await store.saveRecord('renders', passed);
    const unsure = record({
      runId: 'run-2',
      verdict: 'inconclusive',
      evidence: null,
      error: { category: 'timeout', message: 'verifier timed out after 120 s' },
      settledAt: '2025-01-02T00:00:00.000Z',
    });
    await store.saveRecord('renders', unsure);
    // Same GM digest: the GM index still holds the pass, never the inconclusive record.
    expect(await store.findByGm(passed.gmDigest)).toEqual(passed);
    expect(await store.newestForKey('renders')).toEqual(unsure);

    const fresh = record({
      runId: 'run-3',
      captureDigest: digestOf('capture-never-settled'),
      verdict: 'inconclusive',
      evidence: null,
    });
    await store.saveRecord('renders', fresh);
    expect(await store.findByGm(fresh.gmDigest)).toBeUndefined();
    expect(await exists(gmPath(root, fresh.gmDigest))).toBe(false);
    expect(await store.newestForKey('renders')).toEqual(fresh);
  });

  it('appends every record to the log, keeping the earlier lines as they were', async () => {
    const root = await tempStoreDir();
    const store = await LocalStore.open(root);
    const log = join(root, 'log', 'verifications.jsonl');
    const first = record({ runId: 'run-1' });
    await store.saveRecord('renders', first);
    const before = await readFile(log, 'utf8');
    const second = record({ runId: 'run-2', verdict: 'fail' });
    const third = record({ runId: 'run-3', verdict: 'inconclusive', evidence: null });
    await store.saveRecord('renders', second);
    await store.saveRecord('renders', third);
    const after = await readFile(log, 'utf8');
    expect(after.startsWith(before)).toBe(true);
    expect((await lines(log)).map((line) => JSON.parse(line) as unknown)).toEqual([
      first,
      second,
      third,
    ]);
    // A later fail replaces the pass in the GM index (same bytes, same verifier).
    expect(await store.findByGm(first.gmDigest)).toEqual(second);
  });
});

describe('LocalStore runtime events', () => {
  it('appends events to one file per goal per run', async () => {
    const root = await tempStoreDir();
    const store = await LocalStore.open(root);
    await store.beginRun(meta('run-1'));
    await store.appendEvent(event('renders', 'selected'));
    await store.appendEvent(event('page3', 'selected'));
    await store.appendEvent(event('renders', 'verifier_started'));
    await store.appendEvent({ ...event('renders', 'settled'), state: 'success', verdict: 'pass' });
    await store.appendEvent(event('renders', 'selected', 'run-2'));

    const dir = join(root, 'runs', 'run-1', 'events');
    expect((await readdir(dir)).sort()).toEqual(['page3.jsonl', 'renders.jsonl']);
    const renders = (await lines(join(dir, 'renders.jsonl'))).map(
      (line) => JSON.parse(line) as RuntimeEvent,
    );
    expect(renders.map((e) => e.type)).toEqual(['selected', 'verifier_started', 'settled']);
    expect(renders[2]).toMatchObject({ state: 'success', verdict: 'pass', goalId: 'renders' });
    expect(await lines(join(dir, 'page3.jsonl'))).toHaveLength(1);
    expect(await lines(join(root, 'runs', 'run-2', 'events', 'renders.jsonl'))).toHaveLength(1);
    expect(store.drainWarnings()).toEqual([]);
  });

  it('turns an invalid event into a warning instead of writing it or throwing', async () => {
    const root = await tempStoreDir();
    const store = await LocalStore.open(root);
    const bad = { ...event('../escape', 'selected') };
    await expect(store.appendEvent(bad)).resolves.toBeUndefined();
    expect(await exists(join(root, 'runs'))).toBe(false);
    expect(store.drainWarnings()).toEqual([
      expect.stringMatching(/^runtime event for \.\.\/escape not written: .*schema/),
    ]);
  });
});

describe('LocalStore runs and reports', () => {
  it('round-trips a report and marks the run finished', async () => {
    const root = await tempStoreDir();
    const store = await LocalStore.open(root);
    await store.beginRun(meta('run-1'));
    const work = await store.workDir('run-1');
    await writeFile(join(work, 'scratch.txt'), 'scratch');
    const saved = report('run-1', { rootState: 'failure' });
    await store.finishRun('run-1', saved);

    expect(await store.readReport('run-1')).toEqual(saved);
    expect(await store.readReport()).toEqual(saved);
    expect(await store.listRuns()).toEqual([
      meta('run-1', {
        status: 'finished',
        finishedAt: '2025-01-01T00:00:05.000Z',
        rootState: 'failure',
      }),
    ]);
    expect(await exists(work)).toBe(false);
  });

  it('refuses to write a report that does not match its schema', async () => {
    const root = await tempStoreDir();
    const store = await LocalStore.open(root);
    await store.beginRun(meta('run-1'));
    const bad = { ...report('run-1'), rootState: 'fine' } as unknown as RunReport;
    await expect(store.finishRun('run-1', bad)).rejects.toThrow(/\/rootState/);
    expect(await exists(join(root, 'runs', 'run-1', 'report.json'))).toBe(false);
    expect((await store.listRuns())[0]?.status).toBe('running');
  });

  it('fails closed on a stored report that no longer matches its schema', async () => {
    const root = await tempStoreDir();
    const store = await LocalStore.open(root);
    await store.beginRun(meta('run-1'));
    await store.finishRun('run-1', report('run-1'));
    const file = join(root, 'runs', 'run-1', 'report.json');
    await writeFile(file, JSON.stringify({ ...report('run-1'), rootState: 'totally fine' }));
    await expect(store.readReport('run-1')).rejects.toBeInstanceOf(StoreError);
    await expect(store.readReport('run-1')).rejects.toThrow(/run-1.*does not match its schema/);
  });

  it('readReport() returns the newest finished run, not an unfinished or older one', async () => {
    const root = await tempStoreDir();
    const store = await LocalStore.open(root);
    expect(await store.readReport()).toBeUndefined();
    // Run ids from the same second differ only in their random suffix: time decides.
    const older = '20250101T000000Z-ffffff';
    const newer = '20250101T000000Z-000000';
    const unfinished = '20250101T000001Z-aaaaaa';
    await store.beginRun(meta(older, { startedAt: '2025-01-01T00:00:00.100Z' }));
    await store.finishRun(
      older,
      report(older, {
        startedAt: '2025-01-01T00:00:00.100Z',
        finishedAt: '2025-01-01T00:00:00.400Z',
        rootState: 'failure',
      }),
    );
    await store.beginRun(meta(newer, { startedAt: '2025-01-01T00:00:00.500Z' }));
    await store.finishRun(
      newer,
      report(newer, {
        startedAt: '2025-01-01T00:00:00.500Z',
        finishedAt: '2025-01-01T00:00:00.900Z',
        rootState: 'success',
      }),
    );
    await store.beginRun(meta(unfinished, { startedAt: '2025-01-01T00:00:01.000Z' }));

    const latest = await store.readReport();
    expect(latest?.runId).toBe(newer);
    expect(latest?.rootState).toBe('success');
    expect((await store.readReport(older))?.rootState).toBe('failure');
    expect(await store.readReport(unfinished)).toBeUndefined();
    expect(await store.readReport('no-such-run')).toBeUndefined();
    expect(await store.readReport('../../etc')).toBeUndefined();
  });

  it('skips a hand-corrupted run.json instead of crashing', async () => {
    const root = await tempStoreDir();
    const store = await LocalStore.open(root);
    await store.beginRun(meta('run-1'));
    await store.finishRun('run-1', report('run-1'));
    await mkdir(join(root, 'runs', 'run-2'), { recursive: true });
    await writeFile(
      join(root, 'runs', 'run-2', 'run.json'),
      JSON.stringify({ status: 'finished' }),
    );
    await mkdir(join(root, 'runs', 'run-3'), { recursive: true });
    await writeFile(join(root, 'runs', 'run-3', 'run.json'), '{"runId": "run-3", "sta');
    expect((await store.listRuns()).map((m) => m.runId)).toEqual(['run-1']);
    expect((await store.readReport())?.runId).toBe('run-1');
    await expect(store.recover(() => false)).resolves.toEqual([]);
  });

  it('recover() marks a running run whose process is gone as interrupted and empties tmp/', async () => {
    const root = await tempStoreDir();
    const store = await LocalStore.open(root);
    const gone = await deadPid();
    expect(isAlive(gone)).toBe(false);
    await store.beginRun(meta('run-dead', { pid: gone }));
    await store.beginRun(meta('run-live', { pid: process.pid }));
    await store.beginRun(meta('run-done', { pid: gone }));
    await store.finishRun('run-done', report('run-done'));
    const work = await store.workDir('run-dead');
    await writeFile(join(work, 'half-materialized.tar'), 'partial');
    await writeFile(join(root, 'tmp', `${gone}.0f0f0f0f-0f0f-0f0f-0f0f-0f0f0f0f0f0f.part`), 'x');

    expect(await store.recover(isAlive)).toEqual(['run-dead']);
    const statuses = Object.fromEntries((await store.listRuns()).map((m) => [m.runId, m.status]));
    expect(statuses).toEqual({
      'run-dead': 'interrupted',
      'run-done': 'finished',
      'run-live': 'running',
    });
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
    // Nothing else is lost: the finished run's report is still there.
    expect((await store.readReport())?.runId).toBe('run-done');
    // Recovering again finds nothing more to do.
    expect(await store.recover(isAlive)).toEqual([]);
  });
});

describe('readJsonFile', () => {
  it('returns the value, or undefined when the file is missing or not JSON', async () => {
    const dir = await tempStoreDir();
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'ok.json'), '{"a":[1,2]}');
    await writeFile(join(dir, 'torn.json'), '{"a":[1,');
    expect(await readJsonFile(join(dir, 'ok.json'))).toEqual({ a: [1, 2] });
    expect(await readJsonFile(join(dir, 'torn.json'))).toBeUndefined();
    expect(await readJsonFile(join(dir, 'missing.json'))).toBeUndefined();
    await expect(readJsonFile(dir)).rejects.toThrow(/EISDIR/);
  });
});
