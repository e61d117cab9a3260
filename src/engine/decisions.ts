// Cycle step 4, people's part: the stored decision of each work item, accepted only for its
// own goal and for the capture and GM (or spec) digests this plan computed.
import type { CompiledGraph } from '../core/graph/model.js';
import { specDigestOf } from '../core/human/binding.js';
import { acceptRecord } from '../core/records/accept.js';
import { gmDigestOf, type CaptureOutcome, type IdentityOutcome } from '../core/select.js';
import type { VerificationRecord } from '../core/types.js';
import type { Warning } from '../core/select.js';
import type { DecisionStore } from '../storage/types.js';
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
