import type { BlobStore } from '../capture/types.js';
import type { Digest, JsonValue, VerificationRecord } from '../core/types.js';
import type { RunReport } from '../core/report/model.js';

/** One runtime event (schemas/event.schema.json): diagnostics, never evidence. */
export type RuntimeEvent = {
  schemaVersion: '1';
  runId: string;
  goalId: string;
  at: string;
  type:
    | 'captured'
    | 'selected'
    | 'inherited'
    | 'blocked'
    | 'verifier_started'
    | 'verifier_finished'
    | 'settled'
    | 'error'
    | 'cancelled';
  state?: string;
  verdict?: 'pass' | 'fail' | 'inconclusive';
  reason?: string;
  category?: string;
  attempt?: number;
  durationMs?: number;
  isolation?: 'bubblewrap' | 'none';
};

export type RunStatus = 'running' | 'finished' | 'interrupted';

export type RunMeta = {
  runId: string;
  graphId: string;
  graphDigest: Digest;
  startedAt: string;
  status: RunStatus;
  pid: number;
  finishedAt?: string;
  rootState?: string;
};

/** Earlier verification records, looked up by GM digest (pass/fail only) or work key. */
export interface RecordStore {
  findByGm(gmDigest: Digest): Promise<VerificationRecord | undefined>;
  newestForKey(key: string): Promise<VerificationRecord | undefined>;
  saveRecord(key: string, record: VerificationRecord): Promise<void>;
}

/**
 * People's decisions (human records), the newest per work key. Never shared across goals
 * and never found by GM digest: a decision is about the one goal it was made for.
 */
export interface DecisionStore {
  /** The newest decision stored for `key` as stored: callers accept it (core acceptRecord). */
  findDecision(key: string): Promise<unknown>;
  saveDecision(key: string, record: VerificationRecord): Promise<void>;
}

/** Runs, their reports and their per-goal runtime events. */
export interface RunStore {
  saveGraph(digest: Digest, canonical: JsonValue): Promise<void>;
  beginRun(meta: RunMeta): Promise<void>;
  appendEvent(event: RuntimeEvent): Promise<void>;
  finishRun(runId: string, report: RunReport): Promise<void>;
  readReport(runId?: string): Promise<RunReport | undefined>;
  listRuns(): Promise<RunMeta[]>;
}

/** Everything the engine persists. Local disk here; the Actions cache and artifacts later. */
export interface Store extends BlobStore, RecordStore, RunStore, DecisionStore {
  /** A private directory for this run's materialized captures and scratch workspaces. */
  workDir(runId: string): Promise<string>;
  /** Warnings from writes that failed without changing any verdict (runtime events). */
  drainWarnings(): string[];
}
