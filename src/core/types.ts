// Shapes shared by the pure core and the adapters. Payload shapes follow schemas/*.json.

export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type Digest = `sha256:${string}`;

export type FailurePolicy = 'fatal' | 'tolerable' | 'degrade';

export type ProgrammaticVerifierSpec = {
  readonly mode: 'programmatic';
  readonly script: string;
  readonly params?: JsonValue;
};

export type AgenticVerifierSpec = {
  readonly mode: 'agentic';
  readonly instruction: string;
  readonly votes?: number;
  readonly model?: string;
};

export type VerifierSpec = ProgrammaticVerifierSpec | AgenticVerifierSpec;

export type Expression =
  | { readonly op: 'ref'; readonly id: string }
  | { readonly op: 'all' | 'any'; readonly items: readonly Expression[] }
  | { readonly op: 'not'; readonly item: Expression }
  | { readonly op: 'atLeast'; readonly count: number; readonly items: readonly Expression[] };

export type Verdict = 'pass' | 'fail' | 'inconclusive';

export type JudgeOutput = { verdict: Verdict; evidence: JsonValue };

export type NodeState =
  | 'pending'
  | 'running'
  | 'success'
  | 'failure'
  | 'blocked'
  | 'needs_human'
  | 'cancelled'
  | 'invalidated'
  | 'partial';

export type RootState =
  | 'success'
  | 'partial_success'
  | 'failure'
  | 'infeasible'
  | 'needs_replan'
  | 'needs_human'
  | 'cancelled';

export type ErrorCategory =
  | 'target_missing'
  | 'target_unsafe'
  | 'capture_too_large'
  | 'crash'
  | 'timeout'
  | 'malformed_output'
  | 'unverified_pass'
  | 'provider_error'
  | 'empty_evidence'
  | 'evidence_too_large'
  | 'digest_mismatch'
  | 'no_capability'
  | 'budget_exhausted'
  | 'dependency_needs_human'
  | 'sandbox_unavailable'
  | 'script_missing'
  | 'cancelled'
  /** The Action's verify job left no valid record for this verification. */
  | 'record_missing'
  /** A record refused as forged: wrong or unknown job, altered bytes, or bound to another plan. */
  | 'record_integrity'
  | 'internal';

export type ErrorInfo = { category: ErrorCategory; message: string };

export type Usage = {
  durationMs: number;
  tokens: number;
  costUsd: number;
  inputTokens?: number;
  outputTokens?: number;
  turns?: number;
  /** Model calls retried after 429/5xx or network errors. */
  retries?: number;
};

/** A place the evidence names, relative to the workspace (records) or the capture (verifiers). */
export type EvidenceLocation = { path: string; line: number; message: string };

/** One independent verification of a `votes: N` leaf. */
export type VoteOutcome = {
  verdict: Verdict;
  evidence: JsonValue;
  error?: ErrorInfo;
  usage: Usage;
};

export type IsolationKind = 'bubblewrap' | 'none';

export type IsolationLimitName =
  | 'identity'
  | 'seccomp'
  | 'wall_time'
  | 'memory'
  | 'processes'
  | 'cpu_time'
  | 'file_size'
  | 'open_files'
  | 'scratch_size'
  | 'tmp_size';

/** One protection or limit of the sandbox, and whether this host really enforces it. */
export type IsolationLimit = { name: IsolationLimitName; enforced: boolean; detail: string };

/** How a run's verifications were isolated, as the report states it. */
export type IsolationInfo = { kind: IsolationKind; note?: string; limits?: IsolationLimit[] };

export type RerunReason =
  | 'new'
  | 'capture_changed'
  | 'verifier_changed'
  | 'model_changed'
  | 'inconclusive_before'
  | 'reuse_never'
  | 'fresh_requested';

/** What one verifier run produced, before it becomes a record. */
export type VerificationOutcome = {
  verdict: Verdict;
  evidence: JsonValue;
  error?: ErrorInfo;
  usage: Usage;
  attempts: number;
  isolation: IsolationKind;
  votes?: VoteOutcome[];
  locations?: EvidenceLocation[];
};

/** Canonical identity of a verifier: part of the GM digest. */
export type VerifierIdentity =
  | {
      mode: 'programmatic';
      script: string;
      scriptDigest: Digest;
      params: JsonValue;
    }
  | {
      mode: 'agentic';
      instruction: string;
      votes: number;
      model: JsonValue;
      /** The agent harness version (prompt, tools, verdict rules); absent in older records. */
      harness?: Digest;
    };

/** One settled verification (schemas/record.schema.json). */
export type VerificationRecord = {
  schemaVersion: '1';
  goalId: string;
  /** `assert` when the record settles a composite's whole-object assertion. */
  role: 'leaf' | 'assert';
  runId: string;
  graphDigest: Digest;
  captureDigest: Digest;
  gmDigest: Digest;
  verifier: VerifierIdentity;
  verdict: Verdict;
  evidence: JsonValue;
  error?: ErrorInfo;
  usage: Usage;
  attempts: number;
  isolation: IsolationKind;
  votes?: VoteOutcome[];
  locations?: EvidenceLocation[];
  settledAt: string;
};
