#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  runGraph
} from "./chunk-TXTMMJQQ.js";
import "./chunk-MUSTLJYM.js";
import {
  publishReport
} from "./chunk-223SNZ5G.js";
import "./chunk-QSICFTGQ.js";
import "./chunk-XRIMI4AU.js";
import "./chunk-I3TNCOAN.js";
import {
  graphChangeOf,
  loadTrustedSource,
  publishBootstrap
} from "./chunk-ITSPCTDF.js";
import "./chunk-YRYNKIVV.js";
import "./chunk-LHKT2SK4.js";
import {
  describeFlush,
  engineHost,
  loadRunDecisions,
  prepareHost,
  retriesForThisRun,
  runIdOf,
  runOptions
} from "./chunk-VF3ZFSZR.js";
import "./chunk-6TYA4KEX.js";
import "./chunk-3NVRPBIJ.js";
import "./chunk-MJSX5Z5D.js";
import "./chunk-JRE2G7I5.js";
import "./chunk-R23ZG7MU.js";
import "./chunk-T7Y3ZJD2.js";
import "./chunk-XFO2KDJT.js";
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
