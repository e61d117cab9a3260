// Capture bundles as artifacts: one zip per bundle holding each capture's bytes as a file
// named by its digest's hex, so the plan job uploads a bounded number of artifacts (GitHub
// allows 500 per job) and a verify job downloads only its own bundle. Every byte taken out of
// a bundle is hashed again and must equal the digest the plan recorded.
import { copyFile, link, lstat, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isErrnoCode } from '../../capture/captureError.js';
import { digestHex } from '../../core/digest.js';
import { UserError } from '../../core/errors.js';
import { runLimited } from '../../core/limit.js';
import type { Digest } from '../../core/types.js';
import type { BlobSink, BlobSource } from '../../engine/exchange.js';
import type { ArtifactInfo, ArtifactPort } from '../../storage/github/ports.js';
import { commitVerified } from './verifiedFiles.js';

const UPLOAD_CONCURRENCY = 8;

export type BundleUpload = {
  artifacts: ArtifactPort;
  blobs: BlobSource;
  /** An empty directory of this job's to stage each bundle's files in. */
  stagingDir: string;
  retentionDays: number | undefined;
};

/** Uploads each bundle (artifact name → capture digests) as one zip artifact. */
export async function uploadBundles(
  bundles: ReadonlyMap<string, readonly Digest[]>,
  upload: BundleUpload,
): Promise<void> {
  await runLimited(
    [...bundles].map(
      ([name, digests]) =>
        () =>
          uploadBundle(name, digests, upload),
    ),
    UPLOAD_CONCURRENCY,
  );
}

async function uploadBundle(
  name: string,
  digests: readonly Digest[],
  { artifacts, blobs, stagingDir, retentionDays }: BundleUpload,
): Promise<void> {
  const folder = join(stagingDir, name);
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  const files: string[] = [];
  for (const digest of new Set(digests)) {
    const blob = await blobs.blobPath(digest);
    if (!blob) throw new Error(`capture ${digest} of bundle ${name} is missing from the store`);
    const staged = join(folder, digestHex(digest));
    await stage(blob, staged);
    files.push(staged);
  }
  await artifacts.uploadFiles(name, files, folder, retentionDays ? { retentionDays } : {});
  await rm(folder, { recursive: true, force: true });
}

/** A hard link where the store is on the same filesystem, else a copy. */
async function stage(blob: string, staged: string): Promise<void> {
  try {
    await link(blob, staged);
  } catch (error) {
    if (!isErrnoCode(error, 'EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK')) throw error;
    await copyFile(blob, staged);
  }
}

/**
 * Downloads `artifact` (a bundle) into `dir` and commits each of `digests` into `sink`, each
 * only if its bytes hash to it. A capture the bundle lacks, or holds altered, is a UserError.
 */
export async function takeFromBundle(
  artifacts: ArtifactPort,
  artifact: ArtifactInfo,
  digests: readonly Digest[],
  sink: BlobSink,
  dir: string,
): Promise<void> {
  await downloadBundle(artifacts, artifact, dir);
  for (const digest of digests) {
    const path = await bundledFile(dir, digest);
    if (!path)
      throw new UserError(
        `artifact ${artifact.name} does not hold capture ${digest}; the plan step uploads it — re-run the workflow from the plan job`,
      );
    await commitVerified(sink, path, digest);
  }
  await rm(dir, { recursive: true, force: true });
}

/** Downloads a bundle (of this run, or of run `fromRun`) into a fresh `dir`. */
export async function downloadBundle(
  artifacts: ArtifactPort,
  artifact: ArtifactInfo,
  dir: string,
  fromRun?: number,
): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await artifacts.download(artifact, dir, fromRun);
}

/** The file of `digest` in a downloaded bundle, or undefined where the bundle lacks it. */
export async function bundledFile(dir: string, digest: Digest): Promise<string | undefined> {
  const path = join(dir, digestHex(digest));
  const entry = await lstat(path).catch((error: unknown) => {
    if (isErrnoCode(error, 'ENOENT')) return undefined;
    throw error;
  });
  return entry?.isFile() ? path : undefined;
}
