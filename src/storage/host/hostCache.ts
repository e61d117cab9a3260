// A host-local store for self-hosted runners (DESIGN §5): captures and verification records
// shared by every run on one machine, next to the Actions cache. Layout, LRU and locking are
// described in docs/store.md, "Host-local store (self-hosted runners)".
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { isErrnoCode } from '../../capture/captureError.js';
import { sha256Hex, toDigest } from '../../core/digest.js';
import { StoreError } from '../../core/errors.js';
import type { Digest, VerificationRecord } from '../../core/types.js';
import {
  commitIfAbsent,
  commitReplacing,
  ENTRY_MODE,
  readEntry,
  removeIfSameFile,
  setRecency,
  writeTempEntry,
} from './entryFile.js';
import { tempPathIn } from '../tempFiles.js';
import type { EvictionResult } from './eviction.js';
import { copyHashing, hashFile } from './hashCopy.js';
import { HostLayout } from './layout.js';
import { prepareHostLayout } from './openLayout.js';
import { checkRecord, parseRecord, settledTime, workKeyOf } from './recordCheck.js';
import { scanEntries, statEntry, totalBytes } from './scan.js';
import { SizeLedger } from './sizeLedger.js';
import { ensureDir } from './trust.js';

export type HostCacheOptions = { root: string; maxBytes: number; now?: () => number };

export type BlobPathOptions = {
  /** Re-hash the stored bytes; a mismatch deletes the blob and reads as a miss. */
  verify?: boolean;
  /** The size the caller expects (a capture's `bytes`); any other size is a damaged blob. */
  expectedBytes?: number;
};

export type HostUsage = { bytes: number; entries: number };

const MAX_WARNINGS = 100;
const EMPTY_DIGEST = toDigest(sha256Hex(''));

export class HostCache {
  readonly root: string;
  private readonly warnings: string[] = [];
  private readonly ledger: SizeLedger;
  private readonly knownDirs = new Set<string>();

  private constructor(
    private readonly layout: HostLayout,
    maxBytes: number,
    private readonly now: () => number,
  ) {
    this.root = layout.root;
    this.ledger = new SizeLedger({ layout, maxBytes, warn: (m) => this.warn(m) });
  }

  /** Opens (creating if needed) a host cache; refuses one other users could tamper with. */
  static async open(options: HostCacheOptions): Promise<HostCache> {
    if (!Number.isSafeInteger(options.maxBytes) || options.maxBytes <= 0) {
      throw new TypeError(
        `host cache maxBytes must be a positive integer, not ${options.maxBytes}`,
      );
    }
    const layout = new HostLayout(options.root);
    await prepareHostLayout(layout);
    return new HostCache(layout, options.maxBytes, options.now ?? Date.now);
  }

  /** The pass/fail record of `gmDigest`; anything unusable is deleted and reported. */
  getRecord(gmDigest: Digest): Promise<VerificationRecord | undefined> {
    return this.readRecord(this.layout.gmRecord(gmDigest), (record) => {
      if (record.gmDigest !== gmDigest) return `is the record of ${record.gmDigest}`;
      if (record.verdict === 'inconclusive') return 'is inconclusive, which is never inherited';
      return undefined;
    });
  }

  /** Stores a pass or fail record under its GM digest (inconclusive is never inherited). */
  async putRecord(record: VerificationRecord): Promise<void> {
    if (record.verdict === 'inconclusive') {
      throw new Error(
        'refusing to store an inconclusive record by GM digest: it is never inherited',
      );
    }
    const checked = checkedForWrite(record);
    const file = this.layout.gmRecord(checked.gmDigest);
    await this.ensureShard(path.dirname(file));
    await this.writeRecord(file, checked);
  }

  /** The newest record of a work key (`goal` or `goal#assert`), any verdict. */
  newestForKey(key: string): Promise<VerificationRecord | undefined> {
    return this.readRecord(this.layout.newestRecord(key), (record) =>
      workKeyOf(record) === key ? undefined : `settles ${workKeyOf(record)}`,
    );
  }

  /** Keeps `record` as the newest of `key` unless a later-settled one is already stored. */
  async putNewest(key: string, record: VerificationRecord): Promise<void> {
    const checked = checkedForWrite(record);
    if (workKeyOf(checked) !== key) {
      throw new Error(`refusing to store the record of ${workKeyOf(checked)} as newest of ${key}`);
    }
    await this.writeRecord(this.layout.newestRecord(key), checked);
  }

  /** Whether the blob is here now (eviction may remove it at any time; not a use). */
  async hasBlob(digest: Digest): Promise<boolean> {
    return (await statEntry(this.layout.blob(digest))) !== undefined;
  }

  /**
   * Path of a stored blob, refreshed as recently used; undefined when absent or damaged. An
   * empty blob is only ever the empty file's. The path may vanish later: copy or link it.
   */
  async blobPath(digest: Digest, options: BlobPathOptions = {}): Promise<string | undefined> {
    const file = this.layout.blob(digest);
    const entry = await statEntry(file);
    if (!entry) return undefined;
    let problem: string | undefined;
    if (entry.bytes === 0 && digest !== EMPTY_DIGEST) problem = 'is empty';
    else if (options.expectedBytes !== undefined && entry.bytes !== options.expectedBytes)
      problem = `has ${entry.bytes} bytes, not ${options.expectedBytes}`;
    else if (options.verify) {
      const actual = await hashIfPresent(file);
      if (actual === undefined) return undefined;
      if (actual !== digest) problem = `hashes to ${actual}`;
    }
    if (problem !== undefined) {
      this.warn(`removed host cache blob ${file}: it ${problem}`);
      await removeIfSameFile(file, entry.ino);
      return undefined;
    }
    await setRecency(file, this.now());
    return file;
  }

  /** Copies a file in as `digest`, hashing while copying; other bytes are refused. */
  async importBlob(srcPath: string, digest: Digest): Promise<void> {
    const dest = this.layout.blob(digest);
    if ((await statEntry(dest)) !== undefined) {
      await setRecency(dest, this.now());
      return;
    }
    const temp = tempPathIn(this.layout.tmpDir);
    try {
      const copied = await copyHashing(srcPath, temp, ENTRY_MODE);
      if (copied.digest !== digest) {
        throw new StoreError(
          `refusing to import ${srcPath} as ${digest} into the host cache: its bytes hash to ${copied.digest}`,
        );
      }
      await setRecency(temp, this.now());
      await this.ensureShard(path.dirname(dest));
      if (await commitIfAbsent(temp, dest)) await this.account(copied.bytes, 1);
      else await setRecency(dest, this.now());
    } finally {
      await rm(temp, { force: true });
    }
  }

  /** Exact size of the cache now, by a scan (no lock). */
  async usage(): Promise<HostUsage> {
    const entries = await scanEntries(this.layout);
    return { bytes: totalBytes(entries), entries: entries.length };
  }

  /** If over the bound, evicts least-recently-used entries down to 90% of it. */
  evict(): Promise<EvictionResult> {
    return this.ledger.evict();
  }

  drainWarnings(): string[] {
    return this.warnings.splice(0);
  }

  private async readRecord(
    file: string,
    mismatch: (record: VerificationRecord) => string | undefined,
  ): Promise<VerificationRecord | undefined> {
    const entry = await readEntry(file);
    if (!entry) return undefined;
    const check = parseRecord(entry.text);
    const problem = check.ok ? mismatch(check.record) : check.problem;
    if (!check.ok || problem !== undefined) {
      // Fail closed: a record that is not exactly what its place promises is never used.
      this.warn(`removed host cache record ${file}: it ${problem ?? 'is unusable'}`);
      await removeIfSameFile(file, entry.ino);
      return undefined;
    }
    await setRecency(file, this.now());
    return check.record;
  }

  private async writeRecord(file: string, record: VerificationRecord): Promise<void> {
    const existing = await readEntry(file);
    const current = existing ? parseRecord(existing.text) : undefined;
    if (current?.ok && settledTime(current.record) > settledTime(record)) return;
    const text = JSON.stringify(record);
    const temp = await writeTempEntry(this.layout.tmpDir, text, this.now());
    const replaced = await commitReplacing(temp, file);
    await this.account(Buffer.byteLength(text) - (replaced ?? 0), replaced === undefined ? 1 : 0);
  }

  /** Size accounting never fails a write that is already committed. */
  private async account(bytes: number, entries: number): Promise<void> {
    try {
      await this.ledger.add(bytes, entries);
    } catch (error) {
      this.warn(
        `host cache size update failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private async ensureShard(dir: string): Promise<void> {
    if (this.knownDirs.has(dir)) return;
    await ensureDir(dir);
    this.knownDirs.add(dir);
  }

  private warn(message: string): void {
    if (this.warnings.length < MAX_WARNINGS) this.warnings.push(message);
  }
}

/** Validates exactly the bytes that will be written (a JSON round trip drops undefined). */
function checkedForWrite(record: VerificationRecord): VerificationRecord {
  const check = checkRecord(JSON.parse(JSON.stringify(record)) as unknown);
  if (!check.ok) throw new Error(`refusing to write a verification record that ${check.problem}`);
  return check.record;
}

async function hashIfPresent(file: string): Promise<Digest | undefined> {
  try {
    return (await hashFile(file)).digest;
  } catch (error) {
    if (isErrnoCode(error, 'ENOENT')) return undefined;
    throw error;
  }
}
