// What this host enforces around each verification, checked for real: the same preflight the
// runs use, plus the settings, the seccomp program and the host-local store.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { release } from 'node:os';
import type { CompanionSettings } from '../config/companion.js';
import type { IsolationLimit } from '../core/types.js';
import { BubblewrapSandbox } from '../sandbox/bubblewrap.js';
import { checkSandbox, findBwrap } from '../sandbox/preflight.js';
import type { ProbeCheck } from '../sandbox/probe.js';
import { DENIED_SYSCALLS, hostSeccompArch, seccompProgram } from '../sandbox/seccomp/filter.js';
import { HostCache } from '../storage/host/hostCache.js';

export type SeccompSummary = {
  arch: string;
  instructions: number;
  sha256: string;
  deniedSyscalls: number;
};

export type DoctorReport = {
  /** Whether verifications may run here under these settings. */
  ready: boolean;
  settingsSource: string | undefined;
  isolation: 'bubblewrap' | 'none';
  kernel: string;
  launcherUid: number;
  bwrap?: { path: string; version?: string };
  /** Why the sandbox cannot be provided (when it cannot). */
  reason?: string;
  checks: ProbeCheck[];
  limits: IsolationLimit[];
  seccomp?: SeccompSummary;
  store?: StoreSummary;
};

export type StoreSummary = {
  path: string;
  maxBytes: number;
  /** What the host-local store holds now, when it exists and opens. */
  usage?: { bytes: number; entries: number };
  /** Why runs would not use it (they warn and go on with the Actions cache alone). */
  problem?: string;
};

export function seccompSummary(): SeccompSummary | undefined {
  const arch = hostSeccompArch();
  if (!arch) return undefined;
  const program = seccompProgram(arch);
  return {
    arch,
    instructions: program.length / 8,
    sha256: createHash('sha256').update(program).digest('hex'),
    deniedSyscalls: DENIED_SYSCALLS.length,
  };
}

export async function runDoctor(
  settings: CompanionSettings,
  env: NodeJS.ProcessEnv,
): Promise<DoctorReport> {
  const base = {
    settingsSource: settings.source,
    isolation: settings.isolation,
    kernel: release(),
    launcherUid: process.getuid?.() ?? -1,
  };
  const seccomp = seccompSummary();
  const bwrapPath = findBwrap(env.PATH);
  const sandbox = new BubblewrapSandbox({
    settings: settings.sandbox,
    ...(bwrapPath ? { bwrapPath } : {}),
  });
  const store = settings.store ? await storeSummary(settings.store) : undefined;
  try {
    const preflight = await checkSandbox(sandbox);
    // An explicit `isolation: none` is ready by choice; reports then say verifications are unsandboxed.
    const ready = preflight.ok || settings.isolation === 'none';
    return {
      ...base,
      ready,
      ...(preflight.bwrapPath
        ? {
            bwrap: {
              path: preflight.bwrapPath,
              ...(preflight.version ? { version: preflight.version } : {}),
            },
          }
        : {}),
      ...(preflight.reason ? { reason: preflight.reason } : {}),
      checks: preflight.checks,
      limits: preflight.enforced,
      ...(seccomp ? { seccomp } : {}),
      ...(store ? { store } : {}),
    };
  } finally {
    await sandbox.dispose();
  }
}

/** Opens an existing host-local store the way runs do; one that does not exist yet is fine. */
async function storeSummary(settings: { path: string; maxBytes: number }): Promise<StoreSummary> {
  if (!existsSync(settings.path))
    return { ...settings, problem: 'does not exist yet (created by the first run)' };
  try {
    const cache = await HostCache.open({ root: settings.path, maxBytes: settings.maxBytes });
    return { ...settings, usage: await cache.usage() };
  } catch (error) {
    return { ...settings, problem: error instanceof Error ? error.message : String(error) };
  }
}
