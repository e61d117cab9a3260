import { hostname } from 'node:os';
import { link, open, readFile, rename, rm } from 'node:fs/promises';
import { StoreError } from '../core/errors.js';

export type LockOwner = { pid: number; host: string; since: string; purpose: string };

export type StoreLock = { release(): Promise<void>; brokeStale?: LockOwner };

/**
 * An exclusive lock on a store: one `dog` process writes at a time. A lock left by a
 * process that no longer exists on this host is broken (the run it guarded is recovered).
 */
export async function acquireLock(
  path: string,
  purpose: string,
  options: { waitMs: number; pollMs?: number },
): Promise<StoreLock> {
  const deadline = Date.now() + options.waitMs;
  let brokeStale: LockOwner | undefined;
  for (;;) {
    const owner: LockOwner = {
      pid: process.pid,
      host: hostname(),
      since: new Date().toISOString(),
      purpose,
    };
    if (await tryCreate(path, owner)) {
      return { release: () => releaseLock(path, owner), ...(brokeStale ? { brokeStale } : {}) };
    }
    const current = await readOwner(path);
    if (current && isStale(current)) {
      brokeStale = current;
      await breakLock(path, current);
      continue;
    }
    if (Date.now() >= deadline) {
      const who = current
        ? `process ${current.pid} on ${current.host} (${current.purpose}, since ${current.since})`
        : 'another process';
      throw new StoreError(
        `store is locked by ${who}: ${path}. Wait for it to finish, or use another --store.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
  }
}

/** The lock if it is free (or stale) right now; undefined while a live process holds it. */
export async function tryAcquireLock(
  path: string,
  purpose: string,
): Promise<StoreLock | undefined> {
  const owner: LockOwner = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    purpose,
  };
  if (await tryCreate(path, owner)) return { release: () => releaseLock(path, owner) };
  const current = await readOwner(path);
  if (!current || !isStale(current)) return undefined;
  await breakLock(path, current);
  if (!(await tryCreate(path, owner))) return undefined;
  return { release: () => releaseLock(path, owner), brokeStale: current };
}

async function tryCreate(path: string, owner: LockOwner): Promise<boolean> {
  try {
    const handle = await open(path, 'wx', 0o644);
    try {
      await handle.writeFile(JSON.stringify(owner));
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function readOwner(path: string): Promise<LockOwner | undefined> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return undefined;
    return parsed as LockOwner;
  } catch {
    // Empty or torn: its writer died between create and write, or it is being written now.
    return undefined;
  }
}

function isStale(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return false;
  if (owner.pid === process.pid) return false;
  return !isProcessAlive(owner.pid);
}

/** Whether a process with this pid exists on this host (a permission error means it does). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Move the stale lock aside first so two processes breaking it at once cannot both win. What
 * was moved is checked: if another process broke the same stale lock and already took a new
 * one, that live lock is put back (with link, which never replaces a file) and left alone.
 */
export async function breakLock(path: string, stale: LockOwner): Promise<void> {
  const aside = `${path}.stale-${process.pid}`;
  try {
    await rename(path, aside);
  } catch {
    return;
  }
  const moved = await readOwner(aside);
  if (moved && (moved.pid !== stale.pid || moved.since !== stale.since)) {
    await link(aside, path).catch(() => undefined);
  }
  await rm(aside, { force: true });
}

async function releaseLock(path: string, owner: LockOwner): Promise<void> {
  const current = await readOwner(path);
  if (current && current.pid === owner.pid && current.since === owner.since)
    await rm(path, { force: true });
}
