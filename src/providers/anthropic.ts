// Anthropic Messages API: `POST {baseUrl}/v1/messages` with `x-api-key` and
// `anthropic-version: 2023-06-01` (config headers may set another version or beta flags).
//
// Wire choices:
// - `system` is top level (omitted when empty); tool results are `tool_result` blocks in a
//   user message, consecutive results (and a user message right after them) merged into one,
//   tool results first as the API requires. Images may sit inside a `tool_result` when
//   `vision`; without it every image becomes a text note.
// - The API rejects empty text blocks and empty messages: empty text parts are dropped and an
//   otherwise empty message carries '(empty)'.
// - Input tokens count `input_tokens` plus the cache creation/read tokens when present, since
//   all of them are billed.
// - A tool call whose arguments were not a JSON object is replayed with `input: {}` (the API
//   accepts only objects); that case only arises with histories from other formats.
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
  toolCallFromValue,
  usageOf,
} from './shape.js';
import type {
  ChatMessage,
  ChatRequest,
  ChatResponse,
  ContentPart,
  ModelClient,
  ToolCall,
  ToolSpec,
} from './types.js';

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
export const ANTHROPIC_VERSION = '2023-06-01';

type Wire = Record<string, unknown>;

export class AnthropicClient implements ModelClient {
  readonly kind = 'anthropic' as const;
  readonly vision: boolean;
  private readonly url: URL;
  private readonly headers: Record<string, string>;
  private readonly secrets: readonly string[];
  private readonly policy: HttpPolicy;

  constructor(options: ApiClientOptions) {
    this.vision = options.vision;
    this.url = endpoint(anthropicBaseUrl(options.baseUrl), '/v1/messages');
    this.headers = {
      'anthropic-version': ANTHROPIC_VERSION,
      ...lowerCaseHeaders(options.headers),
      ...(options.apiKey === undefined ? {} : { 'x-api-key': options.apiKey }),
    };
    this.secrets = options.apiKey === undefined ? [] : [options.apiKey];
    this.policy = policyOf(options);
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const body = anthropicRequestBody(request, this.vision);
    const reply = await postJson(
      {
        label: 'anthropic',
        url: this.url,
        headers: this.headers,
        body,
        signal: request.signal,
        secrets: this.secrets,
      },
      this.policy,
    );
    try {
      return { ...parseAnthropicResponse(reply.body), retries: reply.retries };
    } catch (err) {
      if (!(err instanceof ShapeError)) throw err;
      const message = `anthropic response has an unexpected shape: ${err.message}`;
      throw providerError('bad_response', message, reply.retries, this.secrets, 200);
    }
  }
}

/** The normalized API root: default filled, trailing slash and a trailing `/v1` removed. */
export function anthropicBaseUrl(baseUrl: string | undefined): URL {
  const url = normalizeBaseUrl(baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL);
  url.pathname = url.pathname.replace(/\/v1$/, '');
  return url;
}

/** The JSON body of a Messages API request. */
export function anthropicRequestBody(request: ChatRequest, vision: boolean): Wire {
  const body: Wire = {
    model: request.model,
    max_tokens: request.maxOutputTokens,
    messages: anthropicMessages(request.messages, vision),
  };
  if (request.system !== '') body.system = request.system;
  if (request.tools.length > 0) {
    body.tools = request.tools.map(anthropicTool);
    body.tool_choice = { type: 'auto' };
  }
  return body;
}

function anthropicTool(tool: ToolSpec): Wire {
  return { name: tool.name, description: tool.description, input_schema: tool.parameters };
}

/** The neutral conversation as Messages API messages (see the notes at the top). */
export function anthropicMessages(messages: readonly ChatMessage[], vision: boolean): Wire[] {
  const wire: Wire[] = [];
  // The content of the last user message when it holds tool results (open for merging).
  let open: Wire[] | undefined;
  for (const message of messages) {
    if (message.role === 'assistant') {
      wire.push({
        role: 'assistant',
        content: nonEmpty(assistantBlocks(message.text, message.toolCalls)),
      });
      open = undefined;
    } else if (message.role === 'user') {
      const blocks = nonEmpty(contentBlocks(message.content, vision));
      if (open === undefined) wire.push({ role: 'user', content: blocks });
      else open.push(...blocks);
      open = undefined;
    } else {
      const block = toolResultBlock(message.toolCallId, message.content, vision);
      if (open === undefined) {
        open = [];
        wire.push({ role: 'user', content: open });
      }
      open.push(block);
    }
  }
  return wire;
}

function nonEmpty(blocks: Wire[]): Wire[] {
  return blocks.length > 0 ? blocks : [{ type: 'text', text: '(empty)' }];
}

function contentBlocks(parts: readonly ContentPart[], vision: boolean): Wire[] {
  const blocks: Wire[] = [];
  for (const part of parts) {
    if (part.type === 'text') {
      if (part.text !== '') blocks.push({ type: 'text', text: part.text });
    } else if (vision) {
      const source = { type: 'base64', media_type: part.mediaType, data: part.base64 };
      blocks.push({ type: 'image', source });
    } else {
      blocks.push({ type: 'text', text: imagePlaceholder(part) });
    }
  }
  return blocks;
}

function toolResultBlock(id: string, parts: readonly ContentPart[], vision: boolean): Wire {
  const content = contentBlocks(parts, vision);
  const block: Wire = { type: 'tool_result', tool_use_id: id };
  if (content.length > 0) block.content = content;
  return block;
}

function assistantBlocks(text: string, toolCalls: readonly ToolCall[]): Wire[] {
  const blocks: Wire[] = text === '' ? [] : [{ type: 'text', text }];
  for (const call of toolCalls) {
    blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments ?? {} });
  }
  return blocks;
}

/** The neutral response (without `retries`) from a Messages API response body. */
export function parseAnthropicResponse(body: unknown): Omit<ChatResponse, 'retries'> {
  const root = expectRecord(body, 'the response');
  if (root.type === 'error') {
    const message = isRecord(root.error) ? root.error.message : undefined;
    throw new ShapeError(
      `it carries an error: ${typeof message === 'string' ? message : 'unknown'}`,
    );
  }
  if (!Array.isArray(root.content)) throw new ShapeError('content is not an array');
  const texts: string[] = [];
  const toolCalls: ToolCall[] = [];
  root.content.forEach((item, index) => {
    const block = expectRecord(item, `content[${index}]`);
    if (block.type === 'text') {
      texts.push(expectString(block.text, `content[${index}].text`));
    } else if (block.type === 'tool_use') {
      const id = expectString(block.id, `content[${index}].id`);
      const name = expectString(block.name, `content[${index}].name`);
      if (id === '' || name === '')
        throw new ShapeError(`content[${index}] has an empty id or name`);
      toolCalls.push(toolCallFromValue(id, name, block.input));
    }
  });
  const usage = isRecord(root.usage) ? root.usage : {};
  const input = tokenCount(usage.input_tokens);
  const cached =
    (tokenCount(usage.cache_creation_input_tokens) ?? 0) +
    (tokenCount(usage.cache_read_input_tokens) ?? 0);
  const counted = usageOf(
    input === undefined ? undefined : input + cached,
    tokenCount(usage.output_tokens),
  );
  const response: Omit<ChatResponse, 'retries'> = {
    text: texts.join(''),
    toolCalls,
    usage: counted.usage,
    stopReason: typeof root.stop_reason === 'string' ? root.stop_reason : 'unknown',
  };
  if (counted.missing) response.usageMissing = true;
  return response;
}
