// Admission of agentic work against the run budget, before any job starts (DESIGN §6): what
// does not fit settles `inconclusive` (`budget_exhausted`) in the plan, and each job gets its
// share of the budget as a hard cap.
import type { CompiledGraph } from '../../core/graph/model.js';
import type { Selection } from '../../core/select.js';
import type { ErrorInfo } from '../../core/types.js';
import type { DispatchPlan } from '../matrix/index.js';
import type { RunOptions } from '../ports.js';
import type { RunBudget } from './planDocument.js';

export type BudgetAdmission = {
  refused: ReadonlyMap<string, ErrorInfo>;
  shares: ReadonlyMap<string, RunBudget>;
  note?: string;
};

export type BudgetInput = {
  graph: CompiledGraph;
  selections: ReadonlyMap<string, Selection>;
  dispatch: DispatchPlan;
  options: RunOptions;
};

/**
 * The seam where the run budget admits work. Until admission lands it admits everything and
 * gives no job a share (each job then runs under the per-process budget, as before).
 */
export function admitBudget(input: BudgetInput): BudgetAdmission {
  void input;
  return { refused: new Map(), shares: new Map() };
}

/** The selections with every refused verification settled before dispatch. */
export function withRefusals(
  selections: ReadonlyMap<string, Selection>,
  refused: ReadonlyMap<string, ErrorInfo>,
): Map<string, Selection> {
  const next = new Map(selections);
  for (const [key, error] of refused) {
    const selection = selections.get(key);
    if (selection?.kind !== 'verify') continue;
    const { item, captureDigest } = selection;
    next.set(key, { kind: 'settled', item, captureDigest, verdict: 'inconclusive', error });
  }
  return next;
}
