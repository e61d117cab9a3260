// Admission of agentic work against the run budget, before any job starts (DESIGN §6): what
// does not fit settles `inconclusive` (`budget_exhausted`) in the plan, and each job gets its
// share of the budget as a hard cap.
import { admitRunBudget } from '../../core/budget/admit.js';
import type { AdmissionInput, AdmissionItem, ConfiguredBudget } from '../../core/budget/types.js';
import type { CompiledGraph } from '../../core/graph/model.js';
import type { Selection } from '../../core/select.js';
import type { ErrorInfo } from '../../core/types.js';
import type { DispatchPlan } from '../matrix/index.js';
import type { RunOptions } from '../ports.js';
import { assignmentOf } from './assignment.js';
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
  /** The host's budgets; without them nothing is refused and no job gets a share. */
  budget?: ConfiguredBudget;
};

/** Admits the dispatch's agentic work against budget.run (core/budget/admit.ts). */
export function admitBudget(input: BudgetInput): BudgetAdmission {
  if (!input.budget) return { refused: new Map(), shares: new Map() };
  const admission = admitRunBudget(admissionInput(input, input.budget));
  return {
    refused: admission.refused,
    shares: admission.shares,
    ...(admission.note ? { note: admission.note } : {}),
  };
}

/**
 * Each job's share for the dispatch planned after the refusals settled: the same admitted
 * work dealt to other jobs. Its worst cases fit (they did in the first order), so nothing
 * more is refused; a share never exceeds what the budget has left, whatever the order.
 */
export function sharesFor(input: BudgetInput): BudgetAdmission['shares'] {
  return admitBudget(input).shares;
}

function admissionInput(input: BudgetInput, budget: ConfiguredBudget): AdmissionInput {
  const jobs = [...assignmentOf(input.dispatch).jobs.values()].map((job) => ({
    label: job.job,
    items: job.keys.map((key) => admissionItem(input.graph, key)),
  }));
  return { run: budget.run, verification: budget.verification, jobs };
}

function admissionItem(graph: CompiledGraph, key: string): AdmissionItem {
  const verifier = graph.workItemByKey.get(key)?.verifier;
  if (verifier?.mode !== 'agentic') return { key, agentic: false, votes: 1 };
  return { key, agentic: true, votes: verifier.votes ?? 1 };
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
