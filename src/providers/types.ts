// A provider-neutral conversation with a tool-calling model. Adapters translate it to the
// OpenAI chat-completions and Anthropic messages wire formats.

export type TextPart = { type: 'text'; text: string };
export type ImagePart = { type: 'image'; mediaType: 'image/png' | 'image/jpeg'; base64: string };
export type ContentPart = TextPart | ImagePart;

export type ToolCall = {
  /** The provider's id for this call, echoed back with its result. */
  id: string;
  name: string;
  /** Parsed arguments; `undefined` when the model sent arguments that are not a JSON object. */
  arguments: Record<string, unknown> | undefined;
  /** The raw argument text, kept for error messages (bounded). */
  rawArguments: string;
};

export type ChatMessage =
  | { role: 'user'; content: ContentPart[] }
  | { role: 'assistant'; text: string; toolCalls: ToolCall[] }
  | { role: 'tool'; toolCallId: string; toolName: string; content: ContentPart[] };

export type ToolSpec = {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
};

export type ChatRequest = {
  model: string;
  system: string;
  messages: readonly ChatMessage[];
  tools: readonly ToolSpec[];
  maxOutputTokens: number;
  signal: AbortSignal;
};

export type ChatUsage = { inputTokens: number; outputTokens: number };

export type ChatResponse = {
  text: string;
  toolCalls: ToolCall[];
  usage: ChatUsage;
  /** How many retried HTTP attempts (429/5xx/network) this call needed. */
  retries: number;
  /** The provider's own stop reason, verbatim ('stop', 'tool_calls', 'length', 'end_turn',
   * 'tool_use', 'max_tokens', ...), or 'unknown' when it sent none. */
  stopReason: string;
  /** Set when the provider reported no (or partial) token usage; missing counts are 0. */
  usageMissing?: boolean;
};

/** Why a model call failed, for the error category of the verification. */
export type ProviderFailureKind =
  | 'auth'
  | 'rate_limited'
  | 'server'
  | 'bad_response'
  | 'bad_request'
  | 'network'
  | 'timeout'
  | 'aborted';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderFailureKind,
    message: string,
    readonly retries: number,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** One model endpoint. Implementations never put credentials in messages or errors. */
export interface ModelClient {
  readonly kind: 'openai' | 'anthropic';
  /** Whether image parts may be sent (host configuration: models.<alias>.vision). */
  readonly vision: boolean;
  chat(request: ChatRequest): Promise<ChatResponse>;
}
