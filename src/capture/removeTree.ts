// Deleting a directory tree whatever it holds: read-only directories (materialized captures),
// directories a script made unreadable, and trees nested deeper than an absolute path can name
// (PATH_MAX), which fs.rm fails on with ENAMETOOLONG. A directory whose path below its top grows
// long is moved up to the top of the tree being deleted, so every path stays short; nothing is
// moved out of the tree and symlinks are never followed.
import { randomUUID } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { chmod, lstat, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { isErrnoCode } from './captureError.js';
import { MAX_TREE_PATH_BYTES } from './treeBounds.js';

/** A directory to open up, and how many bytes its path has below where it now hangs. */
type Pending = { abs: string; depthBytes: number };

/** Removes `dir` and everything below it; nothing to do when it does not exist. */
export async function removeTree(dir: string): Promise<void> {
  let stats;
  try {
    stats = await lstat(dir);
  } catch (error) {
    if (isErrnoCode(error, 'ENOENT')) return;
    throw error;
  }
  if (stats.isDirectory()) await openUp(dir);
  await rm(dir, { recursive: true, force: true });
}

/**
 * Makes every directory below `top` writable and searchable, moving each one whose path below
 * its current top passes the tree bound up to `top` itself.
 */
async function openUp(top: string): Promise<void> {
  const pending: Pending[] = [{ abs: top, depthBytes: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    await chmod(next.abs, 0o700);
    for (const child of await listDirectories(next.abs)) {
      const depthBytes = next.depthBytes + Buffer.byteLength(child.name) + 1;
      const abs = path.join(next.abs, child.name);
      if (depthBytes < MAX_TREE_PATH_BYTES) pending.push({ abs, depthBytes });
      else pending.push(await hoist(top, abs));
    }
  }
}

async function listDirectories(dir: string): Promise<Dirent[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries.filter((entry) => entry.isDirectory());
}

async function hoist(top: string, abs: string): Promise<Pending> {
  const name = `.removing-${randomUUID()}`;
  await rename(abs, path.join(top, name));
  return { abs: path.join(top, name), depthBytes: name.length + 1 };
}
