#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  verifyShard
} from "./chunk-ETFXKZNO.js";
import "./chunk-I6G37FBS.js";
import "./chunk-QRRQDQDQ.js";
import "./chunk-SSNHGUWL.js";
import {
  jobLabel,
  keysOfEntry
} from "./chunk-EKLPAXGM.js";
import {
  RecordsNameTaken,
  actionsExchange,
  engineHost,
  prepareHost,
  runOptions
} from "./chunk-4GD7QATP.js";
import "./chunk-6TYA4KEX.js";
import "./chunk-IJ7NSDBA.js";
import "./chunk-OB6IMDL2.js";
import "./chunk-TR7VHC6V.js";
import "./chunk-R23ZG7MU.js";
import "./chunk-44AILICO.js";
import {
  ExitCode,
  UserError
} from "./chunk-XFO2KDJT.js";
import "./chunk-3BXAZ2JA.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/action/commands/verify.ts
async function commandVerify(job) {
  const entry = job.inputs.matrixEntry;
  const document = await actionsExchange(job).getPlan();
  checkEntry(entry, document.dispatch.waves);
  const { context, graph } = await prepareHost(job, document.trusted);
  const { deps, store } = await engineHost(job, context);
  const exchange = withPlan(actionsExchange(job, store.host), document);
  let outcome;
  try {
    outcome = await verifyShard(
      exchange,
      entry.job,
      () => Promise.resolve({ graph, deps, options: runOptions(job, context, document.runId) })
    );
  } catch (error) {
    if (!(error instanceof RecordsNameTaken)) throw error;
    job.failure = `DoG: ${error.message}`;
    return ExitCode.failure;
  }
  describeShard(job, outcome);
  return ExitCode.success;
}
__name(commandVerify, "commandVerify");
function checkEntry(entry, waves) {
  let planned;
  try {
    planned = keysOfEntry({ ...entry, keys: void 0 }, waves);
  } catch {
    throw new UserError(`matrix entry ${entry.job} names a job the plan does not have`);
  }
  const keys = entry.keys ?? planned;
  if (entry.job !== jobLabel(entry.wave, entry.shard) || keys.join("\n") !== planned.join("\n"))
    throw new UserError(
      `matrix entry ${entry.job} does not match the plan's job ${jobLabel(entry.wave, entry.shard)}: pass matrix-entry: \${{ toJSON(matrix) }} from the plan step's matrix output unchanged`
    );
}
__name(checkEntry, "checkEntry");
function withPlan(exchange, document) {
  return {
    description: exchange.description,
    maxBundles: exchange.maxBundles,
    putPlan: /* @__PURE__ */ __name((plan) => exchange.putPlan(plan), "putPlan"),
    getPlan: /* @__PURE__ */ __name(() => Promise.resolve(document), "getPlan"),
    putCaptures: /* @__PURE__ */ __name((bundles, blobs) => exchange.putCaptures(bundles, blobs), "putCaptures"),
    getCaptures: /* @__PURE__ */ __name((bundle, digests, sink) => exchange.getCaptures(bundle, digests, sink), "getCaptures"),
    putRecords: /* @__PURE__ */ __name((label, records) => exchange.putRecords(label, records), "putRecords"),
    getRecords: /* @__PURE__ */ __name((query) => exchange.getRecords(query), "getRecords")
  };
}
__name(withPlan, "withPlan");
function describeShard(job, outcome) {
  const { log } = job.services;
  for (const { source, keys, reason } of outcome.rejected)
    log.warning(
      `DoG: refused ${source} (${reason})${keys.length > 0 ? `; ${keys.slice(0, 20).join(", ")} count as unsettled here` : ""}; aggregate fails the goals it concerns`
    );
  const skipped = outcome.keys.length - outcome.records.size;
  log.info(
    `DoG: job ${outcome.job} verified ${outcome.records.size} of ${outcome.keys.length}${skipped ? `; ${skipped} not started because what they depend on did not settle as required` : ""}; records read from ${outcome.readFrom.length} earlier job(s)`
  );
}
__name(describeShard, "describeShard");
export {
  commandVerify
};
