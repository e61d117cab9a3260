// Verification records in the Actions cache (DESIGN §5, §8). A pass or fail record lives
// under a key derived from its GM digest; a second, prefix-searchable entry per work item
// remembers the newest record of that goal so a re-run can say why it re-ran. A record read
// back is used only if it validates and its own digests hash to the key it was found under.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { digestHex, sha256Hex } from '../../core/digest.js';
import { runLimited } from '../../core/limit.js';
import { gmDigestOf } from '../../core/select.js';
import type { Digest, VerificationRecord } from '../../core/types.js';
import { validateAgainst } from '../../schemas/validate.js';
import type { RecordStore } from '../types.js';
import { notSavedWarning } from './cacheAccess.js';
import type { CachePort } from './ports.js';

export const CACHE_KEY_VERSION = 'dog-v1';

export function gmCacheKey(gmDigest: Digest): string {
  return `${CACHE_KEY_VERSION}-gm-${digestHex(gmDigest)}`;
}

/** Prefix of the "newest record of this work item" entries; the suffix makes each unique. */
export function lastCacheKeyPrefix(workKey: string): string {
  return `${CACHE_KEY_VERSION}-last-${sha256Hex(workKey).slice(0, 32)}-`;
}

export type CacheRecordOptions = {
  cache: CachePort;
  /** Where entries are laid out on disk while they are saved or restored. */
  dir: string;
  /**
   * The same directory as the cache is told it. The cache versions an entry by this string,
   * so it must be identical in every job: `~/…` (the runner's home) is.
   */
  cacheDir: string;
  /** Unique per save batch (run id and attempt), so "last" entries never collide. */
  saveTag: string;
  /** The event that started the run (GITHUB_EVENT_NAME), named when saving is not allowed. */
  trigger: string;
  warn(message: string): void;
};

type SaveResult = 'saved' | 'exists' | 'failed';

/** Cache entries by outcome; `notSaved`: not attempted, the job's cache is read-only. */
export type FlushResult = { saved: number; existing: number; failed: number; notSaved: number };

export function describeFlush(result: FlushResult): string {
  const notSaved = result.notSaved > 0 ? `, ${result.notSaved} not saved (read-only cache)` : '';
  return `DoG: ${result.saved} cache entries saved, ${result.existing} already there, ${result.failed} failed${notSaved}`;
}

export class CacheRecordStore implements RecordStore {
  private readonly unsaved = new Map<string, VerificationRecord>();
  private notSavedReported = false;

  constructor(private readonly options: CacheRecordOptions) {}

  async findByGm(gmDigest: Digest): Promise<VerificationRecord | undefined> {
    const key = gmCacheKey(gmDigest);
    const record = await this.restore(key, key, []);
    if (!record) return undefined;
    if (record.verdict === 'inconclusive' || !bound(record, gmDigest)) {
      this.options.warn(
        `cache entry ${key} holds a record for other bytes or another verifier; it was not used`,
      );
      return undefined;
    }
    return record;
  }

  async newestForKey(key: string): Promise<VerificationRecord | undefined> {
    const prefix = lastCacheKeyPrefix(key);
    const record = await this.restore(prefix, prefix, [prefix]);
    if (!record) return undefined;
    if (record.goalId !== key.replace(/#assert$/, '')) return undefined;
    return record;
  }

  /** Queued: a batch is written by `flush`, after the run settled. */
  async saveRecord(key: string, record: VerificationRecord): Promise<void> {
    this.unsaved.set(key, record);
    return Promise.resolve();
  }

  /**
   * For the report, once: why the queued records will not be saved. Asked after the run
   * settled, when every record of the run is queued.
   */
  drainWarnings(): string[] {
    const message = this.notSavedMessage();
    if (message === undefined || this.notSavedReported) return [];
    this.notSavedReported = true;
    return [message];
  }

  /**
   * Saves queued records: pass/fail under their GM key, every verdict as its goal's newest.
   * A job whose cache is read-only saves nothing and says so once, as a warning.
   */
  async flush(concurrency = 8): Promise<FlushResult> {
    const message = this.notSavedMessage();
    const jobs: (() => Promise<SaveResult>)[] = [];
    for (const [key, record] of this.unsaved) {
      if (record.verdict !== 'inconclusive')
        jobs.push(() => this.save(gmCacheKey(record.gmDigest), record));
      const last = `${lastCacheKeyPrefix(key)}${this.options.saveTag}`;
      jobs.push(() => this.save(last, record, lastCacheKeyPrefix(key)));
    }
    this.unsaved.clear();
    if (message !== undefined) {
      this.options.warn(`DoG: ${message}`);
      return { saved: 0, existing: 0, failed: 0, notSaved: jobs.length };
    }
    const results = await runLimited(jobs, concurrency);
    return {
      saved: results.filter((r) => r === 'saved').length,
      existing: results.filter((r) => r === 'exists').length,
      failed: results.filter((r) => r === 'failed').length,
      notSaved: 0,
    };
  }

  private notSavedMessage(): string | undefined {
    const access = this.options.cache.writeAccess;
    if (access.writable || this.unsaved.size === 0) return undefined;
    return notSavedWarning(this.unsaved.size, this.options.trigger, access);
  }

  private pathFor(entryName: string): string {
    return join(this.options.dir, `${entryName}.json`);
  }

  private cachePathFor(entryName: string): string {
    return `${this.options.cacheDir}/${entryName}.json`;
  }

  private async restore(
    key: string,
    pathName: string,
    prefixes: readonly string[],
  ): Promise<VerificationRecord | undefined> {
    const path = this.pathFor(pathName);
    try {
      const matched = await this.options.cache.restore(this.cachePathFor(pathName), key, prefixes);
      if (matched === undefined) return undefined;
      return this.parse(await readFile(path, 'utf8'), matched);
    } catch (error) {
      this.options.warn(`cache lookup ${key} failed, verifying again: ${String(error)}`);
      return undefined;
    } finally {
      await rm(path, { force: true });
    }
  }

  private parse(text: string, key: string): VerificationRecord | undefined {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.options.warn(`cache entry ${key} is not JSON; it was not used`);
      return undefined;
    }
    const result = validateAgainst<VerificationRecord>('record', value);
    if (!result.ok) {
      const first = result.problems[0];
      this.options.warn(
        `cache entry ${key} is not a valid record (${first?.pointer || '/'}: ${first?.message}); it was not used`,
      );
      return undefined;
    }
    return result.value;
  }

  private async save(key: string, record: VerificationRecord, pathName = key): Promise<SaveResult> {
    const path = this.pathFor(pathName);
    await mkdir(this.options.dir, { recursive: true });
    await writeFile(path, JSON.stringify(record));
    try {
      return await this.options.cache.save(this.cachePathFor(pathName), key);
    } catch (error) {
      this.options.warn(`could not save cache entry ${key}: ${String(error)}`);
      return 'failed';
    } finally {
      await rm(path, { force: true });
    }
  }
}

/** The record's own capture digest and verifier identity must hash to the GM digest asked for. */
function bound(record: VerificationRecord, gmDigest: Digest): boolean {
  return (
    record.gmDigest === gmDigest && gmDigestOf(record.captureDigest, record.verifier) === gmDigest
  );
}
