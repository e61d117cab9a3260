import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { OutputTail } from './outputTail.js';
import type { SandboxResult } from './types.js';

/** One program launched in its own process group, with a wall-clock limit and bounded output. */
export type ProcessSpec = {
  command: string;
  args: readonly string[];
  /** The complete environment; nothing is inherited from this process. */
  env: Readonly<Record<string, string>>;
  cwd: string;
  timeoutMs: number;
  maxOutputBytes: number;
  signal?: AbortSignal;
  /** Open descriptors handed to the program as fd 3, 4, …, in this order. */
  extraFds?: readonly number[];
};

// After the main process exits, its output pipes may still be held open by a straggler that
// left the process group; wait this long for them to close, then stop reading.
const PIPE_CLOSE_GRACE_MS = 500;
// setTimeout fires at once for delays beyond a signed 32-bit millisecond count.
const MAX_TIMER_MS = 2 ** 31 - 1;

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // ESRCH: the group is already gone.
  }
}

/** The result of a program that was cancelled before it could start. */
export function abortedBeforeStart(): SandboxResult {
  return {
    exitCode: null,
    signal: null,
    timedOut: false,
    aborted: true,
    stdout: '',
    stderr: '',
    outputTruncated: false,
    stdoutTruncated: false,
    durationMs: 0,
  };
}

/**
 * Runs the program and resolves once it has exited and its output is collected. On timeout or
 * abort the whole process group is killed with SIGKILL. Rejects only if it cannot be started.
 */
export function runProcess(spec: ProcessSpec): Promise<SandboxResult> {
  if (spec.signal?.aborted) return Promise.resolve(abortedBeforeStart());
  return new Promise<SandboxResult>((resolve, reject) => {
    new ProcessRun(spec, resolve, reject).start();
  });
}

class ProcessRun {
  private readonly started = performance.now();
  private readonly stdout: OutputTail;
  private readonly stderr: OutputTail;
  private child: ChildProcess | undefined;
  private timedOut = false;
  private aborted = false;
  private done = false;
  private timers: NodeJS.Timeout[] = [];
  private readonly onAbort = (): void => {
    this.aborted = true;
    this.kill();
  };

  constructor(
    private readonly spec: ProcessSpec,
    private readonly resolve: (result: SandboxResult) => void,
    private readonly reject: (error: Error) => void,
  ) {
    this.stdout = new OutputTail(spec.maxOutputBytes);
    this.stderr = new OutputTail(spec.maxOutputBytes);
  }

  start(): void {
    const child = spawn(this.spec.command, [...this.spec.args], {
      cwd: this.spec.cwd,
      env: { ...this.spec.env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', ...(this.spec.extraFds ?? [])],
    });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => this.stdout.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.stderr.push(chunk));
    child.once('error', (error) => this.fail(error));
    child.once('exit', () => this.exited());
    child.once('close', (code: number | null, signal: NodeJS.Signals | null) =>
      this.finish(code, signal),
    );
    this.timers.push(
      setTimeout(
        () => {
          this.timedOut = true;
          this.kill();
        },
        Math.min(this.spec.timeoutMs, MAX_TIMER_MS),
      ),
    );
    this.spec.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  private kill(): void {
    if (this.child) killGroup(this.child);
  }

  private exited(): void {
    // Whatever the program left running in its group goes with it.
    this.kill();
    const child = this.child;
    this.timers.push(
      setTimeout(() => {
        child?.stdout?.destroy();
        child?.stderr?.destroy();
        this.finish(child?.exitCode ?? null, child?.signalCode ?? null);
      }, PIPE_CLOSE_GRACE_MS),
    );
  }

  private cleanup(): boolean {
    if (this.done) return false;
    this.done = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.spec.signal?.removeEventListener('abort', this.onAbort);
    return true;
  }

  private fail(error: Error): void {
    this.kill();
    if (this.cleanup()) this.reject(error);
  }

  private finish(code: number | null, signal: NodeJS.Signals | null): void {
    if (!this.cleanup()) return;
    this.resolve({
      exitCode: code,
      signal,
      timedOut: this.timedOut,
      aborted: this.aborted,
      stdout: this.stdout.text(),
      stderr: this.stderr.text(),
      outputTruncated: this.stdout.truncated || this.stderr.truncated,
      stdoutTruncated: this.stdout.truncated,
      durationMs: Math.round(performance.now() - this.started),
    });
  }
}
