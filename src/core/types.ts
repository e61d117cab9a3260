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
  /** Copilot AI credits the model calls used, when the Copilot API reported them. */
  aiCredits?: number;
  /** Copilot premium requests: the sum of the runtime's cost multiplier over its model calls. */
  premiumRequests?: number;
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
  | 'fresh_requested'
  /** A person asked for this goal to be verified again, ignoring its earlier record once. */
  | 'retry_requested';

/** One tool call of an agent conversation as the audit trail keeps it: never what it returned. */
export type ToolCallAudit = {
  /** The model turn (0-based) whose response asked for the call. */
  turn: number;
  tool: string;
  /** The arguments as the model sent them, serialized JSON: redacted and cut to a bound. */
  arguments: string;
  /** Bytes the result returned to the model (UTF-8 text, decoded image bytes). */
  bytesReturned: number;
  ok: boolean;
  error?: string;
};

/** Model calls an exec agent made through the model gateway (its tool calls are not visible). */
export type ModelCallsAudit = { count: number; inputTokens: number; outputTokens: number };

/** What one verification (one vote of `votes: N`) did. */
export type VerificationAudit = {
  verdict: Verdict;
  /** The tool calls in order, bounded; `omittedToolCalls` counts those left out. */
  toolCalls?: ToolCallAudit[];
  omittedToolCalls?: number;
  modelCalls?: ModelCallsAudit;
};

/** The audit trail of an agentic verification: what was asked, of which model, and what it did. */
export type AuditTrail = {
  /** The instruction, from the trusted graph. */
  instruction: string;
  /**
   * The model that judged: provider kind, model id (an exec agent: its provider's name), the
   * alias that chose it, and for an exec agent the model behind its gateway.
   */
  model: { kind: string; id: string; alias?: string; gateway?: { kind: string; id: string } };
  /** False for exec agents: DoG sees their model calls, not their tool calls. */
  toolCallsVisible: boolean;
  /** One entry per verification, in vote order. */
  verifications: VerificationAudit[];
};

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
  audit?: AuditTrail;
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

/**
 * The verifier of a human record: what its GM digest binds. `gm`: the goal's GM digest;
 * `spec`: no verifier identity could be resolved, so it binds the capture digest and the
 * verifier as the graph specifies it (core/human/binding.ts).
 */
export type DecisionBinding = { mode: 'human'; binds: 'gm' | 'spec' };

/** Who decided a human record, when, why, and about which run's report. */
export type HumanDecision = {
  kind: 'human';
  login: string;
  at: string;
  reason: string;
  run: string;
};

/**
 * Where a record was written: on GitHub Actions the workflow run, its attempt, the job, the
 * event and the ref; elsewhere `local` with the event and (in a git checkout) the branch. Never
 * a host name, a user name or a path of the machine.
 */
export type RecordOrigin =
  | {
      kind: 'github';
      repository: string;
      runId: string;
      attempt: number;
      job: string;
      event: string;
      ref?: string;
      sha?: string;
      workflow?: string;
    }
  | { kind: 'local'; event: string; ref?: string; sha?: string };

/** One settled verification, or a person's decision (schemas/record.schema.json). */
export type VerificationRecord = {
  schemaVersion: '1';
  goalId: string;
  /** `assert` when the record settles a composite's whole-object assertion. */
  role: 'leaf' | 'assert';
  runId: string;
  graphDigest: Digest;
  captureDigest: Digest;
  gmDigest: Digest;
  verifier: VerifierIdentity | DecisionBinding;
  verdict: Verdict;
  evidence: JsonValue;
  error?: ErrorInfo;
  usage: Usage;
  attempts: number;
  isolation: IsolationKind;
  votes?: VoteOutcome[];
  locations?: EvidenceLocation[];
  /** Agentic verifications; records written before it existed have none. */
  audit?: AuditTrail;
  /** Present on a human record only: the person's approve (pass) or reject (fail). */
  decidedBy?: HumanDecision;
  /** Which run, attempt, job, trigger and ref wrote it; records written before it have none. */
  origin?: RecordOrigin;
  settledAt: string;
};
