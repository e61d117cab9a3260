import type { CaptureKind } from '../capture/types.js';
import type { RunBudgetShare } from '../core/budget/types.js';
import type { Digest, VerificationOutcome, VerifierSpec } from '../core/types.js';

export type VerificationRequest = {
  goalId: string;
  runId: string;
  captureDigest: Digest;
  /** Host path of the materialized capture: the file, or the extracted directory. Read-only. */
  capturePath: string;
  captureKind: CaptureKind;
  verifier: VerifierSpec;
  timeoutMs: number;
  maxEvidenceBytes: number;
  signal: AbortSignal;
  /** The job's share of the run budget (one object per engine run): caps its model calls. */
  runBudget?: RunBudgetShare;
};

/** Runs one verification in a fresh isolated workspace. Never throws for verifier faults. */
export interface Verifier {
  verify(request: VerificationRequest): Promise<VerificationOutcome>;
}
