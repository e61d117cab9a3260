// One Copilot runtime for a job: the process starts with the first session that needs it and
// runs every session after (each verification and each vote is one), until stop() at the end
// of the run. A process that died is replaced for the next session. The process's environment
// is minimal: HOME, XDG dirs, TMPDIR and COPILOT_HOME are fresh directories of its own, removed
// when it stops. The SDK is loaded with the first session: a job without Copilot
// verifications never loads it.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import { makeRuntimeDirs } from './runtimeDirs.js';
import type { RuntimeProcess } from './sdkRuntime.js';
import type { CopilotSessionEnd, CopilotSessionRequest, RuntimeDirs } from './sessionTypes.js';

export type CopilotRuntimeOptions = {
  /** The runtime or Copilot CLI binary. */
  runtimePath: string;
  /** Reaches only the runtime process, as COPILOT_GITHUB_TOKEN. */
  token: string;
  /** COPILOT_API_URL of the runtime (default: GitHub's Copilot API). */
  apiUrl?: string;
  /** Where the runtime's temporary directories are made (default: the OS temp dir). */
  scratchRoot?: string;
};

const SYSTEM_PATH = '/usr/local/bin:/usr/bin:/bin';

export class CopilotRuntime {
  private process: Promise<RuntimeProcess> | undefined;
  /** Clean-ups of lost processes (their directories), awaited by stop(). */
  private readonly retired: Promise<void>[] = [];

  constructor(private readonly options: CopilotRuntimeOptions) {}

  /** Runs one session to its end; its directories (and transcript) are gone after. */
  async run(request: CopilotSessionRequest): Promise<CopilotSessionEnd> {
    if (request.signal.aborted) return { kind: 'cancelled' };
    let running: RuntimeProcess;
    try {
      running = await this.running();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { kind: 'failed', message: `the Copilot runtime did not start: ${message}` };
    }
    return running.run(request);
  }

  /** Stops the process, if one runs, and removes its directories. */
  async stop(): Promise<void> {
    const pending = this.process;
    this.process = undefined;
    const running = await pending?.catch(() => undefined);
    await Promise.all([running?.stop(), ...this.retired.splice(0)]);
  }

  /** The running process; a new one when none has started or the last one was lost. */
  private async running(): Promise<RuntimeProcess> {
    const pending = this.process;
    if (pending) {
      const running = await pending.catch(() => undefined);
      if (running && !running.lost) return running;
      // Another session may have started the replacement while this one waited.
      if (this.process === pending) {
        this.process = undefined;
        if (running) this.retired.push(running.stop());
      }
    }
    this.process ??= this.start();
    return this.process;
  }

  private async start(): Promise<RuntimeProcess> {
    const dirs = await makeRuntimeDirs(this.options.scratchRoot ?? tmpdir());
    try {
      const { startRuntimeProcess } = await import('./sdkRuntime.js');
      const launch = { path: this.options.runtimePath, env: this.environment(dirs), dirs };
      return await startRuntimeProcess(launch);
    } catch (error) {
      await rm(dirs.root, { recursive: true, force: true });
      throw error;
    }
  }

  private environment(dirs: RuntimeDirs): Record<string, string> {
    return {
      PATH: SYSTEM_PATH,
      HOME: dirs.home,
      TMPDIR: dirs.tmp,
      XDG_CONFIG_HOME: dirs.config,
      XDG_CACHE_HOME: dirs.cache,
      XDG_DATA_HOME: dirs.data,
      XDG_STATE_HOME: dirs.state,
      GH_CONFIG_DIR: join(dirs.config, 'gh'),
      COPILOT_GITHUB_TOKEN: this.options.token,
      ...(this.options.apiUrl === undefined ? {} : { COPILOT_API_URL: this.options.apiUrl }),
    };
  }
}
