import {
  errorReply,
  startFakeModelServer,
  textReply,
  toolCallReply,
  type FakeModelServer,
} from '../support/fakeModelServer.js';
import type { ChatMessage } from '../../src/providers/types.js';
import { chatRequest, clientFor, IMAGE, KEY, TOOLS, userText } from './fixtures.js';

let server: FakeModelServer;

beforeEach(async () => {
  server = await startFakeModelServer();
});

afterEach(async () => {
  await server.close();
});

describe('OpenAI chat completions', () => {
  test('a tool call round trip: request shape out, ToolCall in, tool result sent back by id', async () => {
    server.enqueue(
      toolCallReply('openai', [{ id: 'call_1', name: 'read_file', args: { path: 'a.txt' } }], {
        usage: { input: 100, output: 20 },
      }),
      textReply('openai', 'looks fine', { usage: { input: 150, output: 30 } }),
    );
    const client = clientFor(server, 'openai');
    const first = await client.chat(chatRequest([userText('check it')]));
    expect(first).toEqual({
      text: '',
      toolCalls: [
        {
          id: 'call_1',
          name: 'read_file',
          arguments: { path: 'a.txt' },
          rawArguments: '{"path":"a.txt"}',
        },
      ],
      usage: { inputTokens: 100, outputTokens: 20 },
      retries: 0,
      stopReason: 'tool_calls',
    });

    const history: ChatMessage[] = [
      userText('check it'),
      { role: 'assistant', text: '', toolCalls: first.toolCalls },
      {
        role: 'tool',
        toolCallId: 'call_1',
        toolName: 'read_file',
        content: [{ type: 'text', text: 'hello' }],
      },
    ];
    const second = await client.chat(chatRequest(history));
    expect(second.text).toBe('looks fine');
    expect(second.toolCalls).toEqual([]);
    expect(second.usage).toEqual({ inputTokens: 150, outputTokens: 30 });
    expect(second.stopReason).toBe('stop');

    const sent = server.requests[1]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body).toEqual({
      model: 'test-model',
      max_tokens: 256,
      stream: false,
      tool_choice: 'auto',
      tools: TOOLS.map((tool) => ({
        type: 'function',
        function: { name: tool.name, description: tool.description, parameters: tool.parameters },
      })),
      messages: [
        { role: 'system', content: 'You are a verifier.' },
        { role: 'user', content: 'check it' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'read_file', arguments: '{"path":"a.txt"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'hello' },
      ],
    });
  });

  test('multi-turn: parallel calls, text beside calls, and results in order', async () => {
    server.enqueue(textReply('openai', 'done'));
    const history: ChatMessage[] = [
      userText('go'),
      {
        role: 'assistant',
        text: 'Reading both.',
        toolCalls: [
          { id: 'a', name: 'read_file', arguments: { path: 'x' }, rawArguments: '{"path":"x"}' },
          { id: 'b', name: 'read_file', arguments: undefined, rawArguments: '{"path":' },
        ],
      },
      {
        role: 'tool',
        toolCallId: 'a',
        toolName: 'read_file',
        content: [{ type: 'text', text: 'X' }],
      },
      {
        role: 'tool',
        toolCallId: 'b',
        toolName: 'read_file',
        content: [{ type: 'text', text: 'bad args' }],
      },
      { role: 'assistant', text: 'One more thing.', toolCalls: [] },
      userText('continue'),
    ];
    await clientFor(server, 'openai').chat(chatRequest(history, { system: '', tools: [] }));
    const body = server.requests[0]!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('tools');
    expect(body).not.toHaveProperty('tool_choice');
    expect(body.messages).toEqual([
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: 'Reading both.',
        tool_calls: [
          { id: 'a', type: 'function', function: { name: 'read_file', arguments: '{"path":"x"}' } },
          { id: 'b', type: 'function', function: { name: 'read_file', arguments: '{"path":' } },
        ],
      },
      { role: 'tool', tool_call_id: 'a', content: 'X' },
      { role: 'tool', tool_call_id: 'b', content: 'bad args' },
      { role: 'assistant', content: 'One more thing.' },
      { role: 'user', content: 'continue' },
    ]);
  });

  test('images go out as data URLs only with vision, tool images in a follow-up user message', async () => {
    const history: ChatMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'see' }, IMAGE] },
      {
        role: 'assistant',
        text: '',
        toolCalls: [
          { id: 'c1', name: 'read_file', arguments: { path: 'p.png' }, rawArguments: '' },
          { id: 'c2', name: 'read_file', arguments: { path: 'q.txt' }, rawArguments: '' },
        ],
      },
      {
        role: 'tool',
        toolCallId: 'c1',
        toolName: 'read_file',
        content: [{ type: 'text', text: 'p.png' }, IMAGE],
      },
      {
        role: 'tool',
        toolCallId: 'c2',
        toolName: 'read_file',
        content: [{ type: 'text', text: 'Q' }],
      },
    ];
    server.enqueue(textReply('openai', 'ok'), textReply('openai', 'ok'));
    await clientFor(server, 'openai', { vision: true }).chat(chatRequest(history));
    await clientFor(server, 'openai', { vision: false }).chat(chatRequest(history));

    const dataUrl = `data:image/png;base64,${IMAGE.base64}`;
    const withVision = (server.requests[0]!.body as { messages: unknown[] }).messages;
    expect(withVision[1]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'see' },
        { type: 'image_url', image_url: { url: dataUrl } },
      ],
    });
    expect(withVision.slice(3)).toEqual([
      {
        role: 'tool',
        tool_call_id: 'c1',
        content: 'p.png\n[1 image(s) follow in the next message]',
      },
      { role: 'tool', tool_call_id: 'c2', content: 'Q' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Image(s) returned by read_file (tool call c1):' },
          { type: 'image_url', image_url: { url: dataUrl } },
        ],
      },
    ]);

    const withoutVision = JSON.stringify(server.requests[1]!.body);
    expect(withoutVision).not.toContain(IMAGE.base64);
    expect(withoutVision).not.toContain('image_url');
    const messages = (server.requests[1]!.body as { messages: { content: unknown }[] }).messages;
    expect(messages[1]!.content).toMatch(
      /^see\n\[image omitted \(image\/png.*not configured for vision\]$/,
    );
    expect(messages).toHaveLength(5);
  });

  test('arguments that are not a JSON object: undefined arguments, raw text kept and bounded', async () => {
    const long = `{"path": "${'x'.repeat(5000)}`;
    server.enqueue(
      toolCallReply('openai', [
        { id: 'c1', name: 'read_file', args: '{"path": "a.txt"' },
        { id: 'c2', name: 'read_file', args: '["a.txt"]' },
        { id: 'c3', name: 'read_file', args: long },
        { id: 'c4', name: 'submit_verdict', args: '' },
      ]),
    );
    const response = await clientFor(server, 'openai').chat(chatRequest([userText('go')]));
    const [broken, array, huge, empty] = response.toolCalls;
    expect(broken).toEqual({
      id: 'c1',
      name: 'read_file',
      arguments: undefined,
      rawArguments: '{"path": "a.txt"',
    });
    expect(array).toEqual({
      id: 'c2',
      name: 'read_file',
      arguments: undefined,
      rawArguments: '["a.txt"]',
    });
    expect(huge!.arguments).toBeUndefined();
    expect(Buffer.byteLength(huge!.rawArguments)).toBe(2048);
    expect(long.startsWith(huge!.rawArguments)).toBe(true);
    expect(empty!.arguments).toEqual({});
  });

  test('missing usage counts 0 and is flagged; reported usage is not', async () => {
    server.enqueue(
      textReply('openai', 'a', { usage: null }),
      textReply('openai', 'b', { usage: { input: 7, output: 3 } }),
    );
    const client = clientFor(server, 'openai');
    const missing = await client.chat(chatRequest([userText('go')]));
    expect(missing.usage).toEqual({ inputTokens: 0, outputTokens: 0 });
    expect(missing.usageMissing).toBe(true);
    const present = await client.chat(chatRequest([userText('go')]));
    expect(present.usage).toEqual({ inputTokens: 7, outputTokens: 3 });
    expect(present.usageMissing).toBeUndefined();
  });

  test('switches to max_completion_tokens once when the server asks for it, and stays there', async () => {
    const asked =
      "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.";
    server.setHandler((request) =>
      (request.body as Record<string, unknown>).max_tokens !== undefined
        ? errorReply('openai', 400, asked)
        : textReply('openai', 'ok'),
    );
    const client = clientFor(server, 'openai');
    const first = await client.chat(chatRequest([userText('go')]));
    await client.chat(chatRequest([userText('again')]));
    expect(first.text).toBe('ok');
    expect(first.retries).toBe(0);
    const fields = server.requests.map((r) =>
      Object.keys(r.body as object).filter((k) => k.startsWith('max_')),
    );
    expect(fields).toEqual([['max_tokens'], ['max_completion_tokens'], ['max_completion_tokens']]);
    expect((server.requests[1]!.body as Record<string, unknown>).max_completion_tokens).toBe(256);
  });

  test('other 400s are not resent', async () => {
    server.enqueue(errorReply('openai', 400, 'model not found'), textReply('openai', 'never'));
    await expect(
      clientFor(server, 'openai').chat(chatRequest([userText('go')])),
    ).rejects.toMatchObject({
      kind: 'bad_request',
    });
    expect(server.requests).toHaveLength(1);
  });
});
