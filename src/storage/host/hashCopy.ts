// Copies bytes while hashing them, so what was checked is exactly what was written.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { toDigest } from '../../core/digest.js';
import type { Digest } from '../../core/types.js';

export type Hashed = { digest: Digest; bytes: number };

const CHUNK = 1 << 20;

/** Copies `src` to the new file `dest` (created with `mode`, flushed) and hashes the bytes. */
export async function copyHashing(src: string, dest: string, mode: number): Promise<Hashed> {
  const hash = createHash('sha256');
  let bytes = 0;
  const handle = await open(dest, 'wx', mode);
  try {
    for await (const chunk of createReadStream(src, { highWaterMark: CHUNK })) {
      const buffer = chunk as Buffer;
      hash.update(buffer);
      bytes += buffer.length;
      await handle.write(buffer);
    }
    // A blob that lost its bytes in a crash would only be caught by a re-hash: flush it.
    await handle.sync();
    await handle.chmod(mode);
  } catch (error) {
    await handle.close();
    await rm(dest, { force: true });
    throw error;
  }
  await handle.close();
  return { digest: toDigest(hash.digest('hex')), bytes };
}

export async function hashFile(file: string): Promise<Hashed> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: CHUNK })) {
    const buffer = chunk as Buffer;
    hash.update(buffer);
    bytes += buffer.length;
  }
  return { digest: toDigest(hash.digest('hex')), bytes };
}
