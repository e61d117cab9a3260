// A scripted stand-in for GitHub's Copilot API on 127.0.0.1 (random port), for the real Copilot
// runtime pointed at it with COPILOT_API_URL. It serves what the runtime calls:
//
//   GET  /models            → the configured model ids, each with supported_endpoints
//                             ["/chat/completions"] and tool-call capabilities
//   POST /chat/completions  → the next scripted turn, OpenAI format (JSON, or SSE chunks when the
//                             request asks for stream: true)
//   anything else           → 404 (recorded in `others`, so a test can see MCP or telemetry calls)
//
// A script is `(request, index) => FakeTurn`; `index` counts chat requests from 0. A turn is
// text and/or tool calls with usage (default 10 input / 5 output tokens) and, when given,
// `nanoAiu` as copilot_usage.total_nano_aiu, or an HTTP `error`. Every chat request is recorded with its headers
// and parsed body: a test reads the tool names the runtime offered (`toolNames`).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeCopilotCall = { name: string; args: unknown };

export type FakeTurn = {
  /** An HTTP error instead of a completion (401 for a token the API refuses). */
  error?: { status: number; message: string };
  /** Holds the answer back (for wall-time tests); the connection closing ends the wait. */
  delayMs?: number;
  text?: string;
  calls?: FakeCopilotCall[];
  usage?: { input: number; output: number };
  nanoAiu?: number;
};

export type ChatRecord = { headers: Record<string, string>; body: Record<string, unknown> };

export type FakeCopilotScript = (request: ChatRecord, index: number) => FakeTurn;

export type FakeCopilotApi = {
  readonly url: string;
  readonly chats: ChatRecord[];
  /** Requests other than GET /models and POST /chat/completions. */
  readonly others: string[];
  setScript(script: FakeCopilotScript): void;
  close(): Promise<void>;
};

/** The tool names a chat request offered the model. */
export function toolNames(request: ChatRecord): string[] {
  const tools = (request.body.tools ?? []) as { function?: { name?: string } }[];
  return tools.map((tool) => tool.function?.name ?? '?').sort();
}

export async function startFakeCopilotApi(
  models: string[],
  script: FakeCopilotScript,
): Promise<FakeCopilotApi> {
  const chats: ChatRecord[] = [];
  const others: string[] = [];
  let current = script;
  const server = createServer((req, res) => {
    handle(req, res, { models, chats, others, script: () => current }).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    chats,
    others,
    setScript: (next) => void (current = next),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type State = {
  models: string[];
  chats: ChatRecord[];
  others: string[];
  script: () => FakeCopilotScript;
};

async function handle(req: IncomingMessage, res: ServerResponse, state: State): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (req.method === 'GET' && path === '/models') return json(res, 200, modelList(state.models));
  if (req.method !== 'POST' || path !== '/chat/completions') {
    state.others.push(`${req.method ?? ''} ${path}`);
    return json(res, 404, { error: { message: `no route ${path}` } });
  }
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<
    string,
    unknown
  >;
  const record: ChatRecord = { headers: flatHeaders(req), body };
  const index = state.chats.length;
  state.chats.push(record);
  const turn = state.script()(record, index);
  const model = typeof body.model === 'string' ? body.model : 'unknown';
  if (turn.delayMs !== undefined) await held(res, turn.delayMs);
  if (res.destroyed) return;
  if (turn.error) return json(res, turn.error.status, { error: { message: turn.error.message } });
  if (body.stream === true) return stream(res, turn, model, index);
  return json(res, 200, completion(turn, model, index));
}

function modelList(models: string[]): unknown {
  return {
    object: 'list',
    data: models.map((id) => ({
      id,
      name: id,
      object: 'model',
      vendor: 'fake',
      version: id,
      model_picker_enabled: true,
      preview: false,
      supported_endpoints: ['/chat/completions'],
      capabilities: {
        family: id,
        type: 'chat',
        object: 'model_capabilities',
        tokenizer: 'o200k_base',
        limits: { max_context_window_tokens: 128000, max_output_tokens: 4096 },
        supports: { tool_calls: true, parallel_tool_calls: true, streaming: true },
      },
      billing: { is_premium: true, multiplier: 1 },
    })),
  };
}

function toolCalls(turn: FakeTurn, index: number): unknown[] {
  return (turn.calls ?? []).map((call, position) => ({
    id: `call_${index}_${position}`,
    type: 'function',
    function: {
      name: call.name,
      arguments: typeof call.args === 'string' ? call.args : JSON.stringify(call.args),
    },
  }));
}

function usage(turn: FakeTurn): Record<string, unknown> {
  const { input, output } = turn.usage ?? { input: 10, output: 5 };
  return { prompt_tokens: input, completion_tokens: output, total_tokens: input + output };
}

function extras(turn: FakeTurn): Record<string, unknown> {
  return turn.nanoAiu === undefined ? {} : { copilot_usage: { total_nano_aiu: turn.nanoAiu } };
}

function completion(turn: FakeTurn, model: string, index: number): unknown {
  const calls = toolCalls(turn, index);
  return {
    id: `chatcmpl-${index}`,
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: turn.text ?? null,
          ...(calls.length > 0 ? { tool_calls: calls } : {}),
        },
        finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    usage: usage(turn),
    ...extras(turn),
  };
}

function stream(res: ServerResponse, turn: FakeTurn, model: string, index: number): void {
  const calls = toolCalls(turn, index).map((call, position) => ({
    index: position,
    ...(call as object),
  }));
  const base = { id: `chatcmpl-${index}`, object: 'chat.completion.chunk', created: 1, model };
  const delta = {
    role: 'assistant',
    ...(turn.text === undefined ? {} : { content: turn.text }),
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
  };
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const events = [
    { ...base, choices: [{ index: 0, delta, finish_reason: null }] },
    {
      ...base,
      choices: [{ index: 0, delta: {}, finish_reason: calls.length > 0 ? 'tool_calls' : 'stop' }],
      usage: usage(turn),
      ...extras(turn),
    },
  ];
  for (const event of events) res.write(`data: ${JSON.stringify(event)}\n\n`);
  res.end('data: [DONE]\n\n');
}

function held(res: ServerResponse, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    res.on('close', () => (clearTimeout(timer), resolve()));
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
