// Verification records in the Actions cache as one record pack per run (DESIGN §5, §8;
// docs/store.md). A plan restores the graph's newest pack once and answers every lookup from
// memory; a flush restores the newest pack again (a concurrent run may have saved one since),
// merges this run's records into it, prunes it to a size bound and saves it once. While a
// graph has no pack yet, lookups fall back to the old per-record entries (read-only).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { workKey } from '../../core/graph/model.js';
import { acceptRecord } from '../../core/records/accept.js';
import type { Digest, VerificationRecord } from '../../core/types.js';
import type { RecordStore } from '../types.js';
import { notSavedWarning } from './cacheAccess.js';
import type { CacheTrust } from './cacheTrust.js';
import { findLegacyRecord } from './legacyRecords.js';
import {
  DEFAULT_MAX_RATE_LIMIT_WAIT_MS,
  notSavedMessage,
  saveWithRetry,
  type FlushResult,
} from './packSave.js';
import {
  messageOf,
  PACK_FILE,
  restoreTrustedPacks,
  warnUntrusted,
  type PackSource,
} from './packRestore.js';
import type { CachePort } from './ports.js';
import {
  addRecord,
  DEFAULT_PACK_MAX_BYTES,
  emptyContents,
  graphKeyOf,
  mergeInto,
  packKeyPrefix,
  putEntry,
  putNewest,
  writePack,
  type PackContents,
} from './recordPack.js';
import { contentKey } from './trustedEntries.js';
/**
 * A graph with no pack looks records up in the old layout one by one; when that many lookups
 * found nothing and none found anything, the old layout is taken to hold nothing of this graph
 * (a new repository or graph), so a first run stays a bounded number of cache calls.
 */
export const LEGACY_MISSES_BEFORE_GIVING_UP = 16;

export type PackStoreOptions = {
  cache: CachePort;
  /** Which scopes' packs count, and whether this job's saves will (cacheTrust.ts). */
  trust: CacheTrust;
  /** A private directory; every cache call stages its file in a fresh directory under it. */
  dir: string;
  /** Where `~` of the old layout's entries is on this runner (HOME). */
  homeDir: string;
  /** This run attempt (`gh-<run>-<attempt>`): the pack's key ends with it. */
  runId: string;
  /** The event that started the run (GITHUB_EVENT_NAME), named when saving is not allowed. */
  trigger: string;
  /** Log warnings (annotations) for what happens at flush time. */
  warn(message: string): void;
  maxBytes?: number;
  maxRateLimitWaitMs?: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
};

export class PackRecordStore implements RecordStore {
  private graphKey: string | undefined;
  /** What the run started from (plan side); undefined until opened with lookups. */
  private contents: PackContents | undefined;
  /** No pack existed for the graph: lookups fall back to the old layout. */
  private legacyFallback = false;
  private legacyMisses = 0;
  /** The old-layout lookup in flight while no record came from there yet (see probeLegacy). */
  private legacyProbe: Promise<unknown> = Promise.resolve();
  /** Records found in the old layout are in memory only until a flush saves them. */
  private carriesLegacy = false;
  private readonly legacyGoals = new Set<string>();
  private readonly queued = new Map<string, VerificationRecord>();
  /** Inherited by this run: refreshed, and carried into the pack if it lacks them. */
  private readonly used = new Map<Digest, VerificationRecord>();
  private readonly warnings: string[] = [];
  private notSavedReported = false;

  constructor(private readonly options: PackStoreOptions) {}

  /**
   * Binds the store to a graph. With `lookups` (plan, run): restores the graph's newest pack,
   * the one cache call lookups need. Without (aggregate): the flush restores it.
   */
  async open(graphId: string, { lookups = true }: { lookups?: boolean } = {}): Promise<void> {
    this.graphKey = graphKeyOf(graphId);
    if (!lookups) return;
    await warnUntrusted(this.source());
    const newest = await this.restoreNewest();
    this.contents = newest.found ?? emptyContents();
    // Only a graph with no pack at all looks at the old layout; a pack that could not be
    // read or restored may well exist.
    this.legacyFallback = newest.missing;
  }

  async findByGm(gmDigest: Digest): Promise<VerificationRecord | undefined> {
    const contents = this.opened();
    const entry = contents.byGm.get(gmDigest);
    if (entry) {
      this.used.set(gmDigest, entry.record);
      return entry.record;
    }
    if (!this.legacyFallback) return undefined;
    return this.carriesLegacy
      ? this.findLegacy(contents, gmDigest)
      : this.probeLegacy(contents, gmDigest);
  }

  newestForKey(key: string): Promise<VerificationRecord | undefined> {
    return Promise.resolve(this.opened().newest.get(key));
  }

  /** Queued: the pack is written by `flush`, after the run settled. */
  saveRecord(key: string, record: VerificationRecord): Promise<void> {
    this.queued.set(key, record);
    return Promise.resolve();
  }

  /**
   * Records this run inherited (in another job: the plan's). Their last use becomes now, and
   * the pack keeps them even if the newest pack lacks them (e.g. they came from the old layout).
   */
  markUsed(records: Iterable<VerificationRecord>): void {
    for (const record of records) {
      const accepted = acceptRecord(record, { gmDigest: record.gmDigest, inheritable: true });
      if (accepted.ok) this.used.set(record.gmDigest, accepted.record);
    }
  }

  /** Goal ids whose inherited record came from the old per-record layout. */
  legacyGoalIds(): string[] {
    return [...this.legacyGoals].sort();
  }

  /** For the report: refused pack entries, records from the old layout, a read-only cache. */
  drainWarnings(): string[] {
    const drained = this.warnings.splice(0);
    if (this.legacyGoals.size > 0) {
      const ids = this.legacyGoalIds();
      const shown = ids.slice(0, 20).join(', ') + (ids.length > 20 ? ', …' : '');
      drained.push(
        `${ids.length} record(s) came from the old per-record cache layout (dog-v1-*) and are carried into this run's record pack: ${shown}`,
      );
      this.legacyGoals.clear();
    }
    const notSaved = this.readOnlyMessage();
    if (notSaved !== undefined && !this.notSavedReported) {
      this.notSavedReported = true;
      drained.push(notSaved);
    }
    return drained;
  }

  /** Merges this run's records into the newest pack and saves it once (see docs/store.md). */
  async flush(): Promise<FlushResult> {
    const graphKey = this.bound();
    const added = this.queued.size;
    // What the run started from already holds everything (records from the old layout are in
    // memory only): no call at all.
    if (
      added === 0 &&
      !this.carriesLegacy &&
      [...this.used.keys()].every((gm) => this.contents?.byGm.has(gm))
    )
      return { outcome: 'unchanged' };
    if (!this.options.trust.ownTrusted) {
      this.queued.clear();
      return { outcome: 'untrusted-scope', added, scope: this.options.trust.ownRef };
    }
    const readOnly = this.readOnlyMessage();
    if (readOnly !== undefined) {
      this.options.warn(`DoG: ${readOnly}`);
      this.queued.clear();
      return { outcome: 'read-only', added };
    }
    const reported = this.warnings.length;
    const newest = (await this.restoreNewest()).found;
    for (const message of this.warnings.splice(reported)) this.options.warn(`DoG: ${message}`);
    if (added === 0 && [...this.used.keys()].every((gm) => newest?.byGm.has(gm)))
      return { outcome: 'unchanged' };
    const now = (this.options.now?.() ?? new Date()).toISOString();
    const merged = emptyContents();
    if (this.contents) mergeInto(merged, this.contents);
    if (newest) mergeInto(merged, newest);
    for (const record of this.used.values()) putEntry(merged, { record, usedAt: now });
    for (const [workKey, record] of this.queued) addRecord(merged, workKey, record, now);
    const written = writePack(
      merged,
      { graphKey, runId: this.options.runId, savedAt: now },
      this.options.maxBytes ?? DEFAULT_PACK_MAX_BYTES,
    );
    const key = contentKey(packKeyPrefix(graphKey), this.options.runId, written.text);
    const result = await this.save(key, written.text, added);
    if (result.outcome === 'saved') {
      this.queued.clear();
      return { ...result, records: written.records, pruned: written.pruned };
    }
    if (result.outcome === 'refused' || result.outcome === 'failed')
      this.options.warn(`DoG: ${notSavedMessage(result)}`);
    return result;
  }

  private async save(key: string, text: string, added: number): Promise<FlushResult> {
    const root = await this.stagingRoot();
    try {
      await writeFile(join(root, PACK_FILE), text);
      const { result, waitedMs } = await saveWithRetry(
        this.options.cache,
        PACK_FILE,
        key,
        { root },
        {
          maxWaitMs: this.options.maxRateLimitWaitMs ?? DEFAULT_MAX_RATE_LIMIT_WAIT_MS,
          sleep: this.options.sleep ?? sleep,
        },
      );
      const waitedSeconds = Math.round(waitedMs / 1000);
      if (result.outcome === 'saved')
        return { outcome: 'saved', key, records: 0, added, pruned: 0, waitedSeconds };
      if (result.outcome === 'exists') return { outcome: 'exists', key, added };
      return { ...result, key, added, waitedSeconds };
    } catch (error) {
      return { outcome: 'failed', key, added, reason: messageOf(error) };
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }

  /** The newest trusted packs, accepted record by record; `missing`: no pack anywhere. */
  private restoreNewest(): Promise<{ found?: PackContents; missing: boolean }> {
    return restoreTrustedPacks(this.source());
  }

  private source(): PackSource {
    return {
      cache: this.options.cache,
      trust: this.options.trust,
      dir: this.options.dir,
      graphKey: this.bound(),
      warn: (message) => this.warn(message),
    };
  }

  /**
   * Until the old layout has answered with a record, its lookups go one at a time: each miss
   * is counted before the next lookup starts, so a plan's concurrent lookups cannot ask more
   * than LEGACY_MISSES_BEFORE_GIVING_UP times before the fallback ends.
   */
  private probeLegacy(
    contents: PackContents,
    gmDigest: Digest,
  ): Promise<VerificationRecord | undefined> {
    const probe = this.legacyProbe.then(() =>
      this.legacyFallback ? this.findLegacy(contents, gmDigest) : undefined,
    );
    this.legacyProbe = probe;
    return probe;
  }

  private async findLegacy(
    contents: PackContents,
    gmDigest: Digest,
  ): Promise<VerificationRecord | undefined> {
    try {
      const found = await findLegacyRecord(this.options.cache, gmDigest, this.options.homeDir);
      if (!found.found) {
        this.legacyMisses += 1;
        if (this.legacyGoals.size === 0 && this.legacyMisses >= LEGACY_MISSES_BEFORE_GIVING_UP)
          this.legacyFallback = false;
        return undefined;
      }
      if ('refused' in found) {
        this.warn(`old cache entry for ${gmDigest} was not used: ${found.refused}`);
        return undefined;
      }
      const { record } = found;
      putEntry(contents, { record, usedAt: record.settledAt });
      putNewest(contents, workKey(record.goalId, record.role), record);
      this.legacyGoals.add(record.goalId);
      this.carriesLegacy = true;
      this.used.set(gmDigest, record);
      return record;
    } catch (error) {
      this.warn(`old cache lookup for ${gmDigest} failed, verifying again: ${messageOf(error)}`);
      return undefined;
    }
  }

  private readOnlyMessage(): string | undefined {
    const access = this.options.cache.writeAccess;
    if (access.writable || this.queued.size === 0) return undefined;
    return notSavedWarning(this.queued.size, this.options.trigger, access);
  }

  private async stagingRoot(): Promise<string> {
    await mkdir(this.options.dir, { recursive: true });
    return mkdtemp(join(this.options.dir, 'pack-'));
  }

  private opened(): PackContents {
    if (this.contents === undefined)
      throw new Error('the record pack store was not opened for lookups (open(graphId) first)');
    return this.contents;
  }

  private bound(): string {
    if (this.graphKey === undefined)
      throw new Error('the record pack store is not bound to a graph (open(graphId) first)');
    return this.graphKey;
  }

  private warn(message: string): void {
    if (this.warnings.length < 100 && !this.warnings.includes(message)) this.warnings.push(message);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
