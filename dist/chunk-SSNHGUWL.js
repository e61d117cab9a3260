#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  acceptRecord
} from "./chunk-TR7VHC6V.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/engine/session/acceptDelivered.ts
function acceptDeliveredRecord(job, key, value, { graph, selections, runId, assignment }) {
  const owner = assignment.ownerOf.get(key);
  if (owner !== job)
    return {
      ok: false,
      reason: owner ? `the plan assigned ${key} to job ${owner}, not to ${job}` : `the plan assigned ${key} to no job of this run`
    };
  const selection = selections.get(key);
  if (selection?.kind !== "verify")
    return { ok: false, reason: "the plan does not verify this work item in this run" };
  const { goalId, role } = selection.item;
  return acceptRecord(value, {
    goal: { goalId, role },
    captureDigest: selection.captureDigest,
    gmDigest: selection.gmDigest,
    runId,
    graphDigest: graph.digest
  });
}
__name(acceptDeliveredRecord, "acceptDeliveredRecord");
function acceptDeliveries(deliveries, binding) {
  const records = /* @__PURE__ */ new Map();
  const rejected = [];
  const sorted = [...deliveries].sort((a, b) => a.source < b.source ? -1 : 1);
  for (const delivery of sorted) {
    const { source, job } = delivery;
    if (job === void 0) {
      rejected.push(unknownSource(delivery, binding));
      continue;
    }
    const keys = verifications([...binding.assignment.jobs.get(job)?.keys ?? []], binding);
    if ("failure" in delivery) {
      const { reason, integrity } = delivery.failure;
      rejected.push({ source, keys, reason, integrity });
      continue;
    }
    for (const [key, value] of Object.entries(delivery.records)) {
      const verdict = records.has(key) ? { ok: false, reason: "a second record for the same work item" } : acceptDeliveredRecord(job, key, value, binding);
      if (verdict.ok) records.set(key, verdict.record);
      else
        rejected.push({
          source,
          keys: verifications([key], binding),
          reason: verdict.reason,
          integrity: true
        });
    }
  }
  return { records, rejected };
}
__name(acceptDeliveries, "acceptDeliveries");
function unknownSource(delivery, binding) {
  const named = "records" in delivery ? verifications(Object.keys(delivery.records), binding) : [];
  const keys = named.length > 0 ? named : verifications([...binding.selections.keys()], binding);
  const reason = `no job of this run's plan delivers records as ${delivery.source}`;
  return { source: delivery.source, keys, reason, integrity: true };
}
__name(unknownSource, "unknownSource");
function verifications(keys, { selections }) {
  return keys.filter((key) => selections.get(key)?.kind === "verify");
}
__name(verifications, "verifications");

export {
  acceptDeliveries
};
