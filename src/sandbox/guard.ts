import { spawn, type ChildProcess } from 'node:child_process';
import { Socket } from 'node:net';
import { isAbsolute, normalize } from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/** The guard's program; shipped next to this module (the build copies it). */
export const GUARD_SCRIPT_PATH = fileURLToPath(new URL('./cleanup-guard.mjs', import.meta.url));

export type GuardedKind = 'dir' | 'cgroup';

const CGROUP_ROOT = '/sys/fs/cgroup/';

function assertGuardablePath(kind: GuardedKind, path: string): void {
  if (!isAbsolute(path) || normalize(path) !== path || path.endsWith('/')) {
    throw new Error(`cleanup guard: not a normalized absolute path: ${path}`);
  }
  if (kind === 'cgroup' && !path.startsWith(CGROUP_ROOT)) {
    throw new Error(`cleanup guard: a cgroup path must be under ${CGROUP_ROOT}: ${path}`);
  }
}

/**
 * A separate process that removes what this one leaves behind, even when this one is SIGKILLed:
 * it learns of our death from the end of its stdin. Commands written just before this process
 * exits may be lost (the pipe is not waited for), so track things as soon as they exist.
 */
export class CleanupGuard {
  private closed = false;
  private broken: Error | undefined;

  private constructor(
    private readonly child: ChildProcess,
    private readonly input: Writable,
  ) {
    // A guard that died or never started must not crash the launcher: writes are then dropped.
    const markBroken = (error: Error): void => {
      this.broken ??= error;
    };
    child.on('error', markBroken);
    input.on('error', markBroken);
  }

  static start(scriptPath: string = GUARD_SCRIPT_PATH): CleanupGuard {
    const child = spawn(process.execPath, [scriptPath], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
      cwd: '/',
    });
    const input = child.stdin;
    if (!input) throw new Error('cleanup guard: no stdin pipe');
    const guard = new CleanupGuard(child, input);
    // Neither the child nor the pipe to it may keep the launcher alive.
    child.unref();
    if (input instanceof Socket) input.unref();
    return guard;
  }

  /** The guard's pid; undefined if it could not be started. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Why the guard cannot be reached any more, if it cannot. */
  get failure(): Error | undefined {
    return this.broken;
  }

  trackDir(path: string): void {
    this.send('track', 'dir', path);
  }

  trackCgroup(path: string): void {
    this.send('track', 'cgroup', path);
  }

  untrack(kind: GuardedKind, path: string): void {
    this.send('untrack', kind, path);
  }

  /** Ends the guard's stdin: it cleans up what is still tracked, then exits. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.input.end();
  }

  private send(op: 'track' | 'untrack', kind: GuardedKind, path: string): void {
    assertGuardablePath(kind, path);
    if (this.closed) throw new Error('cleanup guard: already closed');
    if (this.broken) return;
    this.input.write(`${JSON.stringify({ op, kind, path })}\n`);
  }
}
