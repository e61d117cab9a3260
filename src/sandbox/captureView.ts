// The capture as one verification's slot uid sees it. bubblewrap resolves a bind source as the
// uid it runs as, and materialized captures live where only the launcher can enter, so another
// local account can neither read them nor learn where they are. For a slot of its own, the
// capture is linked into a holder that this slot's uid owns with mode 0700: the slot reaches it,
// nobody else can, and it goes when the verification ends.
import { constants } from 'node:fs';
import {
  chmod,
  chown,
  copyFile,
  link,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readlink,
  symlink,
} from 'node:fs/promises';
import { basename, join } from 'node:path';
import { removeMaterialized } from '../capture/materialize.js';
import type { SlotIdentity } from './slots.js';

export type CaptureView = {
  /** The host path to mount (the capture itself when it needs no view). */
  path: string;
  /** Removes the view (nothing to do when there is none). */
  remove(): Promise<void>;
};

const NO_VIEW: Omit<CaptureView, 'path'> = { remove: () => Promise.resolve() };

/**
 * The capture at `capturePath`, reachable by `identity` (in a new holder below `parentDir`).
 * Without an identity the sandbox runs as this user, who reaches the capture as it is.
 */
export async function captureViewFor(
  capturePath: string,
  parentDir: string,
  identity: SlotIdentity | undefined,
): Promise<CaptureView> {
  if (!identity) return { path: capturePath, ...NO_VIEW };
  const holder = await mkdtemp(join(parentDir, 'view-'));
  const remove = (): Promise<void> => removeMaterialized(holder);
  try {
    const path = join(holder, basename(capturePath));
    await linkTree(capturePath, path);
    await chown(holder, identity.uid, identity.gid);
    await chmod(holder, 0o700);
    return { path, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/**
 * Recreates the tree at `dest`: the same directories and modes, hard links of the files (a
 * copy only where a link cannot be made, such as across file systems), the same symlinks.
 */
async function linkTree(source: string, dest: string): Promise<void> {
  const info = await lstat(source);
  if (info.isSymbolicLink()) return symlink(await readlink(source), dest);
  if (!info.isDirectory()) return linkFile(source, dest);
  await mkdir(dest, { mode: 0o700 });
  for (const entry of await readdir(source)) await linkTree(join(source, entry), join(dest, entry));
  await chmod(dest, info.mode & 0o7777);
}

async function linkFile(source: string, dest: string): Promise<void> {
  try {
    await link(source, dest);
  } catch {
    await copyFile(source, dest, constants.COPYFILE_EXCL);
    await chmod(dest, (await lstat(source)).mode & 0o7777);
  }
}
