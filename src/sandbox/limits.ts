import { accessSync, constants } from 'node:fs';

/**
 * Per-process resource limits applied with util-linux `prlimit` (which sets them and then
 * execs the program, so no extra process stays around). Memory and process-count limits need
 * cgroups and are not applied here; RLIMIT_AS is deliberately not used because it breaks Node.
 */
export type ResourceLimits = {
  /** Largest file the program may write (RLIMIT_FSIZE); the scratch is on the host disk. */
  fileSizeBytes: number;
  /** Open file descriptors (RLIMIT_NOFILE). */
  openFiles: number;
  /** CPU seconds (RLIMIT_CPU): SIGXCPU, then SIGKILL. */
  cpuSeconds?: number;
  /** Processes of the running uid (RLIMIT_NPROC): only meaningful for a uid of its own. */
  processes?: number;
};

export const DEFAULT_RESOURCE_LIMITS: ResourceLimits = {
  fileSizeBytes: 256 * 1024 * 1024,
  openFiles: 1024,
};

// Under /usr so that the same path is visible inside the bubblewrap sandbox.
export const PRLIMIT_PATH = '/usr/bin/prlimit';

export function prlimitAvailable(path: string = PRLIMIT_PATH): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Prefixes argv so that the program runs under the given limits (and never dumps core). */
export function withLimits(
  argv: readonly string[],
  limits: ResourceLimits,
  prlimitPath: string = PRLIMIT_PATH,
): string[] {
  const optional: string[] = [];
  if (limits.cpuSeconds !== undefined) optional.push(`--cpu=${limits.cpuSeconds}`);
  if (limits.processes !== undefined) optional.push(`--nproc=${limits.processes}`);
  return [
    prlimitPath,
    `--fsize=${limits.fileSizeBytes}`,
    `--nofile=${limits.openFiles}`,
    ...optional,
    '--core=0',
    '--',
    ...argv,
  ];
}

/** The limits a sandbox will really enforce: none when prlimit is not installed. */
export function effectiveLimits(
  requested: ResourceLimits | null | undefined,
): ResourceLimits | null {
  if (requested === null) return null;
  return prlimitAvailable() ? (requested ?? DEFAULT_RESOURCE_LIMITS) : null;
}
