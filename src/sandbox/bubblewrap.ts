import { statSync } from 'node:fs';
import type { CaptureKind } from '../capture/types.js';
import {
  SANDBOX_TMP,
  SCRATCH_MOUNT,
  captureViewPath,
  envArgs,
  isolationArgs,
  mountArgs,
} from './bubblewrapArgs.js';
import { effectiveLimits, withLimits, type ResourceLimits } from './limits.js';
import { runProcess } from './process.js';
import type { Sandbox, SandboxResult, SandboxSpec, SandboxView } from './types.js';

export const DEFAULT_BWRAP_PATH = '/usr/bin/bwrap';
export const DEFAULT_TMPFS_BYTES = 64 * 1024 * 1024;
const ENV_PATH = '/usr/bin/env';

/**
 * How the bubblewrap sandbox is built. This is the seam for the fuller sandbox: a seccomp
 * filter (`--seccomp FD`, denying AF_VSOCK sockets, ptrace, io_uring, bpf, keyctl, mount…)
 * and cgroup memory/pids limits are NOT applied yet. Until they are, `--unshare-net` does
 * not stop AF_VSOCK and a process or memory bomb is bounded only by the wall-clock timeout.
 */
export type BubblewrapOptions = {
  /** The bwrap executable (default /usr/bin/bwrap). */
  bwrapPath?: string;
  /** Size of the private /tmp tmpfs. */
  tmpfsBytes?: number;
  /** Per-process limits via prlimit; `null` disables them. Defaults when prlimit exists. */
  limits?: ResourceLimits | null;
};

export function captureKindOf(spec: Pick<SandboxSpec, 'capturePath' | 'captureKind'>): CaptureKind {
  if (spec.captureKind) return spec.captureKind;
  return statSync(spec.capturePath).isDirectory() ? 'directory' : 'file';
}

/**
 * Runs each program in fresh namespaces (including network) as uid/gid 65534 with no
 * capabilities and no further user namespaces, a cleared environment, /usr and a few loader
 * files read-only, the capture read-only at /dog/capture, the scratch read-write at
 * /dog/scratch (the working directory and HOME) and a private size-bounded /tmp.
 */
export class BubblewrapSandbox implements Sandbox {
  readonly kind = 'bubblewrap' as const;
  readonly bwrapPath: string;
  /** The limits really enforced on each program (null: none). */
  readonly limits: ResourceLimits | null;
  private readonly tmpfsBytes: number;

  constructor(options: BubblewrapOptions = {}) {
    this.bwrapPath = options.bwrapPath ?? DEFAULT_BWRAP_PATH;
    this.tmpfsBytes = options.tmpfsBytes ?? DEFAULT_TMPFS_BYTES;
    this.limits = effectiveLimits(options.limits);
  }

  view(spec: Pick<SandboxSpec, 'capturePath' | 'scratchDir' | 'captureKind'>): SandboxView {
    return {
      capturePath: captureViewPath(spec.capturePath, captureKindOf(spec)),
      scratchDir: SCRATCH_MOUNT,
      tmpDir: SANDBOX_TMP,
    };
  }

  /** The complete bwrap argv for a spec (exposed for diagnostics and tests). */
  args(spec: SandboxSpec): string[] {
    const limited = this.limits ? withLimits(spec.argv, this.limits) : [...spec.argv];
    // bwrap always exports PWD after --chdir; the program gets exactly the spec's environment.
    const program = 'PWD' in spec.env ? limited : [ENV_PATH, '-u', 'PWD', '--', ...limited];
    return [
      ...isolationArgs(),
      ...envArgs(spec.env),
      ...mountArgs({
        captureHostPath: spec.capturePath,
        captureKind: captureKindOf(spec),
        scratchHostPath: spec.scratchDir,
        readOnlyPaths: spec.readOnlyPaths,
        tmpfsBytes: this.tmpfsBytes,
      }),
      '--',
      ...program,
    ];
  }

  run(spec: SandboxSpec): Promise<SandboxResult> {
    if (spec.argv.length === 0) return Promise.reject(new Error('empty argv'));
    return runProcess({
      command: this.bwrapPath,
      args: this.args(spec),
      // bwrap itself gets nothing either; the program's environment is set with --setenv.
      env: {},
      cwd: '/',
      timeoutMs: spec.timeoutMs,
      maxOutputBytes: spec.maxOutputBytes,
      signal: spec.signal,
    });
  }
}
