#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  runGraph
} from "./chunk-RLHCSYQ6.js";
import "./chunk-5PMNAURX.js";
import {
  publishReport
} from "./chunk-MBSHQ57X.js";
import "./chunk-FXM2RKXG.js";
import "./chunk-XRIMI4AU.js";
import "./chunk-BUUL5SFQ.js";
import {
  graphChangeOf,
  loadTrustedSource,
  publishBootstrap
} from "./chunk-MDEG4JJR.js";
import "./chunk-BYWC2PHP.js";
import "./chunk-LHKT2SK4.js";
import {
  describeFlush,
  engineHost,
  loadRunDecisions,
  prepareHost,
  retriesForThisRun,
  runIdOf,
  runOptions
} from "./chunk-Z4R3FOTT.js";
import "./chunk-6TYA4KEX.js";
import "./chunk-EPWQBKUH.js";
import "./chunk-2KPD6RWZ.js";
import "./chunk-CBL4IHAG.js";
import "./chunk-R23ZG7MU.js";
import "./chunk-HIOCURYR.js";
import "./chunk-ZC4GCXWG.js";
import "./chunk-34AOSO5F.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/action/commands/run.ts
async function commandRun(job) {
  const source = await loadTrustedSource(job);
  if (source.kind === "bootstrap")
    return publishBootstrap(job, source.view, { checkRun: true, failOnInvalid: true });
  const { files } = source;
  const { context, graph } = await prepareHost(job, files);
  const decisions = await loadRunDecisions(job, graph.id);
  const { deps, store } = await engineHost(job, context, { decisions });
  await store.records.open(graph.id);
  const options = {
    ...runOptions(job, context, runIdOf(job)),
    retryRequests: retriesForThisRun(job, decisions)
  };
  const report = await runGraph(graph, deps, options);
  job.services.log.info(describeFlush(await store.records.flush()));
  return publishReport(job, report, graph, await graphChangeOf(job, files, graph));
}
__name(commandRun, "commandRun");
export {
  commandRun
};
