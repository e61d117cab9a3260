// The whole cycle for one run: plan, verify, settle, report. Fronts call `runGraph`.
import { join } from 'node:path';
import type { CaptureResult } from '../capture/types.js';
import type { CompiledGraph, WorkItem } from '../core/graph/model.js';
import { enforceOutcome } from '../core/outcome.js';
import { buildReport, type RunReport } from '../core/report/model.js';
import type { Selection } from '../core/select.js';
import { lookupIn, propagate, settleAll } from '../core/settle/propagate.js';
import { rootState } from '../core/settle/root.js';
import type { VerificationOutcome, VerificationRecord } from '../core/types.js';
import { dispatch, type RunState } from './dispatch.js';
import { recordEvent, recordSettlements } from './events.js';
import { planRun } from './plan.js';
import type { EngineDeps, MaterializedCapture, RunOptions } from './ports.js';

type VerifySelection = Selection & { kind: 'verify' };

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
  const state = initialState(graph, plan.selections);
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
  const workDir = await deps.store.workDir(options.runId);
  const materialized = new Map<string, Promise<MaterializedCapture>>();
  const capturePath = (target: string): Promise<MaterializedCapture> => {
    let path = materialized.get(target);
    if (!path) {
      const result = plan.captureResults.get(target) as CaptureResult & { ok: true };
      path = deps.captures.materialize(result, join(workDir, `capture-${materialized.size}`));
      materialized.set(target, path);
    }
    return path;
  };
  const execute = async (
    selection: VerifySelection,
    signal: AbortSignal,
  ): Promise<VerificationRecord> => {
    const outcome = await verifyOne(selection, deps, options, signal, capturePath);
    return toRecord(graph, selection, options.runId, outcome);
  };
  await dispatch(graph, pending, state, execute, {
    concurrency: options.concurrency,
    signal: options.signal,
    onStart: (item) => {
      deps.progress.started(item);
      void deps.store.appendEvent(event(options.runId, item, 'verifier_started'));
    },
    onSettled: async (item, record) => {
      if (record.error?.category !== 'cancelled') await deps.store.saveRecord(item.key, record);
      await deps.store.appendEvent({
        ...event(options.runId, item, 'verifier_finished'),
        verdict: record.verdict,
        durationMs: record.usage.durationMs,
        isolation: record.isolation,
        ...(record.error ? { category: record.error.category } : {}),
      });
      deps.progress.settled(item, record);
    },
  });
  const cancelled = options.signal.aborted;
  if (cancelled) cancelRemaining(graph, state, pending);
  const root = rootState(graph, lookupIn(state.statuses), {
    allowPartialRoot: options.allowPartialRoot,
    cancelled,
  });
  await recordSettlements(deps.store, options.runId, state.statuses);
  const finished = Date.now();
  const storeWarnings = deps.store.drainWarnings().map((message) => ({ code: 'store', message }));
  const report = buildReport({
    graph,
    runId: options.runId,
    startedAt,
    finishedAt: new Date(finished).toISOString(),
    wallMs: finished - started,
    trigger: options.trigger,
    rootState: root,
    isolation: deps.isolation,
    statuses: state.statuses,
    selections: plan.selections,
    records: state.records,
    warnings: [...isolationWarnings(deps), ...plan.warnings, ...storeWarnings],
  });
  await deps.store.finishRun(options.runId, report);
  return report;
}

function initialState(graph: CompiledGraph, selections: ReadonlyMap<string, Selection>): RunState {
  const state: RunState = {
    results: new Map(),
    running: new Set(),
    statuses: new Map(),
    records: new Map(),
  };
  for (const [key, selection] of selections) {
    if (selection.kind === 'inherit') {
      const { verdict, error } = selection.record;
      state.results.set(key, { verdict, ...(error ? { error } : {}) });
      state.records.set(key, selection.record);
    } else if (selection.kind === 'settled') {
      state.results.set(key, { verdict: selection.verdict, error: selection.error });
    }
  }
  state.statuses = settleAll(graph, { results: state.results, running: state.running });
  return state;
}

async function verifyOne(
  selection: VerifySelection,
  deps: EngineDeps,
  options: RunOptions,
  signal: AbortSignal,
  capturePath: (target: string) => Promise<MaterializedCapture>,
): Promise<VerificationOutcome> {
  const { item } = selection;
  const started = Date.now();
  try {
    const capture = await capturePath(item.target);
    const outcome = await deps.verifiers.verifierFor(item).verify({
      goalId: item.goalId,
      runId: options.runId,
      captureDigest: selection.captureDigest,
      capturePath: capture.path,
      captureKind: capture.kind,
      verifier: item.verifier,
      timeoutMs: timeoutFor(item, options) * 1000,
      maxEvidenceBytes: options.maxEvidenceBytes,
      signal,
    });
    return enforceOutcome(outcome, options.maxEvidenceBytes);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      verdict: 'inconclusive',
      evidence: null,
      error: {
        category: signal.aborted ? 'cancelled' : 'internal',
        message: message.slice(0, 1000),
      },
      usage: { durationMs: Date.now() - started, tokens: 0, costUsd: 0 },
      attempts: 1,
      isolation: deps.isolation.kind,
    };
  }
}

function timeoutFor(item: WorkItem, options: RunOptions): number {
  return item.verifier.mode === 'agentic'
    ? options.timeouts.agenticSeconds
    : options.timeouts.programmaticSeconds;
}

function toRecord(
  graph: CompiledGraph,
  selection: VerifySelection,
  runId: string,
  outcome: VerificationOutcome,
): VerificationRecord {
  return {
    schemaVersion: '1',
    goalId: selection.item.goalId,
    role: selection.item.role,
    runId,
    graphDigest: graph.digest,
    captureDigest: selection.captureDigest,
    gmDigest: selection.gmDigest,
    verifier: selection.identity,
    verdict: outcome.verdict,
    evidence: outcome.evidence,
    ...(outcome.error ? { error: outcome.error } : {}),
    usage: outcome.usage,
    attempts: outcome.attempts,
    isolation: outcome.isolation,
    ...(outcome.votes ? { votes: outcome.votes } : {}),
    settledAt: new Date().toISOString(),
  };
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

function event(runId: string, item: WorkItem, type: 'verifier_started' | 'verifier_finished') {
  return {
    schemaVersion: '1' as const,
    runId,
    goalId: item.goalId,
    at: new Date().toISOString(),
    type,
    attempt: 1,
  };
}
