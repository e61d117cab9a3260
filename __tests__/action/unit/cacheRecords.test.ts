// Records in the Actions cache, against a small in-memory cache with GitHub's semantics
// (immutable keys, exact match first, else the newest entry with a matching prefix). The
// same store runs against the real @actions/cache client in the end-to-end suite.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CacheRecordStore,
  gmCacheKey,
  lastCacheKeyPrefix,
} from '../../../src/storage/github/cacheRecords.js';
import type { CacheWriteAccess } from '../../../src/storage/github/cacheAccess.js';
import type { CachePort } from '../../../src/storage/github/ports.js';
import { gmDigestOf } from '../../../src/core/select.js';
import type { VerificationRecord, VerifierIdentity } from '../../../src/core/types.js';

class MemoryCache implements CachePort {
  readonly entries: { key: string; path: string; bytes: Buffer }[] = [];
  writeAccess: CacheWriteAccess = { writable: true };
  constructor(private readonly resolvePath: (cachePath: string) => string) {}

  async restore(path: string, key: string, prefixes: readonly string[] = []) {
    const same = this.entries.filter((e) => e.path === path);
    const exact = same.find((e) => e.key === key);
    const hit = exact ?? [...same].reverse().find((e) => prefixes.some((p) => e.key.startsWith(p)));
    if (!hit) return undefined;
    await writeFile(this.resolvePath(path), hit.bytes);
    return hit.key;
  }

  async save(path: string, key: string) {
    if (this.entries.some((e) => e.key === key)) return 'exists' as const;
    this.entries.push({ key, path, bytes: await readFile(this.resolvePath(path)) });
    return 'saved' as const;
  }
}

const identity: VerifierIdentity = {
  mode: 'programmatic',
  script: 'file.exists',
  scriptDigest: `sha256:${'a'.repeat(64)}`,
  params: null,
};
const captureDigest = `sha256:${'c'.repeat(64)}` as const;
const gm = gmDigestOf(captureDigest, identity);

function record(verdict: 'pass' | 'fail' | 'inconclusive', runId = 'gh-1-1'): VerificationRecord {
  return {
    schemaVersion: '1',
    goalId: 'docs',
    role: 'leaf',
    runId,
    graphDigest: `sha256:${'d'.repeat(64)}`,
    captureDigest,
    gmDigest: gm,
    verifier: identity,
    verdict,
    evidence: { ok: verdict },
    ...(verdict === 'inconclusive'
      ? { error: { category: 'timeout' as const, message: 'slow' } }
      : {}),
    usage: { durationMs: 3, tokens: 0, costUsd: 0 },
    attempts: 1,
    isolation: 'none',
    settledAt: '2026-12-01T00:00:00.000Z',
  };
}

describe('CacheRecordStore', () => {
  let dir: string;
  let cache: MemoryCache;
  const warnings: string[] = [];
  const store = (saveTag = 'run-1', trigger = 'push') =>
    new CacheRecordStore({
      cache,
      dir,
      cacheDir: '~/.cache/dog/records',
      saveTag,
      trigger,
      warn: (m) => warnings.push(m),
    });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dog-cache-'));
    cache = new MemoryCache((p) => join(dir, p.slice('~/.cache/dog/records/'.length)));
    warnings.length = 0;
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('saves a pass under its GM key and finds it again; the file does not stay behind', async () => {
    const first = store();
    await first.saveRecord('docs', record('pass'));
    expect(await first.flush()).toEqual({ saved: 2, existing: 0, failed: 0, notSaved: 0 });
    // Entries are saved concurrently: their order is not part of the contract.
    expect(cache.entries.map((e) => e.key).sort()).toEqual(
      [gmCacheKey(gm), `${lastCacheKeyPrefix('docs')}run-1`].sort(),
    );
    expect(cache.entries.find((e) => e.key === gmCacheKey(gm))?.path).toBe(
      `~/.cache/dog/records/${gmCacheKey(gm)}.json`,
    );
    expect(await store('run-2').findByGm(gm)).toEqual(record('pass'));
    expect(await import('node:fs/promises').then((fs) => fs.readdir(dir))).toEqual([]);
  });

  it('never saves an inconclusive record under the GM key, but remembers it as the newest', async () => {
    const s = store();
    await s.saveRecord('docs', record('inconclusive'));
    await s.flush();
    expect(await s.findByGm(gm)).toBeUndefined();
    expect((await s.newestForKey('docs'))?.verdict).toBe('inconclusive');
  });

  it('returns the newest record of a work item across runs', async () => {
    const one = store('run-1');
    await one.saveRecord('docs', record('fail', 'gh-1-1'));
    await one.flush();
    const two = store('run-2');
    await two.saveRecord('docs', record('pass', 'gh-2-1'));
    await two.flush();
    expect((await store('run-3').newestForKey('docs'))?.runId).toBe('gh-2-1');
    expect(await store().newestForKey('other')).toBeUndefined();
  });

  it('counts a key that exists already without failing', async () => {
    const first = store('run-1');
    await first.saveRecord('docs', record('pass'));
    await first.flush();
    const again = store('run-2');
    await again.saveRecord('docs', record('pass'));
    expect(await again.flush()).toEqual({ saved: 1, existing: 1, failed: 0, notSaved: 0 });
  });

  it.each([
    ['not JSON', () => Buffer.from('{nope')],
    ['schema-invalid', () => Buffer.from(JSON.stringify({ ...record('pass'), verdict: 'PASS' }))],
    [
      'bound to other bytes',
      () =>
        Buffer.from(
          JSON.stringify({ ...record('pass'), captureDigest: `sha256:${'e'.repeat(64)}` }),
        ),
    ],
    ['inconclusive under a GM key', () => Buffer.from(JSON.stringify(record('inconclusive')))],
  ])('refuses an entry that is %s, with a warning', async (_, bytes) => {
    cache.entries.push({
      key: gmCacheKey(gm),
      path: `~/.cache/dog/records/${gmCacheKey(gm)}.json`,
      bytes: bytes(),
    });
    expect(await store().findByGm(gm)).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/was not used/);
  });

  it('treats a failing cache as a miss and says so', async () => {
    const broken: CachePort = {
      writeAccess: { writable: true },
      restore: () => Promise.reject(new Error('service unavailable')),
      save: () => Promise.reject(new Error('service unavailable')),
    };
    const s = new CacheRecordStore({
      cache: broken,
      dir,
      cacheDir: '~/x',
      saveTag: 't',
      trigger: 'push',
      warn: (m) => warnings.push(m),
    });
    expect(await s.findByGm(gm)).toBeUndefined();
    await s.saveRecord('docs', record('pass'));
    expect(await s.flush()).toEqual({ saved: 0, existing: 0, failed: 2, notSaved: 0 });
    expect(warnings.join('\n')).toMatch(/service unavailable/);
  });

  describe('when the job’s cache is read-only', () => {
    const readOnly =
      '2 records were not saved: this trigger (workflow_run) gets a read-only cache on GitHub; the next run verifies these goals again — run DoG on push to the default branch to fill the cache';

    beforeEach(() => {
      cache.writeAccess = { writable: false, mode: 'read' };
    });

    it('saves nothing, counts nothing as saved, and says so once for the report and once as a warning', async () => {
      const s = store('run-1', 'workflow_run');
      await s.saveRecord('docs', record('pass'));
      await s.saveRecord('other', record('inconclusive'));
      expect(s.drainWarnings()).toEqual([readOnly]);
      expect(s.drainWarnings()).toEqual([]);
      expect(warnings).toEqual([]);
      // pass: its GM entry and its newest entry; inconclusive: its newest entry only.
      expect(await s.flush()).toEqual({ saved: 0, existing: 0, failed: 0, notSaved: 3 });
      expect(warnings).toEqual([`DoG: ${readOnly}`]);
      expect(cache.entries).toEqual([]);
      expect(await import('node:fs/promises').then((fs) => fs.readdir(dir))).toEqual([]);
      // Nothing queued any more: a second flush is silent.
      expect(await s.flush()).toEqual({ saved: 0, existing: 0, failed: 0, notSaved: 0 });
      expect(warnings).toHaveLength(1);
    });

    it('is silent when there was nothing to save, and still finds what the cache holds', async () => {
      cache.writeAccess = { writable: true };
      const writer = store();
      await writer.saveRecord('docs', record('pass'));
      await writer.flush();
      cache.writeAccess = { writable: false, mode: 'read' };
      const reader = store('run-2', 'pull_request_target');
      expect(await reader.findByGm(gm)).toEqual(record('pass'));
      expect(reader.drainWarnings()).toEqual([]);
      expect(await reader.flush()).toEqual({ saved: 0, existing: 0, failed: 0, notSaved: 0 });
      expect(warnings).toEqual([]);
    });
  });
});
