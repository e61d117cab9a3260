import type { CgroupLimits } from './manager.js';

/** What detection writes into its throw-away probe cgroup to prove that limits can be set. */
export const PROBE_LIMITS: CgroupLimits = { memoryBytes: 64 * 1024 * 1024, pids: 16 };

export function assertValidLimits(limits: CgroupLimits): void {
  if (!Number.isSafeInteger(limits.memoryBytes) || limits.memoryBytes < 1) {
    throw new RangeError(`memoryBytes must be a positive integer, got ${limits.memoryBytes}`);
  }
  if (!Number.isSafeInteger(limits.pids) || limits.pids < 1) {
    throw new RangeError(`pids must be a positive integer, got ${limits.pids}`);
  }
}

/** Throws unless the control file reads back the value that was written. */
export function assertReadsBack(path: string, expected: number, actual: string | undefined): void {
  if (actual?.trim() !== String(expected)) {
    throw new Error(`${path} reads ${JSON.stringify(actual?.trim())} after writing ${expected}`);
  }
}
