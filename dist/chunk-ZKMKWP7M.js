#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  aggregateSession
} from "./chunk-JG56UOV5.js";
import {
  publishReport
} from "./chunk-I37YSMHM.js";
import "./chunk-FBN4L3OG.js";
import "./chunk-XRIMI4AU.js";
import "./chunk-EBQ6T5NQ.js";
import {
  bootstrapOf,
  graphChangeOf,
  publishBootstrap
} from "./chunk-3YLH6PFE.js";
import "./chunk-FVTIAR2P.js";
import "./chunk-MW5LQ63J.js";
import "./chunk-SSNHGUWL.js";
import "./chunk-EKLPAXGM.js";
import {
  UNSANDBOXED_NOTE,
  actionsExchange,
  describeFlush,
  engineHost,
  prepareHost,
  runOptions
} from "./chunk-4GD7QATP.js";
import "./chunk-6TYA4KEX.js";
import "./chunk-IJ7NSDBA.js";
import "./chunk-OB6IMDL2.js";
import {
  selectionsOf
} from "./chunk-TR7VHC6V.js";
import "./chunk-R23ZG7MU.js";
import "./chunk-44AILICO.js";
import "./chunk-XFO2KDJT.js";
import "./chunk-3BXAZ2JA.js";
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
