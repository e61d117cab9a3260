// The artifacts of the fork-safe pair's unprivileged run, two whatever the number of targets
// (GitHub allows 500 per job): `dog-pr-manifest-a<n>` holds the manifest, and the capture
// bundle `dog-captures-pr-a<n>` holds every capture once, as a file named by its digest's hex.
// Both carry the run attempt that uploaded them: a re-run of that run uploads names of its
// own attempt, and the privileged run reads the newest attempt's pair.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CaptureResult } from '../capture/types.js';
import type { Digest } from '../core/types.js';
import type { StoredCapture } from '../engine/session/planDocument.js';
import type { ArtifactInfo } from '../storage/github/ports.js';
import type { Store } from '../storage/types.js';
import { capturesArtifactName, runAttemptOf } from './exchange/artifactNames.js';
import { uploadBundles } from './exchange/captureBundles.js';
import type { ActionJob } from './services.js';

/** The manifest's file inside its artifact. */
export const PR_MANIFEST = 'dog-pr-manifest.json';
const MANIFEST_NAME = /^dog-pr-manifest-a([1-9][0-9]{0,5})$/;
const PR_BUNDLE = 'pr';

export type CaptureManifest = {
  schemaVersion: '1';
  graphDigest: Digest;
  captures: StoredCapture[];
};

export function prManifestArtifactName(attempt: number): string {
  return `dog-pr-manifest-a${attempt}`;
}

export function prBundleArtifactName(attempt: number): string {
  return capturesArtifactName(PR_BUNDLE, attempt);
}

export type PrArtifacts = {
  manifest: ArtifactInfo;
  bundle: ArtifactInfo | undefined;
  attempt: number;
};

/** The newest attempt's manifest among another run's artifacts, with that attempt's bundle. */
export function newestPrArtifacts(listed: readonly ArtifactInfo[]): PrArtifacts | undefined {
  let newest: { manifest: ArtifactInfo; attempt: number } | undefined;
  for (const artifact of listed) {
    const match = MANIFEST_NAME.exec(artifact.name);
    const attempt = Number(match?.[1]);
    if (match && (!newest || newest.attempt < attempt)) newest = { manifest: artifact, attempt };
  }
  if (!newest) return undefined;
  const bundleName = prBundleArtifactName(newest.attempt);
  return { ...newest, bundle: listed.find((a) => a.name === bundleName) };
}

/** Uploads the manifest and one bundle of the distinct captures among `results`. */
export async function uploadPrArtifacts(
  job: ActionJob,
  store: Store,
  results: readonly CaptureResult[],
  manifest: CaptureManifest,
): Promise<{ captures: number; artifacts: string[] }> {
  const attempt = runAttemptOf(job.runner.runAttempt);
  const retentionDays = job.inputs.retentionDays;
  const digests = [...new Set(results.flatMap((r) => (r.ok ? [r.capture.digest] : [])))];
  const bundle = prBundleArtifactName(attempt);
  const workDir = join(job.runner.runnerTemp, 'dog', 'pr-out');
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  if (digests.length > 0)
    await uploadBundles(new Map([[bundle, digests]]), {
      artifacts: job.services.artifacts,
      blobs: store,
      stagingDir: join(workDir, 'bundles'),
      retentionDays,
    });
  const name = prManifestArtifactName(attempt);
  const dir = join(workDir, 'manifest');
  await mkdir(dir, { recursive: true });
  const path = join(dir, PR_MANIFEST);
  await writeFile(path, JSON.stringify(manifest));
  await job.services.artifacts.uploadFiles(
    name,
    [path],
    dir,
    retentionDays ? { retentionDays } : {},
  );
  return { captures: digests.length, artifacts: digests.length > 0 ? [name, bundle] : [name] };
}
