// What a run spent of its run budget, in the report's totals and the summaries' line: actual
// spend summed over every job's records, and the agentic verifications that never started.
import { dollars } from '../budget/wording.js';
import type { RunBudgetShare } from '../budget/types.js';
import type { ErrorInfo } from '../types.js';

/** The configured `budget.run` and how many verifications it kept from starting. */
export type RunBudgetTotals = RunBudgetShare & { notStarted: number };

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A verification refused for budget before any model call (by the plan or its job). */
export function notStartedForBudget(error: ErrorInfo | undefined): boolean {
  return error?.category === 'budget_exhausted' && error.message.startsWith('not started');
}

/**
 * "spent $0.0600 of the $5 run budget (12,000 of 2,000,000 tokens); 15 verifications not
 * started", or undefined when the run had no run budget.
 */
export function runBudgetLine(totals: {
  tokens: number;
  costUsd: number;
  runBudget?: RunBudgetTotals;
}): string | undefined {
  const budget = totals.runBudget;
  if (!budget || (budget.costUsd === undefined && budget.tokens === undefined)) return undefined;
  const tokens = `${whole.format(totals.tokens)} of ${whole.format(budget.tokens ?? 0)} tokens`;
  const spent =
    budget.costUsd === undefined
      ? `spent ${tokens} of the run budget`
      : `spent $${totals.costUsd.toFixed(4)} of the ${dollars(budget.costUsd)} run budget` +
        (budget.tokens === undefined ? '' : ` (${tokens})`);
  const n = budget.notStarted;
  return `${spent}; ${whole.format(n)} verification${n === 1 ? '' : 's'} not started`;
}

/** The part of `budget.run` the report states spend against: tokens and cost, when set. */
export function statedRunBudget(run: RunBudgetShare | undefined): RunBudgetShare | undefined {
  if (!run || (run.tokens === undefined && run.costUsd === undefined)) return undefined;
  return {
    ...(run.tokens === undefined ? {} : { tokens: run.tokens }),
    ...(run.costUsd === undefined ? {} : { costUsd: run.costUsd }),
  };
}
