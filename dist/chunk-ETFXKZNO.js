#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  capturesOf as capturesOf2,
  withShare
} from "./chunk-I6G37FBS.js";
import {
  acceptDeliveries
} from "./chunk-SSNHGUWL.js";
import {
  assignmentOf,
  chooseShard
} from "./chunk-EKLPAXGM.js";
import {
  stateFrom,
  verifyKeys
} from "./chunk-IJ7NSDBA.js";
import {
  capturesOf,
  gmDigestOf,
  selectionsOf,
  workKey
} from "./chunk-TR7VHC6V.js";
import {
  DocumentError,
  UserError
} from "./chunk-XFO2KDJT.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/engine/session/identities.ts
async function checkIdentities(keys, selections, verifiers) {
  for (const key of keys) {
    const selection = selections.get(key);
    if (selection?.kind !== "verify")
      throw new UserError(`the job names ${key}, which the plan does not verify`);
    const identity = await verifiers.identityOf(selection.item);
    if (!identity.ok || gmDigestOf(selection.captureDigest, identity.identity) !== selection.gmDigest)
      throw new UserError(
        `the verifier of ${key} here differs from the one the plan selected (${identity.ok ? "another identity" : identity.error.message}); plan and verify must see the same configuration and environment`
      );
  }
}
__name(checkIdentities, "checkIdentities");

// src/engine/session/needs.ts
function jobsNeededBy(graph, assignment, job) {
  const start = [];
  for (const key of job.keys) {
    const item = graph.workItemByKey.get(key);
    if (!item) continue;
    start.push(...graph.dependencies.get(item.goalId) ?? []);
    if (item.role === "assert") start.push(...childrenOf(graph, item.goalId));
  }
  const needed = /* @__PURE__ */ new Set();
  for (const id of closure(graph, start)) {
    for (const key of [workKey(id, "leaf"), workKey(id, "assert")]) {
      const owner = assignment.ownerOf.get(key);
      const wave = owner === void 0 ? void 0 : assignment.jobs.get(owner)?.wave;
      if (owner !== void 0 && wave !== void 0 && wave < job.wave) needed.add(owner);
    }
  }
  return [...assignment.jobs.keys()].filter((label) => needed.has(label));
}
__name(jobsNeededBy, "jobsNeededBy");
function childrenOf(graph, id) {
  const node = graph.nodes.get(id);
  return node?.kind === "composite" ? node.children.map((relation) => relation.child) : [];
}
__name(childrenOf, "childrenOf");
function closure(graph, start) {
  const seen = /* @__PURE__ */ new Set();
  const stack = [...start];
  while (stack.length > 0) {
    const id = stack.pop();
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...childrenOf(graph, id), ...graph.dependencies.get(id) ?? []);
  }
  return seen;
}
__name(closure, "closure");

// src/engine/session/verifyShard.ts
async function verifyShard(exchange, shard, open) {
  const document = await exchange.getPlan();
  const choice = chooseShard(document, shard);
  if (choice.kind === "idle")
    return {
      job: choice.job,
      idle: true,
      keys: [],
      records: /* @__PURE__ */ new Map(),
      readFrom: [],
      rejected: []
    };
  const { job } = choice;
  const { graph, deps, options } = await open(document);
  const selections = selectionsOf(document, graph);
  await checkIdentities(job.keys, selections, deps.verifiers);
  const assignment = assignmentOf(document.dispatch);
  const readFrom = jobsNeededBy(graph, assignment, job);
  const delivered = readFrom.length ? await exchange.getRecords({ jobs: readFrom, knownJobs: [...assignment.jobs.keys()] }) : [];
  const binding = { graph, selections, runId: document.runId, assignment };
  const earlier = acceptDeliveries(delivered, binding);
  await fetchCaptures(exchange, document, job.job, capturesOf2(job.keys, selections), deps.store);
  const plan = { selections, warnings: [], captureResults: capturesOf(document) };
  const state = stateFrom(graph, selections, earlier.records);
  const runOptions = withShare(
    { ...options, runId: document.runId, fresh: false, trigger: document.trigger },
    document.budget.shares[job.job]
  );
  const records = await verifyKeys(graph, plan, deps, runOptions, job.keys, state);
  await exchange.putRecords(job.job, records);
  return {
    job: job.job,
    idle: false,
    keys: [...job.keys],
    records,
    readFrom,
    rejected: earlier.rejected
  };
}
__name(verifyShard, "verifyShard");
async function fetchCaptures(exchange, document, job, digests, sink) {
  if (digests.length === 0) return;
  const bundle = document.bundleOf[job];
  if (bundle === void 0)
    throw new DocumentError("plan", [
      { pointer: "/bundleOf", message: `the plan names no capture bundle for job ${job}` }
    ]);
  await exchange.getCaptures(bundle, digests, sink);
}
__name(fetchCaptures, "fetchCaptures");

export {
  verifyShard
};
