// Record packs over time, through the real toolkit against the cache stand-in: two runs that
// flush concurrently, pruning by least recent use, forged and broken packs, and migration
// from the old per-record layout (dog-v1-gm-*).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { InProcess } from '../../support/actions/inProcess.js';
import { startInProcess } from '../../support/actions/inProcess.js';
import { openPackJob, type PackJob } from './packJob.js';
import { contentKey } from '../../../src/storage/github/trustedEntries.js';
import type { ResultsService } from '../../support/actions/resultsService.js';
import type { VerificationRecord } from '../../../src/core/types.js';
import { legacyGmKey } from '../../../src/storage/github/legacyRecords.js';
import {
  LEGACY_MISSES_BEFORE_GIVING_UP,
  type PackRecordStore,
} from '../../../src/storage/github/packStore.js';
import {
  emptyContents,
  graphKeyOf,
  packKeyPrefix,
  putEntry,
  putNewest,
  writePack,
} from '../../../src/storage/github/recordPack.js';
import { captureOf, keyOf, range, recordOf } from './packFixtures.js';

const TIMEOUT = 120_000;

let services: InProcess;
let results: ResultsService;
let clock = Date.parse('2026-12-02T08:00:00.000Z');
const realWrite = process.stdout.write.bind(process.stdout);
let nextRun = 700;

beforeAll(async () => {
  services = await startInProcess();
  results = services.results;
  process.stdout.write = () => true;
}, TIMEOUT);

afterAll(async () => {
  process.stdout.write = realWrite;
  await services?.stop();
}, TIMEOUT);

type Job = PackJob;

async function job(options: { maxBytes?: number; homeDir?: string } = {}): Promise<Job> {
  return openPackJob(services, nextRun++, { now: () => new Date(clock), ...options });
}

async function saveAll(store: PackRecordStore, ids: readonly number[]): Promise<void> {
  for (const i of ids) await store.saveRecord(keyOf(recordOf(i)), recordOf(i));
}

async function found(store: PackRecordStore, ids: readonly number[]): Promise<number[]> {
  const hits: number[] = [];
  for (const i of ids) if (await store.findByGm(recordOf(i).gmDigest)) hits.push(i);
  return hits;
}

/** Saves `text` as the pack entry `key`, the way a store would lay it out. */
async function savePackText(key: string, text: string): Promise<void> {
  const env = services.useRun(nextRun++);
  const { ToolkitCache } = await import('../../../src/storage/github/toolkit.js');
  await mkdir(env.RUNNER_TEMP!, { recursive: true });
  const root = await mkdtemp(join(env.RUNNER_TEMP!, 'forge-'));
  await writeFile(join(root, 'dog-record-pack.json'), text);
  expect(await new ToolkitCache().save('dog-record-pack.json', key, { root })).toEqual({
    outcome: 'saved',
  });
}

test(
  'two runs flush concurrently: the newest pack holds the base, the last saver’s records, and the other’s only if it restored after that one saved',
  async () => {
    const base = await job();
    await base.store.open('concurrent');
    await saveAll(base.store, range(0, 10));
    await base.store.flush();
    const a = await job();
    const b = await job();
    await a.store.open('concurrent');
    await b.store.open('concurrent');
    await saveAll(a.store, range(10, 5));
    await saveAll(b.store, range(15, 5));
    const from = results.cacheCalls().length;
    const [fa, fb] = await Promise.all([a.store.flush(), b.store.flush()]);
    expect([fa.outcome, fb.outcome]).toEqual(['saved', 'saved']);
    const log = results.cacheCalls().slice(from);
    const savedOrder = log.filter((c) => c.result === 'reserved').map((c) => c.key);
    const [firstKey, lastKey] = savedOrder;
    const lastRestore = log
      .slice(
        0,
        log.findIndex((c) => c.result === 'reserved' && c.key === lastKey),
      )
      .filter((c) => c.method === 'GetCacheEntryDownloadURL')
      .at(-1);
    const lastSaverSawFirst =
      lastRestore?.method === 'GetCacheEntryDownloadURL' && lastRestore.matchedKey === firstKey;
    const winner = fa.outcome === 'saved' && fa.key === lastKey ? range(10, 5) : range(15, 5);
    const other = winner[0] === 10 ? range(15, 5) : range(10, 5);

    const third = await job();
    await third.store.open('concurrent');
    expect(await found(third.store, range(0, 10))).toEqual(range(0, 10));
    expect(await found(third.store, winner)).toEqual(winner);
    expect(await found(third.store, other)).toEqual(lastSaverSawFirst ? other : []);
  },
  TIMEOUT,
);

test(
  'runs that flush one after the other lose nothing: the second merges the first’s pack',
  async () => {
    const a = await job();
    const b = await job();
    await a.store.open('sequential');
    await b.store.open('sequential');
    await saveAll(a.store, range(0, 3));
    await saveAll(b.store, range(3, 3));
    await a.store.flush();
    await b.store.flush();
    const third = await job();
    await third.store.open('sequential');
    expect(await found(third.store, range(0, 6))).toEqual(range(0, 6));
  },
  TIMEOUT,
);

test(
  'pruning at a small size bound keeps the most recently used records',
  async () => {
    const first = await job();
    await first.store.open('pruned');
    await saveAll(first.store, range(0, 5));
    const earlier = new Date(clock).toISOString();
    await first.store.flush();
    clock += 3_600_000;
    const later = new Date(clock).toISOString();
    // The size of the whole pack the second run would write, less 3.5 entries: 4 must go.
    const whole = emptyContents();
    for (const i of range(0, 10)) {
      const usedAt = i === 3 || i >= 5 ? later : earlier;
      putEntry(whole, { record: recordOf(i), usedAt });
      putNewest(whole, `g${i}`, recordOf(i));
    }
    const meta = { graphKey: graphKeyOf('pruned'), runId: `gh-${nextRun}-1`, savedAt: later };
    const size = Buffer.byteLength(writePack(whole, meta, Infinity).text);
    const entry = Buffer.byteLength(JSON.stringify({ record: recordOf(0), usedAt: later })) + 1;
    const bounded = await job({ maxBytes: Math.floor(size - 3.5 * entry) });
    await bounded.store.open('pruned');
    // Inherited by this run: as recent as the five it verifies.
    expect(await bounded.store.findByGm(recordOf(3).gmDigest)).toBeDefined();
    await saveAll(bounded.store, range(5, 5));
    const flushed = await bounded.store.flush();
    expect(flushed).toMatchObject({ outcome: 'saved', records: 6, pruned: 4 });
    const after = await job();
    await after.store.open('pruned');
    expect(await found(after.store, range(0, 10))).toEqual([3, 5, 6, 7, 8, 9]);
    // Every work key still has its newest record (they explain re-runs).
    for (const i of range(0, 10)) expect(await after.store.newestForKey(`g${i}`)).toBeDefined();
  },
  TIMEOUT,
);

function forgedPack(graphId: string, records: readonly VerificationRecord[]): string {
  return JSON.stringify({
    schemaVersion: '1',
    graphKey: graphKeyOf(graphId),
    savedAt: '2026-12-02T08:00:00.000Z',
    runId: 'gh-9000-1',
    records: records.map((record) => ({ record, usedAt: '2026-12-02T08:00:00.000Z' })),
    newest: { g0: recordOf(0), g9: { ...recordOf(8), goalId: 'g8' } },
  });
}

test(
  'forged pack entries are refused and reported; the rest of the pack is used',
  async () => {
    const wrongGm = { ...recordOf(1), gmDigest: recordOf(2).gmDigest };
    const unhashed = { ...recordOf(3), captureDigest: captureOf(33) };
    const text = forgedPack('forged', [recordOf(0), wrongGm, unhashed]);
    const key = contentKey(packKeyPrefix(graphKeyOf('forged')), 'gh-9000-1', text);
    await savePackText(key, text);
    const { store } = await job();
    await store.open('forged');
    expect(await found(store, [0, 1, 2, 3])).toEqual([0]);
    expect(await store.findByGm(captureOf(33) as never)).toBeUndefined();
    expect(await store.newestForKey('g9')).toBeUndefined();
    expect(store.drainWarnings()).toEqual([
      `pack entry ${key}: 3 record(s) refused and not used (2: the record claims a GM digest its capture digest and verifier do not hash to; 1: a newest record filed under another work key than its own)`,
    ]);
  },
  TIMEOUT,
);

test.each([
  ['not JSON', '{nope', /it is not JSON/],
  [
    'not a record pack',
    JSON.stringify({ schemaVersion: '1', records: 'all of them' }),
    /it is not a valid record pack/,
  ],
])(
  'a pack that is %s is a warning and a miss',
  async (what, text, problem) => {
    const graphId = `broken-${what}`;
    await savePackText(contentKey(packKeyPrefix(graphKeyOf(graphId)), 'gh-9001-1', text), text);
    const { store } = await job();
    await store.open(graphId);
    expect(await store.findByGm(recordOf(0).gmDigest)).toBeUndefined();
    const warnings = store.drainWarnings();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(problem);
  },
  TIMEOUT,
);

/**
 * Saves `record` the way DoG 1 did: `~/.cache/dog/records/<key>.json`. The toolkit expands
 * `~` with os.homedir(), which reads the test process's real HOME (Jest's process.env is a
 * copy), so the file goes there for the moment of the save.
 */
async function saveLegacy(record: VerificationRecord): Promise<void> {
  services.useRun(nextRun++);
  const key = legacyGmKey(record.gmDigest);
  const dir = join(homedir(), '.cache', 'dog', 'records');
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${key}.json`);
  await writeFile(file, JSON.stringify(record));
  try {
    const cache = await import('@actions/cache');
    expect(await cache.saveCache([`~/.cache/dog/records/${key}.json`], key)).toBeGreaterThan(0);
  } finally {
    await rm(file, { force: true });
  }
}

test(
  'old per-record entries are found while the graph has no pack, carried into it, and not looked up once it exists',
  async () => {
    const legacy = [recordOf(40), recordOf(41, { verdict: 'fail' })];
    for (const record of legacy) await saveLegacy(record);
    const first = await job({ homeDir: homedir() });
    await first.store.open('migrated');
    expect(await found(first.store, [40, 41, 42])).toEqual([40, 41]);
    expect(first.store.legacyGoalIds()).toEqual(['g40', 'g41']);
    expect(first.store.drainWarnings()).toEqual([
      "2 record(s) came from the old per-record cache layout (dog-v1-*) and are carried into this run's record pack: g40, g41",
    ]);
    expect(await first.store.flush()).toMatchObject({ outcome: 'saved', records: 2, added: 0 });

    const from = results.cacheCalls().length;
    const second = await job({ homeDir: homedir() });
    await second.store.open('migrated');
    expect(await found(second.store, [40, 41, 42])).toEqual([40, 41]);
    expect(second.store.legacyGoalIds()).toEqual([]);
    const keys = results
      .cacheCalls()
      .slice(from)
      .map((c) => c.key);
    expect(keys.filter((k) => k.startsWith('dog-v1-'))).toEqual([]);
    expect(keys).toHaveLength(1);
  },
  TIMEOUT,
);

test(
  'a new graph with no pack and nothing in the old layout stops asking the old layout after 16 misses',
  async () => {
    const { store } = await job({ homeDir: homedir() });
    await store.open('brand-new');
    const from = results.cacheCalls().length;
    expect(await found(store, range(100, 40))).toEqual([]);
    const keys = results
      .cacheCalls()
      .slice(from)
      .map((c) => c.key);
    expect(keys).toHaveLength(LEGACY_MISSES_BEFORE_GIVING_UP);
    expect(keys.every((k) => k.startsWith('dog-v1-gm-'))).toBe(true);
  },
  TIMEOUT,
);
