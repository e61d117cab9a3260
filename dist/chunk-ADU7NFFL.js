#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  bindingOf,
  closest,
  validateAgainst,
  workKey
} from "./chunk-TR7VHC6V.js";
import {
  UserError,
  quoted
} from "./chunk-XFO2KDJT.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/core/human/retry.ts
var RETRY_FAILED = "failed";
var RETRY_NEEDS_HUMAN = "needs-human";
function retryKeys(requests, graph, last) {
  const keys = /* @__PURE__ */ new Set();
  for (const request of requests) {
    if (request === RETRY_FAILED || request === RETRY_NEEDS_HUMAN) {
      if (!last)
        throw new UserError(
          `--retry ${request} needs an earlier run to read from, and this store has none; name the goals instead`
        );
      for (const key of keysIn(last, graph, request === RETRY_FAILED ? isFailed : isWaiting))
        keys.add(key);
    } else {
      keys.add(keyOf(request, graph));
    }
  }
  return keys;
}
__name(retryKeys, "retryKeys");
function keyOf(request, graph) {
  if (graph.workItemByKey.has(request)) return request;
  const node = graph.nodes.get(request);
  if (node?.kind === "composite") {
    if (node.assert) return workKey(request, "assert");
    throw new UserError(
      `goal ${quoted(request)} is a composite without an assert: nothing verifies it itself; retry its leaves instead`
    );
  }
  const hint = closest(request, [...graph.nodes.keys()]);
  throw new UserError(
    `--retry: the graph has no goal ${quoted(request)}${hint ? ` (did you mean ${quoted(hint)}?)` : ""}; use a goal id, "${RETRY_FAILED}" or "${RETRY_NEEDS_HUMAN}"`
  );
}
__name(keyOf, "keyOf");
function isFailed(node) {
  return node.state === "failure";
}
__name(isFailed, "isFailed");
function isWaiting(node) {
  return node.state === "needs_human" && node.error?.category !== "dependency_needs_human";
}
__name(isWaiting, "isWaiting");
function keysIn(report, graph, matches) {
  const keys = [];
  for (const [id, node] of Object.entries(report.nodes)) {
    const settled = node.kind === "leaf" ? node : node.assert;
    if (!settled || !matches(settled)) continue;
    const key = workKey(id, node.kind === "leaf" ? "leaf" : "assert");
    if (graph.workItemByKey.has(key)) keys.push(key);
  }
  return keys;
}
__name(keysIn, "keysIn");

// src/core/human/eligibility.ts
var ASSERT_SUFFIX = "#assert";
function eligibilityOf(report, goalKey) {
  const asAssert = goalKey.endsWith(ASSERT_SUFFIX);
  const goalId = asAssert ? goalKey.slice(0, -ASSERT_SUFFIX.length) : goalKey;
  const node = Object.hasOwn(report.nodes, goalId) ? report.nodes[goalId] : void 0;
  if (!node) return unknownGoal(report, goalKey);
  const settlement = settlementOf(node, asAssert);
  if (!settlement) return compositeRefusal(goalId, node, asAssert);
  const role = settlement === node ? "leaf" : "assert";
  const key = role === "assert" ? `${goalId}${ASSERT_SUFFIX}` : goalId;
  const refusal = refusalOf(key, settlement, report.runId);
  return refusal ?? { ok: true, key, goalId, role, node: settlement };
}
__name(eligibilityOf, "eligibilityOf");
function settlementOf(node, asAssert) {
  if (node.kind === "leaf") return asAssert ? void 0 : node;
  return node.assert;
}
__name(settlementOf, "settlementOf");
function refusalOf(key, node, runId) {
  const subject = `goal ${quoted(key)} in run ${runId}`;
  if (node.decidedBy) return void 0;
  if (node.state === "failure" && node.verdict === "fail")
    return refuse(
      "verifier_failure",
      `${subject} failed its verifier: a failure is fixed by new bytes, a retry (dog run --retry ${key}) or a change of the graph, not by a decision`
    );
  if (node.state !== "needs_human")
    return refuse(
      "not_waiting",
      `${subject} is ${node.state}, not waiting for a person: only a goal that needs a person (an inconclusive verdict, a missing record, an exhausted budget, no capability) can be approved or rejected`
    );
  if (node.error?.category === "dependency_needs_human")
    return refuse(
      "dependency",
      `${subject} waits only because a goal it depends on waits for a person (${node.error.message}); decide that goal instead`
    );
  if (node.rerunReason === "reuse_never")
    return refuse(
      "reuse_never",
      `${subject} says reuse: never, so every run verifies it again and a decision would never be used; retry it instead (dog run --retry ${key})`
    );
  if (!node.captureDigest || !node.gmDigest && !node.specDigest)
    return refuse(
      "no_capture",
      `${subject} has no capture digest to bind a decision to (${node.error?.message ?? "its target was not captured"}); fix the target or the limits, then run again`
    );
  return void 0;
}
__name(refusalOf, "refusalOf");
function compositeRefusal(goalId, node, asAssert) {
  if (asAssert)
    return refuse(
      "unknown_goal",
      `goal ${quoted(goalId)} has no assert: decide ${node.kind === "leaf" ? quoted(goalId) : "the child that waits"} instead`
    );
  return refuse(
    "composite",
    `goal ${quoted(goalId)} is a composite: it settles from its children, so decide the child that waits for a person instead`
  );
}
__name(compositeRefusal, "compositeRefusal");
function unknownGoal(report, goalKey) {
  const hint = closest(goalKey, Object.keys(report.nodes));
  return refuse(
    "unknown_goal",
    `run ${report.runId} has no goal ${quoted(goalKey)}${hint ? ` (did you mean ${quoted(hint)}?)` : ""}`
  );
}
__name(unknownGoal, "unknownGoal");
function refuse(code, reason) {
  return { ok: false, code, reason };
}
__name(refuse, "refuse");

// src/core/human/input.ts
var MAX_REASON_CHARS = 500;
var LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
var FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
function parseReason(text) {
  const reason = text.trim();
  if (reason.length === 0)
    throw new UserError("a decision needs a reason: say in one line why (--reason TEXT)");
  const bad = FORBIDDEN.exec(reason);
  if (bad)
    throw new UserError(
      `the reason must be one line of plain text: it contains the control character U+${codePoint(bad[0])} at character ${bad.index + 1}`
    );
  const length = [...reason].length;
  if (length > MAX_REASON_CHARS)
    throw new UserError(
      `the reason is ${length} characters long; at most ${MAX_REASON_CHARS} are kept \u2014 shorten it`
    );
  return reason;
}
__name(parseReason, "parseReason");
function parseLogin(text) {
  if (LOGIN.test(text)) return text;
  throw new UserError(
    `${quoted(text)} is not a valid login: use 1 to 39 letters, digits or hyphens, starting with a letter or digit`
  );
}
__name(parseLogin, "parseLogin");
function codePoint(character) {
  return (character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
}
__name(codePoint, "codePoint");

// src/core/human/decision.ts
function decisionRecord(request) {
  const eligibility = eligibilityOf(request.report, request.key);
  if (!eligibility.ok) throw new UserError(eligibility.reason);
  const login = parseLogin(request.login);
  const reason = parseReason(request.reason);
  const at = timestampOf(request.at);
  const { node, goalId, role } = eligibility;
  const binding = bindingOf(node);
  if (!binding || !node.captureDigest) throw new Error(`no digests to bind ${request.key} to`);
  const run = request.report.runId;
  const record = {
    schemaVersion: "1",
    goalId,
    role,
    runId: run,
    graphDigest: request.report.graph.digest,
    captureDigest: node.captureDigest,
    gmDigest: binding.digest,
    verifier: binding.verifier,
    verdict: request.decision === "approve" ? "pass" : "fail",
    evidence: { decision: request.decision, reason },
    usage: { durationMs: 0, tokens: 0, costUsd: 0 },
    attempts: 0,
    isolation: "none",
    decidedBy: { kind: "human", login, at, reason, run },
    ...request.origin ? { origin: request.origin } : {},
    settledAt: at
  };
  const valid = validateAgainst("record", record);
  if (!valid.ok)
    throw new Error(`a decision record failed its schema: ${valid.problems[0]?.message}`);
  return record;
}
__name(decisionRecord, "decisionRecord");
function timestampOf(at) {
  const time = typeof at === "string" ? Date.parse(at) : at.getTime();
  if (!Number.isFinite(time)) throw new UserError(`${String(at)} is not a valid time`);
  return new Date(time).toISOString();
}
__name(timestampOf, "timestampOf");

// src/engine/ports.ts
var silentProgress = {
  planned: /* @__PURE__ */ __name(() => void 0, "planned"),
  started: /* @__PURE__ */ __name(() => void 0, "started"),
  settled: /* @__PURE__ */ __name(() => void 0, "settled"),
  warning: /* @__PURE__ */ __name(() => void 0, "warning")
};

export {
  RETRY_FAILED,
  RETRY_NEEDS_HUMAN,
  retryKeys,
  silentProgress,
  parseLogin,
  decisionRecord
};
