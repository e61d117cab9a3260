// Lets a verify job on a self-hosted runner take a capture from the host cache instead of
// downloading it again.
import { link, rm } from 'node:fs/promises';
import { isErrnoCode } from '../../capture/captureError.js';
import type { Digest } from '../../core/types.js';
import { pathExists } from '../tempFiles.js';
import { copyHashing } from './hashCopy.js';
import type { HostCache } from './hostCache.js';

const COPY_MODE = 0o444;

/**
 * Puts the host cache's blob of `digest` at `destPath` (replacing whatever is there): a hard
 * link on the same filesystem, else a copy. The blob is re-hashed first, and a copy is hashed
 * as it is written, so `destPath` holds exactly those bytes. False when the host cache has no
 * sound blob of `digest` (absent, damaged, or evicted meanwhile): download it as usual.
 */
export async function blobFromHost(
  cache: HostCache,
  digest: Digest,
  destPath: string,
): Promise<boolean> {
  const source = await cache.blobPath(digest, { verify: true });
  if (!source) return false;
  await rm(destPath, { force: true });
  try {
    await link(source, destPath);
    return true;
  } catch (error) {
    if (isErrnoCode(error, 'ENOENT') && !(await pathExists(source))) return false;
    // Another filesystem, or a blob this user may not link (protected_hardlinks): copy it.
    if (!isErrnoCode(error, 'EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK')) throw error;
  }
  return copyVerified(source, digest, destPath);
}

async function copyVerified(source: string, digest: Digest, destPath: string): Promise<boolean> {
  try {
    const copied = await copyHashing(source, destPath, COPY_MODE);
    if (copied.digest === digest) return true;
  } catch (error) {
    if (!isErrnoCode(error, 'ENOENT') || (await pathExists(source))) throw error;
  }
  await rm(destPath, { force: true });
  return false;
}
