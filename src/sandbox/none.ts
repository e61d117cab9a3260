import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { effectiveLimits, withLimits, type ResourceLimits } from './limits.js';
import { runProcess } from './process.js';
import type { Sandbox, SandboxResult, SandboxSpec, SandboxView } from './types.js';

export type NoIsolationOptions = {
  /** Per-process limits via prlimit; `null` disables them. Defaults when prlimit exists. */
  limits?: ResourceLimits | null;
};

// TMPDIR lives inside the scratch so that it is fresh and removed with it.
const TMP_NAME = '.tmp';

/**
 * No isolation: the program runs as this user on the host, seeing host paths. It still gets
 * exactly the given environment, the scratch as working directory, its own process group
 * (killed as a whole on timeout or abort) and bounded output. A process that starts a new
 * session escapes the group kill; only a real sandbox contains that.
 */
export class NoIsolationSandbox implements Sandbox {
  readonly kind = 'none' as const;
  /** The limits really enforced on each program (null: none). */
  readonly limits: ResourceLimits | null;

  constructor(options: NoIsolationOptions = {}) {
    this.limits = effectiveLimits(options.limits);
  }

  view(spec: Pick<SandboxSpec, 'capturePath' | 'scratchDir'>): SandboxView {
    return {
      capturePath: spec.capturePath,
      scratchDir: spec.scratchDir,
      tmpDir: join(spec.scratchDir, TMP_NAME),
    };
  }

  async run(spec: SandboxSpec): Promise<SandboxResult> {
    const program = this.limits ? withLimits(spec.argv, this.limits) : [...spec.argv];
    const [command, ...args] = program;
    if (command === undefined) throw new Error('empty argv');
    await mkdir(this.view(spec).tmpDir, { recursive: true });
    return runProcess({
      command,
      args,
      env: spec.env,
      cwd: spec.scratchDir,
      timeoutMs: spec.timeoutMs,
      maxOutputBytes: spec.maxOutputBytes,
      signal: spec.signal,
    });
  }
}
