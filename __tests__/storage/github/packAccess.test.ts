// The record pack store when the cache may not be written (GitHub gives untrusted triggers a
// read-only cache) or does not answer, against a small in-memory stand-in of the cache with
// GitHub's semantics (immutable keys; exact key, else the newest entry with a matching
// prefix). The same store runs against the real toolkit in packStore.test.ts.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CacheReadAccess, CacheWriteAccess } from '../../../src/storage/github/cacheAccess.js';
import { describeFlush } from '../../../src/storage/github/packSave.js';
import { PackRecordStore } from '../../../src/storage/github/packStore.js';
import { cacheTrustOf } from '../../../src/storage/github/cacheTrust.js';
import type {
  CacheCallOptions,
  CacheListing,
  CachePort,
  CacheSaveResult,
  ListedCacheEntry,
} from '../../../src/storage/github/ports.js';
import { recordOf } from './packFixtures.js';

/** One scope, the default branch's; the listing answers from it, newest first. */
class MemoryCache implements CachePort, CacheListing {
  readonly entries: { key: string; path: string; bytes: Buffer }[] = [];
  writeAccess: CacheWriteAccess = { writable: true };
  /** Every restore and listing asked, to show that a job that may not read asks nothing. */
  readonly asked: string[] = [];

  list(prefix: string, ref: string, limit: number): Promise<ListedCacheEntry[]> {
    this.asked.push(`list ${prefix}`);
    const listed = ref === MAIN ? this.entries.filter((e) => e.key.startsWith(prefix)) : [];
    return Promise.resolve(
      listed
        .reverse()
        .slice(0, limit)
        .map((e) => ({ key: e.key, ref: MAIN, createdAt: '', sizeBytes: e.bytes.length })),
    );
  }

  async restore(
    path: string,
    key: string,
    prefixes: readonly string[] = [],
    o: CacheCallOptions = {},
  ) {
    this.asked.push(`restore ${key}`);
    const same = this.entries.filter((e) => e.path === path);
    const exact = same.find((e) => e.key === key);
    const hit =
      exact ?? [...same].reverse().find((e) => [key, ...prefixes].some((p) => e.key.startsWith(p)));
    if (!hit) return undefined;
    await writeFile(join(o.root ?? '/nonexistent', path), hit.bytes);
    return hit.key;
  }

  async save(path: string, key: string, o: CacheCallOptions = {}): Promise<CacheSaveResult> {
    if (this.entries.some((e) => e.key === key)) return { outcome: 'exists' };
    this.entries.push({ key, path, bytes: await readFile(join(o.root ?? '/nonexistent', path)) });
    return { outcome: 'saved' };
  }
}

const MAIN = 'refs/heads/main';
let dir: string;
let cache: MemoryCache;
const warnings: string[] = [];
const store = (
  runId = 'gh-1-1',
  trigger = 'push',
  port: CachePort = cache,
  readAccess: CacheReadAccess = { readable: true },
) =>
  new PackRecordStore({
    cache: port,
    trust: cacheTrustOf(
      {
        eventName: trigger,
        ref: MAIN,
        defaultBranch: 'main',
        trustPullRequestScope: false,
        readableScopes: readAccess.readable ? [MAIN] : [],
        readAccess,
        say: (m) => warnings.push(`said: ${m}`),
      },
      cache,
    ),
    dir,
    homeDir: dir,
    runId,
    trigger,
    warn: (m) => warnings.push(m),
  });

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dog-pack-'));
  cache = new MemoryCache();
  warnings.length = 0;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const readOnly =
  '2 records were not saved: this trigger (workflow_run) gets a read-only cache on GitHub; the next run verifies these goals again — run DoG on push to the default branch to fill the cache';

test('a read-only cache: nothing saved or counted as saved, said once for the report and once as a warning', async () => {
  cache.writeAccess = { writable: false, mode: 'read' };
  const s = store('gh-1-1', 'workflow_run');
  await s.open('g');
  await s.saveRecord('g1', recordOf(1));
  await s.saveRecord('g2', recordOf(2, { verdict: 'inconclusive' }));
  expect(s.drainWarnings()).toEqual([readOnly]);
  expect(s.drainWarnings()).toEqual([]);
  expect(warnings).toEqual([]);
  const flushed = await s.flush();
  expect(flushed).toEqual({ outcome: 'read-only', added: 2 });
  expect(describeFlush(flushed)).toBe(
    'DoG: the record pack was not saved (read-only cache): 2 records not kept',
  );
  expect(warnings).toEqual([`DoG: ${readOnly}`]);
  expect(cache.entries).toEqual([]);
  expect(await readdir(dir)).toEqual([]);
  // Nothing queued any more: a second flush is silent.
  expect(await s.flush()).toEqual({ outcome: 'unchanged' });
  expect(warnings).toHaveLength(1);
});

test('a read-only cache with nothing to save is silent and still finds what the cache holds', async () => {
  const writer = store();
  await writer.open('g');
  await writer.saveRecord('g1', recordOf(1));
  expect((await writer.flush()).outcome).toBe('saved');
  cache.writeAccess = { writable: false, mode: 'read' };
  const reader = store('gh-2-1', 'pull_request_target');
  await reader.open('g');
  expect(await reader.findByGm(recordOf(1).gmDigest)).toEqual(recordOf(1));
  expect(reader.drainWarnings()).toEqual([]);
  expect(await reader.flush()).toEqual({ outcome: 'unchanged' });
  expect(warnings).toEqual([]);
});

test('a write-only cache: nothing is asked or inherited, the pack is still saved, said once', async () => {
  const writer = store();
  await writer.open('g');
  await writer.saveRecord('g1', recordOf(1));
  expect((await writer.flush()).outcome).toBe('saved');
  cache.asked.length = 0;
  const s = store('gh-2-1', 'push', cache, { readable: false, mode: 'write-only' });
  await s.open('g');
  expect(await s.findByGm(recordOf(1).gmDigest)).toBeUndefined();
  await s.saveRecord('g2', recordOf(2));
  const flushed = await s.flush();
  expect(flushed).toMatchObject({ outcome: 'saved', records: 1, added: 1 });
  expect(cache.asked).toEqual([]);
  expect(cache.entries).toHaveLength(2);
  expect(warnings).toEqual([
    expect.stringMatching(/^said: this job's Actions cache is write-only/),
  ]);
  expect(s.drainWarnings()).toEqual([]);
});

test('a cache that is switched off: nothing asked, nothing saved, both said once', async () => {
  cache.writeAccess = { writable: false, mode: 'none' };
  const s = store('gh-2-1', 'push', cache, { readable: false, mode: 'none' });
  await s.open('g');
  await s.saveRecord('g1', recordOf(1));
  expect(await s.flush()).toEqual({ outcome: 'read-only', added: 1 });
  expect(cache.asked).toEqual([]);
  expect(cache.entries).toEqual([]);
  expect(warnings).toEqual([
    expect.stringMatching(/^said: this job's Actions cache is switched off/),
    expect.stringMatching(/^DoG: 1 record was not saved: .* gets no cache on GitHub/),
  ]);
});

test('an inconclusive record is never inherited, but is the newest of its goal', async () => {
  const writer = store();
  await writer.open('g');
  await writer.saveRecord('g1', recordOf(1, { verdict: 'inconclusive' }));
  await writer.flush();
  const reader = store('gh-2-1');
  await reader.open('g');
  expect(await reader.findByGm(recordOf(1).gmDigest)).toBeUndefined();
  expect((await reader.newestForKey('g1'))?.verdict).toBe('inconclusive');
});

test('a cache that fails is a miss and a warning, and a flush that fails says so once', async () => {
  const broken: CachePort = {
    writeAccess: { writable: true },
    restore: () => Promise.reject(new Error('service unavailable')),
    save: () => Promise.reject(new Error('service unavailable')),
  };
  const s = store('gh-1-1', 'push', broken);
  await s.open('g');
  expect(await s.findByGm(recordOf(1).gmDigest)).toBeUndefined();
  expect(s.drainWarnings()).toEqual([
    expect.stringMatching(
      /the record pack lookup dog-v2-records-\w{16}-… failed: service unavailable/,
    ),
  ]);
  await s.saveRecord('g1', recordOf(1));
  const flushed = await s.flush();
  expect(flushed).toMatchObject({ outcome: 'failed', added: 1 });
  expect(warnings).toEqual([
    expect.stringMatching(/record pack lookup .* failed: service unavailable/),
    'DoG: the record pack was not saved: saving failed (service unavailable); the next run verifies these 1 record again',
  ]);
});

test('lookups before open are a programming error, not a silent miss', async () => {
  await expect(store().findByGm(recordOf(1).gmDigest)).rejects.toThrow(/open\(graphId\) first/);
});
