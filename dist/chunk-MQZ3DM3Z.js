#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  capturesArtifactName,
  runAttemptOf,
  uploadBundles
} from "./chunk-4GD7QATP.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/action/forkArtifacts.ts
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
var PR_MANIFEST = "dog-pr-manifest.json";
var MANIFEST_NAME = /^dog-pr-manifest-a([1-9][0-9]{0,5})$/;
var PR_BUNDLE = "pr";
function prManifestArtifactName(attempt) {
  return `dog-pr-manifest-a${attempt}`;
}
__name(prManifestArtifactName, "prManifestArtifactName");
function prBundleArtifactName(attempt) {
  return capturesArtifactName(PR_BUNDLE, attempt);
}
__name(prBundleArtifactName, "prBundleArtifactName");
function newestPrArtifacts(listed) {
  let newest;
  for (const artifact of listed) {
    const match = MANIFEST_NAME.exec(artifact.name);
    const attempt = Number(match?.[1]);
    if (match && (!newest || newest.attempt < attempt)) newest = { manifest: artifact, attempt };
  }
  if (!newest) return void 0;
  const bundleName = prBundleArtifactName(newest.attempt);
  return { ...newest, bundle: listed.find((a) => a.name === bundleName) };
}
__name(newestPrArtifacts, "newestPrArtifacts");
async function uploadPrArtifacts(job, store, results, manifest) {
  const attempt = runAttemptOf(job.runner.runAttempt);
  const retentionDays = job.inputs.retentionDays;
  const digests = [...new Set(results.flatMap((r) => r.ok ? [r.capture.digest] : []))];
  const bundle = prBundleArtifactName(attempt);
  const workDir = join(job.runner.runnerTemp, "dog", "pr-out");
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  if (digests.length > 0)
    await uploadBundles(/* @__PURE__ */ new Map([[bundle, digests]]), {
      artifacts: job.services.artifacts,
      blobs: store,
      stagingDir: join(workDir, "bundles"),
      retentionDays
    });
  const name = prManifestArtifactName(attempt);
  const dir = join(workDir, "manifest");
  await mkdir(dir, { recursive: true });
  const path = join(dir, PR_MANIFEST);
  await writeFile(path, JSON.stringify(manifest));
  await job.services.artifacts.uploadFiles(
    name,
    [path],
    dir,
    retentionDays ? { retentionDays } : {}
  );
  return { captures: digests.length, artifacts: digests.length > 0 ? [name, bundle] : [name] };
}
__name(uploadPrArtifacts, "uploadPrArtifacts");

export {
  PR_MANIFEST,
  prManifestArtifactName,
  prBundleArtifactName,
  newestPrArtifacts,
  uploadPrArtifacts
};
