#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  aggregateSession
} from "./chunk-Y6NPSIDV.js";
import {
  publishReport
} from "./chunk-223SNZ5G.js";
import "./chunk-QSICFTGQ.js";
import "./chunk-XRIMI4AU.js";
import "./chunk-I3TNCOAN.js";
import {
  bootstrapOf,
  graphChangeOf,
  publishBootstrap
} from "./chunk-ITSPCTDF.js";
import "./chunk-YRYNKIVV.js";
import "./chunk-LHKT2SK4.js";
import "./chunk-QXUKDZBK.js";
import "./chunk-NTSXSIOA.js";
import {
  UNSANDBOXED_NOTE,
  actionsExchange,
  describeFlush,
  engineHost,
  prepareHost,
  runOptions
} from "./chunk-VF3ZFSZR.js";
import "./chunk-6TYA4KEX.js";
import "./chunk-3NVRPBIJ.js";
import "./chunk-MJSX5Z5D.js";
import {
  selectionsOf
} from "./chunk-JRE2G7I5.js";
import "./chunk-R23ZG7MU.js";
import "./chunk-T7Y3ZJD2.js";
import "./chunk-XFO2KDJT.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/action/commands/aggregate.ts
var NO_RECORD = "the job the plan assigned this verification to did not deliver its records (it failed, was skipped or cancelled before uploading dog-records-<job>-a<attempt>); re-run the workflow";
async function commandAggregate(job) {
  const bootstrap = await bootstrapOf(job);
  if (bootstrap) return publishBootstrap(job, bootstrap, { checkRun: true, failOnInvalid: true });
  let opened;
  const { document, report } = await aggregateSession(
    actionsExchange(job, void 0, true),
    async (plan) => {
      const { context, graph: graph2 } = await prepareHost(job, plan.trusted);
      const { deps, store: store2 } = await engineHost(job, context, { verifies: false });
      await store2.records.open(graph2.id, { lookups: false });
      store2.records.markUsed(inheritedRecords(selectionsOf(plan, graph2)));
      opened = { graph: graph2, store: store2 };
      return { graph: graph2, deps, options: runOptions(job, context, plan.runId) };
    },
    {
      unsandboxedNote: `verifications: ${UNSANDBOXED_NOTE}`,
      noRecord: NO_RECORD,
      missingFails: true
    }
  );
  const { graph, store } = opened;
  job.services.log.info(describeFlush(await store.records.flush()));
  return publishReport(job, report, graph, await graphChangeOf(job, document.trusted, graph));
}
__name(commandAggregate, "commandAggregate");
function inheritedRecords(selections) {
  return [...selections.values()].flatMap((s) => s.kind === "inherit" ? [s.record] : []);
}
__name(inheritedRecords, "inheritedRecords");
export {
  commandAggregate
};
