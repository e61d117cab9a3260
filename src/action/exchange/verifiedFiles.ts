// Bytes read back from an artifact are trusted only as far as they hash to what the plan
// recorded: a capture goes into a store only through `commitVerified`.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { toDigest } from '../../core/digest.js';
import { UserError } from '../../core/errors.js';
import type { Digest } from '../../core/types.js';

/** Where verified bytes go: a store, or the session's blob sink. */
export type BlobTarget = {
  tempPath(): string;
  commitBlob(tempPath: string, digest: Digest): Promise<void>;
};

/** Moves a file into `target` as `digest` if, and only if, its bytes hash to it. */
export async function commitVerified(
  target: BlobTarget,
  path: string,
  digest: Digest,
): Promise<void> {
  const actual = await hashFile(path);
  if (actual !== digest)
    throw new UserError(
      `capture bytes hash to ${actual}, not to ${digest} as planned; the capture was altered and is not verified`,
    );
  const temp = target.tempPath();
  await rename(path, temp);
  await target.commitBlob(temp, digest);
}

export async function hashFile(path: string): Promise<Digest> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return toDigest(hash.digest('hex'));
}

/** The single file a one-file artifact was downloaded as (its name depends on the service). */
export async function onlyFile(dir: string, artifactName: string): Promise<string> {
  const files = await readdir(dir, { withFileTypes: true });
  if (files.length !== 1 || !files[0]?.isFile())
    throw new UserError(`artifact ${artifactName} does not hold exactly one file`);
  return join(dir, files[0].name);
}
