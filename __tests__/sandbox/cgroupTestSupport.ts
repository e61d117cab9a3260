import { lstat, readdir, readFile } from 'node:fs/promises';
import type { CgroupControllers, CgroupSupport } from '../../src/sandbox/cgroups/manager.js';

// CI sets DOG_SANDBOX_REQUIRED=1: there, isolation tests must run, never skip. Whole-sandbox
// limits come from cgroups, which CI hands to root only; its second pass, as a plain user with
// no cgroup delegation, gets them reported as not enforced (asserted elsewhere), not required.
export const cgroupsRequired = process.env.DOG_SANDBOX_REQUIRED === '1' && process.getuid?.() === 0;

/** Why these limits cannot be tested with this detection result, or undefined when they can. */
export function missingLimits(
  support: CgroupSupport,
  needs: readonly (keyof CgroupControllers)[],
): string | undefined {
  if (!support.ok) return `cgroup detection failed: ${support.reason}`;
  const missing = needs.filter((limit) => !support.manager.enforces[limit]);
  if (missing.length === 0) return undefined;
  const reasons = missing.map((limit) => `${limit}: ${support.manager.unenforcedReasons[limit]}`);
  return `cgroups cannot enforce ${reasons.join('; ')}`;
}

/** `describe` when the limits are enforceable here, else a loud skip (a failure when required). */
export function describeWithCgroups(
  name: string,
  support: CgroupSupport,
  needs: readonly (keyof CgroupControllers)[],
  body: () => void,
): void {
  const reason = missingLimits(support, needs);
  if (reason === undefined) {
    describe(name, body);
    return;
  }
  if (cgroupsRequired) {
    describe(name, () => {
      test('cgroup limits must work here (DOG_SANDBOX_REQUIRED=1)', () => {
        throw new Error(reason);
      });
    });
    return;
  }
  console.warn(`SKIPPED "${name}": ${reason}`);
  describe.skip(`${name} [SKIPPED: ${reason}]`, body);
}

/** A number-shaped marker (usable as an extra `sleep` operand) unlikely in any other argv. */
export function uniqueSleepMarker(): string {
  return `0.${process.pid}${Date.now() % 1000000}${Math.floor(Math.random() * 1000)}`;
}

/** Gone or a zombie: it no longer runs (a reparented zombie may wait a while to be reaped). */
export async function processEnded(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    return true;
  }
}

/** Live host processes whose command line contains the marker. */
export async function liveProcessesWith(marker: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes(marker) && !(await processEnded(Number(entry)))) {
        pids.push(Number(entry));
      }
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/** Polls until the condition holds; throws with the description when it never does. */
export async function waitUntil(
  description: string,
  condition: () => Promise<boolean>,
  timeoutMs = 5000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${description}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function pathExists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
