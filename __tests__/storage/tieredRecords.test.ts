import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Digest, VerificationRecord } from '../../src/core/types.js';
import { HostCache } from '../../src/storage/host/hostCache.js';
import { TieredRecordStore } from '../../src/storage/host/tieredRecords.js';
import type { RecordStore } from '../../src/storage/types.js';
import { digestOf, hostRecord } from './fixtures/hostRecords.js';

/** The second level as the engine sees it: pass/fail by GM digest, newest of every key. */
class MemoryRecordStore implements RecordStore {
  readonly byGm = new Map<Digest, VerificationRecord>();
  readonly newest = new Map<string, VerificationRecord>();
  lookups = 0;

  findByGm(gmDigest: Digest): Promise<VerificationRecord | undefined> {
    this.lookups += 1;
    return Promise.resolve(this.byGm.get(gmDigest));
  }

  newestForKey(key: string): Promise<VerificationRecord | undefined> {
    return Promise.resolve(this.newest.get(key));
  }

  saveRecord(key: string, record: VerificationRecord): Promise<void> {
    if (record.verdict !== 'inconclusive') this.byGm.set(record.gmDigest, record);
    this.newest.set(key, record);
    return Promise.resolve();
  }
}

const created: string[] = [];

afterAll(async () => {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tiers(): Promise<{
  host: HostCache;
  second: MemoryRecordStore;
  store: TieredRecordStore;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'dog-tiered-test-'));
  created.push(dir);
  const host = await HostCache.open({ root: join(dir, 'host'), maxBytes: 1_000_000 });
  const second = new MemoryRecordStore();
  return { host, second, store: new TieredRecordStore(host, second) };
}

describe('TieredRecordStore', () => {
  test('saves to both levels', async () => {
    const { host, second, store } = await tiers();
    const pass = hostRecord('a');
    const inconclusive = hostRecord('b', { verdict: 'inconclusive' });
    await store.saveRecord('goal-a', pass);
    await store.saveRecord('goal-b', inconclusive);
    expect(await host.getRecord(pass.gmDigest)).toEqual(pass);
    expect(await host.newestForKey('goal-a')).toEqual(pass);
    expect(await host.newestForKey('goal-b')).toEqual(inconclusive);
    expect(await host.getRecord(inconclusive.gmDigest)).toBeUndefined();
    expect(second.byGm.get(pass.gmDigest)).toEqual(pass);
    expect(second.newest.get('goal-b')).toEqual(inconclusive);
    expect(store.drainWarnings()).toEqual([]);
  });

  test('answers from the host first, without asking the second level', async () => {
    const { host, second, store } = await tiers();
    const record = hostRecord('c');
    await host.putRecord(record);
    expect(await store.findByGm(record.gmDigest)).toEqual(record);
    expect(second.lookups).toBe(0);
  });

  test('a second-level hit is kept on the host for the next run', async () => {
    const { host, second, store } = await tiers();
    const record = hostRecord('d');
    second.byGm.set(record.gmDigest, record);
    expect(await store.findByGm(record.gmDigest)).toEqual(record);
    expect(await host.getRecord(record.gmDigest)).toEqual(record);
    expect(await store.findByGm(digestOf('nowhere'))).toBeUndefined();
  });

  test('a second-level record that is not what was asked for is not used', async () => {
    const { host, second, store } = await tiers();
    const asked = hostRecord('e');
    const other = hostRecord('f');
    const unbound = hostRecord('g', { gmDigest: digestOf('claimed') });
    second.byGm.set(asked.gmDigest, other);
    second.byGm.set(unbound.gmDigest, unbound);
    expect(await store.findByGm(asked.gmDigest)).toBeUndefined();
    expect(await store.findByGm(unbound.gmDigest)).toBeUndefined();
    expect(await host.getRecord(other.gmDigest)).toBeUndefined();
    expect(await host.getRecord(unbound.gmDigest)).toBeUndefined();
    const warnings = store.drainWarnings();
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toMatch(/GM digest/);
  });

  test('the newest record is the later-settled of the two levels', async () => {
    const { host, second, store } = await tiers();
    const older = hostRecord('h', { settledAt: '2025-01-01T00:00:00.000Z', runId: 'older' });
    const newer = hostRecord('h', { settledAt: '2025-03-01T00:00:00.000Z', runId: 'newer' });
    await host.putNewest('goal-h', older);
    second.newest.set('goal-h', newer);
    expect((await store.newestForKey('goal-h'))?.runId).toBe('newer');
    await host.putNewest('goal-h', newer);
    second.newest.set('goal-h', older);
    expect((await store.newestForKey('goal-h'))?.runId).toBe('newer');
    second.newest.delete('goal-h');
    expect((await store.newestForKey('goal-h'))?.runId).toBe('newer');
    expect(await store.newestForKey('goal-none')).toBeUndefined();
  });

  test('a failing host write becomes a warning, and the second level still saves', async () => {
    const { host, second, store } = await tiers();
    const record = hostRecord('j');
    await host.putRecord(record);
    const failing = new TieredRecordStore(
      Object.assign(Object.create(host) as HostCache, {
        putRecord: () => Promise.reject(new Error('disk full')),
      }),
      second,
    );
    await failing.saveRecord('goal-j', record);
    expect(second.byGm.get(record.gmDigest)).toEqual(record);
    expect(second.newest.get('goal-j')).toEqual(record);
    expect(failing.drainWarnings()).toEqual(['host cache save failed: disk full']);
    expect(store.drainWarnings()).toEqual([]);
  });

  test('a failing host lookup falls back to the second level', async () => {
    const { host, second } = await tiers();
    const record = hostRecord('k');
    second.byGm.set(record.gmDigest, record);
    const broken = Object.assign(Object.create(host) as HostCache, {
      getRecord: () => Promise.reject(new Error('EIO')),
    });
    const store = new TieredRecordStore(broken, second);
    expect(await store.findByGm(record.gmDigest)).toEqual(record);
    expect(store.drainWarnings()[0]).toMatch(/look up failed, using the second level: EIO/);
  });
});
