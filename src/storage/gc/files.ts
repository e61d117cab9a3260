// Sizes of what is on disk, for the collector: one directory level, or a whole tree.
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isErrnoCode } from '../../capture/captureError.js';
import { runLimited } from '../../core/limit.js';
import { statEntry, totalBytes, type CacheEntry } from '../host/scan.js';

const IO_CONCURRENCY = 32;

export async function listDir(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isErrnoCode(error, 'ENOENT') || isErrnoCode(error, 'ENOTDIR')) return [];
    throw error;
  }
}

/** The regular files directly in `dir`, with their sizes. */
export async function filesIn(dir: string, listed?: readonly Dirent[]): Promise<CacheEntry[]> {
  const entries = listed ?? (await listDir(dir));
  const names = entries.filter((e) => e.isFile()).map((e) => join(dir, e.name));
  const stats = await runLimited(
    names.map((file) => () => statEntry(file)),
    IO_CONCURRENCY,
  );
  return stats.filter((e): e is CacheEntry => e !== undefined);
}

/** Bytes of every file in a tree (symlinks count as themselves, never followed). */
export async function treeBytes(dir: string): Promise<number> {
  const entries = await listDir(dir);
  const files = await filesIn(dir, entries);
  const subdirs = entries.filter((e) => e.isDirectory()).map((e) => join(dir, e.name));
  const nested = await Promise.all(subdirs.map((sub) => treeBytes(sub)));
  return totalBytes(files) + nested.reduce((sum, bytes) => sum + bytes, 0);
}
