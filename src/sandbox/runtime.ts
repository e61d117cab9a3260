// What every verification of one launcher shares: a private work directory, the slot pool,
// the cgroup parent, the seccomp program, staged copies and the guard that removes all of it
// if this process dies without cleaning up.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { removeMaterialized } from '../capture/materialize.js';
import { detectCgroups, type CgroupSupport } from './cgroups/detect.js';
import type { CgroupManager } from './cgroups/manager.js';
import { CleanupGuard } from './guard.js';
import { hostSeccompArch, seccompProgram } from './seccomp/filter.js';
import type { SandboxSettings } from './settings.js';
import { SlotPool } from './slots.js';
import { StagedPaths } from './staging.js';
import { ensureWorkRoot } from './workRoot.js';

export type RuntimeOptions = {
  settings: SandboxSettings;
  /** Cgroup support found on this host (detected when absent). */
  cgroups?: CgroupSupport;
  /** Whether to switch to a per-slot uid; defaults to "when running as root". */
  dropPrivileges?: boolean;
};

export class SandboxRuntime {
  private constructor(
    readonly workDir: string,
    readonly slots: SlotPool,
    readonly staged: StagedPaths,
    readonly cgroups: CgroupManager | undefined,
    /** Why memory and process limits are not enforced through cgroups, when they are not. */
    readonly cgroupsUnavailable: string | undefined,
    readonly seccompPath: string | undefined,
    readonly dropPrivileges: boolean,
    private readonly guard: CleanupGuard,
  ) {}

  static async create(options: RuntimeOptions): Promise<SandboxRuntime> {
    const { settings } = options;
    const dropPrivileges = options.dropPrivileges ?? process.getuid?.() === 0;
    await ensureWorkRoot(settings.workRoot);
    const workDir = join(settings.workRoot, `run-${process.pid}-${randomBytes(4).toString('hex')}`);
    // Traversable but not listable: slot uids reach the paths they are given, nothing else.
    await mkdir(workDir, { mode: 0o711 });
    await chmod(workDir, 0o711);
    const guard = CleanupGuard.start();
    guard.trackDir(workDir);
    const support = options.cgroups ?? (await detectCgroups());
    const cgroups = support.ok ? support.manager : undefined;
    for (const path of cgroups?.parentPaths ?? []) guard.trackCgroup(path);
    const seccompPath = await writeSeccomp(workDir);
    return new SandboxRuntime(
      workDir,
      new SlotPool({
        lockDir: join(settings.workRoot, 'slots'),
        slots: settings.slots,
        uidBase: settings.uidBase,
        dropPrivileges,
      }),
      new StagedPaths(join(workDir, 'stage')),
      cgroups,
      support.ok ? undefined : support.reason,
      seccompPath,
      dropPrivileges,
      guard,
    );
  }

  /** Removes the work directory and cgroups now; the guard then has nothing left to do. */
  async dispose(): Promise<void> {
    await this.cgroups?.dispose();
    // It may hold read-only trees (captures, staged copies) that only root could delete as they are.
    await removeMaterialized(this.workDir);
    this.guard.close();
  }
}

async function writeSeccomp(workDir: string): Promise<string | undefined> {
  const arch = hostSeccompArch();
  if (!arch) return undefined;
  const path = join(workDir, 'seccomp.bpf');
  await writeFile(path, seccompProgram(arch), { mode: 0o444 });
  return path;
}
