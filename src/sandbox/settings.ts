// How the bubblewrap sandbox is sized and who it runs as. The companion settings file
// (schemas/companion.schema.json) fills these on self-hosted machines; defaults otherwise.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What one verification may use. Every field is a hard cap, enforced where the host allows. */
export type SandboxLimits = {
  /** Resident memory of the whole sandbox (cgroup memory controller). */
  memoryBytes: number;
  /** Processes and threads of the whole sandbox (cgroup pids controller, else RLIMIT_NPROC). */
  pids: number;
  /** CPU seconds per process (RLIMIT_CPU). */
  cpuSeconds: number;
  /** Largest file a process may write (RLIMIT_FSIZE). */
  fileSizeBytes: number;
  /** Open file descriptors per process (RLIMIT_NOFILE). */
  openFiles: number;
  /** The writable scratch (a tmpfs of this size). */
  scratchBytes: number;
  /** The private /tmp, and /dev/shm apart from it (a tmpfs of this size each). */
  tmpBytes: number;
};

export type SandboxSettings = {
  limits: SandboxLimits;
  /**
   * When the launcher runs as root, verification number `slot` runs as host uid/gid
   * `uidBase + slot`: an id no other account uses, so no limit or file of another user applies.
   */
  uidBase: number;
  /** How many verifications may run at once on this host (one uid each). */
  slots: number;
  /** Where scratch holders, materialized captures and staged files live (one dir per launcher). */
  workRoot: string;
};

export const DEFAULT_SANDBOX_LIMITS: Readonly<SandboxLimits> = {
  memoryBytes: 2 * 1024 ** 3,
  pids: 256,
  cpuSeconds: 900,
  fileSizeBytes: 256 * 1024 ** 2,
  openFiles: 1024,
  scratchBytes: 512 * 1024 ** 2,
  tmpBytes: 64 * 1024 ** 2,
};

// Far above the ranges distributions hand to people (1000+) and to container subuids (100000+).
export const DEFAULT_UID_BASE = 1_500_000;
export const DEFAULT_SLOTS = 64;

export function defaultSandboxSettings(): SandboxSettings {
  return {
    limits: { ...DEFAULT_SANDBOX_LIMITS },
    uidBase: DEFAULT_UID_BASE,
    slots: DEFAULT_SLOTS,
    // One per user: another account's launcher must not share (or plant) it.
    workRoot: join(tmpdir(), `dog-sandbox-${process.getuid?.() ?? 'user'}`),
  };
}
