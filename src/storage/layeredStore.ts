// A local store whose verification records are looked up in (and saved to) other levels as
// well: the Actions cache for the Action, the machine's host-local store on self-hosted
// machines. Captures, runs and events stay in the local store.
import type { RunReport } from '../core/report/model.js';
import type { Digest, JsonValue, VerificationRecord } from '../core/types.js';
import type { LocalStore } from './localStore.js';
import type { DecisionStore, RecordStore, RunMeta, RuntimeEvent, Store } from './types.js';

export type LayeredOptions = {
  /** Warnings of the other levels, drained with the local store's. */
  warnings?: () => string[];
  /** The lookups already save to the local store (it is one of their levels). */
  lookupsSaveLocally?: boolean;
  /**
   * Where people's decisions are kept (default: the local store). Decisions never go through
   * the record lookups: a host-local store shares facts about bytes across workspaces, and a
   * decision is about one goal of one project.
   */
  decisions?: DecisionStore;
};

export class LayeredStore implements Store {
  constructor(
    protected readonly local: LocalStore,
    /** Where records are looked up, and saved as well as locally. */
    private readonly lookups: RecordStore,
    private readonly options: LayeredOptions = {},
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
    return [...this.local.drainWarnings(), ...(this.options.warnings?.() ?? [])];
  }

  findByGm(gmDigest: Digest): Promise<VerificationRecord | undefined> {
    return this.lookups.findByGm(gmDigest);
  }

  newestForKey(key: string): Promise<VerificationRecord | undefined> {
    return this.lookups.newestForKey(key);
  }

  async saveRecord(key: string, record: VerificationRecord): Promise<void> {
    if (!this.options.lookupsSaveLocally) await this.local.saveRecord(key, record);
    await this.lookups.saveRecord(key, record);
  }

  findDecision(key: string): Promise<unknown> {
    return (this.options.decisions ?? this.local).findDecision(key);
  }

  saveDecision(key: string, record: VerificationRecord): Promise<void> {
    return (this.options.decisions ?? this.local).saveDecision(key, record);
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
