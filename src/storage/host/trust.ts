// A host cache is shared by every run on the machine, so nobody but its owner (or root) may
// be able to change it: directories 0755 owned by the creating user, entries read-only.
import type { Stats } from 'node:fs';
import { chmod, lstat, mkdir, realpath, stat } from 'node:fs/promises';
import { isErrnoCode } from '../../capture/captureError.js';
import { StoreError } from '../../core/errors.js';

export const DIR_MODE = 0o755;

/** Why a directory cannot be trusted, or undefined when only its owner or root can change it. */
export function untrustedBecause(stats: Stats, uid: number | undefined): string | undefined {
  if (stats.isSymbolicLink()) return 'is a symbolic link';
  if (!stats.isDirectory()) return 'is not a directory';
  if (stats.mode & 0o002) return 'is writable by every user (run chmod o-w on it)';
  // A group of runner users could otherwise replace each other's entries.
  if (stats.mode & 0o020) return 'is writable by its group (run chmod g-w on it)';
  if (uid !== undefined && stats.uid !== uid && stats.uid !== 0) {
    return `is owned by user ${stats.uid}, not by this user (${uid}) or root`;
  }
  return undefined;
}

/** Creates the cache root if needed (0755) and refuses one that others could tamper with. */
export async function openTrustedRoot(root: string): Promise<void> {
  const created = await mkdir(root, { recursive: true });
  if (created !== undefined) await chmod(root, DIR_MODE);
  // The root itself may be a symlink to a bigger disk: what it points to is what is checked.
  const resolved = await realpath(root);
  refuseIfUntrusted(root, await stat(resolved));
}

/** Creates a fixed directory of the layout (0755) and checks it like the root. */
export async function ensureTrustedDir(dir: string): Promise<void> {
  await ensureDir(dir);
  refuseIfUntrusted(dir, await lstat(dir));
}

/** Creates one directory level with mode 0755 whatever the umask; an existing one is kept. */
export async function ensureDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { mode: DIR_MODE });
  } catch (error) {
    if (isErrnoCode(error, 'EEXIST')) return;
    throw error;
  }
  await chmod(dir, DIR_MODE);
}

function refuseIfUntrusted(dir: string, stats: Stats): void {
  const problem = untrustedBecause(stats, process.getuid?.());
  if (problem === undefined) return;
  throw new StoreError(
    `refusing to use the host cache at ${dir}: it ${problem}. Other users could change what ` +
      'runs on this machine inherit; give the cache its own directory owned by the runner user.',
  );
}
