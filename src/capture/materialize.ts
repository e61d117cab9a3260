import { constants } from 'node:fs';
import { chmod, copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { normalizeTarget } from './pathSafety.js';
import { removeTree } from './removeTree.js';
import { extractTar } from './tarReader.js';
import type { CaptureKind } from './types.js';

export type MaterializeOptions = {
  /** Stored capture bytes (a file's bytes, or the tar of a directory). */
  blobPath: string;
  kind: CaptureKind;
  /** The target the capture was made from; a file keeps its base name. */
  target: string;
  /** Parent directory; the capture goes into `<destDir>/capture`, which must not exist yet. */
  destDir: string;
};

export type MaterializedCapture = {
  /** What a verifier sees as its capture root (DESIGN §6). */
  rootDir: string;
  /** The file itself for a file target; `rootDir` for a directory target. */
  path: string;
};

/**
 * Lays a capture out read-only on disk. A file target becomes `<root>/<basename>` (0444) alone in
 * its root directory; a directory target is its tar extracted (files 0444, executables 0555,
 * directories 0555).
 */
export async function materializeCapture(opts: MaterializeOptions): Promise<MaterializedCapture> {
  await mkdir(opts.destDir, { recursive: true });
  const rootDir = path.join(opts.destDir, 'capture');
  await mkdir(rootDir, { mode: 0o755 });
  if (opts.kind === 'directory') {
    try {
      await extractTar(opts.blobPath, rootDir, { readOnly: true });
    } catch (error) {
      await removeMaterialized(rootDir);
      throw error;
    }
    return { rootDir, path: rootDir };
  }
  const name = path.posix.basename(normalizeTarget(opts.target));
  if (name === '.' || name === '')
    throw new Error(`file target ${JSON.stringify(opts.target)} has no name`);
  const file = path.join(rootDir, name);
  await copyFile(opts.blobPath, file, constants.COPYFILE_EXCL);
  await chmod(file, 0o444);
  await chmod(rootDir, 0o555);
  return { rootDir, path: file };
}

/** Deletes a materialized capture; its read-only directories are opened up first (removeTree). */
export async function removeMaterialized(dir: string): Promise<void> {
  await removeTree(dir);
}
