// Captures travel as artifacts: `dog-capture-<hex>` holds one capture's bytes as-is, so a
// matrix job downloads only what it verifies. Every downloaded byte is hashed again and
// must equal the digest the plan recorded before it reaches a verifier.
import { link, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CaptureResult } from '../capture/types.js';
import { digestHex } from '../core/digest.js';
import { UserError } from '../core/errors.js';
import { runLimited } from '../core/limit.js';
import type { Digest } from '../core/types.js';
import type { ArtifactInfo, ArtifactPort } from '../storage/github/ports.js';
import { blobFromHost } from '../storage/host/hostBlobs.js';
import type { HostCache } from '../storage/host/hostCache.js';
import type { Store } from '../storage/types.js';
import { commitVerified, onlyFile } from './exchange/verifiedFiles.js';

const UPLOAD_CONCURRENCY = 4;

export function captureArtifactName(digest: Digest): string {
  return `dog-capture-${digestHex(digest)}`;
}

/** Uploads each distinct capture among `results` once. */
export async function uploadCaptures(
  artifacts: ArtifactPort,
  store: Store,
  results: readonly CaptureResult[],
  stagingDir: string,
  retentionDays: number | undefined,
): Promise<number> {
  const digests = [...new Set(results.flatMap((r) => (r.ok ? [r.capture.digest] : [])))];
  await mkdir(stagingDir, { recursive: true });
  await runLimited(
    digests.map((digest) => async () => {
      const blob = await store.blobPath(digest);
      if (!blob) throw new Error(`capture ${digest} is missing from the store`);
      // The artifact is named by its file: stage the blob under that name without copying.
      const staged = join(stagingDir, captureArtifactName(digest));
      await rm(staged, { force: true });
      await link(blob, staged);
      await artifacts.uploadFile(staged, retentionDays ? { retentionDays } : {});
    }),
    UPLOAD_CONCURRENCY,
  );
  return digests.length;
}

/**
 * Downloads the captures `digests` from this run's artifacts into the store, checking each
 * one's bytes against its digest. A missing or altered capture stops the job: nothing is
 * verified on bytes the plan did not capture.
 */
export async function downloadCaptures(
  artifacts: ArtifactPort,
  store: Store,
  digests: readonly Digest[],
  downloadDir: string,
  host?: HostCache,
): Promise<void> {
  const wanted = [...new Set(digests)];
  const missing: Digest[] = [];
  for (const digest of wanted) {
    if (await store.blobPath(digest)) continue;
    if (host && (await fromHost(host, store, digest))) continue;
    missing.push(digest);
  }
  if (missing.length === 0) return;
  const byName = new Map((await artifacts.list()).map((a) => [a.name, a]));
  await runLimited(
    missing.map((digest) => async () => {
      const artifact = byName.get(captureArtifactName(digest));
      if (!artifact)
        throw new UserError(
          `artifact ${captureArtifactName(digest)} is missing from this run; the plan step uploads it`,
        );
      await ingest(artifacts, store, artifact, digest, join(downloadDir, artifact.name));
      if (host) await keepOnHost(host, store, digest);
    }),
    UPLOAD_CONCURRENCY,
  );
}

/** A capture another job on this machine already has: verified and committed, no download. */
async function fromHost(host: HostCache, store: Store, digest: Digest): Promise<boolean> {
  const temp = store.tempPath();
  if (!(await blobFromHost(host, digest, temp))) return false;
  await store.commitBlob(temp, digest);
  return true;
}

/** Best effort: the next job on this machine finds the capture here. */
async function keepOnHost(host: HostCache, store: Store, digest: Digest): Promise<void> {
  const path = await store.blobPath(digest);
  if (path) await host.importBlob(path, digest).catch(() => undefined);
}

export async function ingest(
  artifacts: ArtifactPort,
  store: Store,
  artifact: ArtifactInfo,
  digest: Digest,
  dir: string,
  fromRun?: number,
): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await artifacts.download(artifact, dir, fromRun);
  await commitVerified(store, await onlyFile(dir, artifact.name), digest);
}

export { commitVerified, hashFile, onlyFile } from './exchange/verifiedFiles.js';
