// Lists every entry of a host cache with its size and recency. No lock: an entry evicted while
// the scan runs is simply not listed.
import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { isErrnoCode } from '../../capture/captureError.js';
import { runLimited } from '../../core/limit.js';
import type { HostLayout } from './layout.js';

export type CacheEntry = { path: string; bytes: number; mtimeMs: number; ino: number };

const IO_CONCURRENCY = 32;

export async function scanEntries(layout: HostLayout): Promise<CacheEntry[]> {
  const dirs: string[] = [];
  for (const { dir, sharded } of layout.entryDirs) {
    if (!sharded) dirs.push(dir);
    else
      for (const shard of await listDir(dir))
        if (shard.isDirectory()) dirs.push(path.join(dir, shard.name));
  }
  const listed = await runLimited(
    dirs.map((dir) => async () => fileNames(dir, await listDir(dir))),
    IO_CONCURRENCY,
  );
  const entries = await runLimited(
    listed.flat().map((file) => () => statEntry(file)),
    IO_CONCURRENCY,
  );
  return entries.filter((e): e is CacheEntry => e !== undefined);
}

export function totalBytes(entries: readonly CacheEntry[]): number {
  return entries.reduce((sum, entry) => sum + entry.bytes, 0);
}

async function listDir(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isErrnoCode(error, 'ENOENT')) return [];
    throw error;
  }
}

function fileNames(dir: string, entries: readonly Dirent[]): string[] {
  return entries.filter((e) => e.isFile()).map((e) => path.join(dir, e.name));
}

export async function statEntry(file: string): Promise<CacheEntry | undefined> {
  try {
    const stats = await lstat(file);
    return { path: file, bytes: stats.size, mtimeMs: stats.mtimeMs, ino: stats.ino };
  } catch (error) {
    if (isErrnoCode(error, 'ENOENT')) return undefined;
    throw error;
  }
}
