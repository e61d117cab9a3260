// The numbers a reviewer reads first (summary, check run title, step outputs): verifications
// that ran or were inherited, and the leaves and asserts that failed, were blocked or wait for
// a person. Composites are not counted: their state follows from the goals counted here.
import type { RunReport } from '../../core/report/model.js';
import type { GoalEntry } from './goals.js';

export type GoalCounts = {
  /** Verifications of this run whose record arrived. */
  verified: number;
  inherited: number;
  /** Leaves and asserts that failed, tolerated ones included. */
  failed: number;
  /** Of `failed`, those the graph absorbed (tolerable, degrade or optional relations). */
  tolerated: number;
  blocked: number;
  needsHuman: number;
};

const count = new Intl.NumberFormat('en-US');

export function goalCounts(report: RunReport, entries: readonly GoalEntry[]): GoalCounts {
  const verifications = entries.filter((e) => e.kind !== 'composite');
  const inState = (state: GoalEntry['settlement']['state']): GoalEntry[] =>
    verifications.filter((e) => e.settlement.state === state);
  const failed = inState('failure');
  return {
    verified: report.totals.verified,
    inherited: report.totals.inherited,
    failed: failed.length,
    tolerated: failed.filter((e) => e.tolerated).length,
    blocked: inState('blocked').length,
    needsHuman: inState('needs_human').length,
  };
}

/** "3 (2 tolerated)", or "3" when none was tolerated. */
export function failedText(counts: GoalCounts): string {
  const tolerated = counts.tolerated > 0 ? ` (${count.format(counts.tolerated)} tolerated)` : '';
  return `${count.format(counts.failed)}${tolerated}`;
}
