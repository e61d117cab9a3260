// One Copilot runtime session per call, locked down: only the tools given (each declared as
// overriding any built-in of its name, so the runtime can never answer it with a hidden
// built-in), every built-in and MCP tool excluded, an empty working directory, and a minimal
// environment whose HOME, XDG dirs and COPILOT_HOME are fresh temporary directories that are
// removed afterwards, with the transcript the runtime writes there. The SDK itself is loaded
// with the first session (sdkSession.ts): a job without Copilot verifications never loads it.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CopilotSessionEnd, CopilotSessionRequest, SessionDirs } from './sessionTypes.js';

export type {
  CopilotSessionEnd,
  CopilotSessionRequest,
  CopilotTool,
  CopilotToolResult,
  CopilotUsage,
} from './sessionTypes.js';

export type CopilotAgentOptions = {
  /** The runtime or Copilot CLI binary. */
  runtimePath: string;
  /** Reaches only the runtime process, as COPILOT_GITHUB_TOKEN. */
  token: string;
  /** COPILOT_API_URL of the runtime (default: GitHub's Copilot API). */
  apiUrl?: string;
  vision: boolean;
  /** Where each session's temporary directories are made (default: the OS temp dir). */
  scratchRoot?: string;
};

const SYSTEM_PATH = '/usr/local/bin:/usr/bin:/bin';

export class CopilotAgent {
  readonly kind = 'copilot';
  readonly vision: boolean;

  constructor(private readonly options: CopilotAgentOptions) {
    this.vision = options.vision;
  }

  /** Runs one session to its end; the runtime process and its directories are gone after. */
  async run(request: CopilotSessionRequest): Promise<CopilotSessionEnd> {
    if (request.signal.aborted) return { kind: 'cancelled' };
    const parent = this.options.scratchRoot ?? tmpdir();
    // The host's scratch root is made by the first verification that needs it.
    await mkdir(parent, { recursive: true, mode: 0o700 });
    const root = await mkdtemp(join(parent, 'dog-copilot-'));
    try {
      const dirs = await makeDirs(root);
      const { runSdkSession } = await import('./sdkSession.js');
      const runtime = { path: this.options.runtimePath, env: this.runtimeEnv(dirs) };
      return await runSdkSession(runtime, dirs, request);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }

  private runtimeEnv(dirs: SessionDirs): Record<string, string> {
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

async function makeDirs(root: string): Promise<SessionDirs> {
  const dirs: SessionDirs = {
    home: join(root, 'home'),
    tmp: join(root, 'tmp'),
    config: join(root, 'config'),
    cache: join(root, 'cache'),
    data: join(root, 'data'),
    state: join(root, 'state'),
    copilotHome: join(root, 'copilot'),
    work: join(root, 'work'),
  };
  for (const dir of Object.values(dirs)) await mkdir(dir, { mode: 0o700 });
  return dirs;
}
