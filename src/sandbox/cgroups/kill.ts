import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  cgroupTree,
  controlExists,
  errorCode,
  listProcs,
  removeCgroupDir,
  writeControl,
} from './cgroupfs.js';

export const KILL_TIMEOUT_MS = 5000;
const KILL_POLL_MS = 20;

function sigkill(pid: number): void {
  // Never ourselves or init, whatever a cgroup.procs file says.
  if (pid <= 1 || pid === process.pid) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch (error) {
    if (errorCode(error) !== 'ESRCH') throw error;
  }
}

// cgroup.kill (v2, Linux 5.14+) kills the whole subtree at once, including processes forked
// while it runs; the per-pid loop below then only confirms that the group is empty.
async function writeCgroupKill(dir: string): Promise<void> {
  const killFile = join(dir, 'cgroup.kill');
  if (!(await controlExists(killFile))) return;
  try {
    await writeControl(killFile, '1');
  } catch {
    // Fall back to killing pid by pid.
  }
}

async function killRound(dirs: readonly string[]): Promise<number[]> {
  const seen: number[] = [];
  for (const top of dirs) {
    for (const dir of await cgroupTree(top)) {
      const pids = await listProcs(dir);
      pids.forEach(sigkill);
      seen.push(...pids);
    }
  }
  return seen;
}

/**
 * SIGKILLs every process in the cgroups and below them, repeating (new forks may appear between
 * reading cgroup.procs and the kill) until they are empty. Returns the pids that stayed.
 */
export async function killCgroups(
  dirs: readonly string[],
  timeoutMs: number = KILL_TIMEOUT_MS,
): Promise<number[]> {
  await Promise.all(dirs.map(writeCgroupKill));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const remaining = await killRound(dirs);
    if (remaining.length === 0 || Date.now() > deadline) return remaining;
    await sleep(KILL_POLL_MS);
  }
}

/** killCgroups, then removes the cgroups deepest first; rejects saying what stayed. */
export async function killAndRemoveCgroups(
  dirs: readonly string[],
  timeoutMs?: number,
): Promise<void> {
  const survivors = await killCgroups(dirs, timeoutMs);
  const failures: string[] = [];
  for (const top of dirs) {
    for (const dir of await cgroupTree(top)) {
      try {
        await removeCgroupDir(dir);
      } catch (error) {
        failures.push(`${dir}: ${errorCode(error)}`);
      }
    }
  }
  if (survivors.length > 0 || failures.length > 0) {
    throw new Error(describeLeftovers(survivors, failures));
  }
}

export function describeLeftovers(
  survivors: readonly number[],
  failures: readonly string[],
): string {
  const parts: string[] = [];
  if (survivors.length > 0) parts.push(`processes still alive: ${survivors.join(', ')}`);
  if (failures.length > 0) parts.push(`cgroups not removed: ${failures.join('; ')}`);
  return `cgroup cleanup incomplete (${parts.join('; ')})`;
}
