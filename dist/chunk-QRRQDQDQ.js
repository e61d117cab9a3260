#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  acceptRecord,
  gmDigestOf,
  runLimited,
  select,
  specDigestOf,
  validateAgainst
} from "./chunk-TR7VHC6V.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/engine/decisions.ts
async function lookUpDecisions(graph, store, captures, identities) {
  const decisions = /* @__PURE__ */ new Map();
  const warnings = [];
  for (const item of graph.workItems) {
    const capture = captures.get(item.target);
    const identity = identities.get(item.key);
    if (!capture?.ok || !identity) continue;
    const stored = await store.findDecision(item.key);
    if (stored === void 0) continue;
    const accepted = acceptRecord(stored, {
      goal: { goalId: item.goalId, role: item.role },
      captureDigest: capture.digest,
      gmDigest: identity.ok ? gmDigestOf(capture.digest, identity.identity) : specDigestOf(capture.digest, item.verifier),
      decision: true
    });
    if (accepted.ok) decisions.set(item.key, accepted.record);
    else if (!validateAgainst("record", stored).ok || !isDecision(stored))
      warnings.push({
        code: "decision_ignored",
        message: `the stored decision for ${item.key} was not used: ${accepted.reason}`
      });
  }
  return { decisions, warnings };
}
__name(lookUpDecisions, "lookUpDecisions");
function isDecision(value) {
  return typeof value === "object" && value !== null && "decidedBy" in value;
}
__name(isDecision, "isDecision");
function retriesDue(graph, requests, lookup) {
  const due = /* @__PURE__ */ new Set();
  for (const request of requests) {
    const item = graph.workItemByKey.get(request.key);
    const capture = item && lookup.captures.get(item.target);
    if (!item || !capture?.ok || capture.digest !== request.captureDigest) continue;
    const identity = lookup.identities.get(item.key);
    const gm = identity?.ok ? gmDigestOf(capture.digest, identity.identity) : void 0;
    if (request.gmDigest !== void 0 && request.gmDigest !== gm) continue;
    const asked = Date.parse(request.at);
    const since = [lookup.newestByKey.get(item.key), gm && lookup.recordsByGm.get(gm)];
    if (since.some((record) => record && Date.parse(record.settledAt) > asked)) continue;
    due.add(item.key);
  }
  return due;
}
__name(retriesDue, "retriesDue");

// src/engine/plan.ts
var LOOKUP_CONCURRENCY = 8;
async function planRun(graph, deps, options) {
  const captureResults = await deps.captures.captureAll(graph.targets, graph.excludes);
  const captures = /* @__PURE__ */ new Map();
  for (const target of graph.targets) {
    const result = captureResults.get(target);
    if (!result) throw new Error(`capture of ${target} returned nothing`);
    captures.set(target, toCaptureOutcome(result));
  }
  const identities = /* @__PURE__ */ new Map();
  for (const item of graph.workItems)
    identities.set(item.key, await deps.verifiers.identityOf(item));
  const recordsByGm = /* @__PURE__ */ new Map();
  const newestByKey = /* @__PURE__ */ new Map();
  const lookups = graph.workItems.map((item) => async () => {
    const capture = captures.get(item.target);
    const identity = identities.get(item.key);
    if (!capture?.ok || !identity?.ok) return;
    const gm = gmDigestOf(capture.digest, identity.identity);
    const record = await deps.store.findByGm(gm);
    const newest = record ?? await deps.store.newestForKey(item.key);
    if (record) recordsByGm.set(gm, record);
    if (newest) newestByKey.set(item.key, newest);
  });
  await runLimited(lookups, LOOKUP_CONCURRENCY);
  const people = await lookUpDecisions(graph, deps.store, captures, identities);
  const retry = retryKeys(graph, options, { captures, identities, newestByKey, recordsByGm });
  const selection = select({
    graph,
    captures,
    identities,
    recordsByGm,
    newestByKey,
    fresh: options.fresh,
    revalidateThreshold: options.revalidateThreshold,
    decisions: people.decisions,
    ...retry.size > 0 ? { retry } : {}
  });
  return {
    ...selection,
    warnings: [...selection.warnings, ...people.warnings],
    captureResults
  };
}
__name(planRun, "planRun");
function retryKeys(graph, options, lookup) {
  const due = retriesDue(graph, options.retryRequests ?? [], lookup);
  return /* @__PURE__ */ new Set([...options.retry ?? [], ...due]);
}
__name(retryKeys, "retryKeys");
function toCaptureOutcome(result) {
  if (result.ok) return { ok: true, digest: result.capture.digest };
  const error = { category: result.reason, message: result.message };
  const verdict = result.reason === "capture_too_large" ? "inconclusive" : "fail";
  return { ok: false, verdict, error };
}
__name(toCaptureOutcome, "toCaptureOutcome");

export {
  planRun,
  toCaptureOutcome
};
