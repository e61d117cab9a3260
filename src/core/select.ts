// Selection (DESIGN §4 step 4): which work items inherit an earlier record and which are
// verified again, and why. Pure: records and identities are looked up by the caller.
import { digestOfJson } from './digest.js';
import { specDigestOf } from './human/binding.js';
import { boundDecision, settlingRecordOf } from './human/inherit.js';
import type { CompiledGraph, WorkItem } from './graph/model.js';
import type {
  DecisionBinding,
  Digest,
  ErrorInfo,
  JsonValue,
  RerunReason,
  Verdict,
  VerificationRecord,
  VerifierIdentity,
} from './types.js';

export const JUDGE_SCHEMA_VERSION = '1';

export type CaptureOutcome =
  { ok: true; digest: Digest } | { ok: false; verdict: Verdict; error: ErrorInfo };

export type IdentityOutcome =
  { ok: true; identity: VerifierIdentity } | { ok: false; error: ErrorInfo };

export type Selection =
  | {
      kind: 'inherit';
      item: WorkItem;
      captureDigest: Digest;
      gmDigest: Digest;
      record: VerificationRecord;
    }
  | {
      kind: 'verify';
      item: WorkItem;
      captureDigest: Digest;
      gmDigest: Digest;
      identity: VerifierIdentity;
      reason: RerunReason;
    }
  | { kind: 'settled'; item: WorkItem; captureDigest?: Digest; verdict: Verdict; error: ErrorInfo };

export type SelectionInput = {
  graph: CompiledGraph;
  captures: ReadonlyMap<string, CaptureOutcome>;
  identities: ReadonlyMap<string, IdentityOutcome>;
  /** Earlier pass/fail records by GM digest. */
  recordsByGm: ReadonlyMap<Digest, VerificationRecord>;
  /** The newest earlier record of each work item (any verdict), by work key. */
  newestByKey: ReadonlyMap<string, VerificationRecord>;
  fresh: boolean;
  revalidateThreshold: number;
  /** Accepted human records by work key: each decides only the goal it was made for. */
  decisions?: ReadonlyMap<string, VerificationRecord>;
  /** Work keys a person asked to verify again once, ignoring their record or decision. */
  retry?: ReadonlySet<string>;
};

export type Warning = { code: string; message: string };

export type SelectionResult = { selections: Map<string, Selection>; warnings: Warning[] };

/** The grounding-material digest: the only key for inheritance. */
export function gmDigestOf(
  captureDigest: Digest,
  identity: VerifierIdentity | DecisionBinding,
): Digest {
  return digestOfJson({
    captureDigest,
    verifier: identity as unknown as JsonValue,
    judgeSchemaVersion: JUDGE_SCHEMA_VERSION,
  });
}

export function select(input: SelectionInput): SelectionResult {
  const selections = new Map<string, Selection>();
  for (const item of input.graph.workItems) selections.set(item.key, selectOne(item, input));
  return { selections, warnings: thresholdWarnings(selections, input) };
}

function selectOne(item: WorkItem, input: SelectionInput): Selection {
  const capture = input.captures.get(item.target);
  if (!capture) throw new Error(`target ${item.target} was not captured`);
  if (!capture.ok) return { kind: 'settled', item, verdict: capture.verdict, error: capture.error };
  const identity = input.identities.get(item.key);
  if (!identity) throw new Error(`no verifier identity for ${item.key}`);
  const captureDigest = capture.digest;
  if (!identity.ok) return unresolvedOne(item, input, captureDigest, identity.error);
  const gmDigest = gmDigestOf(captureDigest, identity.identity);
  const verify = (reason: RerunReason): Selection => ({
    kind: 'verify',
    item,
    captureDigest,
    gmDigest,
    identity: identity.identity,
    reason,
  });
  if (item.reuse === 'never') return verify('reuse_never');
  if (input.fresh) return verify('fresh_requested');
  if (input.retry?.has(item.key)) return verify('retry_requested');
  const stored = input.recordsByGm.get(gmDigest);
  const decision = boundDecision(input.decisions, item, {
    captureDigest,
    digest: gmDigest,
    binds: 'gm',
  });
  const record = settlingRecordOf(
    decision,
    stored && isBound(stored, captureDigest, gmDigest) ? stored : undefined,
  );
  if (record) return { kind: 'inherit', item, captureDigest, gmDigest, record };
  return verify(
    rerunReason(input.newestByKey.get(item.key), captureDigest, gmDigest, identity.identity),
  );
}

/**
 * A goal whose verifier identity could not be resolved settles `inconclusive` — unless a
 * person decided it for these bytes and this verifier spec (core/human/binding.ts).
 */
function unresolvedOne(
  item: WorkItem,
  input: SelectionInput,
  captureDigest: Digest,
  error: ErrorInfo,
): Selection {
  const asked = item.reuse === 'never' || input.fresh || input.retry?.has(item.key) === true;
  const specDigest = specDigestOf(captureDigest, item.verifier);
  const decision = asked
    ? undefined
    : boundDecision(input.decisions, item, {
        captureDigest,
        digest: specDigest,
        binds: 'spec',
      });
  if (decision)
    return { kind: 'inherit', item, captureDigest, gmDigest: specDigest, record: decision };
  return { kind: 'settled', item, captureDigest, verdict: 'inconclusive', error };
}

/** A record is used only for exactly the bytes and verifier of this plan. */
function isBound(record: VerificationRecord, captureDigest: Digest, gmDigest: Digest): boolean {
  return (
    record.verdict !== 'inconclusive' &&
    record.captureDigest === captureDigest &&
    record.gmDigest === gmDigest
  );
}

/** Which part of the key changed since the newest earlier record of the same goal. */
export function rerunReason(
  previous: VerificationRecord | undefined,
  captureDigest: Digest,
  gmDigest: Digest,
  identity: VerifierIdentity,
): RerunReason {
  if (!previous) return 'new';
  if (previous.gmDigest === gmDigest)
    return previous.verdict === 'inconclusive' ? 'inconclusive_before' : 'new';
  if (previous.captureDigest !== captureDigest) return 'capture_changed';
  const before = previous.verifier;
  if (
    before.mode === 'agentic' &&
    identity.mode === 'agentic' &&
    before.instruction === identity.instruction &&
    before.votes === identity.votes &&
    before.harness === identity.harness
  ) {
    return 'model_changed';
  }
  return 'verifier_changed';
}

/** Warn when more than `revalidateThreshold` of the inheritable items had to run again. */
function thresholdWarnings(
  selections: ReadonlyMap<string, Selection>,
  input: SelectionInput,
): Warning[] {
  if (input.revalidateThreshold <= 0 || input.fresh) return [];
  const inheritable = [...selections.values()].filter(
    (s) => s.item.reuse !== 'never' && s.kind !== 'settled' && input.newestByKey.has(s.item.key),
  );
  const rerun = inheritable.filter((s) => s.kind === 'verify');
  if (inheritable.length === 0 || rerun.length / inheritable.length <= input.revalidateThreshold)
    return [];
  const share = Math.round((rerun.length / inheritable.length) * 100);
  return [
    {
      code: 'revalidate_threshold',
      message: `${rerun.length} of ${inheritable.length} previously verified goals (${share}%) must be verified again, above the revalidateThreshold of ${Math.round(input.revalidateThreshold * 100)}%; check whether a shared input or verifier changed`,
    },
  ];
}
