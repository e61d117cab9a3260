// Selection's view of decisions: one applies only to the goal it was made for, only while
// its digests are the current ones, and only until a newer verification of those bytes.
import type { Digest, VerificationRecord } from '../types.js';

export type DecisionBindingNow = { captureDigest: Digest; digest: Digest; binds: 'gm' | 'spec' };

/** The decision of `key` if it binds exactly to the current digests; otherwise none. */
export function boundDecision(
  decisions: ReadonlyMap<string, VerificationRecord> | undefined,
  item: { key: string; goalId: string; role: 'leaf' | 'assert' },
  now: DecisionBindingNow,
): VerificationRecord | undefined {
  const decision = decisions?.get(item.key);
  if (!decision?.decidedBy || decision.verdict === 'inconclusive') return undefined;
  if (decision.goalId !== item.goalId || decision.role !== item.role) return undefined;
  const verifier = decision.verifier;
  if (verifier.mode !== 'human' || verifier.binds !== now.binds) return undefined;
  if (decision.captureDigest !== now.captureDigest || decision.gmDigest !== now.digest)
    return undefined;
  return decision;
}

/**
 * Which of a decision and a verification record of the same bytes settles the goal. A pass or
 * fail verification always does: a person resolves only what no verifier could (DESIGN §1, §3),
 * so a decision never outranks a verifier's verdict, whatever either is dated.
 */
export function settlingRecordOf(
  decision: VerificationRecord | undefined,
  record: VerificationRecord | undefined,
): VerificationRecord | undefined {
  if (record && record.verdict !== 'inconclusive') return record;
  return decision ?? record;
}
