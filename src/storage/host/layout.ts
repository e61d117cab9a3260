// Where everything lives in a host cache (docs/store.md, "Host-local store").
import path from 'node:path';
import { digestHex, isDigest, sha256Hex } from '../../core/digest.js';
import type { Digest } from '../../core/types.js';

export const HOST_LAYOUT_VERSION = 1;
export const HOST_LAYOUT_KIND = 'dog-host-cache';

/** Paths of one host cache; nothing here touches the disk. */
export class HostLayout {
  readonly root: string;
  readonly layoutFile: string;
  readonly lockFile: string;
  readonly tmpDir: string;
  readonly indexDir: string;
  readonly usageFile: string;
  readonly blobDir: string;
  readonly recordsDir: string;
  readonly gmDir: string;
  readonly newestDir: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.layoutFile = path.join(this.root, 'layout.json');
    this.lockFile = path.join(this.root, 'lock');
    this.tmpDir = path.join(this.root, 'tmp');
    this.indexDir = path.join(this.root, 'index');
    this.usageFile = path.join(this.indexDir, 'usage.json');
    this.blobDir = path.join(this.root, 'blobs', 'sha256');
    this.recordsDir = path.join(this.root, 'records');
    this.gmDir = path.join(this.recordsDir, 'gm');
    this.newestDir = path.join(this.recordsDir, 'newest');
  }

  /** The directories `open` makes and checks, parents first. */
  get fixedDirs(): string[] {
    return [
      this.tmpDir,
      this.indexDir,
      path.dirname(this.blobDir),
      this.blobDir,
      this.recordsDir,
      this.gmDir,
      this.newestDir,
    ];
  }

  /** Directories whose files are cache entries (sharded ones hold one level of shard dirs). */
  get entryDirs(): { dir: string; sharded: boolean }[] {
    return [
      { dir: this.blobDir, sharded: true },
      { dir: this.gmDir, sharded: true },
      { dir: this.newestDir, sharded: false },
    ];
  }

  blob(digest: Digest): string {
    const hex = hexOf(digest);
    return path.join(this.blobDir, hex.slice(0, 2), hex);
  }

  gmRecord(gmDigest: Digest): string {
    const hex = hexOf(gmDigest);
    return path.join(this.gmDir, hex.slice(0, 2), `${hex}.json`);
  }

  /** Work keys are hashed: any key maps to one safe file name. */
  newestRecord(workKey: string): string {
    return path.join(this.newestDir, `${sha256Hex(workKey)}.json`);
  }
}

function hexOf(digest: Digest): string {
  if (!isDigest(digest)) throw new TypeError(`not a sha256 digest: ${String(digest)}`);
  return digestHex(digest);
}
