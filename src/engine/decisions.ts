// Cycle step 4, people's part: the stored decision of each work item, accepted only for its
// own goal and for the capture and GM (or spec) digests this plan computed.
import type { CompiledGraph } from '../core/graph/model.js';
import { specDigestOf } from '../core/human/binding.js';
import { acceptRecord } from '../core/records/accept.js';
import { gmDigestOf, type CaptureOutcome, type IdentityOutcome } from '../core/select.js';
import type { Digest, VerificationRecord } from '../core/types.js';
import type { Warning } from '../core/select.js';
import type { DecisionStore } from '../storage/types.js';
import type { RetryBinding } from './ports.js';
import { validateAgainst } from '../schemas/validate.js';

export type DecisionLookup = {
  decisions: Map<string, VerificationRecord>;
  warnings: Warning[];
};

export async function lookUpDecisions(
  graph: CompiledGraph,
  store: DecisionStore,
  captures: ReadonlyMap<string, CaptureOutcome>,
  identities: ReadonlyMap<string, IdentityOutcome>,
): Promise<DecisionLookup> {
  const decisions = new Map<string, VerificationRecord>();
  const warnings: Warning[] = [];
  for (const item of graph.workItems) {
    const capture = captures.get(item.target);
    const identity = identities.get(item.key);
    if (!capture?.ok || !identity) continue;
    const stored = await store.findDecision(item.key);
    if (stored === undefined) continue;
    const accepted = acceptRecord(stored, {
      goal: { goalId: item.goalId, role: item.role },
      captureDigest: capture.digest,
      gmDigest: identity.ok
        ? gmDigestOf(capture.digest, identity.identity)
        : specDigestOf(capture.digest, item.verifier),
      decision: true,
    });
    if (accepted.ok) decisions.set(item.key, accepted.record);
    // A decision about other bytes or another verifier is dropped, as designed; a stored
    // file that is not a decision at all is worth a warning.
    else if (!validateAgainst('record', stored).ok || !isDecision(stored))
      warnings.push({
        code: 'decision_ignored',
        message: `the stored decision for ${item.key} was not used: ${accepted.reason}`,
      });
  }
  return { decisions, warnings };
}

function isDecision(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'decidedBy' in value;
}

export type RetryLookup = {
  captures: ReadonlyMap<string, CaptureOutcome>;
  identities: ReadonlyMap<string, IdentityOutcome>;
  /** The newest earlier record of each work key, and the pass/fail record of each GM digest. */
  newestByKey: ReadonlyMap<string, VerificationRecord>;
  recordsByGm: ReadonlyMap<Digest, VerificationRecord>;
};

/**
 * The work keys whose stored retry request is due: the goal still has the capture digest (and
 * GM digest) the person looked at, and no record of it settled after the request — once a
 * retry has run, its record answers, so a request re-verifies its goal once.
 */
export function retriesDue(
  graph: CompiledGraph,
  requests: readonly RetryBinding[],
  lookup: RetryLookup,
): Set<string> {
  const due = new Set<string>();
  for (const request of requests) {
    const item = graph.workItemByKey.get(request.key);
    const capture = item && lookup.captures.get(item.target);
    if (!item || !capture?.ok || capture.digest !== request.captureDigest) continue;
    const identity = lookup.identities.get(item.key);
    const gm = identity?.ok ? gmDigestOf(capture.digest, identity.identity) : undefined;
    if (request.gmDigest !== undefined && request.gmDigest !== gm) continue;
    const asked = Date.parse(request.at);
    const since = [lookup.newestByKey.get(item.key), gm && lookup.recordsByGm.get(gm)];
    if (since.some((record) => record && Date.parse(record.settledAt) > asked)) continue;
    due.add(item.key);
  }
  return due;
}
