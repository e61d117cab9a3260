#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  PR_MANIFEST,
  newestPrArtifacts,
  prBundleArtifactName,
  prManifestArtifactName
} from "./chunk-MQZ3DM3Z.js";
import {
  planSession
} from "./chunk-I6G37FBS.js";
import "./chunk-QRRQDQDQ.js";
import {
  loadTrustedSource,
  publishBootstrap
} from "./chunk-3YLH6PFE.js";
import "./chunk-FVTIAR2P.js";
import "./chunk-MW5LQ63J.js";
import {
  MATRIX_OUTPUT_LIMIT,
  matrixOutput
} from "./chunk-EKLPAXGM.js";
import {
  actionsExchange,
  bundledFile,
  commitVerified,
  downloadBundle,
  engineHost,
  loadRunDecisions,
  onlyFile,
  prepareHost,
  retriesForThisRun,
  runIdOf,
  runOptions
} from "./chunk-4GD7QATP.js";
import "./chunk-6TYA4KEX.js";
import "./chunk-IJ7NSDBA.js";
import "./chunk-OB6IMDL2.js";
import {
  validateAgainst
} from "./chunk-TR7VHC6V.js";
import "./chunk-R23ZG7MU.js";
import "./chunk-44AILICO.js";
import {
  DocumentError,
  ExitCode,
  UserError
} from "./chunk-XFO2KDJT.js";
import "./chunk-3BXAZ2JA.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/action/forkCaptures.ts
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
var ZIP_ENTRY_OVERHEAD = 1024;
var ZIP_GROWTH = 1.01;
function importedCaptures(job, store, local, fromRun, maxCaptureBytes) {
  return {
    captureAll: /* @__PURE__ */ __name(async (targets) => {
      const listed = await job.services.artifacts.list(fromRun);
      const pr = prArtifactsOf(listed, fromRun);
      const manifest = await readManifest(job, pr, fromRun);
      const entries = new Map(manifest.captures.map((c) => [c.target, c]));
      const checked = /* @__PURE__ */ new Map();
      for (const target of new Set(targets))
        checked.set(target, checkEntry(target, entries.get(target), fromRun, maxCaptureBytes));
      const wanted = [...checked.values()].filter((c) => "target" in c);
      const refusedDigests = await fetchBundle(job, store, wanted, { fromRun, pr });
      const results = /* @__PURE__ */ new Map();
      for (const [target, outcome] of checked) {
        const refusal = "target" in outcome ? refusedDigests.get(outcome.digest) : outcome;
        if (refusal) results.set(target, { ok: false, target, ...refusal });
        else if ("target" in outcome) results.set(target, capturedAs(outcome));
      }
      return results;
    }, "captureAll"),
    materialize: /* @__PURE__ */ __name((result, destDir) => local.materialize(result, destDir), "materialize")
  };
}
__name(importedCaptures, "importedCaptures");
function capturedAs({ target, kind, digest, bytes, files }) {
  return { ok: true, capture: { target, kind, digest, bytes, files } };
}
__name(capturedAs, "capturedAs");
function checkEntry(target, entry, fromRun, maxCaptureBytes) {
  if (!entry)
    return { reason: "target_missing", message: `run ${fromRun} uploaded no capture of ${target}` };
  if (!entry.ok) return { reason: entry.reason, message: entry.message };
  if (entry.bytes > maxCaptureBytes)
    return {
      reason: "capture_too_large",
      message: `the capture is ${entry.bytes} bytes, over limits.maxCaptureBytes (${maxCaptureBytes})`
    };
  return entry;
}
__name(checkEntry, "checkEntry");
function prArtifactsOf(listed, fromRun) {
  const pr = newestPrArtifacts(listed);
  if (pr) return pr;
  const legacy = listed.some((a) => a.name === PR_MANIFEST) ? ` (it has ${PR_MANIFEST}, from a DoG version that uploaded one artifact per capture: run its capture step with this version)` : "";
  throw new UserError(
    `run ${fromRun} has no ${prManifestArtifactName(1).replace(/-a1$/, "-a<attempt>")} artifact${legacy}: its DoG step must run with command: capture`
  );
}
__name(prArtifactsOf, "prArtifactsOf");
async function readManifest(job, pr, fromRun) {
  const what = `${pr.manifest.name} of run ${fromRun}`;
  const dir = join(job.runner.runnerTemp, "dog", "manifest-in");
  await rm(dir, { recursive: true, force: true });
  await job.services.artifacts.download(pr.manifest, dir, fromRun);
  let value;
  try {
    value = JSON.parse(await readFile(await onlyFile(dir, pr.manifest.name), "utf8"));
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new DocumentError(what, [{ pointer: "", message: `not JSON: ${String(error)}` }]);
  }
  const valid = validateAgainst("captureManifest", value);
  if (!valid.ok) throw new DocumentError(what, valid.problems);
  return valid.value;
}
__name(readManifest, "readManifest");
async function fetchBundle(job, store, wanted, { fromRun, pr }) {
  const missing = /* @__PURE__ */ new Map();
  for (const entry of wanted)
    if (!missing.has(entry.digest) && !await store.blobPath(entry.digest))
      missing.set(entry.digest, entry.bytes);
  const refuseAll = /* @__PURE__ */ __name((refusal) => new Map([...missing.keys()].map((d) => [d, refusal])), "refuseAll");
  if (missing.size === 0) return /* @__PURE__ */ new Map();
  const bundle = pr.bundle;
  if (!bundle)
    return refuseAll({
      reason: "target_missing",
      message: `run ${fromRun} has no artifact ${prBundleArtifactName(pr.attempt)}`
    });
  const bound = [...missing.values()].reduce(
    (sum, bytes) => sum + Math.ceil(bytes * ZIP_GROWTH) + ZIP_ENTRY_OVERHEAD,
    0
  );
  if (bundle.size > bound)
    return refuseAll({
      reason: "capture_too_large",
      message: `the capture artifact ${bundle.name} is ${bundle.size} bytes, over the ${bound} bytes its captures may take (limits.maxCaptureBytes)`
    });
  const dir = join(job.runner.runnerTemp, "dog", "imported", bundle.name);
  try {
    await downloadBundle(job.services.artifacts, bundle, dir, fromRun);
  } catch (error) {
    return refuseAll(refusedUpload(error));
  }
  const refused = /* @__PURE__ */ new Map();
  for (const digest of missing.keys()) {
    const refusal = await commitFromBundle(store, dir, digest, { fromRun, bundle });
    if (refusal) refused.set(digest, refusal);
  }
  await rm(dir, { recursive: true, force: true });
  return refused;
}
__name(fetchBundle, "fetchBundle");
async function commitFromBundle(store, dir, digest, { fromRun, bundle }) {
  try {
    const path = await bundledFile(dir, digest);
    if (!path)
      return {
        reason: "target_missing",
        message: `run ${fromRun}'s artifact ${bundle.name} does not hold capture ${digest}`
      };
    await commitVerified(store, path, digest);
    return void 0;
  } catch (error) {
    return refusedUpload(error);
  }
}
__name(commitFromBundle, "commitFromBundle");
function refusedUpload(error) {
  return {
    reason: "target_unsafe",
    message: `the uploaded capture was refused: ${error instanceof Error ? error.message : String(error)}`
  };
}
__name(refusedUpload, "refusedUpload");

// src/action/commands/plan.ts
async function commandPlan(job) {
  const source = await loadTrustedSource(job);
  if (source.kind === "bootstrap") {
    setPlanOutputs(job, { inPlan: [], waves: [] });
    return publishBootstrap(job, source.view, { checkRun: false, failOnInvalid: false });
  }
  const { files } = source;
  const { context, graph } = await prepareHost(job, files);
  const decisions = await loadRunDecisions(job, graph.id);
  const { deps, store } = await engineHost(job, context, { decisions });
  await store.records.open(graph.id);
  const fromRun = job.inputs.capturesFromRun;
  const captures = fromRun === void 0 ? deps.captures : importedCaptures(job, store, deps.captures, fromRun, context.config.limits.maxCaptureBytes);
  const exchange = actionsExchange(job);
  const { document, summary } = await planSession({
    graph,
    deps: { ...deps, captures },
    options: {
      ...runOptions(job, context, runIdOf(job)),
      retryRequests: retriesForThisRun(job, decisions)
    },
    exchange,
    trusted: files,
    dispatch: {
      programmaticInPlan: job.inputs.programmaticInPlan,
      jobsPerWave: job.inputs.maxJobs,
      maxWaves: job.inputs.maxWaves
    }
  });
  setPlanOutputs(job, document.dispatch);
  job.services.log.info(describePlan(summary));
  return ExitCode.success;
}
__name(commandPlan, "commandPlan");
function describePlan(summary) {
  const dispatched = summary.jobs.reduce((n, job) => n + job.keys.length, 0);
  const bundles = new Set(summary.jobs.map((job) => job.bundle)).size;
  const refused = summary.refusedByBudget.length;
  return [
    `DoG: plan ${summary.runId}: ${summary.verifiedInPlan} verified here, ${summary.inherited} inherited, ${dispatched} for ${summary.waves} matrix wave(s) in ${summary.jobs.length} job(s), ${bundles} capture bundle(s)`,
    ...refused > 0 ? [
      `DoG: ${refused} verification(s) do not fit the run budget and settle budget_exhausted: ${summary.refusedByBudget.slice(0, 10).join(", ")}`
    ] : []
  ].join("\n");
}
__name(describePlan, "describePlan");
function setPlanOutputs(job, dispatch) {
  const waves = dispatch.waves.filter((wave) => wave.jobs.length > 0);
  const share = Math.floor(MATRIX_OUTPUT_LIMIT / Math.max(1, waves.length));
  const matrix = {};
  for (const wave of waves)
    matrix[`w${wave.index}`] = JSON.parse(
      matrixOutput(wave.jobs, { wave: wave.index, maxBytes: share })
    );
  job.services.log.setOutput("waves", String(waves.length));
  job.services.log.setOutput("matrix", JSON.stringify(matrix));
}
__name(setPlanOutputs, "setPlanOutputs");
export {
  commandPlan
};
