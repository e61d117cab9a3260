#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  uploadPrArtifacts
} from "./chunk-MQZ3DM3Z.js";
import {
  engineHost,
  prepareHost,
  readTrusted,
  trustedTree
} from "./chunk-4GD7QATP.js";
import "./chunk-6TYA4KEX.js";
import {
  storeCapture
} from "./chunk-TR7VHC6V.js";
import "./chunk-R23ZG7MU.js";
import "./chunk-44AILICO.js";
import {
  ExitCode
} from "./chunk-XFO2KDJT.js";
import "./chunk-3BXAZ2JA.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/action/commands/capture.ts
async function commandCapture(job) {
  const files = await readTrusted(job, trustedTree(job));
  const { context, graph } = await prepareHost(job, files);
  const { deps, store } = await engineHost(job, context, { verifies: false });
  const results = [...(await deps.captures.captureAll(graph.targets, graph.excludes)).values()];
  const uploaded = await uploadPrArtifacts(job, store, results, {
    schemaVersion: "1",
    graphDigest: graph.digest,
    captures: results.map(storeCapture)
  });
  job.services.log.info(
    `DoG: ${results.length} targets captured, ${uploaded.captures} distinct capture(s) uploaded for the privileged run in ${uploaded.artifacts.join(" and ")}`
  );
  return ExitCode.success;
}
__name(commandCapture, "commandCapture");
export {
  commandCapture
};
