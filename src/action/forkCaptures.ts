// The fork-safe pair (docs/action.md): an unprivileged pull_request run captures the PR's
// files and uploads them; a privileged workflow_run run on the default branch plans from
// those artifacts. Everything that run uploaded is untrusted data: the manifest is
// validated, only targets of the privileged run's own trusted graph are looked up, every
// capture is re-hashed, and size limits apply again.
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CaptureResult } from '../capture/types.js';
import { digestHex } from '../core/digest.js';
import { DocumentError, UserError } from '../core/errors.js';
import { runLimited } from '../core/limit.js';
import type { Digest } from '../core/types.js';
import type { CaptureService } from '../engine/ports.js';
import { validateAgainst } from '../schemas/validate.js';
import type { ArtifactInfo, ArtifactPort } from '../storage/github/ports.js';
import type { Store } from '../storage/types.js';
import { commitVerified, onlyFile } from './exchange/verifiedFiles.js';
import type { StoredCapture } from '../engine/session/planDocument.js';
import type { ActionJob } from './services.js';

export const PR_MANIFEST = 'dog-pr-manifest.json';
const UPLOAD_CONCURRENCY = 4;

/** The unprivileged run's artifact of one capture: its bytes as-is. */
export function captureArtifactName(digest: Digest): string {
  return `dog-capture-${digestHex(digest)}`;
}

export type CaptureManifest = {
  schemaVersion: '1';
  graphDigest: Digest;
  captures: StoredCapture[];
};

export async function uploadManifest(job: ActionJob, manifest: CaptureManifest): Promise<void> {
  const dir = join(job.runner.runnerTemp, 'dog', 'manifest-out');
  await mkdir(dir, { recursive: true });
  const path = join(dir, PR_MANIFEST);
  await writeFile(path, JSON.stringify(manifest));
  const retention = job.inputs.retentionDays;
  await job.services.artifacts.uploadFile(path, retention ? { retentionDays: retention } : {});
}

/** Uploads each distinct capture among `results` once; returns how many. */
export async function uploadCaptures(
  job: ActionJob,
  store: Store,
  results: readonly CaptureResult[],
): Promise<number> {
  const digests = [...new Set(results.flatMap((r) => (r.ok ? [r.capture.digest] : [])))];
  const stagingDir = join(job.runner.runnerTemp, 'dog', 'staging');
  await mkdir(stagingDir, { recursive: true });
  const retentionDays = job.inputs.retentionDays;
  await runLimited(
    digests.map((digest) => async () => {
      const blob = await store.blobPath(digest);
      if (!blob) throw new Error(`capture ${digest} is missing from the store`);
      // The artifact is named by its file: stage the blob under that name without copying.
      const staged = join(stagingDir, captureArtifactName(digest));
      await rm(staged, { force: true });
      await link(blob, staged);
      await job.services.artifacts.uploadFile(staged, retentionDays ? { retentionDays } : {});
    }),
    UPLOAD_CONCURRENCY,
  );
  return digests.length;
}

export function importedCaptures(
  job: ActionJob,
  store: Store,
  local: CaptureService,
  fromRun: number,
  maxCaptureBytes: number,
): CaptureService {
  return {
    captureAll: async (targets) => {
      const artifacts = new Map(
        (await job.services.artifacts.list(fromRun)).map((a) => [a.name, a]),
      );
      const manifest = await readManifest(job, artifacts.get(PR_MANIFEST), fromRun);
      const entries = new Map(manifest.captures.map((c) => [c.target, c]));
      const results = new Map<string, CaptureResult>();
      const dir = join(job.runner.runnerTemp, 'dog', 'imported');
      for (const target of targets) {
        const source = { fromRun, artifacts, store, dir, maxCaptureBytes };
        results.set(target, await importOne(job, target, entries.get(target), source));
      }
      return results;
    },
    materialize: (result, destDir) => local.materialize(result, destDir),
  };
}

async function readManifest(
  job: ActionJob,
  artifact: ArtifactInfo | undefined,
  fromRun: number,
): Promise<CaptureManifest> {
  if (!artifact)
    throw new UserError(
      `run ${fromRun} has no ${PR_MANIFEST} artifact: its DoG step must run with command: capture`,
    );
  const dir = join(job.runner.runnerTemp, 'dog', 'manifest-in');
  await rm(dir, { recursive: true, force: true });
  await job.services.artifacts.download(artifact, dir, fromRun);
  let value: unknown;
  try {
    value = JSON.parse(await readFile(await onlyFile(dir, PR_MANIFEST), 'utf8'));
  } catch (error) {
    throw new DocumentError(`${PR_MANIFEST} of run ${fromRun}`, [
      { pointer: '', message: `not JSON: ${String(error)}` },
    ]);
  }
  const valid = validateAgainst<CaptureManifest>('captureManifest', value);
  if (!valid.ok) throw new DocumentError(`${PR_MANIFEST} of run ${fromRun}`, valid.problems);
  return valid.value;
}

type ImportSource = {
  fromRun: number;
  artifacts: ReadonlyMap<string, ArtifactInfo>;
  store: Store;
  dir: string;
  maxCaptureBytes: number;
};

async function importOne(
  job: ActionJob,
  target: string,
  entry: StoredCapture | undefined,
  source: ImportSource,
): Promise<CaptureResult> {
  const refuse = (
    reason: 'target_missing' | 'target_unsafe' | 'capture_too_large',
    message: string,
  ): CaptureResult => ({ ok: false, target, reason, message });
  if (!entry)
    return refuse('target_missing', `run ${source.fromRun} uploaded no capture of ${target}`);
  if (!entry.ok) return refuse(entry.reason, entry.message);
  if (entry.bytes > source.maxCaptureBytes)
    return refuse(
      'capture_too_large',
      `the capture is ${entry.bytes} bytes, over limits.maxCaptureBytes (${source.maxCaptureBytes})`,
    );
  const artifact = source.artifacts.get(captureArtifactName(entry.digest));
  if (!artifact)
    return refuse(
      'target_missing',
      `run ${source.fromRun} has no artifact ${captureArtifactName(entry.digest)}`,
    );
  if (artifact.size > source.maxCaptureBytes)
    return refuse(
      'capture_too_large',
      `the capture artifact is ${artifact.size} bytes, over limits.maxCaptureBytes`,
    );
  try {
    if (!(await source.store.blobPath(entry.digest)))
      await ingest(
        job.services.artifacts,
        source.store,
        artifact,
        entry.digest,
        join(source.dir, artifact.name),
        source.fromRun,
      );
  } catch (error) {
    return refuse(
      'target_unsafe',
      `the uploaded capture was refused: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const { kind, digest, bytes, files } = entry;
  return { ok: true, capture: { target, kind, digest, bytes, files } };
}

/** Downloads one capture of the unprivileged run and commits it only if it hashes to `digest`. */
async function ingest(
  artifacts: ArtifactPort,
  store: Store,
  artifact: ArtifactInfo,
  digest: Digest,
  dir: string,
  fromRun: number,
): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await artifacts.download(artifact, dir, fromRun);
  await commitVerified(store, await onlyFile(dir, artifact.name), digest);
}
