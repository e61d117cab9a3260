import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readdir, readFile, rmdir, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const CGROUP_SUPER_MAGIC = 0x27e0eb;
const CGROUP2_SUPER_MAGIC = 0x63677270;

export function errorCode(error: unknown): string {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Whether dir really is on a cgroup (v1) or cgroup2 filesystem, not a look-alike directory. */
export async function isCgroupFilesystem(
  dir: string,
  fsType: 'cgroup' | 'cgroup2',
): Promise<boolean> {
  try {
    const { type } = await statfs(dir);
    return type === (fsType === 'cgroup' ? CGROUP_SUPER_MAGIC : CGROUP2_SUPER_MAGIC);
  } catch {
    return false;
  }
}

/** The file's text, or undefined when it does not exist. */
export async function readControl(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

export async function controlExists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes a value with one write(2) to an existing control file. Never creates or truncates, and
 * opens write-only because some control files (cgroup.kill) cannot be read.
 */
export async function writeControl(path: string, value: string): Promise<void> {
  try {
    const handle = await open(path, constants.O_WRONLY);
    try {
      await handle.write(value);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new CgroupWriteError(path, value, errorCode(error));
  }
}

/** A failed control-file write; `code` is the errno name (EBUSY, EACCES, EINVAL, …). */
export class CgroupWriteError extends Error {
  constructor(
    readonly path: string,
    readonly value: string,
    readonly code: string,
  ) {
    super(`writing ${JSON.stringify(value)} to ${path} failed: ${code}`);
    this.name = 'CgroupWriteError';
  }
}

/** `key value` lines (memory.events, pids.events, memory.oom_control) as numbers. */
export function parseFlatKeyed(text: string | undefined): Map<string, number> {
  const values = new Map<string, number>();
  for (const line of (text ?? '').split('\n')) {
    const [key, value] = line.trim().split(/\s+/);
    if (key && value !== undefined && /^\d+$/.test(value)) values.set(key, Number(value));
  }
  return values;
}

export function parseNumber(text: string | undefined): number | undefined {
  const trimmed = text?.trim();
  return trimmed && /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** Creates `<parent>/<prefix>-<random>` (never an existing directory) and returns its path. */
export async function makeUniqueCgroup(parent: string, prefix: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const dir = join(parent, `${prefix}-${randomBytes(4).toString('hex')}`);
    try {
      await mkdir(dir);
      return dir;
    } catch (error) {
      if (errorCode(error) !== 'EEXIST' || attempt >= 5) throw error;
    }
  }
}

export async function listProcs(dir: string): Promise<number[]> {
  const text = await readControl(join(dir, 'cgroup.procs'));
  return (text ?? '')
    .split('\n')
    .filter((line) => /^\d+$/.test(line))
    .map(Number);
}

/** The cgroup and all cgroups below it, deepest first, so that they can be removed in order. */
export async function cgroupTree(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return [];
    throw error;
  }
  const below: string[] = [];
  for (const entry of entries) {
    if (entry.isDirectory()) below.push(...(await cgroupTree(join(dir, entry.name))));
  }
  return [...below, dir];
}

// A cgroup stays busy for a moment after its last process is reaped.
const RMDIR_RETRY_MS = 2000;
const RMDIR_POLL_MS = 20;

/** Removes one (already empty) cgroup directory; absent is fine, EBUSY is retried briefly. */
export async function removeCgroupDir(dir: string): Promise<void> {
  const deadline = Date.now() + RMDIR_RETRY_MS;
  for (;;) {
    try {
      await rmdir(dir);
      return;
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOENT') return;
      if (code !== 'EBUSY' || Date.now() > deadline) throw error;
      await sleep(RMDIR_POLL_MS);
    }
  }
}
