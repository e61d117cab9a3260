// The sandbox work root holds lock files, captures and scratch holders of every verification
// a launcher runs. The default lies in the shared temp directory, where another account could
// plant it first (a symlink, a directory it can write): it is used only if it is a real
// directory of this user that nobody else can write.
import { chmod, lstat, mkdir } from 'node:fs/promises';

export class WorkRootError extends Error {
  constructor(path: string, why: string) {
    super(
      `sandbox work root ${path} ${why}; remove it or set sandbox.workRoot in the companion settings`,
    );
    this.name = 'WorkRootError';
  }
}

/** Creates the work root if needed and checks that it is private to this user. */
export async function ensureWorkRoot(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: 0o711 });
  const info = await lstat(path);
  if (info.isSymbolicLink()) throw new WorkRootError(path, 'is a symbolic link');
  if (!info.isDirectory()) throw new WorkRootError(path, 'is not a directory');
  const uid = process.getuid?.();
  if (uid !== undefined && info.uid !== uid)
    throw new WorkRootError(path, `belongs to uid ${info.uid}, not to this user (${uid})`);
  if ((info.mode & 0o022) !== 0)
    throw new WorkRootError(
      path,
      `can be written by others (mode ${(info.mode & 0o777).toString(8)})`,
    );
  // Traversable, not listable: slot uids reach the paths they are given, nothing else.
  await chmod(path, 0o711);
}
