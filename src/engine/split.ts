// The cycle in phases, for fronts that spread one run over several processes (the Action:
// plan → matrix verify → aggregate). Each phase rebuilds the run state from the plan and
// the records settled so far, then does its part with the same scheduler and settlement
// as a whole local run.
import type { RunBudgetShare } from '../core/budget/types.js';
import type { CompiledGraph } from '../core/graph/model.js';
import type { Redactor } from '../core/redact.js';
import { NO_ANCHORS, sealReport, type ChainAnchors } from '../core/report/chain.js';
import { redactReport } from '../core/redactOutcome.js';
import { buildReport, type RunReport } from '../core/report/model.js';
import type { Selection, Warning } from '../core/select.js';
import { lookupIn, settleAll } from '../core/settle/propagate.js';
import { rootState } from '../core/settle/root.js';
import type { IsolationKind, VerificationRecord } from '../core/types.js';
import { dispatch, type RunState } from './dispatch.js';
import type { VerifySelection } from './execute.js';
import { unverifiedRecord, type RecordWriter } from './recordOf.js';
import { knownResults } from './matrix/waves.js';
import type { Plan } from './plan.js';
import { verifyPending } from './verifyPending.js';
import type { EngineDeps, RunOptions } from './ports.js';

/**
 * The state a phase starts from: inherited and settled selections, plus `records` settled
 * earlier in this run (by work key). Records must already be checked against the plan.
 */
export function stateFrom(
  graph: CompiledGraph,
  selections: ReadonlyMap<string, Selection>,
  records: ReadonlyMap<string, VerificationRecord> = new Map(),
): RunState {
  const state: RunState = {
    results: knownResults(selections),
    running: new Set(),
    statuses: new Map(),
    records: new Map(),
  };
  for (const [key, selection] of selections)
    if (selection.kind === 'inherit') state.records.set(key, selection.record);
  const take = (key: string, record: VerificationRecord): void => {
    const { verdict, error } = record;
    state.results.set(key, { verdict, ...(error ? { error } : {}) });
    state.records.set(key, record);
  };
  for (const [key, record] of records) take(key, record);
  state.statuses = settleAll(graph, { results: state.results, running: state.running });
  return state;
}

/**
 * Verifies the `keys` among the plan's `verify` selections, each once its gate opens; a key
 * whose gate closes (or never opens) is left alone. Returns the records settled here.
 */
export async function verifyKeys(
  graph: CompiledGraph,
  plan: Plan,
  deps: EngineDeps,
  options: RunOptions,
  keys: readonly string[],
  state: RunState,
): Promise<Map<string, VerificationRecord>> {
  const pending = new Map<string, VerifySelection>();
  for (const key of keys) {
    const selection = plan.selections.get(key);
    if (selection?.kind !== 'verify') throw new Error(`"${key}" is not a verification of the plan`);
    if (!state.results.has(key)) pending.set(key, selection);
  }
  await verifyPending(graph, plan, deps, options, pending, state);
  return new Map(
    [...pending.keys()].flatMap((key) => {
      const record = state.records.get(key);
      return record ? [[key, record] as const] : [];
    }),
  );
}

/**
 * Settles every `verify` selection that has no record although its gate opened: its job
 * never delivered one (it failed, was cancelled, or its record was rejected). Such a
 * verification is `inconclusive` (`record_missing`), or `fail` where the front says a job
 * that did not deliver is a failure (the Action's aggregate), never a pass; what depends on
 * it follows through the ordinary gates.
 */
export async function settleMissing(
  graph: CompiledGraph,
  selections: ReadonlyMap<string, Selection>,
  state: RunState,
  writer: RecordWriter,
  explain: (key: string) => string,
  verdict: 'inconclusive' | 'fail' = 'inconclusive',
): Promise<string[]> {
  const pending = new Map<string, VerifySelection>();
  for (const [key, selection] of selections)
    if (selection.kind === 'verify' && !state.results.has(key)) pending.set(key, selection);
  const missing: string[] = [];
  await dispatch(
    graph,
    pending,
    state,
    (selection) => {
      missing.push(selection.item.key);
      const message = explain(selection.item.key);
      return Promise.resolve(missingRecord(graph, selection, writer, message, verdict));
    },
    {
      concurrency: 1,
      signal: new AbortController().signal,
      onStart: () => undefined,
      onSettled: () => Promise.resolve(),
    },
  );
  return missing;
}

function missingRecord(
  graph: CompiledGraph,
  selection: VerifySelection,
  writer: RecordWriter,
  message: string,
  verdict: 'inconclusive' | 'fail',
): VerificationRecord {
  return unverifiedRecord(graph, selection, writer, {
    verdict,
    evidence: null,
    error: { category: 'record_missing', message },
  });
}

export type ReportParts = {
  runId: string;
  startedAt: string;
  trigger: RunOptions['trigger'];
  allowPartialRoot: boolean;
  isolation: { kind: IsolationKind; note?: string };
  warnings: Warning[];
  /** Applied to the report: records downloaded from other jobs and stores may carry credentials. */
  redactor: Redactor;
  /** The configured budget.run (tokens, cost) the report states the run's spend against. */
  runBudget?: RunBudgetShare;
  /** What the report's root digest binds besides its nodes (none known: all null). */
  anchors?: ChainAnchors;
};

/** Cycle steps 6–7 over a finished state: the root's terminal state and the report. */
export function reportOf(
  graph: CompiledGraph,
  selections: ReadonlyMap<string, Selection>,
  state: RunState,
  parts: ReportParts,
): RunReport {
  const root = rootState(graph, lookupIn(state.statuses), {
    allowPartialRoot: parts.allowPartialRoot,
    cancelled: false,
  });
  const finished = Date.now();
  const report = buildReport({
    graph,
    runId: parts.runId,
    startedAt: parts.startedAt,
    finishedAt: new Date(finished).toISOString(),
    wallMs: Math.max(0, finished - Date.parse(parts.startedAt)),
    trigger: parts.trigger,
    rootState: root,
    isolation: parts.isolation,
    statuses: state.statuses,
    selections,
    records: state.records,
    warnings: parts.warnings,
    ...(parts.runBudget ? { runBudget: parts.runBudget } : {}),
  });
  return sealReport(redactReport(parts.redactor, report), parts.anchors ?? NO_ANCHORS);
}
