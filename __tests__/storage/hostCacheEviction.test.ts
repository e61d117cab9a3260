import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { sha256Hex, toDigest } from '../../src/core/digest.js';
import type { Digest } from '../../src/core/types.js';
import { HostCache } from '../../src/storage/host/hostCache.js';
import { hostRecord } from './fixtures/hostRecords.js';

const created: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dog-host-evict-'));
  created.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A cache whose clock the test moves; recency is what the clock said at each use. */
async function clockedCache(maxBytes: number, root?: string) {
  const clock = { now: 1_700_000_000_000 };
  const cache = await HostCache.open({
    root: root ?? join(await tempDir(), 'host'),
    maxBytes,
    now: () => clock.now,
  });
  return { cache, clock };
}

/** Size of one `hostRecord(name)` entry: records of names of one length are the same size. */
async function recordSize(name: string): Promise<number> {
  const { cache } = await clockedCache(1_000_000);
  await cache.putRecord(hostRecord(name));
  return (await cache.usage()).bytes;
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return child.pid!;
}

describe('least-recently-used eviction', () => {
  test('evicts the least recently read record first, not the oldest written', async () => {
    const size = await recordSize('r0');
    // Five records fit; a sixth goes over, and eviction goes down to 90%: four remain.
    const { cache, clock } = await clockedCache(Math.floor(5.5 * size));
    const records = [0, 1, 2, 3, 4, 5].map((i) => hostRecord(`r${i}`));
    for (const record of records.slice(0, 5)) {
      clock.now += 1000;
      await cache.putRecord(record);
    }
    expect((await cache.usage()).entries).toBe(5);
    clock.now += 1000;
    expect(await cache.getRecord(records[0]!.gmDigest)).toBeDefined();
    clock.now += 1000;
    await cache.putRecord(records[5]!);
    const present = [];
    for (const record of records)
      present.push((await cache.getRecord(record.gmDigest)) !== undefined);
    expect(present).toEqual([true, false, false, true, true, true]);
    expect((await cache.usage()).bytes).toBeLessThanOrEqual(Math.floor(5.5 * size * 0.9));
    expect(cache.drainWarnings()).toEqual([]);
  });

  test('a blob read through blobPath counts as used', async () => {
    const dir = await tempDir();
    const digests: Digest[] = [];
    const { cache, clock } = await clockedCache(3_500);
    for (let i = 0; i < 3; i += 1) {
      const bytes = String(i).repeat(1000);
      await writeFile(join(dir, `src-${i}`), bytes);
      digests.push(toDigest(sha256Hex(bytes)));
      clock.now += 1000;
      await cache.importBlob(join(dir, `src-${i}`), digests[i]!);
    }
    clock.now += 1000;
    expect(await cache.blobPath(digests[0]!)).toBeDefined();
    clock.now += 1000;
    await writeFile(join(dir, 'src-3'), 'x'.repeat(1000));
    await cache.importBlob(join(dir, 'src-3'), toDigest(sha256Hex('x'.repeat(1000))));
    expect(await Promise.all(digests.map((d) => cache.hasBlob(d)))).toEqual([true, false, true]);
  });

  test('the bound holds after many writes, and the newest entries survive', async () => {
    const maxBytes = 20_000;
    const { cache, clock } = await clockedCache(maxBytes);
    const records = Array.from({ length: 300 }, (_, i) => hostRecord(`many-${i}`));
    for (const [i, record] of records.entries()) {
      clock.now += 1000;
      await cache.putRecord(record);
      await cache.putNewest(record.goalId, record);
      if (i % 50 === 0) expect((await cache.usage()).bytes).toBeLessThanOrEqual(maxBytes);
    }
    const usage = await cache.usage();
    expect(usage.bytes).toBeLessThanOrEqual(maxBytes);
    expect(usage.entries).toBeGreaterThan(10);
    expect(await cache.getRecord(records[299]!.gmDigest)).toBeDefined();
    expect(await cache.getRecord(records[0]!.gmDigest)).toBeUndefined();
    expect(await cache.evict()).toEqual({ removed: 0, freedBytes: 0 });
    expect(await readdir(join(cache.root, 'tmp'))).toEqual([]);
  });

  test('an explicit evict brings a cache reopened with a smaller bound within it', async () => {
    const { cache, clock } = await clockedCache(1_000_000);
    for (let i = 0; i < 20; i += 1) {
      clock.now += 1000;
      await cache.putRecord(hostRecord(`shrink-${i}`));
    }
    const before = await cache.usage();
    const { cache: smaller } = await clockedCache(Math.floor(before.bytes / 2), cache.root);
    const result = await smaller.evict();
    const after = await smaller.usage();
    expect(result.removed).toBe(before.entries - after.entries);
    expect(result.freedBytes).toBe(before.bytes - after.bytes);
    expect(after.bytes).toBeLessThanOrEqual(Math.floor((before.bytes / 2) * 0.9));
  });
});

describe('the cache lock', () => {
  test('a lock left by a dead process is broken and eviction goes on', async () => {
    const size = await recordSize('l0');
    const { cache, clock } = await clockedCache(Math.floor(2.5 * size));
    const lock = { pid: await deadPid(), host: hostname(), since: 'then', purpose: 'killed' };
    await writeFile(join(cache.root, 'lock'), JSON.stringify(lock));
    for (let i = 0; i < 4; i += 1) {
      clock.now += 1000;
      await cache.putRecord(hostRecord(`l${i}`));
    }
    expect((await cache.usage()).entries).toBe(2);
    expect(await readdir(cache.root)).not.toContain('lock');
    expect(cache.drainWarnings()).toEqual([]);
  });

  test('a busy lock delays the size update, never the write', async () => {
    const { cache } = await clockedCache(1_000_000);
    const lockFile = join(cache.root, 'lock');
    const holder = { pid: process.pid, host: hostname(), since: 'elsewhere', purpose: 'test' };
    await writeFile(lockFile, JSON.stringify(holder));
    const record = hostRecord('busy');
    await cache.putRecord(record);
    expect(await cache.getRecord(record.gmDigest)).toEqual(record);
    expect(cache.drainWarnings()).toEqual([expect.stringMatching(/size not updated yet/)]);
    await rm(lockFile);
    await cache.putRecord(hostRecord('after'));
    expect(cache.drainWarnings()).toEqual([]);
  });
});
