// The Action front's store: a runner-local store for this job's captures, runs and
// events, with verification records looked up in and saved to the Actions cache.
import type { RunReport } from '../../core/report/model.js';
import type { Digest, JsonValue, VerificationRecord } from '../../core/types.js';
import type { LocalStore } from '../localStore.js';
import type { HostCache } from '../host/hostCache.js';
import { TieredRecordStore } from '../host/tieredRecords.js';
import type { RecordStore, RunMeta, RuntimeEvent, Store } from '../types.js';
import type { CacheRecordStore } from './cacheRecords.js';

export class ActionsStore implements Store {
  /** Where records are looked up and saved: the host-local store first, when there is one. */
  private readonly lookups: RecordStore;

  constructor(
    private readonly local: LocalStore,
    readonly records: CacheRecordStore,
    /** The machine's host-local store (self-hosted runners with companion settings). */
    readonly host?: HostCache,
  ) {
    this.lookups = host ? new TieredRecordStore(host, records) : records;
  }

  get root(): string {
    return this.local.root;
  }

  tempPath(): string {
    return this.local.tempPath();
  }

  commitBlob(tempPath: string, digest: Digest): Promise<void> {
    return this.local.commitBlob(tempPath, digest);
  }

  blobPath(digest: Digest): Promise<string | undefined> {
    return this.local.blobPath(digest);
  }

  workDir(runId: string): Promise<string> {
    return this.local.workDir(runId);
  }

  drainWarnings(): string[] {
    const tiered = this.lookups instanceof TieredRecordStore ? this.lookups.drainWarnings() : [];
    return [...this.local.drainWarnings(), ...tiered, ...(this.host?.drainWarnings() ?? [])];
  }

  findByGm(gmDigest: Digest): Promise<VerificationRecord | undefined> {
    return this.lookups.findByGm(gmDigest);
  }

  newestForKey(key: string): Promise<VerificationRecord | undefined> {
    return this.lookups.newestForKey(key);
  }

  async saveRecord(key: string, record: VerificationRecord): Promise<void> {
    await this.local.saveRecord(key, record);
    await this.lookups.saveRecord(key, record);
  }

  saveGraph(digest: Digest, canonical: JsonValue): Promise<void> {
    return this.local.saveGraph(digest, canonical);
  }

  beginRun(meta: RunMeta): Promise<void> {
    return this.local.beginRun(meta);
  }

  appendEvent(event: RuntimeEvent): Promise<void> {
    return this.local.appendEvent(event);
  }

  finishRun(runId: string, report: RunReport): Promise<void> {
    return this.local.finishRun(runId, report);
  }

  readReport(runId?: string): Promise<RunReport | undefined> {
    return this.local.readReport(runId);
  }

  listRuns(): Promise<RunMeta[]> {
    return this.local.listRuns();
  }
}
