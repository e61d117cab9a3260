// One Copilot runtime session per call, locked down: only the tools given (each declared as
// overriding any built-in of its name, so the runtime can never answer it with a hidden
// built-in), every built-in and MCP tool excluded, an empty working directory, and a minimal
// environment whose HOME, XDG dirs and COPILOT_HOME are fresh temporary directories that are
// removed afterwards, with the transcript the runtime writes there.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CopilotClient,
  CopilotRequestHandler,
  RuntimeConnection,
  ToolSet,
  type CopilotRequestContext,
  type CopilotSession,
  type SessionConfig,
  type SessionEvent,
  type Tool,
  type ToolResultObject,
} from '@github/copilot-sdk';
import { settlesWithin, TEARDOWN_MS } from './teardown.js';

export type CopilotToolResult = {
  ok: boolean;
  text: string;
  images?: { mediaType: string; base64: string }[];
};

export type CopilotTool = {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
  /** A successful call ends the session (submit_verdict). */
  terminal?: boolean;
  /** Never throws: faults are failed results the model can read. */
  run(args: unknown): Promise<CopilotToolResult>;
};

/** What one model call of the runtime cost, from its `assistant.usage` event. */
export type CopilotUsage = {
  inputTokens: number;
  outputTokens: number;
  /** The model's premium-request multiplier for this call, when reported. */
  premiumRequests?: number;
  /** Copilot AI credits of this call (the API's nano-AIU total / 1e9), when reported. */
  aiCredits?: number;
};

export type CopilotSessionRequest = {
  /** The Copilot model id. */
  model: string;
  system: string;
  prompt: string;
  /** Sent when the model stops without a terminal tool call; the session goes on. */
  nudge: string;
  tools: readonly CopilotTool[];
  signal: AbortSignal;
  /**
   * Before every model request the runtime makes (it is held until this answers): a reason to
   * refuse it and stop (a budget), or undefined to let it go out.
   */
  beforeTurn(): string | undefined;
  /** After every model call: a reason to stop now (a budget overrun), or undefined. */
  afterUsage(usage: CopilotUsage): string | undefined;
  /** A tool the runtime was asked to run that is not one of `tools` (it was refused). */
  onRefused?(name: string, args: unknown): void;
};

export type CopilotSessionEnd =
  | { kind: 'terminal' }
  | { kind: 'stopped'; reason: string }
  | { kind: 'cancelled' }
  /** The configured model is not one the Copilot API offers this token. */
  | { kind: 'unavailable'; message: string }
  | { kind: 'failed'; message: string };

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
const MAX_MESSAGE_CHARS = 500;

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
      const gate = new ModelRequestGate();
      const client = new CopilotClient({
        connection: RuntimeConnection.forStdio({ path: this.options.runtimePath }),
        requestHandler: gate,
        mode: 'empty',
        baseDirectory: dirs.copilotHome,
        workingDirectory: dirs.work,
        env: this.runtimeEnv(dirs),
        logLevel: 'error',
      });
      try {
        return await new SessionRun(client, gate, request, dirs.work).run();
      } finally {
        // A runtime that does not answer its shutdown must not hold the verification.
        const stopped = await settlesWithin(client.stop(), TEARDOWN_MS);
        if (!stopped) await settlesWithin(client.forceStop(), TEARDOWN_MS);
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }

  private runtimeEnv(dirs: Dirs): Record<string, string> {
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

type Dirs = Record<
  'home' | 'tmp' | 'config' | 'cache' | 'data' | 'state' | 'copilotHome' | 'work',
  string
>;

async function makeDirs(root: string): Promise<Dirs> {
  const dirs: Dirs = {
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

/**
 * Every model request of the runtime passes here before it leaves: the runtime has no turn or
 * token cap of its own, and an abort sent on its events would race the next request.
 */
class ModelRequestGate extends CopilotRequestHandler {
  admit: () => string | undefined = () => undefined;

  protected override sendRequest(
    request: Request,
    context: CopilotRequestContext,
  ): Promise<Response> {
    if (request.method === 'POST') {
      const refused = this.admit();
      if (refused !== undefined) {
        const body = JSON.stringify({ error: { message: 'stopped by the verification budget' } });
        return Promise.resolve(new Response(body, { status: 400 }));
      }
    }
    return super.sendRequest(request, context);
  }
}

/** The events of one session, turned into one ending. */
class SessionRun {
  private session: CopilotSession | undefined;
  private ending: CopilotSessionEnd | undefined;
  private terminalCalled = false;
  private settle: (end: CopilotSessionEnd) => void = () => undefined;
  private readonly ours: Set<string>;

  constructor(
    private readonly client: CopilotClient,
    gate: ModelRequestGate,
    private readonly request: CopilotSessionRequest,
    private readonly workingDirectory: string,
  ) {
    this.ours = new Set(request.tools.map((tool) => tool.name));
    gate.admit = () => {
      const refused = this.ending ? 'the session has ended' : request.beforeTurn();
      if (refused !== undefined) this.check(refused);
      return refused;
    };
  }

  async run(): Promise<CopilotSessionEnd> {
    const ended = new Promise<CopilotSessionEnd>((resolve) => (this.settle = resolve));
    const onAbort = (): void => this.end({ kind: 'cancelled' });
    this.request.signal.addEventListener('abort', onAbort, { once: true });
    try {
      const unavailable = await this.modelUnavailable();
      if (unavailable) return { kind: 'unavailable', message: unavailable };
      this.session = await this.client.createSession(this.config());
      this.session.on((event) => this.onEvent(event));
      if (!this.ending) await this.session.send({ prompt: this.request.prompt });
      return await ended;
    } catch (error) {
      this.end({ kind: 'failed', message: messageOf(error) });
      return await ended;
    } finally {
      this.request.signal.removeEventListener('abort', onAbort);
      if (this.session) await settlesWithin(this.session.disconnect(), TEARDOWN_MS);
    }
  }

  /**
   * The runtime silently answers with a default model when asked for one the API does not
   * offer; a verdict must come from the model the identity names, so that is refused here.
   */
  private async modelUnavailable(): Promise<string | undefined> {
    await this.client.start();
    const offered = (await this.client.listModels()).map((model) => model.id);
    if (offered.includes(this.request.model)) return undefined;
    const some = offered.slice(0, 10).join(', ') || 'none';
    return `the Copilot API does not offer model "${this.request.model}" (offered: ${some})`;
  }

  private config(): SessionConfig {
    return {
      model: this.request.model,
      workingDirectory: this.workingDirectory,
      systemMessage: { mode: 'replace', content: this.request.system },
      tools: this.request.tools.map((tool) => this.declare(tool)),
      availableTools: new ToolSet().addCustom('*'),
      excludedTools: ['builtin:*', 'mcp:*'],
      disabledMcpServers: ['github-mcp-server'],
      infiniteSessions: { enabled: false },
      streaming: false,
      onPermissionRequest: (permission) => {
        this.request.onRefused?.(permission.kind, permission);
        return { kind: 'reject', feedback: 'only the verifier tools may run' };
      },
      hooks: {
        onPreToolUse: (input) => {
          if (this.ours.has(input.toolName)) return { permissionDecision: 'allow' };
          this.request.onRefused?.(input.toolName, input.toolArgs);
          return {
            permissionDecision: 'deny',
            permissionDecisionReason: `the only tools are ${[...this.ours].join(', ')}`,
          };
        },
      },
    };
  }

  private declare(tool: CopilotTool): Tool {
    return {
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      overridesBuiltInTool: true,
      skipPermission: true,
      defer: 'never',
      ...(tool.terminal ? { isTerminal: true } : {}),
      handler: async (args): Promise<ToolResultObject> => {
        const result = await tool.run(args);
        if (tool.terminal && result.ok) this.terminalCalled = true;
        return toolResult(result);
      },
    };
  }

  private onEvent(event: SessionEvent): void {
    switch (event.type) {
      case 'assistant.usage':
        if (event.data.model !== this.request.model) {
          const message = `the runtime called model "${event.data.model}", not "${this.request.model}"`;
          return this.end({ kind: 'failed', message });
        }
        return this.check(this.request.afterUsage(usageOf(event.data)));
      case 'session.error':
        return this.end({ kind: 'failed', message: event.data.message });
      case 'session.idle':
        return this.idle();
      default:
        return undefined;
    }
  }

  private idle(): void {
    if (this.terminalCalled) return this.end({ kind: 'terminal' });
    if (this.ending) return;
    // The model answered without a verdict: nudge it (the gate holds the budgets).
    this.session?.send({ prompt: this.request.nudge }).catch((error: unknown) => {
      this.end({ kind: 'failed', message: messageOf(error) });
    });
  }

  private check(reason: string | undefined): void {
    if (reason === undefined || this.terminalCalled) return;
    this.end({ kind: 'stopped', reason });
  }

  private end(end: CopilotSessionEnd): void {
    if (this.ending) return;
    this.ending = end;
    if (end.kind !== 'terminal') void this.session?.abort().catch(() => undefined);
    this.settle(end);
  }
}

function toolResult(result: CopilotToolResult): ToolResultObject {
  return {
    textResultForLlm: result.text,
    resultType: result.ok ? 'success' : 'failure',
    ...(result.images && result.images.length > 0
      ? {
          binaryResultsForLlm: result.images.map((image) => ({
            type: 'image' as const,
            data: image.base64,
            mimeType: image.mediaType,
          })),
        }
      : {}),
  };
}

function usageOf(data: {
  inputTokens?: number;
  outputTokens?: number;
  cost?: number;
  copilotUsage?: { totalNanoAiu?: number };
}): CopilotUsage {
  const nanoAiu = data.copilotUsage?.totalNanoAiu;
  return {
    inputTokens: data.inputTokens ?? 0,
    outputTokens: data.outputTokens ?? 0,
    ...(data.cost === undefined ? {} : { premiumRequests: data.cost }),
    ...(nanoAiu === undefined ? {} : { aiCredits: nanoAiu / 1e9 }),
  };
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, MAX_MESSAGE_CHARS);
}
