import {
  chmod,
  chown,
  copyFile,
  mkdtemp,
  open,
  rename,
  rm,
  type FileHandle,
} from 'node:fs/promises';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { CaptureKind } from '../capture/types.js';
import {
  SANDBOX_TMP,
  SCRATCH_MOUNT,
  captureViewPath,
  envArgs,
  isolationArgs,
  mountArgs,
  seccompArgs,
} from './bubblewrapArgs.js';
import type { CgroupHandle } from './cgroups/manager.js';
import { enforcedLimits, type EnforcedLimit } from './enforcement.js';
import { openArgsFile } from './argsFile.js';
import { captureViewFor, type CaptureView } from './captureView.js';
import { launchArgv } from './launch.js';
import { prlimitAvailable, withLimits, type ResourceLimits } from './limits.js';
import { abortedBeforeStart, runProcess } from './process.js';
import { SandboxRuntime } from './runtime.js';
import { defaultSandboxSettings, type SandboxSettings } from './settings.js';
import type { Slot } from './slots.js';
import type { ReadOnlyBind, Sandbox, SandboxResult, SandboxSpec, SandboxView } from './types.js';

export const DEFAULT_BWRAP_PATH = '/usr/bin/bwrap';
const ENV_PATH = '/usr/bin/env';
// The seccomp program is the first descriptor after stdin, stdout and stderr; bwrap's options
// come next (or first, without a seccomp program).
const SECCOMP_FD = 3;

export type BubblewrapOptions = {
  /** The bwrap executable (default /usr/bin/bwrap). */
  bwrapPath?: string;
  /** Sizes, limits and identities (defaults: defaultSandboxSettings()). */
  settings?: SandboxSettings;
  /** Per-launcher resources; created on first use when absent. */
  runtime?: Promise<SandboxRuntime>;
};

export function captureKindOf(spec: Pick<SandboxSpec, 'capturePath' | 'captureKind'>): CaptureKind {
  if (spec.captureKind) return spec.captureKind;
  return statSync(spec.capturePath).isDirectory() ? 'directory' : 'file';
}

/**
 * Runs each program in fresh namespaces (including network) as an unprivileged uid with no
 * capabilities, no further user namespaces and a seccomp filter; a cleared environment; a
 * read-only root with /usr and a few loader files; the capture read-only at /dog/capture (for
 * a slot uid, through a view only that uid can enter); a size-capped scratch (working directory
 * and HOME), /tmp and /dev/shm in memory; inside its own cgroup with memory and process limits
 * where the host allows, and per-process limits through prlimit. bwrap's options (mounts and
 * environment) reach it on a descriptor, never on a command line other accounts can read.
 */
export class BubblewrapSandbox implements Sandbox {
  readonly kind = 'bubblewrap' as const;
  readonly bwrapPath: string;
  readonly settings: SandboxSettings;
  private runtimePromise: Promise<SandboxRuntime> | undefined;

  constructor(options: BubblewrapOptions = {}) {
    this.bwrapPath = options.bwrapPath ?? DEFAULT_BWRAP_PATH;
    this.settings = options.settings ?? defaultSandboxSettings();
    this.runtimePromise = options.runtime;
  }

  /** The shared per-launcher resources (work dir, slots, cgroups, seccomp, guard). */
  runtime(): Promise<SandboxRuntime> {
    this.runtimePromise ??= SandboxRuntime.create({ settings: this.settings });
    return this.runtimePromise;
  }

  /** Removes the per-launcher resources if they were ever created. */
  async dispose(): Promise<void> {
    const runtime = await this.runtimePromise?.catch(() => undefined);
    await runtime?.dispose();
  }

  /** The launcher's private work dir: callers put scratch and run directories here. */
  async workDir(): Promise<string> {
    return (await this.runtime()).workDir;
  }

  /** Which limits and protections each verification really gets on this host. */
  async enforced(): Promise<EnforcedLimit[]> {
    return enforcedLimits(await this.runtime(), this.settings.limits, prlimitAvailable());
  }

  view(spec: Pick<SandboxSpec, 'capturePath' | 'scratchDir' | 'captureKind'>): SandboxView {
    return {
      capturePath: captureViewPath(spec.capturePath, captureKindOf(spec)),
      scratchDir: SCRATCH_MOUNT,
      tmpDir: SANDBOX_TMP,
    };
  }

  async run(spec: SandboxSpec): Promise<SandboxResult> {
    if (spec.argv.length === 0) throw new Error('empty argv');
    const runtime = await this.runtime();
    const slot = await runtime.slots.acquire(spec.signal).catch((error: unknown) => {
      if (spec.signal?.aborted) return undefined;
      throw error;
    });
    if (!slot) return abortedBeforeStart();
    let cgroup: CgroupHandle | undefined;
    const opened: FileHandle[] = [];
    let holder: string | undefined;
    let view: CaptureView | undefined;
    try {
      holder = await prepareOutputs(spec, slot, runtime);
      view = await captureViewFor(spec.capturePath, runtime.workDir, slot.identity);
      await spec.grantAccess?.(slot.identity);
      cgroup = await runtime.cgroups?.create(this.settings.limits);
      const argv = await this.launchArgv(spec, { runtime, slot, holder, view, cgroup }, opened);
      const result = await runProcess({
        command: argv[0] as string,
        args: argv.slice(1),
        env: {},
        cwd: '/',
        timeoutMs: spec.timeoutMs,
        maxOutputBytes: spec.maxOutputBytes,
        signal: spec.signal,
        extraFds: opened.map((handle) => handle.fd),
      });
      const outputs = holder;
      holder = undefined;
      const [limited] = await Promise.all([
        withLimitHit(result, cgroup),
        collectOutputs(spec, outputs),
      ]);
      return limited;
    } finally {
      await Promise.all([
        holder ? rm(holder, { recursive: true, force: true }) : undefined,
        view?.remove(),
        ...opened.map((handle) => handle.close()),
        cgroup?.remove(),
      ]);
      // Only once its cgroup is gone (every process of it dead) may the slot's uid be reused.
      await slot.release();
    }
  }

  /**
   * The host-side chain that starts bwrap for this spec. The descriptors it hands over (the
   * seccomp program, bwrap's options) are added to `opened`, in descriptor order, for the
   * caller to pass on and close.
   */
  private async launchArgv(
    spec: SandboxSpec,
    parts: {
      runtime: SandboxRuntime;
      slot: Slot;
      holder: string;
      view: CaptureView;
      cgroup: CgroupHandle | undefined;
    },
    opened: FileHandle[],
  ): Promise<string[]> {
    const { runtime, slot } = parts;
    if (runtime.seccompPath) opened.push(await open(runtime.seccompPath, 'r'));
    const { options, command } = await this.bwrapArgs(spec, {
      runtime,
      slot,
      holder: parts.holder,
      capture: parts.view.path,
      seccompFd: opened.length > 0 ? SECCOMP_FD : undefined,
    });
    const argsFd = SECCOMP_FD + opened.length;
    opened.push(await openArgsFile(runtime.workDir, options));
    return launchArgv({
      bwrapPath: this.bwrapPath,
      bwrapArgs: ['--args', String(argsFd), '--', ...command],
      procsFiles: parts.cgroup?.procsFiles ?? [],
      identity: slot.identity,
      limits: this.settings.limits,
    });
  }

  /** bwrap's options (handed over on a descriptor) and the program after them. */
  private async bwrapArgs(
    spec: SandboxSpec,
    launch: {
      runtime: SandboxRuntime;
      slot: Slot;
      holder: string;
      /** The host path of the capture, reachable by the slot. */
      capture: string;
      seccompFd: number | undefined;
    },
  ): Promise<{ options: string[]; command: string[] }> {
    const { runtime, slot } = launch;
    const reach = (path: string): Promise<string> =>
      slot.identity ? runtime.staged.reachable(path) : Promise.resolve(path);
    const readOnlyBinds: ReadOnlyBind[] = [];
    for (const path of spec.readOnlyPaths)
      readOnlyBinds.push({ source: await reach(path), dest: path });
    for (const bind of spec.readOnlyBinds ?? []) readOnlyBinds.push(bind);
    const options = [
      ...isolationArgs(),
      ...envArgs(spec.env),
      ...mountArgs({
        captureHostPath: launch.capture,
        captureKind: captureKindOf(spec),
        outputHostDir: launch.holder,
        outputFiles: spec.outputFiles ?? [],
        readOnlyBinds,
        tmpfsBytes: this.settings.limits.tmpBytes,
        scratchBytes: this.settings.limits.scratchBytes,
      }),
      ...seccompArgs(launch.seccompFd),
    ];
    return { options, command: this.program(spec, slot, runtime) };
  }

  private program(spec: SandboxSpec, slot: Slot, runtime: SandboxRuntime): string[] {
    const limits = processLimit(this.settings, slot, runtime);
    const limited = limits ? withLimits(spec.argv, limits) : [...spec.argv];
    // bwrap always exports PWD after --chdir; the program gets exactly the spec's environment.
    return 'PWD' in spec.env ? limited : [ENV_PATH, '-u', 'PWD', '--', ...limited];
  }
}

/**
 * The process count per uid (RLIMIT_NPROC), for hosts without the cgroup pids controller: only
 * meaningful for a uid of its own, and set with prlimit because shells disagree on its flag.
 */
function processLimit(
  settings: SandboxSettings,
  slot: Slot,
  runtime: SandboxRuntime,
): ResourceLimits | undefined {
  if (!slot.identity || runtime.cgroups?.enforces.pids === true || !prlimitAvailable())
    return undefined;
  const { limits } = settings;
  return {
    fileSizeBytes: limits.fileSizeBytes,
    openFiles: limits.openFiles,
    processes: limits.pids,
  };
}

/**
 * The output files exist before the run, owned by the slot uid, in a holder of the runtime's
 * work dir (which every slot uid can traverse); nothing else the program writes is on disk.
 */
async function prepareOutputs(
  spec: SandboxSpec,
  slot: Slot,
  runtime: SandboxRuntime,
): Promise<string> {
  const holder = await mkdtemp(join(runtime.workDir, 'out-'));
  await chmod(holder, 0o711);
  for (const name of spec.outputFiles ?? []) {
    const path = join(holder, name);
    const handle = await open(path, 'wx', 0o600);
    await handle.close();
    if (slot.identity) await chown(path, slot.identity.uid, slot.identity.gid);
  }
  return holder;
}

/** Hands the output files to the caller's scratch directory and removes the holder. */
async function collectOutputs(spec: SandboxSpec, holder: string): Promise<void> {
  try {
    for (const name of spec.outputFiles ?? []) {
      const from = join(holder, name);
      const to = join(spec.scratchDir, name);
      await rename(from, to).catch(() => copyFile(from, to));
    }
  } finally {
    await rm(holder, { recursive: true, force: true });
  }
}

async function withLimitHit(
  result: SandboxResult,
  cgroup: CgroupHandle | undefined,
): Promise<SandboxResult> {
  if (!cgroup) return result;
  const stats = await cgroup.stats();
  if (stats.memoryLimitHit) return { ...result, limitHit: 'memory' };
  if (stats.pidsLimitHit) return { ...result, limitHit: 'processes' };
  return result;
}
