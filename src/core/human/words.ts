// How every report names a decision: never a plain pass, always who decided and why.
import type { HumanDecision, Verdict } from '../types.js';

export type DecisionWords = { verb: 'approved' | 'rejected'; login: string; reason: string };

export function decisionWords(
  decidedBy: HumanDecision,
  verdict: Verdict | undefined,
): DecisionWords {
  return {
    verb: verdict === 'pass' ? 'approved' : 'rejected',
    login: decidedBy.login,
    reason: decidedBy.reason,
  };
}

/** Plain text ("approved by @alice — looked at it"); renderers escape it for their format. */
export function decisionLine(decidedBy: HumanDecision, verdict: Verdict | undefined): string {
  const words = decisionWords(decidedBy, verdict);
  return `${words.verb} by @${words.login} — ${words.reason}`;
}

/** ", 1 approved, 1 rejected by a person" for a totals line; empty when nobody decided. */
export function decidedTotalsText(totals: { approved?: number; rejected?: number }): string {
  const approved = totals.approved ?? 0;
  const rejected = totals.rejected ?? 0;
  if (approved === 0 && rejected === 0) return '';
  return `, ${approved} approved, ${rejected} rejected by a person`;
}
