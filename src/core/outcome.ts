// The last word on a verifier's outcome before it becomes a record: whatever a verifier
// returned, a pass without evidence or with oversized evidence is not a pass.
import { canonicalJson } from './digest.js';
import type { JsonValue, VerificationOutcome } from './types.js';

const hasText = (text: string): boolean => text.trim() !== '';

/**
 * Evidence says something when it holds at least one observation: a string with a
 * non-whitespace character anywhere in it, or a number or boolean stored under a non-blank key
 * (`{"errors": 0}`, `{"exists": true}`: the key says what was measured). null, blank strings,
 * bare numbers and booleans (`0`, `false`, `[1, true]`) and containers of nothing but these
 * (`[[]]`, `{"a": null}`) say nothing, and a verdict needs evidence that does.
 */
export function isEmptyEvidence(evidence: JsonValue): boolean {
  // An explicit stack: evidence is untrusted and may nest deeper than the call stack.
  const pending: JsonValue[] = [evidence];
  while (pending.length > 0) {
    const value = pending.pop() as JsonValue;
    if (typeof value === 'string') {
      if (hasText(value)) return false;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, member] of Object.entries(value)) {
        const named = typeof member === 'number' || typeof member === 'boolean';
        if (named && hasText(key)) return false;
        pending.push(member);
      }
    }
  }
  return true;
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
