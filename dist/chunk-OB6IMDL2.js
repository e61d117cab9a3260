#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  evaluate,
  workKey
} from "./chunk-TR7VHC6V.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/core/budget/wording.ts
var whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
function dollars(value) {
  return `$${Number(value.toFixed(4))}`;
}
__name(dollars, "dollars");
function budgetText(limits) {
  const parts = [];
  if (limits.costUsd !== void 0) parts.push(dollars(limits.costUsd));
  if (limits.tokens !== void 0) parts.push(`${whole.format(limits.tokens)} tokens`);
  return parts.length > 0 ? parts.join(", ") : "no limit";
}
__name(budgetText, "budgetText");
var plural = /* @__PURE__ */ __name((n, one, many = `${one}s`) => `${whole.format(n)} ${n === 1 ? one : many}`, "plural");
function refusalMessage({ run, perVote, counts }) {
  return `not started: the run budget (budget.run: ${run}) covers the worst case of ${whole.format(counts.admitted)} of ${plural(counts.agentic, "agentic verification")} (budget.verification \xD7 votes, each vote up to ${perVote}); the others were refused before any job started \u2014 raise budget.run, lower budget.verification or votes, or verify fewer goals`;
}
__name(refusalMessage, "refusalMessage");
function splitText({ dimension, limit }, jobs) {
  const name = dimension === "tokens" ? "tokens" : "costUsd";
  const amount = dimension === "tokens" ? `${whole.format(limit)} tokens` : dollars(limit);
  const what = dimension === "tokens" ? "token limit" : "cost limit";
  return `budget.run.${name} (${amount}) is split equally over the ${plural(jobs, "job")} with agentic work, since budget.verification sets no ${what} to reserve against`;
}
__name(splitText, "splitText");
function admissionNote(wording) {
  const sentences = [];
  const { counts } = wording;
  if (counts.refused > 0) {
    sentences.push(
      `${whole.format(counts.refused)} of ${plural(counts.agentic, "agentic verification")} not started: the run budget (${wording.run}) covers the worst case of ${whole.format(counts.admitted)} (each vote up to ${wording.perVote}); they settle needs_human (budget_exhausted)`
    );
  }
  if (wording.jobsWithWork > 0)
    for (const split of wording.split) sentences.push(splitText(split, wording.jobsWithWork));
  return sentences.length > 0 ? `${sentences.join(". ")}.` : void 0;
}
__name(admissionNote, "admissionNote");

// src/core/report/budgetLine.ts
var whole2 = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
function notStartedForBudget(error) {
  return error?.category === "budget_exhausted" && error.message.startsWith("not started");
}
__name(notStartedForBudget, "notStartedForBudget");
function runBudgetLine(totals) {
  const budget = totals.runBudget;
  if (!budget || budget.costUsd === void 0 && budget.tokens === void 0) return void 0;
  const tokens = `${whole2.format(totals.tokens)} of ${whole2.format(budget.tokens ?? 0)} tokens`;
  const spent = budget.costUsd === void 0 ? `spent ${tokens} of the run budget` : `spent $${totals.costUsd.toFixed(4)} of the ${dollars(budget.costUsd)} run budget` + (budget.tokens === void 0 ? "" : ` (${tokens})`);
  const n = budget.notStarted;
  return `${spent}; ${whole2.format(n)} verification${n === 1 ? "" : "s"} not started`;
}
__name(runBudgetLine, "runBudgetLine");
function statedRunBudget(run) {
  if (!run || run.tokens === void 0 && run.costUsd === void 0) return void 0;
  return {
    ...run.tokens === void 0 ? {} : { tokens: run.tokens },
    ...run.costUsd === void 0 ? {} : { costUsd: run.costUsd }
  };
}
__name(statedRunBudget, "statedRunBudget");

// src/core/settle/outcome.ts
var UNSETTLED = /* @__PURE__ */ new Set([
  "pending",
  "running",
  "needs_human",
  "cancelled",
  "invalidated"
]);
function isSettled(state) {
  return !UNSETTLED.has(state);
}
__name(isSettled, "isSettled");
function relationOutcome(relation, status) {
  const state = status(relation.child).state;
  if (state === "success") return "ok";
  if (state === "partial") return "partial";
  if (state !== "failure" && state !== "blocked") return "unknown";
  if (relation.failure === "fatal") return "fatal";
  if (relation.failure === "tolerable") return "tolerated";
  const fallback = status(relation.degradeTo).state;
  if (fallback === "success") return "degraded";
  if (!isSettled(fallback)) return "unknown";
  return "fatal";
}
__name(relationOutcome, "relationOutcome");
function outcomeTruth(outcome) {
  if (outcome === "unknown") return "unknown";
  return outcome !== "fatal";
}
__name(outcomeTruth, "outcomeTruth");
function dependencyGate(graph, id, status) {
  const targets = graph.dependencies.get(id) ?? [];
  let waiting = false;
  let needsHuman;
  let cancelled = false;
  for (const target of targets) {
    const state = status(target).state;
    if (state === "failure" || state === "blocked") {
      const reason = `blocked: dependency "${target}" ended ${state}`;
      return { kind: "closed", status: { state: "blocked", reason } };
    }
    if (state === "needs_human") needsHuman ??= target;
    else if (state === "cancelled") cancelled = true;
    else if (state !== "success" && state !== "partial") waiting = true;
  }
  if (cancelled) return { kind: "closed", status: { state: "cancelled" } };
  if (needsHuman !== void 0) {
    const message = `dependency "${needsHuman}" needs a person before this goal can be verified`;
    return {
      kind: "closed",
      status: { state: "needs_human", error: { category: "dependency_needs_human", message } }
    };
  }
  return waiting ? { kind: "wait" } : { kind: "open" };
}
__name(dependencyGate, "dependencyGate");

// src/core/settle/relevance.ts
function undecidedRefs(expression, truth) {
  const refs = /* @__PURE__ */ new Set();
  const visit = /* @__PURE__ */ __name((node) => {
    if (evaluate(node, truth) !== "unknown") return;
    if (node.op === "ref") refs.add(node.id);
    else if (node.op === "not") visit(node.item);
    else node.items.forEach(visit);
  }, "visit");
  visit(expression);
  return refs;
}
__name(undecidedRefs, "undecidedRefs");

// src/core/settle/evaluate.ts
function evaluateNode(graph, id, input, status) {
  const node = graph.nodes.get(id);
  if (!node) throw new Error(`unknown node ${id}`);
  return node.kind === "leaf" ? evaluateLeaf(graph, node, input, status) : evaluateComposite(graph, node, input, status);
}
__name(evaluateNode, "evaluateNode");
function fromResult(result) {
  const base = { fromVerdict: true, ...result.error ? { error: result.error } : {} };
  if (result.error?.category === "cancelled") return { state: "cancelled", ...base };
  if (result.verdict === "pass") return { state: "success", ...base };
  if (result.verdict === "fail") return { state: "failure", ...base };
  return { state: "needs_human", ...base };
}
__name(fromResult, "fromResult");
var CERTAIN_FAILURES = /* @__PURE__ */ new Set(["target_missing", "target_unsafe"]);
function isCertainFailure(result) {
  return result?.verdict === "fail" && result.error !== void 0 && CERTAIN_FAILURES.has(result.error.category);
}
__name(isCertainFailure, "isCertainFailure");
function evaluateLeaf(graph, leaf, input, status) {
  const result = input.results.get(leaf.id);
  if (isCertainFailure(result)) return fromResult(result);
  const gate = dependencyGate(graph, leaf.id, status);
  if (gate.kind === "closed") return gate.status;
  if (gate.kind === "wait") return { state: "pending", reason: "waiting for its dependencies" };
  if (result) return fromResult(result);
  return { state: input.running.has(leaf.id) ? "running" : "pending" };
}
__name(evaluateLeaf, "evaluateLeaf");
function evaluateComposite(graph, node, input, status) {
  const own = compositeStatus(graph, node, input, status);
  return isBusyBelow(node, status) ? { ...own, busy: true } : own;
}
__name(evaluateComposite, "evaluateComposite");
function isBusyBelow(node, status) {
  return node.children.some((relation) => {
    const child = status(relation.child);
    return child.busy === true || child.state === "pending" || child.state === "running";
  });
}
__name(isBusyBelow, "isBusyBelow");
function compositeStatus(graph, node, input, status) {
  const subtree = evaluateSubtree(node, status);
  if (subtree.state === "failure") return subtree;
  const gate = dependencyGate(graph, node.id, status);
  if (gate.kind === "closed") return gate.status;
  if (subtree.state !== "success" && subtree.state !== "partial") return subtree;
  if (gate.kind === "wait") return { state: "pending", reason: "waiting for its dependencies" };
  if (!node.assert) return subtree;
  const key = workKey(node.id, "assert");
  const result = input.results.get(key);
  const settled = subtree.state;
  if (!result) return { state: input.running.has(key) ? "running" : "pending", subtree: settled };
  const asserted = fromResult(result);
  if (asserted.state === "success") return { ...asserted, state: settled, subtree: settled };
  return { ...asserted, subtree: settled };
}
__name(compositeStatus, "compositeStatus");
function evaluateSubtree(node, status) {
  const { outcomes, value, waitingOn } = subtreeProgress(node, status);
  const required = node.children.filter((relation) => relation.required);
  const fatal = required.find((relation) => outcomes.get(relation.child) === "fatal");
  if (fatal) return { state: "failure", reason: `required child "${fatal.child}" failed fatally` };
  if (value === false) return { state: "failure", reason: "completion expression is false" };
  if (waitingOn.length > 0) return waitingStatus(waitingOn, status);
  const shortfalls = required.filter((relation) => outcomes.get(relation.child) !== "ok");
  if (shortfalls.length === 0) return { state: "success" };
  const reason = shortfalls.map((r) => describeShortfall(r, outcomes.get(r.child))).join("; ");
  return { state: "partial", reason };
}
__name(evaluateSubtree, "evaluateSubtree");
function describeShortfall(relation, outcome) {
  if (outcome === "tolerated") return `${relation.child} failed (tolerated)`;
  if (outcome === "degraded")
    return `${relation.child} failed (degraded to ${relation.degradeTo ?? "?"})`;
  return `${relation.child} ${outcome ?? "unknown"}`;
}
__name(describeShortfall, "describeShortfall");
var NONE = /* @__PURE__ */ new Set();
function subtreeProgress(node, status) {
  const outcomes = /* @__PURE__ */ new Map();
  for (const relation of node.children)
    outcomes.set(relation.child, relationOutcome(relation, status));
  const truth = /* @__PURE__ */ __name((id) => outcomeTruth(outcomes.get(id) ?? "unknown"), "truth");
  const value = evaluate(node.completion, truth);
  const deciding = value === "unknown" ? undecidedRefs(node.completion, truth) : NONE;
  const waitingOn = node.children.filter((relation) => outcomes.get(relation.child) === "unknown").filter((relation) => relation.required || deciding.has(relation.child)).map((relation) => awaited(relation, status));
  return { outcomes, value, waitingOn };
}
__name(subtreeProgress, "subtreeProgress");
function awaitedBy(node, status) {
  return subtreeProgress(node, status).waitingOn;
}
__name(awaitedBy, "awaitedBy");
function awaited(relation, status) {
  const childSettled = isSettled(status(relation.child).state);
  return childSettled && relation.degradeTo !== void 0 ? relation.degradeTo : relation.child;
}
__name(awaited, "awaited");
function waitingStatus(children, status) {
  const states = children.map((child) => status(child).state);
  const reason = `waiting for ${children.map((child) => `"${child}"`).join(", ")}`;
  if (states.some((state) => state === "pending" || state === "running" || state === "invalidated")) {
    return { state: states.includes("running") ? "running" : "pending", reason };
  }
  if (states.includes("cancelled")) return { state: "cancelled", reason };
  return { state: "needs_human", reason };
}
__name(waitingStatus, "waitingStatus");

// src/core/settle/propagate.ts
var PENDING = { state: "pending" };
function lookupIn(statuses) {
  return (id) => statuses.get(id) ?? PENDING;
}
__name(lookupIn, "lookupIn");
function settleAll(graph, input) {
  const statuses = /* @__PURE__ */ new Map();
  const status = lookupIn(statuses);
  for (const id of graph.order) statuses.set(id, evaluateNode(graph, id, input, status));
  return statuses;
}
__name(settleAll, "settleAll");
function propagate(graph, input, statuses, changed) {
  const queue = new IndexQueue();
  for (const id of changed) queue.push(graph.orderIndex.get(id) ?? -1);
  const status = lookupIn(statuses);
  const updated = [];
  for (let index = queue.pop(); index !== void 0; index = queue.pop()) {
    const id = graph.order[index];
    const next = evaluateNode(graph, id, input, status);
    if (sameStatus(statuses.get(id), next)) continue;
    statuses.set(id, next);
    updated.push(id);
    for (const relation of graph.parents.get(id) ?? []) queue.push(indexOf(graph, relation.parent));
    for (const source of graph.dependents.get(id) ?? []) queue.push(indexOf(graph, source));
  }
  return updated;
}
__name(propagate, "propagate");
function indexOf(graph, id) {
  return graph.orderIndex.get(id) ?? -1;
}
__name(indexOf, "indexOf");
function sameStatus(a, b) {
  if (!a) return false;
  return a.state === b.state && a.subtree === b.subtree && a.fromVerdict === b.fromVerdict && a.busy === b.busy && a.reason === b.reason && a.error?.category === b.error?.category && a.error?.message === b.error?.message;
}
__name(sameStatus, "sameStatus");
var IndexQueue = class {
  static {
    __name(this, "IndexQueue");
  }
  heap = [];
  queued = /* @__PURE__ */ new Set();
  push(index) {
    if (index < 0 || this.queued.has(index)) return;
    this.queued.add(index);
    this.heap.push(index);
    let at = this.heap.length - 1;
    while (at > 0) {
      const parent = at - 1 >> 1;
      if (this.heap[parent] <= index) break;
      this.heap[at] = this.heap[parent];
      at = parent;
    }
    this.heap[at] = index;
  }
  pop() {
    const top = this.heap[0];
    if (top === void 0) return void 0;
    this.queued.delete(top);
    const last = this.heap.pop();
    if (this.heap.length > 0) this.siftDown(last);
    return top;
  }
  siftDown(value) {
    let at = 0;
    for (; ; ) {
      const left = at * 2 + 1;
      if (left >= this.heap.length) break;
      const right = left + 1;
      const child = right < this.heap.length && this.heap[right] < this.heap[left] ? right : left;
      if (this.heap[child] >= value) break;
      this.heap[at] = this.heap[child];
      at = child;
    }
    this.heap[at] = value;
  }
};

// src/core/settle/root.ts
var REPLAN = /* @__PURE__ */ new Set(["malformed_output", "script_missing"]);
function rootState(graph, status, options) {
  const root = status(graph.root);
  switch (root.state) {
    case "success":
      return "success";
    case "partial":
      return options.allowPartialRoot ? "partial_success" : "failure";
    case "failure":
    case "blocked":
      return "failure";
    case "needs_human":
      return classifyWaiting(blame(graph, status));
    case "cancelled":
      return "cancelled";
    default:
      if (options.cancelled) return "cancelled";
      throw new Error(`root "${graph.root}" is still ${root.state}; settlement did not finish`);
  }
}
__name(rootState, "rootState");
function classifyWaiting(categories) {
  if (categories.has("no_capability")) return "infeasible";
  if ([...categories].some((category) => category !== void 0 && REPLAN.has(category))) {
    return "needs_replan";
  }
  return "needs_human";
}
__name(classifyWaiting, "classifyWaiting");
function blame(graph, status) {
  const categories = /* @__PURE__ */ new Set();
  const seen = /* @__PURE__ */ new Set();
  const stack = [graph.root];
  while (stack.length > 0) {
    const id = stack.pop();
    if (seen.has(id)) continue;
    seen.add(id);
    const current = status(id);
    if (current.state !== "needs_human") continue;
    const node = graph.nodes.get(id);
    const waitingChildren = node?.kind === "composite" ? awaitedBy(node, status) : [];
    const waitingDeps = (graph.dependencies.get(id) ?? []).filter(
      (d) => status(d).state === "needs_human"
    );
    if (current.error?.category !== "dependency_needs_human" && (waitingChildren.length === 0 || current.subtree)) {
      categories.add(current.error?.category);
    }
    stack.push(...waitingChildren, ...waitingDeps);
  }
  return categories;
}
__name(blame, "blame");

export {
  budgetText,
  refusalMessage,
  admissionNote,
  notStartedForBudget,
  runBudgetLine,
  statedRunBudget,
  relationOutcome,
  dependencyGate,
  lookupIn,
  settleAll,
  propagate,
  rootState
};
