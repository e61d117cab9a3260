// Test support for the model gateway: a fake provider upstream on 127.0.0.1 that records what
// it saw and answers in the real OpenAI chat-completions and Anthropic messages wire formats,
// as JSON or as server-sent events written chunk by chunk; and a client that talks HTTP/1.1 to
// the gateway's Unix socket and keeps every byte it received, so tests can assert that no
// secret ever came back.
import {
  createServer,
  request,
  type ClientRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export type SeenRequest = {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

export type UpstreamHandler = (seen: SeenRequest, res: ServerResponse) => void | Promise<void>;

export type FakeUpstream = {
  url: string;
  seen: SeenRequest[];
  setHandler(handler: UpstreamHandler): void;
  close(): Promise<void>;
};

export async function startUpstream(initial: UpstreamHandler): Promise<FakeUpstream> {
  const seen: SeenRequest[] = [];
  let handler = initial;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: { ...req.headers },
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(entry);
      Promise.resolve(handler(entry, res)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    setHandler: (next) => {
      handler = next;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

export function openAICompletion(text: string, usage = { prompt: 11, completion: 7 }): unknown {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'gpt-4o-mini',
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: {
      prompt_tokens: usage.prompt,
      completion_tokens: usage.completion,
      total_tokens: usage.prompt + usage.completion,
    },
  };
}

export function anthropicMessage(text: string): unknown {
  return {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 20, output_tokens: 9, cache_read_input_tokens: 5 },
  };
}

/** OpenAI stream chunks: two deltas, the usage chunk, then [DONE]. */
export function openAIStreamEvents(): string[] {
  const chunk = (delta: unknown, extra: Record<string, unknown> = {}): string =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-2',
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model: 'gpt-4o-mini',
      choices: delta === null ? [] : [{ index: 0, delta, finish_reason: null }],
      ...extra,
    })}\n\n`;
  return [
    chunk({ role: 'assistant', content: 'Hel' }),
    chunk({ content: 'lo' }),
    chunk(null, { usage: { prompt_tokens: 31, completion_tokens: 4, total_tokens: 35 } }),
    'data: [DONE]\n\n',
  ];
}

/** Anthropic stream events: input usage in message_start, output usage in message_delta. */
export function anthropicStreamEvents(): string[] {
  const event = (type: string, data: Record<string, unknown>): string =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const message = {
    id: 'msg_2',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 25, cache_creation_input_tokens: 3, output_tokens: 1 },
  };
  return [
    event('message_start', { message }),
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Hello' } }),
    event('content_block_stop', { index: 0 }),
    event('message_delta', {
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: 15 },
    }),
    event('message_stop', {}),
  ];
}

/** Writes `pieces` one by one with a pause between, as a streaming server would. */
export async function sendEvents(res: ServerResponse, pieces: readonly string[]): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const piece of pieces) {
    res.write(piece);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  res.end();
}

export type GatewayReply = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

export type CallOptions = {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body in pieces without a content-length (chunked transfer encoding). */
  chunked?: boolean;
  onFirstChunk?: (req: ClientRequest) => void;
};

/** Every byte any gateway answer carried (status line aside), for the no-secret assertion. */
export const capturedReplies: string[] = [];

export function callGateway(socketPath: string, options: CallOptions): Promise<GatewayReply> {
  return new Promise((resolve, reject) => {
    const body = options.body ?? '';
    const headers: Record<string, string> = { ...options.headers };
    if (!options.chunked) headers['content-length'] = String(Buffer.byteLength(body));
    const req = request(
      { socketPath, method: options.method ?? 'POST', path: options.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (chunks.length === 0) options.onFirstChunk?.(req);
          chunks.push(chunk);
        });
        res.on('error', reject);
        res.on('close', () => {
          if (!res.complete) reject(new Error('the answer was cut off'));
        });
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          capturedReplies.push(JSON.stringify(res.rawHeaders), text);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
        });
      },
    );
    req.on('error', reject);
    if (options.chunked) {
      const bytes = Buffer.from(body);
      for (let at = 0; at < bytes.byteLength; at += 512) req.write(bytes.subarray(at, at + 512));
    } else {
      req.write(body);
    }
    req.end();
  });
}
