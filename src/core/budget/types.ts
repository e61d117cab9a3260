// The run budget's shapes shared by the plan (admission), the engine (a job's share) and the
// verifiers (the hard cap in a process).
import type { ErrorInfo } from '../types.js';

/** The dimensions a run budget can split across jobs: both add up over processes. */
export const SHARED_DIMENSIONS = ['tokens', 'costUsd'] as const;
export type SharedDimension = (typeof SHARED_DIMENSIONS)[number];

/** Limits in the dimensions that add up across jobs (`budget.run` without wall time). */
export type RunBudgetShare = { tokens?: number; costUsd?: number };

/** What one verification (one vote) may spend: the parts of `budget.verification` that count. */
export type VerificationLimits = {
  tokens?: number;
  inputTokens?: number;
  outputTokens?: number;
  costUsd?: number;
};

/** One work item a job verifies; programmatic work costs nothing and is never refused. */
export type AdmissionItem = { key: string; agentic: boolean; votes: number };

/** One job of the dispatch, with the work keys it verifies. */
export type AdmissionJob = { label: string; items: readonly AdmissionItem[] };

export type AdmissionInput = {
  /** `budget.run` (tokens and cost; wall time is per process and not shared). */
  run: RunBudgetShare;
  /** `budget.verification`: one vote's limits. */
  verification: VerificationLimits;
  /** The jobs in dispatch order (wave, then job); items are taken in work-key order. */
  jobs: readonly AdmissionJob[];
};

export type AdmissionCounts = { agentic: number; admitted: number; refused: number };

export type Admission = {
  /** Agentic work items not started, by work key: settle `inconclusive` with this error. */
  refused: Map<string, ErrorInfo>;
  /**
   * Each job's cap, by job label: every job of the dispatch when the run budget bounds a
   * dimension (0 for a job without admitted agentic work); empty when it bounds none.
   */
  shares: Map<string, RunBudgetShare>;
  counts: AdmissionCounts;
  /** What the summary says about the admission (refusals, equally split dimensions). */
  note?: string;
};

/** The host's configured budgets, as admission and the report need them. */
export type ConfiguredBudget = { run: RunBudgetShare; verification: VerificationLimits };
