// One Copilot runtime process, through @github/copilot-sdk, running many sessions: started
// once, watched while sessions run, stopped when the job is done. A process that dies under
// its sessions fails them (only them) with what happened, and is never used again; the
// runtime that owns it (runtime.ts) starts a new one for the next session. Loaded only when a
// Copilot verification starts.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { CopilotClient, RuntimeConnection } from '@github/copilot-sdk';
import { ModelRequestGate } from './modelGate.js';
import { makeSessionDirs } from './runtimeDirs.js';
import { SessionRun } from './sdkSession.js';
import type { CopilotSessionEnd, CopilotSessionRequest, RuntimeDirs } from './sessionTypes.js';
import { settlesWithin, TEARDOWN_MS } from './teardown.js';

/** How often a process with running sessions is asked whether it is still there. */
const WATCH_MS = 250;
/** How long a starting process gets to answer its first call. */
const START_MS = 60_000;

export type RuntimeLaunch = { path: string; env: Record<string, string>; dirs: RuntimeDirs };

/** Starts the runtime process; rejects (and leaves nothing running) when it cannot. */
export async function startRuntimeProcess(launch: RuntimeLaunch): Promise<RuntimeProcess> {
  const gate = new ModelRequestGate();
  const client = new CopilotClient({
    connection: RuntimeConnection.forStdio({ path: launch.path }),
    requestHandler: gate,
    mode: 'empty',
    baseDirectory: launch.dirs.copilotHome,
    workingDirectory: launch.dirs.work,
    env: launch.env,
    logLevel: 'error',
  });
  let failure = `it did not answer within ${START_MS / 1000} s`;
  const started = client.start().catch((error: unknown) => {
    failure = error instanceof Error ? error.message : String(error);
    throw error;
  });
  if (await settlesWithin(started, START_MS)) return new RuntimeProcess(client, gate, launch.dirs);
  // A process that failed or never answered is killed, not asked to stop.
  await settlesWithin(client.forceStop(), TEARDOWN_MS);
  throw new Error(failure);
}

export class RuntimeProcess {
  /** Why the process is gone, once it is: it takes no new session. */
  lost: string | undefined;
  private readonly sessions = new Map<string, SessionRun>();
  private watch: NodeJS.Timeout | undefined;
  private probing = false;

  constructor(
    private readonly client: CopilotClient,
    private readonly gate: ModelRequestGate,
    readonly dirs: RuntimeDirs,
  ) {}

  async run(request: CopilotSessionRequest): Promise<CopilotSessionEnd> {
    if (this.lost) return { kind: 'failed', message: this.lost };
    const id = `dog-${randomUUID()}`;
    const dirs = await makeSessionDirs(this.dirs);
    const session = new SessionRun(this.client, this.gate, request, id, dirs);
    this.sessions.set(id, session);
    this.watchWhileBusy();
    try {
      return await session.run();
    } finally {
      this.sessions.delete(id);
      if (this.sessions.size === 0) this.unwatch();
      await rm(dirs.root, { recursive: true, force: true });
    }
  }

  /** Stops the process and removes its directories; running sessions end cancelled. */
  async stop(): Promise<void> {
    this.unwatch();
    this.lost ??= 'the Copilot runtime was stopped before the session ended';
    for (const session of this.sessions.values()) session.fail(this.lost);
    await stopClient(this.client);
    await rm(this.dirs.root, { recursive: true, force: true });
  }

  private watchWhileBusy(): void {
    if (this.watch) return;
    this.watch = setInterval(() => void this.probe(), WATCH_MS);
    this.watch.unref();
  }

  private unwatch(): void {
    clearInterval(this.watch);
    this.watch = undefined;
  }

  /** A process that has exited cannot answer: its connection is closed and the ping rejects. */
  private async probe(): Promise<void> {
    if (this.probing || this.lost) return;
    this.probing = true;
    try {
      await this.client.ping();
    } catch (error) {
      this.crashed(error instanceof Error ? error.message : String(error));
    } finally {
      this.probing = false;
    }
  }

  private crashed(cause: string): void {
    if (this.lost) return;
    this.lost = `the Copilot runtime process stopped during the session (${cause.slice(0, 300)}); the next verification starts a new one`;
    this.unwatch();
    for (const session of this.sessions.values()) session.fail(this.lost);
    // Nothing is left to shut down gracefully; this only closes the connection.
    void settlesWithin(this.client.forceStop(), TEARDOWN_MS);
  }
}

/** A runtime that does not answer its shutdown must not hold the job. */
async function stopClient(client: CopilotClient): Promise<void> {
  const stopped = await settlesWithin(client.stop(), TEARDOWN_MS);
  if (!stopped) await settlesWithin(client.forceStop(), TEARDOWN_MS);
}
