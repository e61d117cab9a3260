#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  runGraph
} from "./chunk-O2KP5564.js";
import "./chunk-QRRQDQDQ.js";
import {
  publishReport
} from "./chunk-I37YSMHM.js";
import "./chunk-FBN4L3OG.js";
import "./chunk-XRIMI4AU.js";
import "./chunk-EBQ6T5NQ.js";
import {
  graphChangeOf,
  loadTrustedSource,
  publishBootstrap
} from "./chunk-3YLH6PFE.js";
import "./chunk-FVTIAR2P.js";
import "./chunk-MW5LQ63J.js";
import {
  describeFlush,
  engineHost,
  loadRunDecisions,
  prepareHost,
  retriesForThisRun,
  runIdOf,
  runOptions
} from "./chunk-4GD7QATP.js";
import "./chunk-6TYA4KEX.js";
import "./chunk-IJ7NSDBA.js";
import "./chunk-OB6IMDL2.js";
import "./chunk-TR7VHC6V.js";
import "./chunk-R23ZG7MU.js";
import "./chunk-44AILICO.js";
import "./chunk-XFO2KDJT.js";
import "./chunk-3BXAZ2JA.js";
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
