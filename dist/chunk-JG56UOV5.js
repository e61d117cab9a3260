#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  acceptDeliveries
} from "./chunk-SSNHGUWL.js";
import {
  assignmentOf
} from "./chunk-EKLPAXGM.js";
import {
  reportOf,
  settleMissing,
  stateFrom,
  unverifiedRecord
} from "./chunk-IJ7NSDBA.js";
import {
  statedRunBudget
} from "./chunk-OB6IMDL2.js";
import {
  selectionsOf,
  workKey
} from "./chunk-TR7VHC6V.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/engine/session/integrity.ts
var MAX_LISTED = 5;
function integrityFailures(graph, selections, writer, rejected, accepted) {
  const byKey = /* @__PURE__ */ new Map();
  for (const rejection of rejected.filter((r) => r.integrity))
    for (const key of rejection.keys) byKey.set(key, [...byKey.get(key) ?? [], rejection]);
  const failures = /* @__PURE__ */ new Map();
  for (const [key, rejections] of byKey) {
    const selection = selections.get(key);
    if (selection?.kind !== "verify") continue;
    failures.set(key, failureRecord(graph, selection, writer, rejections, accepted.get(key)));
  }
  return failures;
}
__name(integrityFailures, "integrityFailures");
function failureRecord(graph, selection, writer, rejections, genuine) {
  const refused = rejections.slice(0, MAX_LISTED).map(({ source, reason }) => ({
    source,
    reason: reason.slice(0, 512)
  }));
  const listed = refused.map((r) => `${r.source} (${r.reason})`).join("; ");
  const more = rejections.length > MAX_LISTED ? `; and ${rejections.length - MAX_LISTED} more` : "";
  const own = genuine ? ` The record of its own job says ${genuine.verdict}; it is not saved for inheritance.` : "";
  const evidence = {
    refused,
    ownJobRecord: genuine ? { verdict: genuine.verdict, gmDigest: genuine.gmDigest } : null
  };
  return unverifiedRecord(graph, selection, writer, {
    verdict: "fail",
    evidence,
    error: {
      category: "record_integrity",
      message: `integrity check failed: a record for this goal was refused: ${listed}${more}. Something other than the job the plan assigned wrote records for this run (whoever can write to the exchange can); run the phases again and check what else wrote to the exchange.${own}`
    }
  });
}
__name(failureRecord, "failureRecord");

// src/engine/session/isolation.ts
var UNSANDBOXED = "verifications ran without a sandbox";
function runIsolation(records, unsandboxedNote = UNSANDBOXED) {
  const ran = [...records].filter((record) => record.attempts > 0);
  const unsandboxed = ran.filter((record) => record.isolation !== "bubblewrap").length;
  if (ran.length === 0) return { kind: "none", note: "no verification ran in this run" };
  if (unsandboxed === 0)
    return {
      kind: "bubblewrap",
      note: "every verification of this run ran in the bubblewrap sandbox"
    };
  return { kind: "none", note: `${unsandboxed} of ${ran.length} ${unsandboxedNote}` };
}
__name(runIsolation, "runIsolation");

// src/engine/session/warnings.ts
var MAX_NAMED = 20;
function rejectionWarnings(rejected) {
  return rejected.map(({ source, keys, reason, integrity }) => ({
    code: "record_rejected",
    message: `${integrity ? "integrity check failed: " : ""}${source} was refused (${reason}); it concerns ${keys.length > 0 ? keys.slice(0, MAX_NAMED).join(", ") : "no work item of the plan"}`.slice(
      0,
      4096
    )
  }));
}
__name(rejectionWarnings, "rejectionWarnings");
function missingWarning(missing) {
  if (missing.length === 0) return [];
  const shown = missing.slice(0, MAX_NAMED).join(", ");
  return [
    {
      code: "record_missing",
      message: `${missing.length} verification(s) have no valid record and wait for a person: ${shown}${missing.length > MAX_NAMED ? ", \u2026" : ""}`
    }
  ];
}
__name(missingWarning, "missingWarning");
function faultsByKey(rejected) {
  const byKey = /* @__PURE__ */ new Map();
  for (const rejection of rejected.filter((r) => !r.integrity))
    for (const key of rejection.keys) if (!byKey.has(key)) byKey.set(key, rejection);
  return byKey;
}
__name(faultsByKey, "faultsByKey");

// src/engine/session/aggregate.ts
var NO_RECORD = "no verify job delivered a record for this verification (its job failed, was skipped or cancelled, or ran before the jobs it depends on delivered); run the verify jobs again, wave by wave, then aggregate";
async function aggregateSession(exchange, open, choice = {}) {
  const document = await exchange.getPlan();
  const { graph, deps, options } = await open(document);
  const selections = selectionsOf(document, graph);
  const assignment = assignmentOf(document.dispatch);
  const delivered = await exchange.getRecords({ knownJobs: [...assignment.jobs.keys()] });
  const binding = { graph, selections, runId: document.runId, assignment };
  const writer = { runId: document.runId, ...options.origin ? { origin: options.origin } : {} };
  const { records, rejected } = acceptDeliveries(delivered, binding);
  const failed = integrityFailures(graph, selections, writer, rejected, records);
  const state = stateFrom(graph, selections, new Map([...records, ...failed]));
  const faults = faultsByKey(rejected);
  const missing = await settleMissing(
    graph,
    selections,
    state,
    writer,
    (key) => {
      const fault = faults.get(key);
      return fault ? `the record from ${fault.source} was refused: ${fault.reason}` : choice.noRecord ?? NO_RECORD;
    },
    choice.missingFails ? "fail" : "inconclusive"
  );
  const fresh = newRecords(records, failed);
  for (const record of fresh)
    await deps.store.saveRecord(workKey(record.goalId, record.role), record);
  const notSaved = deps.store.drainWarnings().map((message) => ({ code: "store", message }));
  const report = reportOf(graph, selections, state, {
    runId: document.runId,
    startedAt: document.startedAt,
    trigger: document.trigger,
    allowPartialRoot: options.allowPartialRoot,
    isolation: runIsolation(records.values(), choice.unsandboxedNote),
    warnings: [
      ...document.warnings,
      ...rejectionWarnings(rejected),
      ...missingWarning(missing),
      ...notSaved
    ],
    redactor: deps.redactor,
    ...options.anchors ? { anchors: options.anchors } : {},
    ...reportedBudget(deps.budget?.run)
  });
  return { document, report, accepted: records, rejected, missing, saved: fresh.length };
}
__name(aggregateSession, "aggregateSession");
function newRecords(records, failed) {
  return [...records].filter(([key, record]) => !failed.has(key) && record.error?.category !== "cancelled").map(([, record]) => record);
}
__name(newRecords, "newRecords");
function reportedBudget(run) {
  const runBudget = statedRunBudget(run);
  return runBudget ? { runBudget } : {};
}
__name(reportedBudget, "reportedBudget");

export {
  aggregateSession
};
