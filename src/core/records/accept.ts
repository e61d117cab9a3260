// The one check every record passes before DoG uses it, wherever it comes from: a local or
// host store, an Actions cache pack, an exchange directory or another job's artifact
// (DESIGN §8). A record is used only if it matches the record schema and binds to what the
// caller expects of it: its GM digest (which its own capture digest and verifier identity
// must hash to), and, where the caller knows them, its goal, capture digest, run and graph.
import { gmDigestOf } from '../select.js';
import type { Digest, VerificationRecord } from '../types.js';
import { validateAgainst } from '../../schemas/validate.js';

export type RecordExpectation = {
  /** The GM digest the record must carry and hash to. */
  gmDigest?: Digest;
  captureDigest?: Digest;
  /** The work item the record must settle (a run's own records; inheritance ignores goals). */
  goal?: { goalId: string; role: 'leaf' | 'assert' };
  runId?: string;
  graphDigest?: Digest;
  /** Inheritance: `inconclusive` is never a fact about the bytes, so it is refused. */
  inheritable?: boolean;
  /**
   * A person's decision (a human record) is expected, bound to `goal`, `gmDigest` and
   * `captureDigest`, which must all be given. Without it a human record is refused: a
   * decision is about one goal, never a shared fact about bytes.
   */
  decision?: boolean;
};

export type Acceptance = { ok: true; record: VerificationRecord } | { ok: false; reason: string };

export function acceptRecord(value: unknown, expected: RecordExpectation): Acceptance {
  const valid = validateAgainst<VerificationRecord>('record', value);
  if (!valid.ok) {
    const first = valid.problems[0];
    return {
      ok: false,
      reason: `not a valid record (${first?.pointer || '/'}: ${first?.message})`,
    };
  }
  const record = valid.value;
  const reason = mismatch(record, expected);
  return reason === undefined ? { ok: true, record } : { ok: false, reason };
}

function mismatch(record: VerificationRecord, expected: RecordExpectation): string | undefined {
  const { goal, runId, graphDigest, captureDigest, gmDigest } = expected;
  const decisionProblem = decisionMismatch(record, expected);
  if (decisionProblem !== undefined) return decisionProblem;
  if (goal && (record.goalId !== goal.goalId || record.role !== goal.role))
    return `the record is for ${record.goalId} (${record.role}), not ${goal.goalId} (${goal.role})`;
  if (runId !== undefined && record.runId !== runId)
    return `the record belongs to run ${record.runId}, not ${runId}`;
  if (graphDigest !== undefined && record.graphDigest !== graphDigest)
    return 'the record is for another graph';
  if (captureDigest !== undefined && record.captureDigest !== captureDigest)
    return `wrong capture digest ${record.captureDigest}; expected ${captureDigest}`;
  if (!record.decidedBy && gmDigestOf(record.captureDigest, record.verifier) !== record.gmDigest)
    return 'the record claims a GM digest its capture digest and verifier do not hash to';
  if (gmDigest !== undefined && record.gmDigest !== gmDigest)
    return 'the record names another verifier or GM digest than expected';
  if (expected.inheritable && record.verdict === 'inconclusive')
    return 'an inconclusive verdict is never inherited';
  return undefined;
}

/** A human record has no verifier to hash: it binds only to digests its reader names. */
function decisionMismatch(
  record: VerificationRecord,
  expected: RecordExpectation,
): string | undefined {
  if (!expected.decision)
    return record.decidedBy
      ? 'a human decision is not a verification record: it applies only to the goal it was made for'
      : undefined;
  if (!record.decidedBy) return 'not a human decision';
  if (!expected.goal || !expected.gmDigest || !expected.captureDigest)
    throw new Error('a decision is accepted only against a goal, a GM digest and a capture digest');
  return undefined;
}
