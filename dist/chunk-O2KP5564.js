#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  planRun
} from "./chunk-QRRQDQDQ.js";
import {
  buildReport,
  recordEvent,
  recordSettlements,
  redactReport,
  stateFrom,
  verifyPending
} from "./chunk-IJ7NSDBA.js";
import {
  lookupIn,
  propagate,
  rootState,
  statedRunBudget
} from "./chunk-OB6IMDL2.js";
import {
  NO_ANCHORS,
  sealReport
} from "./chunk-TR7VHC6V.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/engine/run.ts
async function runGraph(graph, deps, options) {
  const started = Date.now();
  const startedAt = new Date(started).toISOString();
  await deps.store.saveGraph(graph.digest, graph.canonical);
  await deps.store.beginRun({
    runId: options.runId,
    graphId: graph.id,
    graphDigest: graph.digest,
    startedAt,
    status: "running",
    pid: process.pid
  });
  const plan = await planRun(graph, deps, options);
  const state = stateFrom(graph, plan.selections);
  const pending = /* @__PURE__ */ new Map();
  for (const [key, selection] of plan.selections) {
    await recordEvent(deps.store, options.runId, selection);
    if (selection.kind === "verify") pending.set(key, selection);
  }
  deps.progress.planned({
    verify: pending.size,
    inherit: [...plan.selections.values()].filter((s) => s.kind === "inherit").length,
    settled: [...plan.selections.values()].filter((s) => s.kind === "settled").length,
    targets: graph.targets.length
  });
  await verifyPending(graph, plan, deps, options, pending, state);
  const built = await settleAndReport(graph, deps, options, { plan, state, pending, started });
  const report = sealReport(redactReport(deps.redactor, built), options.anchors ?? NO_ANCHORS);
  await deps.store.finishRun(options.runId, report);
  return report;
}
__name(runGraph, "runGraph");
async function settleAndReport(graph, deps, options, { plan, state, pending, started }) {
  const cancelled = options.signal.aborted;
  if (cancelled) cancelRemaining(graph, state, pending);
  const root = rootState(graph, lookupIn(state.statuses), {
    allowPartialRoot: options.allowPartialRoot,
    cancelled
  });
  await recordSettlements(deps.store, options.runId, state.statuses);
  const finished = Date.now();
  const storeWarnings = deps.store.drainWarnings().map((message) => ({ code: "store", message }));
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
    ...reportedBudget(deps)
  });
}
__name(settleAndReport, "settleAndReport");
function reportedBudget(deps) {
  const runBudget = statedRunBudget(deps.budget?.run);
  return runBudget ? { runBudget } : {};
}
__name(reportedBudget, "reportedBudget");
function cancelRemaining(graph, state, pending) {
  const changed = [];
  for (const [key, selection] of pending) {
    if (state.results.has(key)) continue;
    state.results.set(key, {
      verdict: "inconclusive",
      error: {
        category: "cancelled",
        message: "the run was cancelled before this verification finished"
      }
    });
    changed.push(selection.item.goalId);
  }
  propagate(graph, { results: state.results, running: state.running }, state.statuses, changed);
}
__name(cancelRemaining, "cancelRemaining");
function isolationWarnings(deps) {
  if (deps.isolation.kind !== "none") return [];
  return [
    { code: "no_isolation", message: deps.isolation.note ?? "verifications ran without a sandbox" }
  ];
}
__name(isolationWarnings, "isolationWarnings");

export {
  runGraph
};
