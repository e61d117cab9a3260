// The last word on a verifier's outcome before it becomes a record: whatever a verifier
// returned, a pass without evidence or with oversized evidence is not a pass.
import { canonicalJson } from './digest.js';
import type { JsonValue, VerificationOutcome } from './types.js';

/** null, "", blank text, {} and [] say nothing: a verdict needs evidence that does. */
export function isEmptyEvidence(evidence: JsonValue): boolean {
  if (evidence === null) return true;
  if (typeof evidence === 'string') return evidence.trim() === '';
  if (Array.isArray(evidence)) return evidence.length === 0;
  if (typeof evidence === 'object') return Object.keys(evidence).length === 0;
  return false;
}

export function enforceOutcome(
  outcome: VerificationOutcome,
  maxEvidenceBytes: number,
): VerificationOutcome {
  if (outcome.verdict === 'inconclusive') return outcome;
  if (isEmptyEvidence(outcome.evidence)) {
    return {
      ...outcome,
      verdict: 'inconclusive',
      error: {
        category: 'empty_evidence',
        message: `verifier said ${outcome.verdict} without evidence`,
      },
    };
  }
  const bytes = Buffer.byteLength(canonicalJson(outcome.evidence), 'utf8');
  if (bytes > maxEvidenceBytes) {
    return {
      ...outcome,
      verdict: 'inconclusive',
      evidence: null,
      error: {
        category: 'evidence_too_large',
        message: `evidence is ${bytes} bytes, over the ${maxEvidenceBytes}-byte limit (limits.maxEvidenceBytes)`,
      },
    };
  }
  return outcome;
}
