// One cache entry on disk: written under tmp/, committed by a rename or a link, read without a
// lock. Eviction may delete an entry at any moment, so every read treats ENOENT as a miss.
import { link, lstat, open, rename, rm, utimes } from 'node:fs/promises';
import { isErrnoCode } from '../../capture/captureError.js';
import { tempPathIn } from '../tempFiles.js';

/** Entries are never edited in place: a new version replaces the file by a rename. */
export const ENTRY_MODE = 0o444;

/** Writes `data` to a fresh read-only temp file whose mtime is `nowMs` (its recency). */
export async function writeTempEntry(tmpDir: string, data: string, nowMs: number): Promise<string> {
  const temp = tempPathIn(tmpDir);
  try {
    const handle = await open(temp, 'wx', ENTRY_MODE);
    try {
      await handle.writeFile(data);
      await handle.chmod(ENTRY_MODE);
    } finally {
      await handle.close();
    }
    await setRecency(temp, nowMs);
    return temp;
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Recency is the file's mtime (atime is not updated on noatime mounts). Best effort: a file
 * evicted meanwhile, or not ours to touch, just keeps its old place in the LRU order.
 */
export async function setRecency(file: string, nowMs: number): Promise<boolean> {
  const seconds = nowMs / 1000;
  try {
    await utimes(file, seconds, seconds);
    return true;
  } catch (error) {
    if (isErrnoCode(error, 'ENOENT', 'EPERM', 'EACCES', 'EROFS')) return false;
    throw error;
  }
}

/**
 * Commits a temp file to `dest` only if nothing is there yet (content-addressed entries).
 * Returns whether this call added the entry; the temp file is gone either way.
 */
export async function commitIfAbsent(temp: string, dest: string): Promise<boolean> {
  try {
    await link(temp, dest);
    return true;
  } catch (error) {
    if (isErrnoCode(error, 'EEXIST')) return false;
    // Filesystems without hard links: a rename replaces same-content bytes, which is harmless.
    if (!isErrnoCode(error, 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK')) throw error;
    await rename(temp, dest);
    return true;
  } finally {
    await rm(temp, { force: true });
  }
}

/** Replaces `dest` by the temp file; returns the size of what it replaced, if anything. */
export async function commitReplacing(temp: string, dest: string): Promise<number | undefined> {
  try {
    const before = await sizeOf(dest);
    await rename(temp, dest);
    return before;
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

export async function sizeOf(file: string): Promise<number | undefined> {
  try {
    return (await lstat(file)).size;
  } catch (error) {
    if (isErrnoCode(error, 'ENOENT')) return undefined;
    throw error;
  }
}

export type EntryRead = { text: string; ino: number; bytes: number };

/** Reads a whole entry; undefined when it is not there (never written, or evicted). */
export async function readEntry(file: string): Promise<EntryRead | undefined> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if (isErrnoCode(error, 'ENOENT')) return undefined;
    throw error;
  }
  try {
    const stats = await handle.stat();
    const text = await handle.readFile('utf8');
    return { text, ino: stats.ino, bytes: stats.size };
  } finally {
    await handle.close();
  }
}

/**
 * Deletes a bad entry unless a writer has replaced it since it was read (another inode), so a
 * good record that just arrived is not thrown away with the bad one.
 */
export async function removeIfSameFile(file: string, ino: number): Promise<void> {
  try {
    if ((await lstat(file)).ino === ino) await rm(file, { force: true });
  } catch (error) {
    if (!isErrnoCode(error, 'ENOENT')) throw error;
  }
}
