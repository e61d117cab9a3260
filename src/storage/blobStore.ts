import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { isErrnoCode } from '../capture/captureError.js';
import { isInside } from '../capture/pathSafety.js';
import type { BlobStore } from '../capture/types.js';
import { digestHex, isDigest, toDigest } from '../core/digest.js';
import type { Digest } from '../core/types.js';
import { TEMP_NAME, pathExists, tempPathIn } from './tempFiles.js';

export type BlobCheck =
  | { ok: true; path: string }
  | { ok: false; reason: 'missing' | 'digest_mismatch'; message: string };

const BLOB_MODE = 0o444;

/**
 * Content-addressed blobs on disk: `captures/sha256/<2 hex>/<hex>`, written through `tmp/` on
 * the same filesystem and committed by an atomic rename. No fsync: a blob lost in a crash is
 * simply captured again, and a damaged one is caught by `verifyBlob`.
 */
export class FsBlobStore implements BlobStore {
  readonly root: string;
  private readonly tempDir: string;
  private readonly blobDir: string;

  /** Directories are created on first use; `open` creates them up front. */
  constructor(root: string) {
    this.root = path.resolve(root);
    this.tempDir = path.join(this.root, 'tmp');
    this.blobDir = path.join(this.root, 'captures', 'sha256');
  }

  /** Opens (creating if needed) the store rooted at `root`. */
  static async open(root: string): Promise<FsBlobStore> {
    const store = new FsBlobStore(root);
    await mkdir(store.tempDir, { recursive: true });
    await mkdir(store.blobDir, { recursive: true });
    return store;
  }

  tempPath(): string {
    return tempPathIn(this.tempDir);
  }

  /** Where the blob of `digest` lives, whether or not it exists yet. */
  pathOf(digest: Digest): string {
    if (!isDigest(digest)) throw new TypeError(`not a sha256 digest: ${String(digest)}`);
    const hex = digestHex(digest);
    return path.join(this.blobDir, hex.slice(0, 2), hex);
  }

  async commitBlob(tempPath: string, digest: Digest): Promise<void> {
    if (!isInside(this.tempDir, path.resolve(tempPath))) {
      throw new Error(`refusing to commit ${tempPath}: not a temp file of the store ${this.root}`);
    }
    const dest = this.pathOf(digest);
    if (await pathExists(dest)) {
      await rm(tempPath, { force: true });
      return;
    }
    await mkdir(path.dirname(dest), { recursive: true });
    await chmod(tempPath, BLOB_MODE);
    await rename(tempPath, dest);
  }

  async blobPath(digest: Digest): Promise<string | undefined> {
    const blob = this.pathOf(digest);
    return (await pathExists(blob)) ? blob : undefined;
  }

  /** Re-hashes a stored blob; anything but an exact match is a failure. */
  async verifyBlob(digest: Digest): Promise<BlobCheck> {
    const blob = this.pathOf(digest);
    const hash = createHash('sha256');
    try {
      for await (const chunk of createReadStream(blob, { highWaterMark: 1 << 20 })) {
        hash.update(chunk as Buffer);
      }
    } catch (error) {
      if (!isErrnoCode(error, 'ENOENT')) throw error;
      return {
        ok: false,
        reason: 'missing',
        message: `capture ${digest} is not in the store ${this.root}`,
      };
    }
    const actual = toDigest(hash.digest('hex'));
    if (actual === digest) return { ok: true, path: blob };
    return {
      ok: false,
      reason: 'digest_mismatch',
      message: `stored capture ${blob} hashes to ${actual}, not ${digest}; the store is damaged — delete that file and capture again`,
    };
  }

  /** Removes temp files left by runs that were killed; temp files of live processes stay. */
  async cleanTemp(): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.tempDir);
    } catch (error) {
      if (isErrnoCode(error, 'ENOENT')) return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      // Only names this store made are cleaned: other tools keep their own things under tmp/.
      const pid = Number(TEMP_NAME.exec(name)?.[1]);
      if (!Number.isInteger(pid) || pid === process.pid || processAlive(pid)) continue;
      await rm(path.join(this.tempDir, name), { force: true });
      removed += 1;
    }
    return removed;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return isErrnoCode(error, 'EPERM');
  }
}
