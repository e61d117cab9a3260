// Least-recently-used eviction. Runs only under the cache lock, so two evictors never race;
// readers and writers do not take the lock and may see an entry vanish (a miss).
import { lstat, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { isErrnoCode } from '../../capture/captureError.js';
import { isProcessAlive } from '../lock.js';
import { TEMP_NAME } from '../tempFiles.js';
import { statEntry, type CacheEntry } from './scan.js';

export type EvictionResult = { removed: number; freedBytes: number };

/** Eviction stops well below the bound so the next few writes do not evict again. */
export const EVICT_TO_FRACTION = 0.9;

/** A temp file of a dead writer is removed once it is this old (pids of other namespaces). */
const DEAD_TEMP_AGE_MS = 10 * 60_000;
/** Any temp file this old is abandoned, even if its pid now names a live process. */
const ABANDONED_TEMP_AGE_MS = 24 * 60 * 60_000;

/**
 * Removes least-recently-used entries until at most `targetBytes` remain. An entry whose
 * recency changed since the scan (a hit meanwhile) is kept.
 */
export async function evictLeastRecent(
  entries: readonly CacheEntry[],
  targetBytes: number,
): Promise<EvictionResult & { remainingBytes: number; remainingEntries: number }> {
  const oldestFirst = [...entries].sort(
    (a, b) => a.mtimeMs - b.mtimeMs || a.path.localeCompare(b.path),
  );
  let remainingBytes = oldestFirst.reduce((sum, e) => sum + e.bytes, 0);
  let remainingEntries = oldestFirst.length;
  const result: EvictionResult = { removed: 0, freedBytes: 0 };
  for (const entry of oldestFirst) {
    if (remainingBytes <= targetBytes) break;
    const now = await statEntry(entry.path);
    if (now && (now.mtimeMs !== entry.mtimeMs || now.ino !== entry.ino)) continue;
    if (now) {
      await rm(entry.path, { force: true });
      result.removed += 1;
      result.freedBytes += entry.bytes;
    }
    remainingBytes -= entry.bytes;
    remainingEntries -= 1;
  }
  return { ...result, remainingBytes, remainingEntries };
}

/**
 * Deletes temp files left behind by writers that died; returns how many. Ages come from the
 * real clock and ctime, which utimes cannot move (temp files carry their entry's recency).
 */
export async function cleanAbandonedTemp(tmpDir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(tmpDir);
  } catch (error) {
    if (isErrnoCode(error, 'ENOENT')) return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const pid = Number(TEMP_NAME.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const file = path.join(tmpDir, name);
    const age = await ageOf(file);
    if (age === undefined) continue;
    const dead = age > DEAD_TEMP_AGE_MS && !isProcessAlive(pid);
    if (!dead && age <= ABANDONED_TEMP_AGE_MS) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

async function ageOf(file: string): Promise<number | undefined> {
  try {
    return Date.now() - (await lstat(file)).ctimeMs;
  } catch (error) {
    if (isErrnoCode(error, 'ENOENT')) return undefined;
    throw error;
  }
}
