// The whole cycle for one run: plan, verify, settle, report. Fronts call `runGraph`.
import type { RunBudgetShare } from '../core/budget/types.js';
import type { CompiledGraph } from '../core/graph/model.js';
import { statedRunBudget } from '../core/report/budgetLine.js';
import { redactReport } from '../core/redactOutcome.js';
import { NO_ANCHORS, sealReport } from '../core/report/chain.js';
import { buildReport, type RunReport } from '../core/report/model.js';
import { lookupIn, propagate } from '../core/settle/propagate.js';
import { rootState } from '../core/settle/root.js';
import type { RunState } from './dispatch.js';
import { recordEvent, recordSettlements } from './events.js';
import type { VerifySelection } from './execute.js';
import { stateFrom } from './split.js';
import { verifyPending } from './verifyPending.js';
import { planRun, type Plan } from './plan.js';
import type { EngineDeps, RunOptions } from './ports.js';

export async function runGraph(
  graph: CompiledGraph,
  deps: EngineDeps,
  options: RunOptions,
): Promise<RunReport> {
  const started = Date.now();
  const startedAt = new Date(started).toISOString();
  await deps.store.saveGraph(graph.digest, graph.canonical);
  await deps.store.beginRun({
    runId: options.runId,
    graphId: graph.id,
    graphDigest: graph.digest,
    startedAt,
    status: 'running',
    pid: process.pid,
  });
  const plan = await planRun(graph, deps, options);
  const state = stateFrom(graph, plan.selections);
  const pending = new Map<string, VerifySelection>();
  for (const [key, selection] of plan.selections) {
    await recordEvent(deps.store, options.runId, selection);
    if (selection.kind === 'verify') pending.set(key, selection);
  }
  deps.progress.planned({
    verify: pending.size,
    inherit: [...plan.selections.values()].filter((s) => s.kind === 'inherit').length,
    settled: [...plan.selections.values()].filter((s) => s.kind === 'settled').length,
    targets: graph.targets.length,
  });
  await verifyPending(graph, plan, deps, options, pending, state);
  const built = await settleAndReport(graph, deps, options, { plan, state, pending, started });
  // Inherited records come from stores that may predate a credential (or its redaction).
  const report = sealReport(redactReport(deps.redactor, built), options.anchors ?? NO_ANCHORS);
  await deps.store.finishRun(options.runId, report);
  return report;
}

type Settled = {
  plan: Plan;
  state: RunState;
  pending: ReadonlyMap<string, VerifySelection>;
  started: number;
};

/** Cycle steps 6–7: settle what dispatch left, decide the root, build the report. */
async function settleAndReport(
  graph: CompiledGraph,
  deps: EngineDeps,
  options: RunOptions,
  { plan, state, pending, started }: Settled,
): Promise<RunReport> {
  const cancelled = options.signal.aborted;
  if (cancelled) cancelRemaining(graph, state, pending);
  const root = rootState(graph, lookupIn(state.statuses), {
    allowPartialRoot: options.allowPartialRoot,
    cancelled,
  });
  await recordSettlements(deps.store, options.runId, state.statuses);
  const finished = Date.now();
  const storeWarnings = deps.store.drainWarnings().map((message) => ({ code: 'store', message }));
  return buildReport({
    graph,
    runId: options.runId,
    startedAt: new Date(started).toISOString(),
    finishedAt: new Date(finished).toISOString(),
    wallMs: finished - started,
    trigger: options.trigger,
    rootState: root,
    isolation: deps.isolation,
    statuses: state.statuses,
    selections: plan.selections,
    records: state.records,
    warnings: [...isolationWarnings(deps), ...plan.warnings, ...storeWarnings],
    ...reportedBudget(deps),
  });
}

function reportedBudget(deps: EngineDeps): { runBudget?: RunBudgetShare } {
  const runBudget = statedRunBudget(deps.budget?.run);
  return runBudget ? { runBudget } : {};
}

/** After Ctrl-C: whatever never started settles `cancelled`; finished records are kept. */
function cancelRemaining(
  graph: CompiledGraph,
  state: RunState,
  pending: ReadonlyMap<string, VerifySelection>,
): void {
  const changed: string[] = [];
  for (const [key, selection] of pending) {
    if (state.results.has(key)) continue;
    state.results.set(key, {
      verdict: 'inconclusive',
      error: {
        category: 'cancelled',
        message: 'the run was cancelled before this verification finished',
      },
    });
    changed.push(selection.item.goalId);
  }
  propagate(graph, { results: state.results, running: state.running }, state.statuses, changed);
}

function isolationWarnings(deps: EngineDeps): { code: string; message: string }[] {
  if (deps.isolation.kind !== 'none') return [];
  return [
    { code: 'no_isolation', message: deps.isolation.note ?? 'verifications ran without a sandbox' },
  ];
}
