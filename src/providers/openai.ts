// OpenAI-compatible chat completions: `POST {baseUrl}/chat/completions`. Serves OpenAI, Azure
// OpenAI, Ollama, vLLM and llama.cpp.
//
// Wire choices, all for the widest compatibility with those servers:
// - Text-only user and tool content is sent as one string (older local servers reject
//   content arrays); content arrays are used only when an image is actually sent.
// - `max_tokens`, not `max_completion_tokens`: Ollama and older llama.cpp/vLLM ignore the
//   latter silently, which would leave generation unbounded. OpenAI reasoning models reject
//   `max_tokens` with a 400 naming `max_completion_tokens`; on that answer the client resends
//   once with `max_completion_tokens` and keeps using it (that resend is not a retry).
// - `tools` and `tool_choice: 'auto'` are omitted when there are no tools (OpenAI rejects an
//   empty tools array); `stream: false` is explicit.
// - Azure OpenAI hosts get the key in `api-key`, everyone else in `Authorization: Bearer`.
import {
  policyOf,
  postJson,
  providerError,
  type ApiClientOptions,
  type HttpPolicy,
} from './http.js';
import {
  endpoint,
  expectRecord,
  expectString,
  imagePlaceholder,
  isRecord,
  lowerCaseHeaders,
  normalizeBaseUrl,
  ShapeError,
  tokenCount,
  toolCallFromText,
  toolCallFromValue,
  usageOf,
} from './shape.js';
import {
  ProviderError,
  type ChatMessage,
  type ChatRequest,
  type ChatResponse,
  type ContentPart,
  type ModelClient,
  type ToolCall,
  type ToolSpec,
} from './types.js';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

type Wire = Record<string, unknown>;
type TokenField = 'max_tokens' | 'max_completion_tokens';

export class OpenAIClient implements ModelClient {
  readonly kind = 'openai' as const;
  readonly vision: boolean;
  private readonly url: URL;
  private readonly headers: Record<string, string>;
  private readonly secrets: readonly string[];
  private readonly policy: HttpPolicy;
  private tokenField: TokenField = 'max_tokens';

  constructor(options: ApiClientOptions) {
    this.vision = options.vision;
    const base = normalizeBaseUrl(options.baseUrl ?? OPENAI_DEFAULT_BASE_URL);
    this.url = endpoint(base, '/chat/completions');
    this.headers = {
      ...lowerCaseHeaders(options.headers),
      ...openAIAuthHeaders(base, options.apiKey),
    };
    this.secrets = options.apiKey === undefined ? [] : [options.apiKey];
    this.policy = policyOf(options);
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    try {
      return await this.send(request, this.tokenField);
    } catch (err) {
      if (!(err instanceof ProviderError) || !wantsCompletionTokens(err, this.tokenField)) {
        throw err;
      }
      this.tokenField = 'max_completion_tokens';
      try {
        const response = await this.send(request, this.tokenField);
        return { ...response, retries: response.retries + err.retries };
      } catch (again) {
        if (!(again instanceof ProviderError)) throw again;
        const retries = again.retries + err.retries;
        throw new ProviderError(again.kind, again.message, retries, again.status);
      }
    }
  }

  private async send(request: ChatRequest, tokenField: TokenField): Promise<ChatResponse> {
    const body = openAIRequestBody(request, this.vision, tokenField);
    const reply = await postJson(
      {
        label: 'openai',
        url: this.url,
        headers: this.headers,
        body,
        signal: request.signal,
        secrets: this.secrets,
      },
      this.policy,
    );
    try {
      return { ...parseOpenAIResponse(reply.body), retries: reply.retries };
    } catch (err) {
      if (!(err instanceof ShapeError)) throw err;
      const message = `openai response has an unexpected shape: ${err.message}`;
      throw providerError('bad_response', message, reply.retries, this.secrets, 200);
    }
  }
}

/** The auth header for `base`: `api-key` on Azure OpenAI hosts, a bearer token elsewhere. */
export function openAIAuthHeaders(base: URL, apiKey: string | undefined): Record<string, string> {
  if (apiKey === undefined) return {};
  const azure = /\.(openai\.azure\.com|cognitiveservices\.azure\.com)$/i.test(base.hostname);
  return azure ? { 'api-key': apiKey } : { authorization: `Bearer ${apiKey}` };
}

function wantsCompletionTokens(err: ProviderError, current: TokenField): boolean {
  return (
    current === 'max_tokens' &&
    err.kind === 'bad_request' &&
    err.status === 400 &&
    err.message.includes('max_completion_tokens')
  );
}

/** The JSON body of a chat-completions request. */
export function openAIRequestBody(
  request: ChatRequest,
  vision: boolean,
  tokenField: TokenField,
): Wire {
  const body: Wire = {
    model: request.model,
    messages: openAIMessages(request.system, request.messages, vision),
    [tokenField]: request.maxOutputTokens,
    stream: false,
  };
  if (request.tools.length > 0) {
    body.tools = request.tools.map(openAITool);
    body.tool_choice = 'auto';
  }
  return body;
}

function openAITool(tool: ToolSpec): Wire {
  return {
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  };
}

/**
 * The neutral conversation as chat-completions messages. OpenAI tool messages carry text
 * only, so images returned by tools (when `vision`) are sent in one user message right after
 * the run of tool messages they belong to, each image labelled with its tool call; the tool
 * message itself says that its images follow. Without `vision` images become a text note.
 */
export function openAIMessages(
  system: string,
  messages: readonly ChatMessage[],
  vision: boolean,
): Wire[] {
  const wire: Wire[] = system === '' ? [] : [{ role: 'system', content: system }];
  let followUp: Wire[] = [];
  for (const message of messages) {
    if (message.role !== 'tool' && followUp.length > 0) {
      wire.push({ role: 'user', content: followUp });
      followUp = [];
    }
    if (message.role === 'user') {
      wire.push({ role: 'user', content: userContent(message.content, vision) });
    } else if (message.role === 'assistant') {
      wire.push(assistantMessage(message.text, message.toolCalls));
    } else {
      const images = vision ? message.content.filter((part) => part.type === 'image') : [];
      const note =
        images.length > 0 ? [`[${images.length} image(s) follow in the next message]`] : [];
      const content = [...textLines(message.content, vision), ...note].join('\n');
      wire.push({ role: 'tool', tool_call_id: message.toolCallId, content });
      if (images.length > 0) {
        const label = `Image(s) returned by ${message.toolName} (tool call ${message.toolCallId}):`;
        followUp.push({ type: 'text', text: label }, ...images.map(imageUrlPart));
      }
    }
  }
  if (followUp.length > 0) wire.push({ role: 'user', content: followUp });
  return wire;
}

/** Text parts as lines, with a placeholder line for each image when images are not sent. */
function textLines(parts: readonly ContentPart[], vision: boolean): string[] {
  const lines: string[] = [];
  for (const part of parts) {
    if (part.type === 'text') lines.push(part.text);
    else if (!vision) lines.push(imagePlaceholder(part));
  }
  return lines;
}

function userContent(parts: readonly ContentPart[], vision: boolean): string | Wire[] {
  if (!vision || !parts.some((part) => part.type === 'image')) {
    return textLines(parts, vision).join('\n');
  }
  return parts.map((part) =>
    part.type === 'text' ? { type: 'text', text: part.text } : imageUrlPart(part),
  );
}

function imageUrlPart(part: ContentPart): Wire {
  if (part.type !== 'image') return { type: 'text', text: part.text };
  return { type: 'image_url', image_url: { url: `data:${part.mediaType};base64,${part.base64}` } };
}

function assistantMessage(text: string, toolCalls: readonly ToolCall[]): Wire {
  if (toolCalls.length === 0) return { role: 'assistant', content: text };
  return {
    role: 'assistant',
    content: text === '' ? null : text,
    tool_calls: toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: {
        name: call.name,
        arguments:
          call.arguments === undefined ? call.rawArguments : JSON.stringify(call.arguments),
      },
    })),
  };
}

/** The neutral response (without `retries`) from a chat-completions response body. */
export function parseOpenAIResponse(body: unknown): Omit<ChatResponse, 'retries'> {
  const root = expectRecord(body, 'the response');
  if (root.choices === undefined && root.error !== undefined) {
    const error = isRecord(root.error) ? root.error.message : root.error;
    throw new ShapeError(`it carries an error: ${typeof error === 'string' ? error : 'unknown'}`);
  }
  if (!Array.isArray(root.choices) || root.choices.length === 0) {
    throw new ShapeError('choices is missing or empty');
  }
  const choice = expectRecord(root.choices[0], 'choices[0]');
  const message = expectRecord(choice.message, 'choices[0].message');
  const usage = isRecord(root.usage) ? root.usage : {};
  const counted = usageOf(tokenCount(usage.prompt_tokens), tokenCount(usage.completion_tokens));
  const response: Omit<ChatResponse, 'retries'> = {
    text: contentText(message.content),
    toolCalls: parseToolCalls(message.tool_calls),
    usage: counted.usage,
    stopReason: typeof choice.finish_reason === 'string' ? choice.finish_reason : 'unknown',
  };
  if (counted.missing) response.usageMissing = true;
  return response;
}

function contentText(content: unknown): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) throw new ShapeError('choices[0].message.content is not text');
  return content
    .map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
    .join('');
}

function parseToolCalls(value: unknown): ToolCall[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new ShapeError('choices[0].message.tool_calls is not an array');
  const calls: ToolCall[] = [];
  value.forEach((item, index) => {
    const where = `tool_calls[${index}]`;
    const call = expectRecord(item, where);
    if (call.type !== undefined && call.type !== 'function') return;
    const fn = expectRecord(call.function, `${where}.function`);
    const name = expectString(fn.name, `${where}.function.name`);
    if (name === '') throw new ShapeError(`${where}.function.name is empty`);
    const id = typeof call.id === 'string' && call.id !== '' ? call.id : `call_${index}`;
    const args = fn.arguments ?? '';
    calls.push(
      typeof args === 'string'
        ? toolCallFromText(id, name, args)
        : toolCallFromValue(id, name, args),
    );
  });
  return calls;
}
