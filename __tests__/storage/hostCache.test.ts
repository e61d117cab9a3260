import {
  chmod,
  chown,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { digestHex, sha256Hex, toDigest } from '../../src/core/digest.js';
import { StoreError } from '../../src/core/errors.js';
import type { VerificationRecord } from '../../src/core/types.js';
import { HostCache } from '../../src/storage/host/hostCache.js';
import { untrustedBecause } from '../../src/storage/host/trust.js';
import { digestOf, hostRecord } from './fixtures/hostRecords.js';

const created: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dog-host-test-'));
  created.push(dir);
  return dir;
}

async function openCache(maxBytes = 10_000_000): Promise<HostCache> {
  return HostCache.open({ root: join(await tempDir(), 'host'), maxBytes });
}

afterAll(async () => {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const gmFile = (cache: HostCache, record: VerificationRecord): string => {
  const hex = digestHex(record.gmDigest);
  return join(cache.root, 'records', 'gm', hex.slice(0, 2), `${hex}.json`);
};

/** Replaces an entry's bytes the way a tamperer with write access would. */
async function overwrite(file: string, text: string): Promise<void> {
  await rm(file);
  await writeFile(file, text);
}

describe('opening a host cache', () => {
  test('creates its layout with owner-only write access', async () => {
    const cache = await openCache();
    expect(JSON.parse(await readFile(join(cache.root, 'layout.json'), 'utf8'))).toEqual({
      layout: 1,
      kind: 'dog-host-cache',
    });
    for (const dir of ['', 'tmp', 'index', 'blobs', 'blobs/sha256', 'records/gm', 'records/newest'])
      expect((await stat(join(cache.root, dir))).mode & 0o777).toBe(0o755);
    expect((await stat(join(cache.root, 'layout.json'))).mode & 0o777).toBe(0o444);
    await expect(HostCache.open({ root: cache.root, maxBytes: 1000 })).resolves.toBeInstanceOf(
      HostCache,
    );
  });

  test('refuses a root other users may write', async () => {
    for (const mode of [0o777, 0o775, 0o1777]) {
      const root = join(await tempDir(), 'host');
      await mkdir(root);
      await chmod(root, mode);
      await expect(HostCache.open({ root, maxBytes: 1000 })).rejects.toThrow(/writable by/);
    }
  });

  test('refuses a layout directory other users may write', async () => {
    const cache = await openCache();
    await chmod(join(cache.root, 'records', 'gm'), 0o777);
    await expect(HostCache.open({ root: cache.root, maxBytes: 1000 })).rejects.toThrow(
      /records\/gm.*writable by every user/,
    );
  });

  const asRoot = process.getuid?.() === 0 ? test : test.skip;
  asRoot('refuses a root owned by another non-root user', async () => {
    const root = join(await tempDir(), 'host');
    await mkdir(root, { mode: 0o755 });
    await chown(root, 4242, 4242);
    await expect(HostCache.open({ root, maxBytes: 1000 })).rejects.toThrow(
      /owned by user 4242, not by this user/,
    );
  });

  test('judges ownership: this user or root only', async () => {
    const stats = await stat(await tempDir());
    const as = (uid: number, mode = 0o40755): Stats => ({
      ...stats,
      uid,
      mode,
      isDirectory: () => true,
      isSymbolicLink: () => false,
    });
    expect(untrustedBecause(as(1000), 1000)).toBeUndefined();
    expect(untrustedBecause(as(0), 1000)).toBeUndefined();
    expect(untrustedBecause(as(1001), 1000)).toMatch(/owned by user 1001/);
    expect(untrustedBecause(as(1000, 0o40775), 1000)).toMatch(/group/);
  });

  test('refuses a directory that is not a host cache', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'notes.txt'), 'mine');
    await expect(HostCache.open({ root: dir, maxBytes: 1000 })).rejects.toThrow(
      /not a host cache .*notes\.txt/,
    );
    const store = join(dir, 'store');
    await mkdir(store);
    await writeFile(join(store, 'layout.json'), '{"layout":1}');
    await expect(HostCache.open({ root: store, maxBytes: 1000 })).rejects.toBeInstanceOf(
      StoreError,
    );
    expect(await readFile(join(store, 'layout.json'), 'utf8')).toBe('{"layout":1}');
  });

  test('refuses a bound that is not a positive integer', async () => {
    const root = join(await tempDir(), 'host');
    await expect(HostCache.open({ root, maxBytes: 0 })).rejects.toThrow(/maxBytes/);
    await expect(HostCache.open({ root, maxBytes: Number.NaN })).rejects.toThrow(/maxBytes/);
  });
});

describe('records', () => {
  test('round-trip by GM digest and by work key', async () => {
    const cache = await openCache();
    const pass = hostRecord('a');
    const fail = hostRecord('b', { verdict: 'fail', role: 'assert' });
    await cache.putRecord(pass);
    await cache.putRecord(fail);
    await cache.putNewest('goal-b#assert', fail);
    expect(await cache.getRecord(pass.gmDigest)).toEqual(pass);
    expect(await cache.getRecord(fail.gmDigest)).toEqual(fail);
    expect(await cache.getRecord(digestOf('unknown'))).toBeUndefined();
    expect(await cache.newestForKey('goal-b#assert')).toEqual(fail);
    expect(await cache.newestForKey('goal-b')).toBeUndefined();
    expect((await lstat(gmFile(cache, pass))).mode & 0o777).toBe(0o444);
    expect(await readdir(join(cache.root, 'tmp'))).toEqual([]);
    expect(cache.drainWarnings()).toEqual([]);
  });

  test('inconclusive is never stored by GM digest, but is a newest record', async () => {
    const cache = await openCache();
    const inconclusive = hostRecord('c', { verdict: 'inconclusive' });
    await expect(cache.putRecord(inconclusive)).rejects.toThrow(/inconclusive/);
    expect(await cache.getRecord(inconclusive.gmDigest)).toBeUndefined();
    await cache.putNewest('goal-c', inconclusive);
    expect(await cache.newestForKey('goal-c')).toEqual(inconclusive);
  });

  test('invalid, unbound or misfiled records are refused on write', async () => {
    const cache = await openCache();
    const unknownField = { ...hostRecord('d'), extra: 1 } as VerificationRecord;
    await expect(cache.putRecord(unknownField)).rejects.toThrow(/unknown field "extra"/);
    await expect(cache.putRecord(hostRecord('d', { gmDigest: digestOf('other') }))).rejects.toThrow(
      /GM digest/,
    );
    await expect(cache.putNewest('goal-x', hostRecord('d'))).rejects.toThrow(/as newest of goal-x/);
    expect((await cache.usage()).entries).toBe(0);
  });

  test('keeps the later-settled newest record', async () => {
    const cache = await openCache();
    const later = hostRecord('e', { settledAt: '2025-02-01T00:00:00.000Z', runId: 'later' });
    const earlier = hostRecord('e', { settledAt: '2025-01-01T00:00:00.000Z', runId: 'earlier' });
    await cache.putNewest('goal-e', later);
    await cache.putNewest('goal-e', earlier);
    expect((await cache.newestForKey('goal-e'))?.runId).toBe('later');
  });

  test.each([
    ['not JSON', (r: VerificationRecord) => `${JSON.stringify(r).slice(0, 40)}`, /not JSON/],
    [
      'an unknown field',
      (r: VerificationRecord) => JSON.stringify({ ...r, extra: true }),
      /is refused: not a valid record \(\/: unknown field "extra"/,
    ],
    [
      'another capture',
      (r: VerificationRecord) => JSON.stringify({ ...r, captureDigest: digestOf('swapped') }),
      /GM digest/,
    ],
    ['the record of another key', () => JSON.stringify(hostRecord('other')), /is the record of/],
  ])('an entry edited to hold %s is refused, deleted and reported', async (_, edit, why) => {
    const cache = await openCache();
    const record = hostRecord('f');
    await cache.putRecord(record);
    const file = gmFile(cache, record);
    await overwrite(file, edit(record));
    expect(await cache.getRecord(record.gmDigest)).toBeUndefined();
    const warnings = cache.drainWarnings();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(why);
    await expect(lstat(file)).rejects.toThrow(/ENOENT/);
  });

  test('a newest record filed under another work key is refused', async () => {
    const cache = await openCache();
    await cache.putNewest('goal-g', hostRecord('g'));
    await cache.putNewest('goal-h', hostRecord('h'));
    const file = (key: string) => join(cache.root, 'records', 'newest', `${sha256Hex(key)}.json`);
    await overwrite(file('goal-g'), await readFile(file('goal-h'), 'utf8'));
    expect(await cache.newestForKey('goal-g')).toBeUndefined();
    expect(cache.drainWarnings()[0]).toMatch(/settles goal-h/);
    expect((await cache.newestForKey('goal-h'))?.goalId).toBe('goal-h');
  });

  test('an entry evicted before it is read is a plain miss', async () => {
    const cache = await openCache();
    const record = hostRecord('i');
    await cache.putRecord(record);
    await rm(gmFile(cache, record));
    expect(await cache.getRecord(record.gmDigest)).toBeUndefined();
    expect(cache.drainWarnings()).toEqual([]);
  });
});

describe('blobs', () => {
  async function source(
    text: string,
  ): Promise<{ path: string; digest: ReturnType<typeof toDigest> }> {
    const path = join(await tempDir(), 'source');
    await writeFile(path, text);
    return { path, digest: toDigest(sha256Hex(text)) };
  }

  test('import, find and read back', async () => {
    const cache = await openCache();
    const src = await source('capture bytes');
    expect(await cache.hasBlob(src.digest)).toBe(false);
    await cache.importBlob(src.path, src.digest);
    await cache.importBlob(src.path, src.digest);
    expect(await cache.hasBlob(src.digest)).toBe(true);
    const path = await cache.blobPath(src.digest, { verify: true, expectedBytes: 13 });
    expect(path).toBe(
      join(cache.root, 'blobs', 'sha256', digestHex(src.digest).slice(0, 2), digestHex(src.digest)),
    );
    expect(await readFile(path!, 'utf8')).toBe('capture bytes');
    expect((await lstat(path!)).mode & 0o777).toBe(0o444);
    expect(await cache.usage()).toEqual({ bytes: 13, entries: 1 });
  });

  test('bytes that do not hash to the digest are refused', async () => {
    const cache = await openCache();
    const src = await source('these bytes');
    const claimed = digestOf('other bytes');
    await expect(cache.importBlob(src.path, claimed)).rejects.toThrow(/hash to sha256:/);
    expect(await cache.hasBlob(claimed)).toBe(false);
    expect(await readdir(join(cache.root, 'tmp'))).toEqual([]);
    expect((await cache.usage()).entries).toBe(0);
  });

  test('a damaged blob is caught by size or by re-hashing, deleted and reported', async () => {
    const cache = await openCache();
    const src = await source('original bytes');
    await cache.importBlob(src.path, src.digest);
    const path = (await cache.blobPath(src.digest))!;
    await overwrite(path, 'altered bytes!');
    expect(await cache.blobPath(src.digest, { expectedBytes: 14 })).toBe(path);
    expect(await cache.blobPath(src.digest, { expectedBytes: 99 })).toBeUndefined();
    expect(cache.drainWarnings()[0]).toMatch(/has 14 bytes, not 99/);
    await cache.importBlob(src.path, src.digest);
    await overwrite(path, 'altered bytes!');
    expect(await cache.blobPath(src.digest, { verify: true })).toBeUndefined();
    expect(cache.drainWarnings()[0]).toMatch(/hashes to sha256:/);
    expect(await cache.hasBlob(src.digest)).toBe(false);
    await cache.importBlob(src.path, src.digest);
    await overwrite(path, '');
    expect(await cache.blobPath(src.digest)).toBeUndefined();
    expect(cache.drainWarnings()[0]).toMatch(/is empty/);
  });

  test('the empty file is a valid blob', async () => {
    const cache = await openCache();
    const src = await source('');
    await cache.importBlob(src.path, src.digest);
    expect(await cache.blobPath(src.digest, { verify: true })).toBeDefined();
  });
});
