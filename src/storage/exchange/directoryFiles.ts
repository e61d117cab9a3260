// Reading an exchange directory's files defensively: whoever can write to the directory can
// put anything there, so a file is read only if it is a regular file (never a link) within a
// size bound, and a capture is committed only if its bytes hash to the planned digest.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, lstat, open, rm } from 'node:fs/promises';
import { toDigest } from '../../core/digest.js';
import { UserError } from '../../core/errors.js';
import type { Digest } from '../../core/types.js';
import type { BlobSink } from '../../engine/exchange.js';

export type FileRead =
  { kind: 'missing' } | { kind: 'refused'; reason: string } | { kind: 'ok'; text: string };

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** A regular file's text, at most `maxBytes`; links, directories and larger files are refused. */
export async function readRegularFile(path: string, maxBytes: number): Promise<FileRead> {
  let info;
  try {
    info = await lstat(path);
  } catch (error) {
    if (isMissing(error)) return { kind: 'missing' };
    throw error;
  }
  if (!info.isFile()) return { kind: 'refused', reason: 'not a regular file' };
  if (info.size > maxBytes)
    return { kind: 'refused', reason: `${info.size} bytes, over the ${maxBytes}-byte bound` };
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(maxBytes + 1);
    const { bytesRead } = await handle.read(buffer, 0, maxBytes + 1, 0);
    if (bytesRead > maxBytes) return { kind: 'refused', reason: `over the ${maxBytes}-byte bound` };
    return { kind: 'ok', text: buffer.subarray(0, bytesRead).toString('utf8') };
  } finally {
    await handle.close();
  }
}

/**
 * Copies the capture at `path` into `sink` as `digest` if, and only if, it is a regular file
 * whose bytes hash to `digest`. `where` names it in messages.
 */
export async function ingestCapture(
  path: string,
  digest: Digest,
  sink: BlobSink,
  where: string,
): Promise<void> {
  let info;
  try {
    info = await lstat(path);
  } catch (error) {
    if (isMissing(error))
      throw new UserError(`capture ${digest} is missing from ${where}; the plan phase writes it`);
    throw error;
  }
  if (!info.isFile())
    throw new UserError(`capture ${digest} in ${where} is not a regular file; it is not used`);
  const temp = sink.tempPath();
  await copyFile(path, temp);
  const actual = await hashFile(temp);
  if (actual !== digest) {
    await rm(temp, { force: true });
    throw new UserError(
      `capture bytes in ${where} hash to ${actual}, not to ${digest} as planned; the capture was altered and is not verified`,
    );
  }
  await sink.commitBlob(temp, digest);
}

async function hashFile(path: string): Promise<Digest> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return toDigest(hash.digest('hex'));
}
