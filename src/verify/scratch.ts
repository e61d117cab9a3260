import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { removeTree } from '../capture/removeTree.js';

/** A fresh, private scratch directory for one verification. */
export async function createScratch(scratchRoot: string): Promise<string> {
  await mkdir(scratchRoot, { recursive: true });
  return mkdtemp(join(scratchRoot, 'verify-'));
}

/**
 * Removes the scratch and everything the script left in it. A script may have made
 * directories unreadable to keep them, or nested them deeper than fs.rm can name: then access
 * is restored and deep directories are moved up as the tree is taken apart. Symlinks are
 * removed, never followed.
 */
export async function removeScratch(dir: string): Promise<void> {
  try {
    await rm(dir, { recursive: true, force: true });
  } catch {
    await removeTree(dir);
  }
}
