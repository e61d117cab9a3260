#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  planRun
} from "./chunk-QRRQDQDQ.js";
import {
  MAX_MATRIX_JOBS,
  PLAN_JOB,
  assignmentOf,
  foldWaves,
  matrixJobs,
  planDispatch
} from "./chunk-EKLPAXGM.js";
import {
  stateFrom,
  verifyKeys
} from "./chunk-IJ7NSDBA.js";
import {
  admissionNote,
  budgetText,
  refusalMessage
} from "./chunk-OB6IMDL2.js";
import {
  planDocumentOf
} from "./chunk-TR7VHC6V.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/core/budget/types.ts
var SHARED_DIMENSIONS = ["tokens", "costUsd"];

// src/core/budget/admit.ts
function perVoteLimit(verification, dimension) {
  if (dimension === "costUsd") return verification.costUsd;
  const { tokens, inputTokens, outputTokens } = verification;
  const parts = inputTokens !== void 0 && outputTokens !== void 0 ? inputTokens + outputTokens : void 0;
  if (tokens === void 0) return parts;
  return parts === void 0 ? tokens : Math.min(tokens, parts);
}
__name(perVoteLimit, "perVoteLimit");
function admitRunBudget(input) {
  checkInput(input);
  const bounded = SHARED_DIMENSIONS.filter((d) => input.run[d] !== void 0);
  const perVote = {};
  for (const d of bounded) {
    const limit = perVoteLimit(input.verification, d);
    if (limit !== void 0) perVote[d] = limit;
  }
  const reserved = bounded.filter((d) => perVote[d] !== void 0);
  const split = bounded.filter((d) => perVote[d] === void 0);
  const worstOf = /* @__PURE__ */ __name((item) => Object.fromEntries(reserved.map((d) => [d, perVote[d] * item.votes])), "worstOf");
  const reservations = new Map(input.jobs.map((job) => [job.label, {}]));
  const refusedKeys = [];
  const total = {};
  let agentic = 0;
  for (const job of input.jobs) {
    for (const item of inKeyOrder(job.items)) {
      agentic += 1;
      const worst = worstOf(item);
      const fits = refusedKeys.length === 0 && fitsWithin(total, worst, input.run, reserved);
      if (!fits) {
        refusedKeys.push(item.key);
        continue;
      }
      addTo(total, worst, reserved);
      addTo(reservations.get(job.label), worst, reserved);
    }
  }
  const admitted2 = agentic - refusedKeys.length;
  const counts = { agentic, admitted: admitted2, refused: refusedKeys.length };
  const context = {
    run: budgetText(input.run),
    perVote: budgetText(perVote),
    counts,
    split: split.map((d) => ({ dimension: d, limit: input.run[d] }))
  };
  const refused = new Map(
    refusedKeys.map((key) => [
      key,
      { category: "budget_exhausted", message: refusalMessage(context) }
    ])
  );
  const withWork = input.jobs.filter((job) => job.items.some((item) => item.agentic && !refused.has(item.key))).map((job) => job.label);
  const shares = sharesOf(input, reservations, reserved, split, withWork);
  const note = admissionNote({ ...context, jobsWithWork: withWork.length });
  return { refused, shares, counts, ...note ? { note } : {} };
}
__name(admitRunBudget, "admitRunBudget");
function inKeyOrder(items) {
  return items.filter((item) => item.agentic).sort((a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}
__name(inKeyOrder, "inKeyOrder");
function fitsWithin(total, worst, run, dimensions) {
  return dimensions.every((d) => (total[d] ?? 0) + (worst[d] ?? 0) <= run[d]);
}
__name(fitsWithin, "fitsWithin");
function addTo(sum, amounts, dimensions) {
  for (const d of dimensions) sum[d] = (sum[d] ?? 0) + (amounts[d] ?? 0);
}
__name(addTo, "addTo");
function sharesOf(input, reservations, reserved, split, withWork) {
  const shares = /* @__PURE__ */ new Map();
  if (reserved.length + split.length === 0) return shares;
  for (const job of input.jobs) {
    const share = {};
    for (const d of reserved) share[d] = reservations.get(job.label)?.[d] ?? 0;
    shares.set(job.label, share);
  }
  for (const d of split) {
    const parts = equalParts(input.run[d], withWork.length, d === "tokens");
    for (const label of input.jobs.map((job) => job.label)) {
      const at = withWork.indexOf(label);
      shares.get(label)[d] = at === -1 ? 0 : parts[at];
    }
  }
  for (const d of [...reserved, ...split])
    fitWithin([...shares.values()], d, input.run[d]);
  return shares;
}
__name(sharesOf, "sharesOf");
function equalParts(total, count, whole) {
  if (count === 0) return [];
  if (!whole) return Array.from({ length: count }, () => total / count);
  const base = Math.floor(total / count);
  const rest = Math.floor(total) - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < rest ? 1 : 0));
}
__name(equalParts, "equalParts");
function fitWithin(shares, dimension, limit) {
  for (let round = 0; round < 64; round += 1) {
    const sum = shares.reduce((acc, share) => acc + (share[dimension] ?? 0), 0);
    if (sum <= limit) return;
    const largest = shares.reduce(
      (best, share) => (share[dimension] ?? 0) > (best[dimension] ?? 0) ? share : best
    );
    const value = largest[dimension] ?? 0;
    const step = Math.max(sum - limit, Number.EPSILON * Math.max(1, value));
    largest[dimension] = Math.max(0, value - step);
  }
}
__name(fitWithin, "fitWithin");
function checkInput(input) {
  for (const [name, limits] of [
    ["budget.run", input.run],
    ["budget.verification", input.verification]
  ]) {
    for (const [dimension, value] of Object.entries(limits)) {
      if (value !== void 0 && !(Number.isFinite(value) && value >= 0))
        throw new Error(`${name}.${dimension} must be a finite number \u2265 0 (got ${String(value)})`);
    }
  }
  const labels = /* @__PURE__ */ new Set();
  const keys = /* @__PURE__ */ new Set();
  for (const job of input.jobs) {
    if (labels.has(job.label)) throw new Error(`job "${job.label}" is listed twice`);
    labels.add(job.label);
    for (const item of job.items) {
      if (keys.has(item.key)) throw new Error(`work item "${item.key}" is dispatched twice`);
      keys.add(item.key);
      if (!Number.isSafeInteger(item.votes) || item.votes < 1)
        throw new Error(`work item "${item.key}" has ${String(item.votes)} votes`);
    }
  }
}
__name(checkInput, "checkInput");
var BUDGET_ADMISSION_WARNING = "budget_admission";

// src/engine/session/budget.ts
function admitBudget(input) {
  if (!input.budget) return { refused: /* @__PURE__ */ new Map(), shares: /* @__PURE__ */ new Map() };
  const admission = admitRunBudget(admissionInput(input, input.budget));
  return {
    refused: admission.refused,
    shares: admission.shares,
    ...admission.note ? { note: admission.note } : {}
  };
}
__name(admitBudget, "admitBudget");
function sharesFor(input) {
  return admitBudget(input).shares;
}
__name(sharesFor, "sharesFor");
function admissionInput(input, budget) {
  const jobs = [...assignmentOf(input.dispatch).jobs.values()].map((job) => ({
    label: job.job,
    items: job.keys.map((key) => admissionItem(input.graph, key))
  }));
  return { run: budget.run, verification: budget.verification, jobs };
}
__name(admissionInput, "admissionInput");
function admissionItem(graph, key) {
  const verifier = graph.workItemByKey.get(key)?.verifier;
  if (verifier?.mode !== "agentic") return { key, agentic: false, votes: 1 };
  return { key, agentic: true, votes: verifier.votes ?? 1 };
}
__name(admissionItem, "admissionItem");
function withRefusals(selections, refused) {
  const next = new Map(selections);
  for (const [key, error] of refused) {
    const selection = selections.get(key);
    if (selection?.kind !== "verify") continue;
    const { item, captureDigest } = selection;
    next.set(key, { kind: "settled", item, captureDigest, verdict: "inconclusive", error });
  }
  return next;
}
__name(withRefusals, "withRefusals");

// src/engine/session/bundles.ts
function planBundles(jobs, selections, maxBundles) {
  if (!Number.isInteger(maxBundles) || maxBundles < 1)
    throw new RangeError(`maxBundles must be a positive integer, got ${maxBundles}`);
  const count = Math.min(jobs.length, maxBundles);
  const perBundle = Math.ceil(jobs.length / Math.max(1, count));
  const bundleOf = {};
  const contents = /* @__PURE__ */ new Map();
  jobs.forEach((job, index) => {
    const name = jobs.length <= maxBundles ? job.job : `b${Math.floor(index / perBundle) + 1}`;
    bundleOf[job.job] = name;
    const held = contents.get(name) ?? /* @__PURE__ */ new Set();
    for (const digest of capturesOf(job.keys, selections)) held.add(digest);
    contents.set(name, held);
  });
  const bundles = new Map([...contents].map(([name, held]) => [name, [...held].sort()]));
  return { bundleOf, bundles };
}
__name(planBundles, "planBundles");
function capturesOf(keys, selections) {
  const digests = /* @__PURE__ */ new Set();
  for (const key of keys) {
    const selection = selections.get(key);
    if (selection?.kind === "verify") digests.add(selection.captureDigest);
  }
  return [...digests];
}
__name(capturesOf, "capturesOf");

// src/engine/session/plan.ts
async function planSession(input) {
  const { graph, deps, options, exchange } = input;
  const startedAt = (/* @__PURE__ */ new Date()).toISOString();
  const planned = await planRun(graph, deps, options);
  const { plan, dispatch, admission } = admitted(input, planned);
  countPlanned(deps, graph, plan.selections);
  const state = stateFrom(graph, plan.selections);
  const inPlanOptions = withShare(options, admission.shares.get(PLAN_JOB));
  const records = await verifyKeys(graph, plan, deps, inPlanOptions, dispatch.inPlan, state);
  const jobs = matrixJobs(assignmentOf(dispatch));
  const bundles = planBundles(jobs, plan.selections, exchange.maxBundles);
  await exchange.putCaptures(bundles.bundles, deps.store);
  await exchange.putRecords(PLAN_JOB, records);
  const document = planDocumentOf({
    runId: options.runId,
    startedAt,
    graph,
    trusted: input.trusted,
    trigger: options.trigger,
    captureResults: plan.captureResults,
    selections: plan.selections,
    dispatch,
    jobsPerWave: input.dispatch.jobsPerWave ?? MAX_MATRIX_JOBS,
    bundleOf: bundles.bundleOf,
    budget: {
      shares: Object.fromEntries(admission.shares),
      ...admission.note ? { note: admission.note } : {}
    },
    // The store's warnings (a record pack's refused entries, records from an old layout)
    // reach the report through the plan, which aggregate reports from.
    warnings: [...plan.warnings, ...budgetWarnings(admission), ...storeWarnings(deps)]
  });
  await exchange.putPlan(document);
  const summary = {
    runId: options.runId,
    waves: dispatch.waves.length,
    jobs: jobs.map(({ job, wave, keys }) => ({
      job,
      wave,
      keys: [...keys],
      bundle: bundles.bundleOf[job]
    })),
    verifiedInPlan: records.size,
    inherited: countOf(plan.selections, "inherit"),
    settled: countOf(plan.selections, "settled"),
    refusedByBudget: [...admission.refused.keys()],
    ...admission.note ? { budgetNote: admission.note } : {}
  };
  return { document, summary, records };
}
__name(planSession, "planSession");
function budgetWarnings(admission) {
  return admission.note ? [{ code: BUDGET_ADMISSION_WARNING, message: admission.note }] : [];
}
__name(budgetWarnings, "budgetWarnings");
function storeWarnings(deps) {
  return deps.store.drainWarnings().map((message) => ({ code: "store", message }));
}
__name(storeWarnings, "storeWarnings");
function admitted(input, plan) {
  const first = dispatchOf(input, plan.selections);
  const budget = input.deps.budget;
  const common = { graph: input.graph, options: input.options, ...budget ? { budget } : {} };
  const admission = admitBudget({ ...common, selections: plan.selections, dispatch: first });
  if (admission.refused.size === 0) return { plan, dispatch: first, admission };
  const selections = withRefusals(plan.selections, admission.refused);
  const dispatch = dispatchOf(input, selections);
  const shares = sharesFor({ ...common, selections, dispatch });
  return { plan: { ...plan, selections }, dispatch, admission: { ...admission, shares } };
}
__name(admitted, "admitted");
function dispatchOf(input, selections) {
  const { programmaticInPlan, jobsPerWave, maxWaves } = input.dispatch;
  const dispatch = planDispatch(input.graph, selections, {
    programmaticInPlan,
    ...jobsPerWave === void 0 ? {} : { maxJobs: jobsPerWave }
  });
  return maxWaves === void 0 ? dispatch : foldWaves(dispatch, maxWaves);
}
__name(dispatchOf, "dispatchOf");
function withShare(options, share) {
  return share ? { ...options, runBudget: share } : options;
}
__name(withShare, "withShare");
function countPlanned(deps, graph, selections) {
  deps.progress.planned({
    verify: countOf(selections, "verify"),
    inherit: countOf(selections, "inherit"),
    settled: countOf(selections, "settled"),
    targets: graph.targets.length
  });
}
__name(countPlanned, "countPlanned");
function countOf(selections, kind) {
  let count = 0;
  for (const selection of selections.values()) if (selection.kind === kind) count++;
  return count;
}
__name(countOf, "countOf");

export {
  capturesOf,
  planSession,
  withShare
};
