// A scripted model server for tests: a real HTTP server on 127.0.0.1 (random port) that
// speaks both wire formats the providers use.
//
//   POST /v1/chat/completions or /chat/completions  → format 'openai'
//   POST /v1/messages                               → format 'anthropic'
//   anything else                                   → 404 (not recorded)
//
// Usage:
//   const server = await startFakeModelServer([
//     toolCallReply('openai', [{ id: 'c1', name: 'read_file', args: { path: 'a.txt' } }]),
//     textReply('openai', 'done'),
//   ]);
//   const client = createModelClient(server.provider('openai'), { env: {}, vision: false });
//   ... await client.chat(...) ...
//   expect(server.requests[0]?.body).toMatchObject({ model: 'm' });
//   await server.close();
//
// Script: a queue of replies (one per request, in order; `enqueue` adds more) or a handler
// `(request) => reply` (sync or async; `setHandler` replaces it). A handler wins over the
// queue. With neither, the server answers 500 "no scripted reply left".
//
// A reply is `{ status?, body, headers?, delayMs?, drop? }`: status defaults to 200; a string
// body is sent verbatim (use it for malformed JSON), any other body is sent as JSON; `delayMs`
// holds the answer back (for timeout and abort tests; `close` cancels pending delays); `drop`
// closes the connection without answering (a network error for the client).
//
// Every request is recorded in `requests` before the reply is chosen: format, path, lower-case
// headers, and the JSON-parsed body (the raw text when it is not JSON).
//
// Canned replies in either format: `textReply(format, text, {usage?, stopReason?})`,
// `toolCallReply(format, [{id, name, args}], {text?, usage?, stopReason?})` and
// `errorReply(format, status, message, headers?)`. Usage defaults to 10 input / 5 output
// tokens; `usage: null` leaves it out.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type WireFormat = 'openai' | 'anthropic';

export type FakeRequest = {
  format: WireFormat;
  path: string;
  headers: Record<string, string>;
  body: unknown;
};

export type FakeReply = {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  drop?: boolean;
};

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export type FakeModelServer = {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Requests received so far, oldest first. */
  readonly requests: FakeRequest[];
  /** A provider config pointing here: OpenAI base URL `<url>/v1`, Anthropic `<url>`. */
  provider(format: WireFormat, apiKeyEnv?: string): ProviderConfig;
  enqueue(...replies: FakeReply[]): void;
  setHandler(handler: FakeHandler | undefined): void;
  close(): Promise<void>;
};

export type ProviderConfig = { kind: WireFormat; baseUrl: string; apiKeyEnv?: string };

export async function startFakeModelServer(
  script: FakeReply[] | FakeHandler = [],
): Promise<FakeModelServer> {
  const requests: FakeRequest[] = [];
  const queue: FakeReply[] = Array.isArray(script) ? [...script] : [];
  let handler: FakeHandler | undefined = Array.isArray(script) ? undefined : script;
  const timers = new Set<NodeJS.Timeout>();

  const next = async (request: FakeRequest): Promise<FakeReply> => {
    if (handler !== undefined) return handler(request);
    return (
      queue.shift() ?? { status: 500, body: errorBody('fake model server: no scripted reply left') }
    );
  };
  const server = createServer((req, res) => {
    handle(req, res, requests, next, timers).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    provider: (format, apiKeyEnv) => ({
      kind: format,
      baseUrl: format === 'openai' ? `${url}/v1` : url,
      ...(apiKeyEnv === undefined ? {} : { apiKeyEnv }),
    }),
    enqueue: (...replies) => void queue.push(...replies),
    setHandler: (next) => void (handler = next),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function formatOf(path: string): WireFormat | undefined {
  if (path === '/v1/chat/completions' || path === '/chat/completions') return 'openai';
  if (path === '/v1/messages') return 'anthropic';
  return undefined;
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  requests: FakeRequest[],
  next: (request: FakeRequest) => Promise<FakeReply>,
  timers: Set<NodeJS.Timeout>,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const format = formatOf(path);
  if (format === undefined || req.method !== 'POST') {
    send(res, { status: 404, body: errorBody(`no route ${req.method ?? ''} ${path}`) });
    return;
  }
  const request: FakeRequest = { format, path, headers: flatHeaders(req), body: parseOrRaw(raw) };
  requests.push(request);
  let reply: FakeReply;
  try {
    reply = await next(request);
  } catch (err) {
    reply = { status: 500, body: errorBody(`fake handler threw: ${String(err)}`) };
  }
  if (reply.delayMs !== undefined && reply.delayMs > 0) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => (timers.delete(timer), resolve()), reply.delayMs);
      timers.add(timer);
      res.on('close', () => (clearTimeout(timer), timers.delete(timer), resolve()));
    });
  }
  if (reply.drop === true) req.socket.destroy();
  else if (!res.destroyed && !res.writableEnded) send(res, reply);
}

function send(res: ServerResponse, reply: FakeReply): void {
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
  res.end(text);
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined)
      out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function parseOrRaw(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function errorBody(message: string): unknown {
  return { error: { type: 'fake_error', message } };
}

// ---- canned replies --------------------------------------------------------------------

/** Token usage of a canned reply; `null` leaves usage out of the body. */
export type FakeUsage = { input: number; output: number } | null;

/** A tool call in a canned reply. A string `args` is the raw argument text (OpenAI) or, for
 * Anthropic, parsed as JSON when it is JSON and sent as a bare string `input` otherwise. */
export type FakeToolCall = { id: string; name: string; args: unknown };

export type ReplyOptions = { text?: string; usage?: FakeUsage; stopReason?: string };

const DEFAULT_USAGE = { input: 10, output: 5 };

/** A plain text answer. */
export function textReply(format: WireFormat, text: string, options: ReplyOptions = {}): FakeReply {
  const stop = options.stopReason ?? (format === 'openai' ? 'stop' : 'end_turn');
  return reply(format, { ...options, text }, [], stop);
}

/** An answer calling tools (with optional text alongside). */
export function toolCallReply(
  format: WireFormat,
  calls: readonly FakeToolCall[],
  options: ReplyOptions = {},
): FakeReply {
  const stop = options.stopReason ?? (format === 'openai' ? 'tool_calls' : 'tool_use');
  return reply(format, options, calls, stop);
}

/** An error answer in the format's error shape. */
export function errorReply(
  format: WireFormat,
  status: number,
  message: string,
  headers?: Record<string, string>,
): FakeReply {
  const body =
    format === 'openai'
      ? { error: { message, type: 'invalid_request_error', code: null } }
      : { type: 'error', error: { type: 'api_error', message } };
  return headers === undefined ? { status, body } : { status, body, headers };
}

function reply(
  format: WireFormat,
  options: ReplyOptions,
  calls: readonly FakeToolCall[],
  stop: string,
): FakeReply {
  const usage = options.usage === undefined ? DEFAULT_USAGE : options.usage;
  return {
    status: 200,
    body:
      format === 'openai'
        ? openaiBody(options.text, calls, stop, usage)
        : anthropicBody(options.text, calls, stop, usage),
  };
}

function openaiBody(
  text: string | undefined,
  calls: readonly FakeToolCall[],
  stop: string,
  usage: FakeUsage,
): Record<string, unknown> {
  const message: Record<string, unknown> = { role: 'assistant', content: text ?? null };
  if (calls.length > 0) {
    message.tool_calls = calls.map((call) => ({
      id: call.id,
      type: 'function',
      function: {
        name: call.name,
        arguments: typeof call.args === 'string' ? call.args : JSON.stringify(call.args),
      },
    }));
  }
  const body: Record<string, unknown> = {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    model: 'fake',
    choices: [{ index: 0, message, finish_reason: stop }],
  };
  if (usage !== null) {
    const total = usage.input + usage.output;
    body.usage = {
      prompt_tokens: usage.input,
      completion_tokens: usage.output,
      total_tokens: total,
    };
  }
  return body;
}

function anthropicBody(
  text: string | undefined,
  calls: readonly FakeToolCall[],
  stop: string,
  usage: FakeUsage,
): Record<string, unknown> {
  const content: unknown[] = text === undefined || text === '' ? [] : [{ type: 'text', text }];
  for (const call of calls) {
    const input = typeof call.args === 'string' ? parseOrRaw(call.args) : call.args;
    content.push({ type: 'tool_use', id: call.id, name: call.name, input });
  }
  const body: Record<string, unknown> = {
    id: 'msg_fake',
    type: 'message',
    role: 'assistant',
    model: 'fake',
    content,
    stop_reason: stop,
  };
  if (usage !== null) body.usage = { input_tokens: usage.input, output_tokens: usage.output };
  return body;
}
