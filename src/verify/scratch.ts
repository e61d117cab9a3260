import { chmod, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** A fresh, private scratch directory for one verification. */
export async function createScratch(scratchRoot: string): Promise<string> {
  await mkdir(scratchRoot, { recursive: true });
  return mkdtemp(join(scratchRoot, 'verify-'));
}

async function makeTraversable(dir: string): Promise<void> {
  await chmod(dir, 0o700);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) await makeTraversable(join(dir, entry.name));
  }
}

/**
 * Removes the scratch and everything the script left in it. A script may have made
 * directories unreadable to keep them; restore access and retry once. Symlinks are removed,
 * never followed.
 */
export async function removeScratch(dir: string): Promise<void> {
  try {
    await rm(dir, { recursive: true, force: true });
  } catch {
    await makeTraversable(dir).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}
