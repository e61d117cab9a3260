// What the engine needs from the outside world, injected by the CLI (and later the Action).
import type { CaptureKind, CaptureResult } from '../capture/types.js';
import type { WorkItem } from '../core/graph/model.js';
import type { ConfiguredBudget } from '../core/budget/types.js';
import type { Redactor } from '../core/redact.js';
import type { IdentityOutcome } from '../core/select.js';
import type { ChainAnchors } from '../core/report/chain.js';
import type { Digest, IsolationInfo, RecordOrigin, VerificationRecord } from '../core/types.js';
import type { Store } from '../storage/types.js';
import type { Verifier } from '../verify/types.js';

export type MaterializedCapture = { path: string; kind: CaptureKind };

export interface CaptureService {
  /** Captures each distinct target once into the store, leaving out its exclude patterns. */
  captureAll(
    targets: readonly string[],
    excludes?: ReadonlyMap<string, readonly string[]>,
  ): Promise<Map<string, CaptureResult>>;
  /** Makes a stored capture readable on disk under `destDir`, read-only. */
  materialize(result: CaptureResult & { ok: true }, destDir: string): Promise<MaterializedCapture>;
}

export interface VerifierRegistry {
  /** The verifier identity of a work item (script digest, resolved model), or why none. */
  identityOf(item: WorkItem): Promise<IdentityOutcome>;
  verifierFor(item: WorkItem): Verifier;
  /**
   * Stops what the verifiers started for the run (a Copilot runtime): called once the run's
   * verifications are done, cancelled or not.
   */
  close?(): Promise<void>;
}

/** Progress for people; the engine never waits on it and it never changes a verdict. */
export interface ProgressListener {
  planned(counts: { verify: number; inherit: number; settled: number; targets: number }): void;
  started(item: WorkItem): void;
  settled(item: WorkItem, record: VerificationRecord): void;
  warning(message: string): void;
}

export type EngineDeps = {
  store: Store;
  captures: CaptureService;
  verifiers: VerifierRegistry;
  progress: ProgressListener;
  isolation: IsolationInfo;
  /** Removes every credential the host knows from what verifiers wrote, before it is stored. */
  redactor: Redactor;
  /** The configured budgets: the plan admits agentic work against them, the report states spend. */
  budget?: ConfiguredBudget;
  /** Where a run's materialized captures go (default: the store's work dir for the run). */
  workDirs?: { create(runId: string): Promise<string>; remove(runId: string): Promise<void> };
};

/** A retry request as stored: the work key and the digests of the report a person read. */
export type RetryBinding = { key: string; captureDigest: Digest; gmDigest?: Digest; at: string };

export type RunOptions = {
  runId: string;
  concurrency: number;
  fresh: boolean;
  allowPartialRoot: boolean;
  revalidateThreshold: number;
  timeouts: { programmaticSeconds: number; agenticSeconds: number };
  maxEvidenceBytes: number;
  trigger: { event: string; sha?: string; ref?: string };
  signal: AbortSignal;
  /** Work keys a person asked to verify again once, ignoring their record or decision. */
  retry?: ReadonlySet<string>;
  /**
   * Stored retry requests (a reviewer's `/dog retry`): each re-verifies its work key once,
   * only while the goal has the bytes (and verifier) the person looked at.
   */
  retryRequests?: readonly RetryBinding[];
  /** This process's share of the run budget (a matrix job's, from the plan); a hard cap. */
  runBudget?: { tokens?: number; costUsd?: number };
  /** Where this process writes records: stamped on each one it settles. */
  origin?: RecordOrigin;
  /** The configuration, trusted and head commits the report's root digest binds. */
  anchors?: ChainAnchors;
};

export type CaptureDigests = ReadonlyMap<string, Digest>;

export const silentProgress: ProgressListener = {
  planned: () => undefined,
  started: () => undefined,
  settled: () => undefined,
  warning: () => undefined,
};
