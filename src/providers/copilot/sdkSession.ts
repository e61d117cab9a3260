// One session on a running Copilot runtime, through @github/copilot-sdk: created with the
// session's own id (the model request gate answers for its budgets by it), working directory,
// configuration directory (the session's state and transcript) and directory for large tool
// outputs, and its events turned into one ending. Loaded only when a Copilot verification
// starts (runtime.ts).
import {
  ToolSet,
  type CopilotClient,
  type CopilotSession,
  type SessionConfig,
  type SessionEvent,
  type Tool,
  type ToolResultObject,
} from '@github/copilot-sdk';
import type { ModelRequestGate } from './modelGate.js';
import type {
  CopilotSessionEnd,
  CopilotSessionRequest,
  CopilotTool,
  CopilotToolResult,
  CopilotUsage,
  SessionDirs,
} from './sessionTypes.js';
import { settlesWithin, TEARDOWN_MS } from './teardown.js';

const MAX_MESSAGE_CHARS = 500;

/** The events of one session, turned into one ending. */
export class SessionRun {
  private session: CopilotSession | undefined;
  private ending: CopilotSessionEnd | undefined;
  private terminalCalled = false;
  private settle: (end: CopilotSessionEnd) => void = () => undefined;
  private readonly ours: Set<string>;

  constructor(
    private readonly client: CopilotClient,
    private readonly gate: ModelRequestGate,
    private readonly request: CopilotSessionRequest,
    private readonly id: string,
    private readonly dirs: SessionDirs,
  ) {
    this.ours = new Set(request.tools.map((tool) => tool.name));
    gate.open(id, () => {
      const refused = this.ending ? 'the session has ended' : request.beforeTurn();
      if (refused !== undefined) this.check(refused);
      return refused;
    });
  }

  /** Ends the session from outside (the runtime process stopped under it). */
  fail(message: string): void {
    this.end({ kind: 'failed', message });
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
      this.gate.close(this.id);
      if (this.session) await settlesWithin(this.session.disconnect(), TEARDOWN_MS);
    }
  }

  /**
   * The runtime silently answers with a default model when asked for one the API does not
   * offer; a verdict must come from the model the identity names, so that is refused here.
   */
  private async modelUnavailable(): Promise<string | undefined> {
    // The SDK keeps the list for the life of the runtime process: asked once per process.
    const offered = (await this.client.listModels()).map((model) => model.id);
    if (offered.includes(this.request.model)) return undefined;
    const some = offered.slice(0, 10).join(', ') || 'none';
    return `the Copilot API does not offer model "${this.request.model}" (offered: ${some})`;
  }

  private config(): SessionConfig {
    return {
      sessionId: this.id,
      model: this.request.model,
      workingDirectory: this.dirs.work,
      configDirectory: this.dirs.config,
      largeOutput: { outputDirectory: this.dirs.tmp },
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
