// The Action front's store: a runner-local store for this job's captures, runs and
// events, with verification records looked up in and saved to the Actions cache.
import type { RunReport } from '../../core/report/model.js';
import type { Digest, JsonValue, VerificationRecord } from '../../core/types.js';
import type { LocalStore } from '../localStore.js';
import type { RunMeta, RuntimeEvent, Store } from '../types.js';
import type { CacheRecordStore } from './cacheRecords.js';

export class ActionsStore implements Store {
  constructor(
    private readonly local: LocalStore,
    readonly records: CacheRecordStore,
  ) {}

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
    return this.local.drainWarnings();
  }

  findByGm(gmDigest: Digest): Promise<VerificationRecord | undefined> {
    return this.records.findByGm(gmDigest);
  }

  newestForKey(key: string): Promise<VerificationRecord | undefined> {
    return this.records.newestForKey(key);
  }

  async saveRecord(key: string, record: VerificationRecord): Promise<void> {
    await this.local.saveRecord(key, record);
    await this.records.saveRecord(key, record);
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
