// What one Copilot session is given and how it ends: shared by the agent and runtime.ts, which
// hold no SDK, and sdkRuntime.ts and sdkSession.ts, which drive the runtime through it.
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

/** The runtime process's own directories, shared by its sessions (runtimeDirs.ts). */
export type RuntimeDirs = Record<
  'root' | 'home' | 'tmp' | 'config' | 'cache' | 'data' | 'state' | 'copilotHome' | 'work',
  string
>;

/** One session's directories, removed when it ends: nothing in them outlives the session. */
export type SessionDirs = Record<'root' | 'work' | 'config' | 'tmp', string>;
