import { existsSync, statSync } from 'node:fs';
import { lstat, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex, toDigest } from '../../src/core/digest.js';
import { blobFromHost } from '../../src/storage/host/hostBlobs.js';
import { HostCache } from '../../src/storage/host/hostCache.js';

const created: string[] = [];

async function tempDir(parent = tmpdir()): Promise<string> {
  const dir = await mkdtemp(join(parent, 'dog-host-blobs-'));
  created.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function cacheWith(text: string) {
  const dir = await tempDir();
  const cache = await HostCache.open({ root: join(dir, 'host'), maxBytes: 1_000_000 });
  const source = join(dir, 'source');
  await writeFile(source, text);
  const digest = toDigest(sha256Hex(text));
  await cache.importBlob(source, digest);
  return { cache, digest, dir };
}

describe('blobFromHost', () => {
  test('hard-links the blob on the same filesystem', async () => {
    const { cache, digest, dir } = await cacheWith('capture');
    const dest = join(dir, 'dest');
    await writeFile(dest, 'stale');
    expect(await blobFromHost(cache, digest, dest)).toBe(true);
    expect(await readFile(dest, 'utf8')).toBe('capture');
    expect((await lstat(dest)).ino).toBe((await lstat((await cache.blobPath(digest))!)).ino);
  });

  const otherFs =
    existsSync('/dev/shm') && statSync('/dev/shm').dev !== statSync(tmpdir()).dev
      ? test
      : test.skip;
  otherFs('copies and checks the bytes across filesystems', async () => {
    const { cache, digest } = await cacheWith('capture elsewhere');
    const dest = join(await tempDir('/dev/shm'), 'dest');
    expect(await blobFromHost(cache, digest, dest)).toBe(true);
    expect(await readFile(dest, 'utf8')).toBe('capture elsewhere');
  });

  test('says no for an absent or damaged blob, and drops the damaged one', async () => {
    const { cache, digest, dir } = await cacheWith('original');
    const dest = join(dir, 'dest');
    expect(await blobFromHost(cache, toDigest(sha256Hex('absent')), dest)).toBe(false);
    const blob = (await cache.blobPath(digest))!;
    await rm(blob);
    await writeFile(blob, 'tampered');
    expect(await blobFromHost(cache, digest, dest)).toBe(false);
    expect(existsSync(dest)).toBe(false);
    expect(await cache.hasBlob(digest)).toBe(false);
    expect(cache.drainWarnings()[0]).toMatch(/hashes to/);
  });
});
