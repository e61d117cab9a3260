#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  dependencyGate,
  lookupIn,
  notStartedForBudget,
  propagate,
  rootState,
  settleAll
} from "./chunk-OB6IMDL2.js";
import {
  NO_ANCHORS,
  boundAuditTrail,
  enforceOutcome,
  pushTo,
  recordDigestOf,
  sealReport,
  specDigestOf,
  workKey
} from "./chunk-TR7VHC6V.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/core/redactOutcome.ts
var MAX_ERROR_CHARS = 4096;
var MAX_PATH_CHARS = 4096;
var MAX_LOCATION_MESSAGE_CHARS = 2048;
var MAX_REASON_CHARS = 1024;
var MAX_WARNING_CHARS = 4096;
function bounded(redactor, text, maxChars) {
  return redactor.text(text).slice(0, maxChars);
}
__name(bounded, "bounded");
function redactError(redactor, error) {
  return { category: error.category, message: bounded(redactor, error.message, MAX_ERROR_CHARS) };
}
__name(redactError, "redactError");
function redactVote(redactor, vote) {
  return {
    ...vote,
    evidence: redactor.json(vote.evidence),
    ...vote.error ? { error: redactError(redactor, vote.error) } : {}
  };
}
__name(redactVote, "redactVote");
function redactLocation(redactor, location) {
  return {
    path: bounded(redactor, location.path, MAX_PATH_CHARS),
    line: location.line,
    message: bounded(redactor, location.message, MAX_LOCATION_MESSAGE_CHARS)
  };
}
__name(redactLocation, "redactLocation");
function redactToolCall(redactor, call) {
  return {
    ...call,
    tool: redactor.text(call.tool),
    arguments: redactor.text(call.arguments),
    ...call.error === void 0 ? {} : { error: redactor.text(call.error) }
  };
}
__name(redactToolCall, "redactToolCall");
function redactAudit(redactor, audit) {
  return boundAuditTrail({
    ...audit,
    instruction: redactor.text(audit.instruction),
    verifications: audit.verifications.map(
      (verification) => verification.toolCalls === void 0 ? verification : {
        ...verification,
        toolCalls: verification.toolCalls.map((call) => redactToolCall(redactor, call))
      }
    )
  });
}
__name(redactAudit, "redactAudit");
function redactOutcome(redactor, outcome) {
  if (redactor.secrets.length === 0) return outcome;
  return {
    ...outcome,
    evidence: redactor.json(outcome.evidence),
    ...outcome.error ? { error: redactError(redactor, outcome.error) } : {},
    ...outcome.votes ? { votes: outcome.votes.map((v) => redactVote(redactor, v)) } : {},
    ...outcome.locations ? { locations: outcome.locations.map((l) => redactLocation(redactor, l)) } : {},
    ...outcome.audit ? { audit: redactAudit(redactor, outcome.audit) } : {}
  };
}
__name(redactOutcome, "redactOutcome");
function redactSettlement(redactor, node) {
  const out = { ...node };
  if (node.evidence !== void 0) out.evidence = redactor.json(node.evidence);
  if (node.error) out.error = redactError(redactor, node.error);
  if (node.reason !== void 0) out.reason = bounded(redactor, node.reason, MAX_REASON_CHARS);
  if (node.votes) out.votes = node.votes.map((v) => redactVote(redactor, v));
  if (node.locations) out.locations = node.locations.map((l) => redactLocation(redactor, l));
  if (node.audit) out.audit = redactAudit(redactor, node.audit);
  return out;
}
__name(redactSettlement, "redactSettlement");
function redactReport(redactor, report) {
  if (redactor.secrets.length === 0) return report;
  const nodes = {};
  for (const [id, node] of Object.entries(report.nodes)) {
    const redacted = redactSettlement(redactor, node);
    if (node.assert) redacted.assert = redactSettlement(redactor, node.assert);
    nodes[id] = redacted;
  }
  return {
    ...report,
    nodes,
    warnings: report.warnings.map((w) => ({
      ...w,
      message: bounded(redactor, w.message, MAX_WARNING_CHARS)
    }))
  };
}
__name(redactReport, "redactReport");

// src/core/report/model.ts
function buildReport(input) {
  const nodes = {};
  for (const id of [...input.graph.nodes.keys()].sort()) nodes[id] = reportNode(id, input);
  const selections = [...input.selections.values()];
  const rerun = selections.filter((s) => s.kind === "verify" && ranHere(s.item, input)).map((s) => s.item.key).sort();
  const used = selections.filter((s) => s.kind === "inherit" && isUsed(s.item, input));
  const decided = used.filter((s) => s.kind === "inherit" && s.record.decidedBy);
  const inherited = used.filter((s) => !decided.includes(s)).map((s) => s.item.key).sort();
  const decidedAs = /* @__PURE__ */ __name((verdict) => decided.filter((s) => s.kind === "inherit" && s.record.verdict === verdict).length, "decidedAs");
  const decisions = decided.length === 0 ? { partition: {}, totals: {} } : {
    partition: { decided: decided.map((s) => s.item.key).sort() },
    totals: { approved: decidedAs("pass"), rejected: decidedAs("fail") }
  };
  const fresh = [...input.records.values()].filter((r) => r.runId === input.runId);
  const arrived = fresh.filter((r) => r.error?.category !== "record_missing");
  return {
    schemaVersion: "1",
    runId: input.runId,
    startedAt: input.startedAt,
    finishedAt: input.finishedAt,
    graph: {
      id: input.graph.id,
      digest: input.graph.digest,
      root: input.graph.root,
      ...input.graph.title === void 0 ? {} : { title: input.graph.title }
    },
    trigger: input.trigger,
    rootState: input.rootState,
    isolation: input.isolation,
    nodes,
    partition: { rerun, inherited, ...decisions.partition },
    totals: {
      verified: arrived.length,
      inherited: inherited.length,
      ...decisions.totals,
      blocked: [...input.statuses.values()].filter((s) => s.state === "blocked").length,
      tokens: fresh.reduce((sum, r) => sum + r.usage.tokens, 0),
      costUsd: fresh.reduce((sum, r) => sum + r.usage.costUsd, 0),
      ...optionalTotal("aiCredits", fresh),
      ...optionalTotal("premiumRequests", fresh),
      wallMs: Math.round(input.wallMs),
      ...input.runBudget ? { runBudget: { ...input.runBudget, notStarted: notStarted(nodes) } } : {}
    },
    warnings: [...input.warnings]
  };
}
__name(buildReport, "buildReport");
function notStarted(nodes) {
  const settlements = Object.values(nodes).flatMap((node) => [
    ...node.kind === "leaf" ? [node] : [],
    ...node.assert ? [node.assert] : []
  ]);
  return settlements.filter((settlement) => notStartedForBudget(settlement.error)).length;
}
__name(notStarted, "notStarted");
function reportNode(id, input) {
  const node = input.graph.nodes.get(id);
  if (!node) throw new Error(`unknown node ${id}`);
  const status = input.statuses.get(id) ?? { state: "pending" };
  if (node.kind === "leaf") {
    const item2 = input.graph.workItemByKey.get(id);
    return { kind: "leaf", title: node.title, ...settlementOf(item2, status, input) };
  }
  const base = {
    kind: "composite",
    title: node.title,
    children: node.children.map((relation) => relation.child),
    completion: node.completion,
    state: status.state,
    inherited: false,
    ...status.reason === void 0 ? {} : { reason: status.reason },
    ...status.error === void 0 ? {} : { error: status.error }
  };
  if (!node.assert) return base;
  const item = input.graph.workItemByKey.get(workKey(id, "assert"));
  return { ...base, assert: settlementOf(item, assertStatusOf(item, status, input), input) };
}
__name(reportNode, "reportNode");
function isUsed(item, input) {
  return input.statuses.get(item.goalId)?.fromVerdict === true;
}
__name(isUsed, "isUsed");
function ranHere(item, input) {
  return isUsed(item, input) && input.records.get(item.key)?.runId === input.runId;
}
__name(ranHere, "ranHere");
var REASON_CHARS = 1024;
function assertStatusOf(item, composite, input) {
  if (isUsed(item, input)) return { state: verdictState(item.key, input) };
  const { state } = composite;
  if (state === "pending" || state === "running") return { state };
  const why = composite.reason ?? composite.error?.message;
  const reason = `not run: an assert needs its subtree to settle success or partial, and "${item.goalId}" ended ${state}${why ? ` (${why})` : ""}`;
  const skipped = state === "failure" || state === "blocked" ? "blocked" : state;
  return { state: skipped, reason: reason.slice(0, REASON_CHARS) };
}
__name(assertStatusOf, "assertStatusOf");
function verdictState(key, input) {
  const record = input.records.get(key);
  const selection = input.selections.get(key);
  const verdict = record?.verdict ?? (selection?.kind === "settled" ? selection.verdict : void 0);
  if (verdict === "pass") return "success";
  if (verdict === "fail") return "failure";
  if (verdict === "inconclusive")
    return record?.error?.category === "cancelled" ? "cancelled" : "needs_human";
  return "pending";
}
__name(verdictState, "verdictState");
function settlementOf(item, status, input) {
  const selection = input.selections.get(item.key);
  const used = isUsed(item, input);
  const record = used ? input.records.get(item.key) : void 0;
  const inherited = used && selection?.kind === "inherit";
  const settledError = selection?.kind === "settled" ? selection.error : void 0;
  const error = status.error ?? (used ? record?.error ?? settledError : void 0);
  return {
    state: status.state,
    inherited,
    target: item.target,
    verifier: verifierSummary(item),
    ...record ? verificationFields(record) : {},
    ...used && selection?.kind === "settled" ? { verdict: selection.verdict } : {},
    ...inherited ? { inheritedFrom: { runId: selection.record.runId, settledAt: selection.record.settledAt } } : {},
    ...selection?.kind === "verify" && ranHere(item, input) ? { rerunReason: selection.reason } : {},
    ...selection ? bindingFields(selection) : {},
    ...selection?.captureDigest ? { captureDigest: selection.captureDigest } : {},
    ...error ? { error } : {},
    ...status.reason === void 0 ? {} : { reason: status.reason }
  };
}
__name(settlementOf, "settlementOf");
function verificationFields(record) {
  return {
    verdict: record.verdict,
    evidence: record.evidence,
    usage: record.usage,
    isolation: record.isolation,
    ...record.votes ? { votes: record.votes } : {},
    ...record.locations ? { locations: record.locations } : {},
    ...record.audit ? { audit: record.audit } : {},
    ...record.decidedBy ? { decidedBy: record.decidedBy } : {},
    ...record.origin ? { origin: record.origin } : {},
    recordDigest: recordDigestOf(record)
  };
}
__name(verificationFields, "verificationFields");
function bindingFields(selection) {
  if (selection.kind === "settled") {
    if (!selection.captureDigest) return {};
    return { specDigest: specDigestOf(selection.captureDigest, selection.item.verifier) };
  }
  const spec = selection.kind === "inherit" && selection.record.verifier.mode === "human" && selection.record.verifier.binds === "spec";
  return spec ? { specDigest: selection.gmDigest } : { gmDigest: selection.gmDigest };
}
__name(bindingFields, "bindingFields");
function verifierSummary(item) {
  const verifier = item.verifier;
  if (verifier.mode === "programmatic") return { mode: "programmatic", script: verifier.script };
  return {
    mode: "agentic",
    votes: verifier.votes ?? 1,
    ...verifier.model === void 0 ? {} : { model: verifier.model }
  };
}
__name(verifierSummary, "verifierSummary");
function optionalTotal(name, records) {
  const reported = records.flatMap(
    (record) => record.usage[name] === void 0 ? [] : [record.usage[name]]
  );
  if (reported.length === 0) return {};
  return { [name]: reported.reduce((sum, value) => sum + value, 0) };
}
__name(optionalTotal, "optionalTotal");

// src/engine/matrix/waves.ts
var IN_PLAN = 0;
var KNOWN = { wave: IN_PLAN, depth: 0 };
function planWaves(graph, selections, options = {}) {
  checkSelections(graph, selections);
  const statuses = settleAll(graph, { results: knownResults(selections), running: /* @__PURE__ */ new Set() });
  const layering = {
    graph,
    selections,
    statuses,
    inPlanAllowed: options.programmaticInPlan === true,
    settledBy: /* @__PURE__ */ new Map(),
    quietBy: /* @__PURE__ */ new Map(),
    placed: /* @__PURE__ */ new Map(),
    neverStarted: []
  };
  for (const id of graph.order) layerNode(layering, id);
  return collect(layering);
}
__name(planWaves, "planWaves");
function knownResults(selections) {
  const results = /* @__PURE__ */ new Map();
  for (const [key, selection] of selections) {
    if (selection.kind === "inherit") {
      const { verdict, error } = selection.record;
      results.set(key, error ? { verdict, error } : { verdict });
    } else if (selection.kind === "settled") {
      results.set(key, { verdict: selection.verdict, error: selection.error });
    }
  }
  return results;
}
__name(knownResults, "knownResults");
function checkSelections(graph, selections) {
  for (const item of graph.workItems) {
    if (!selections.has(item.key)) throw new Error(`no selection for work item "${item.key}"`);
  }
  for (const [key, selection] of selections) {
    if (!graph.workItemByKey.has(key)) throw new Error(`"${key}" is not a work item of the graph`);
    if (selection.item.key !== key)
      throw new Error(`the selection stored under "${key}" is for "${selection.item.key}"`);
  }
}
__name(checkSelections, "checkSelections");
function layerNode(layering, id) {
  const { graph, settledBy, quietBy } = layering;
  const node = graph.nodes.get(id);
  const children = node.kind === "composite" ? node.children.map((relation) => relation.child) : [];
  const levels = /* @__PURE__ */ __name((ids, of) => ids.map((need) => of.get(need) ?? KNOWN), "levels");
  const gate = latest(levels(graph.dependencies.get(id) ?? [], settledBy));
  const childrenSettled = latest(levels(children, settledBy));
  const childrenQuiet = latest(levels(children, quietBy));
  const item = graph.workItemByKey.get(workKey(id, node.kind === "leaf" ? "leaf" : "assert"));
  const own = item ? place(layering, item, latest([gate, childrenQuiet])) : void 0;
  const final = !isOpen(layering.statuses.get(id));
  const settled = final ? KNOWN : latest([gate, childrenSettled, ...own ? [own] : []]);
  settledBy.set(id, settled);
  quietBy.set(id, latest([settled, childrenQuiet, ...own ? [own] : []]));
}
__name(layerNode, "layerNode");
function place(layering, item, needs) {
  if (layering.selections.get(item.key)?.kind !== "verify") return void 0;
  const status = layering.statuses.get(item.goalId);
  if (status && !isOpen(status)) {
    layering.neverStarted.push(neverStarted(item, status));
    return void 0;
  }
  const inPlan = layering.inPlanAllowed && item.verifier.mode === "programmatic" && needs.wave === IN_PLAN;
  const level = inPlan ? { wave: IN_PLAN, depth: needs.depth + 1 } : { wave: needs.wave + 1, depth: needs.depth };
  layering.placed.set(item.key, level);
  return level;
}
__name(place, "place");
function isOpen(status) {
  return status === void 0 || status.state === "pending" || status.state === "running";
}
__name(isOpen, "isOpen");
function latest(levels) {
  let wave = IN_PLAN;
  let depth = 0;
  for (const level of levels) {
    wave = Math.max(wave, level.wave);
    depth = Math.max(depth, level.depth);
  }
  return { wave, depth };
}
__name(latest, "latest");
function neverStarted(item, status) {
  const detail = status.reason ?? status.error?.message ?? `"${item.goalId}" is ${status.state}`;
  const reason = item.role === "leaf" ? detail : `an assert runs only after its subtree settles success or partial, and "${item.goalId}" is already ${status.state} (${detail})`;
  return { key: item.key, state: status.state, reason };
}
__name(neverStarted, "neverStarted");
function collect(layering) {
  const inPlan = [];
  const byWave = /* @__PURE__ */ new Map();
  const waveOf = /* @__PURE__ */ new Map();
  let last = IN_PLAN;
  for (const [key, level] of layering.placed) {
    waveOf.set(key, level.wave);
    last = Math.max(last, level.wave);
    if (level.wave === IN_PLAN) inPlan.push({ key, depth: level.depth });
    else pushTo(byWave, level.wave, key);
  }
  inPlan.sort((a, b) => a.depth - b.depth || compareKeys(a.key, b.key));
  const waves = [];
  for (let index = 1; index <= last; index++) {
    const keys = byWave.get(index);
    if (!keys) throw new Error(`internal: wave ${index} of ${last} is empty`);
    waves.push({ index, keys: keys.sort(compareKeys) });
  }
  return {
    inPlan: inPlan.map((entry) => entry.key),
    waves,
    neverStarted: [...layering.neverStarted].sort((a, b) => compareKeys(a.key, b.key)),
    waveOf
  };
}
__name(collect, "collect");
function compareKeys(a, b) {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
__name(compareKeys, "compareKeys");

// src/engine/events.ts
async function recordEvent(store, runId, selection) {
  const base = {
    schemaVersion: "1",
    runId,
    goalId: selection.item.goalId,
    at: (/* @__PURE__ */ new Date()).toISOString()
  };
  if (selection.kind === "inherit") {
    await store.appendEvent({
      ...base,
      type: "inherited",
      verdict: selection.record.verdict,
      reason: `from run ${selection.record.runId}`
    });
  } else if (selection.kind === "verify") {
    await store.appendEvent({ ...base, type: "selected", reason: selection.reason });
  } else {
    await store.appendEvent({
      ...base,
      type: "error",
      category: selection.error.category,
      reason: selection.error.message.slice(0, 1e3)
    });
  }
}
__name(recordEvent, "recordEvent");
async function recordSettlements(store, runId, statuses) {
  const at = (/* @__PURE__ */ new Date()).toISOString();
  for (const [goalId, status] of statuses) {
    await store.appendEvent({
      schemaVersion: "1",
      runId,
      goalId,
      at,
      type: status.state === "blocked" ? "blocked" : "settled",
      state: status.state,
      ...status.reason === void 0 ? {} : { reason: status.reason.slice(0, 1e3) },
      ...status.error === void 0 ? {} : { category: status.error.category }
    });
  }
}
__name(recordSettlements, "recordSettlements");
function dispatchHooks(deps, runId) {
  return {
    onStart: /* @__PURE__ */ __name((item) => {
      deps.progress.started(item);
      void deps.store.appendEvent(event(runId, item, "verifier_started"));
    }, "onStart"),
    onSettled: /* @__PURE__ */ __name(async (item, record) => {
      if (record.error?.category !== "cancelled") await deps.store.saveRecord(item.key, record);
      await deps.store.appendEvent({
        ...event(runId, item, "verifier_finished"),
        verdict: record.verdict,
        durationMs: record.usage.durationMs,
        isolation: record.isolation,
        ...record.error ? { category: record.error.category } : {}
      });
      deps.progress.settled(item, record);
    }, "onSettled")
  };
}
__name(dispatchHooks, "dispatchHooks");
function event(runId, item, type) {
  return {
    schemaVersion: "1",
    runId,
    goalId: item.goalId,
    at: (/* @__PURE__ */ new Date()).toISOString(),
    type,
    attempt: 1
  };
}
__name(event, "event");

// src/core/settle/ready.ts
function readyToStart(graph, item, status) {
  if (dependencyGate(graph, item.goalId, status).kind !== "open") return false;
  if (item.role === "leaf") return status(item.goalId).state === "pending";
  const composite = status(item.goalId);
  return composite.subtree !== void 0 && composite.state === "pending" && composite.busy !== true;
}
__name(readyToStart, "readyToStart");

// src/engine/dispatch.ts
async function dispatch(graph, pending, state, execute, options) {
  const waiting = new Map(pending);
  const input = { results: state.results, running: state.running };
  const active = /* @__PURE__ */ new Set();
  const ready = [];
  const considerAll = /* @__PURE__ */ __name((keys) => {
    for (const key of keys)
      if (waiting.has(key) && isReady(graph, waiting.get(key).item, state)) ready.push(key);
  }, "considerAll");
  considerAll(waiting.keys());
  const controller = new AbortController();
  const abort = /* @__PURE__ */ __name(() => controller.abort(), "abort");
  options.signal.addEventListener("abort", abort, { once: true });
  try {
    while (!options.signal.aborted && (ready.length > 0 || active.size > 0)) {
      while (ready.length > 0 && active.size < options.concurrency && !options.signal.aborted) {
        const key = ready.shift();
        const selection = waiting.get(key);
        if (!selection || !isReady(graph, selection.item, state)) continue;
        waiting.delete(key);
        const task = runOne(selection).finally(() => active.delete(task));
        active.add(task);
      }
      if (active.size > 0) await Promise.race(active);
    }
    await Promise.all(active);
  } finally {
    options.signal.removeEventListener("abort", abort);
  }
  async function runOne(selection) {
    const { item } = selection;
    state.running.add(item.key);
    propagate(graph, input, state.statuses, [item.goalId]);
    options.onStart(item);
    const record = await execute(selection, controller.signal);
    state.running.delete(item.key);
    state.results.set(item.key, {
      verdict: record.verdict,
      ...record.error ? { error: record.error } : {}
    });
    state.records.set(item.key, record);
    const changed = propagate(graph, input, state.statuses, [item.goalId]);
    await options.onSettled(item, record);
    considerAll(candidatesAfter(graph, changed));
  }
  __name(runOne, "runOne");
}
__name(dispatch, "dispatch");
function candidatesAfter(graph, changed) {
  const keys = [];
  for (const id of changed) {
    keys.push(workKey(id, "leaf"), workKey(id, "assert"));
    for (const source of graph.dependents.get(id) ?? [])
      keys.push(workKey(source, "leaf"), workKey(source, "assert"));
  }
  return keys;
}
__name(candidatesAfter, "candidatesAfter");
function isReady(graph, item, state) {
  if (state.running.has(item.key) || state.results.has(item.key)) return false;
  return readyToStart(graph, item, lookupIn(state.statuses));
}
__name(isReady, "isReady");

// src/engine/execute.ts
import { join } from "node:path";

// src/engine/recordOf.ts
function boundFields(graph, selection, { runId, origin }) {
  return {
    schemaVersion: "1",
    goalId: selection.item.goalId,
    role: selection.item.role,
    runId,
    graphDigest: graph.digest,
    captureDigest: selection.captureDigest,
    gmDigest: selection.gmDigest,
    verifier: selection.identity,
    ...origin ? { origin } : {}
  };
}
__name(boundFields, "boundFields");
function unverifiedRecord(graph, selection, writer, settled) {
  return {
    ...boundFields(graph, selection, writer),
    verdict: settled.verdict,
    evidence: settled.evidence,
    error: { ...settled.error, message: settled.error.message.slice(0, 4096) },
    usage: { durationMs: 0, tokens: 0, costUsd: 0 },
    attempts: 0,
    isolation: "none",
    settledAt: (/* @__PURE__ */ new Date()).toISOString()
  };
}
__name(unverifiedRecord, "unverifiedRecord");

// src/engine/execute.ts
function createExecutor(graph, plan, deps, options, workDir) {
  const materialized = /* @__PURE__ */ new Map();
  const capturePath = /* @__PURE__ */ __name((target) => {
    let path = materialized.get(target);
    if (!path) {
      const result = plan.captureResults.get(target);
      path = deps.captures.materialize(result, join(workDir, `capture-${materialized.size}`));
      materialized.set(target, path);
    }
    return path;
  }, "capturePath");
  return async (selection, signal) => {
    const raw = await verifyOne(selection, deps, options, signal, capturePath);
    const outcome = enforceOutcome(redactOutcome(deps.redactor, raw), options.maxEvidenceBytes);
    const capture = plan.captureResults.get(selection.item.target);
    const locations = (outcome.locations ?? []).map((l) => ({
      ...l,
      path: workspacePath(selection.item.target, capture.capture.kind, l.path)
    }));
    return toRecord(graph, selection, options, { ...outcome, locations });
  };
}
__name(createExecutor, "createExecutor");
async function verifyOne(selection, deps, options, signal, capturePath) {
  const { item } = selection;
  const started = Date.now();
  try {
    const capture = await capturePath(item.target);
    return await deps.verifiers.verifierFor(item).verify({
      goalId: item.goalId,
      runId: options.runId,
      captureDigest: selection.captureDigest,
      capturePath: capture.path,
      captureKind: capture.kind,
      verifier: item.verifier,
      timeoutMs: timeoutFor(item, options) * 1e3,
      maxEvidenceBytes: options.maxEvidenceBytes,
      signal,
      ...options.runBudget ? { runBudget: options.runBudget } : {}
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      verdict: "inconclusive",
      evidence: null,
      error: {
        category: signal.aborted ? "cancelled" : "internal",
        message: message.slice(0, 1e3)
      },
      usage: { durationMs: Date.now() - started, tokens: 0, costUsd: 0 },
      attempts: 1,
      isolation: deps.isolation.kind
    };
  }
}
__name(verifyOne, "verifyOne");
function timeoutFor(item, options) {
  return item.verifier.mode === "agentic" ? options.timeouts.agenticSeconds : options.timeouts.programmaticSeconds;
}
__name(timeoutFor, "timeoutFor");
function toRecord(graph, selection, writer, outcome) {
  return {
    ...boundFields(graph, selection, writer),
    verdict: outcome.verdict,
    evidence: outcome.evidence,
    ...outcome.error ? { error: outcome.error } : {},
    usage: outcome.usage,
    attempts: outcome.attempts,
    isolation: outcome.isolation,
    ...outcome.votes ? { votes: outcome.votes } : {},
    ...outcome.locations?.length ? { locations: outcome.locations } : {},
    ...outcome.audit ? { audit: outcome.audit } : {},
    settledAt: (/* @__PURE__ */ new Date()).toISOString()
  };
}
__name(toRecord, "toRecord");
function workspacePath(target, kind, path) {
  if (kind === "file") return target;
  return target === "." ? path : `${target}/${path}`;
}
__name(workspacePath, "workspacePath");

// src/engine/verifyPending.ts
async function verifyPending(graph, plan, deps, options, pending, state) {
  try {
    await withRunWorkDir(deps, options.runId, async (workDir) => {
      const execute = createExecutor(graph, plan, deps, options, workDir);
      await dispatch(graph, pending, state, execute, {
        concurrency: options.concurrency,
        signal: options.signal,
        ...dispatchHooks(deps, options.runId)
      });
    });
  } finally {
    await deps.verifiers.close?.();
  }
}
__name(verifyPending, "verifyPending");
async function withRunWorkDir(deps, runId, use) {
  if (!deps.workDirs) return use(await deps.store.workDir(runId));
  const dir = await deps.workDirs.create(runId);
  try {
    await use(dir);
  } finally {
    await deps.workDirs.remove(runId);
  }
}
__name(withRunWorkDir, "withRunWorkDir");

// src/engine/split.ts
function stateFrom(graph, selections, records = /* @__PURE__ */ new Map()) {
  const state = {
    results: knownResults(selections),
    running: /* @__PURE__ */ new Set(),
    statuses: /* @__PURE__ */ new Map(),
    records: /* @__PURE__ */ new Map()
  };
  for (const [key, selection] of selections)
    if (selection.kind === "inherit") state.records.set(key, selection.record);
  const take = /* @__PURE__ */ __name((key, record) => {
    const { verdict, error } = record;
    state.results.set(key, { verdict, ...error ? { error } : {} });
    state.records.set(key, record);
  }, "take");
  for (const [key, record] of records) take(key, record);
  state.statuses = settleAll(graph, { results: state.results, running: state.running });
  return state;
}
__name(stateFrom, "stateFrom");
async function verifyKeys(graph, plan, deps, options, keys, state) {
  const pending = /* @__PURE__ */ new Map();
  for (const key of keys) {
    const selection = plan.selections.get(key);
    if (selection?.kind !== "verify") throw new Error(`"${key}" is not a verification of the plan`);
    if (!state.results.has(key)) pending.set(key, selection);
  }
  await verifyPending(graph, plan, deps, options, pending, state);
  return new Map(
    [...pending.keys()].flatMap((key) => {
      const record = state.records.get(key);
      return record ? [[key, record]] : [];
    })
  );
}
__name(verifyKeys, "verifyKeys");
async function settleMissing(graph, selections, state, writer, explain, verdict = "inconclusive") {
  const pending = /* @__PURE__ */ new Map();
  for (const [key, selection] of selections)
    if (selection.kind === "verify" && !state.results.has(key)) pending.set(key, selection);
  const missing = [];
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
      onStart: /* @__PURE__ */ __name(() => void 0, "onStart"),
      onSettled: /* @__PURE__ */ __name(() => Promise.resolve(), "onSettled")
    }
  );
  return missing;
}
__name(settleMissing, "settleMissing");
function missingRecord(graph, selection, writer, message, verdict) {
  return unverifiedRecord(graph, selection, writer, {
    verdict,
    evidence: null,
    error: { category: "record_missing", message }
  });
}
__name(missingRecord, "missingRecord");
function reportOf(graph, selections, state, parts) {
  const root = rootState(graph, lookupIn(state.statuses), {
    allowPartialRoot: parts.allowPartialRoot,
    cancelled: false
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
    ...parts.runBudget ? { runBudget: parts.runBudget } : {}
  });
  return sealReport(redactReport(parts.redactor, report), parts.anchors ?? NO_ANCHORS);
}
__name(reportOf, "reportOf");

export {
  redactReport,
  buildReport,
  unverifiedRecord,
  planWaves,
  compareKeys,
  recordEvent,
  recordSettlements,
  verifyPending,
  stateFrom,
  verifyKeys,
  settleMissing,
  reportOf
};
