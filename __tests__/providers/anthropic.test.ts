import {
  startFakeModelServer,
  textReply,
  toolCallReply,
  type FakeModelServer,
} from '../support/fakeModelServer.js';
import { parseAnthropicResponse } from '../../src/providers/anthropic.js';
import { createModelClient } from '../../src/providers/factory.js';
import type { ChatMessage } from '../../src/providers/types.js';
import { chatRequest, clientFor, IMAGE, KEY, TOOLS, userText } from './fixtures.js';

let server: FakeModelServer;

beforeEach(async () => {
  server = await startFakeModelServer();
});

afterEach(async () => {
  await server.close();
});

const textPart = (text: string) => ({ type: 'text' as const, text });

describe('Anthropic messages', () => {
  test('a tool call round trip: request shape out, ToolCall in, tool result sent back by id', async () => {
    server.enqueue(
      toolCallReply('anthropic', [{ id: 'toolu_1', name: 'read_file', args: { path: 'a.txt' } }], {
        text: 'Let me look.',
        usage: { input: 100, output: 20 },
      }),
      textReply('anthropic', 'looks fine', { usage: { input: 150, output: 30 } }),
    );
    const client = clientFor(server, 'anthropic');
    const first = await client.chat(chatRequest([userText('check it')]));
    expect(first).toEqual({
      text: 'Let me look.',
      toolCalls: [
        {
          id: 'toolu_1',
          name: 'read_file',
          arguments: { path: 'a.txt' },
          rawArguments: '{"path":"a.txt"}',
        },
      ],
      usage: { inputTokens: 100, outputTokens: 20 },
      retries: 0,
      stopReason: 'tool_use',
    });

    const history: ChatMessage[] = [
      userText('check it'),
      { role: 'assistant', text: first.text, toolCalls: first.toolCalls },
      { role: 'tool', toolCallId: 'toolu_1', toolName: 'read_file', content: [textPart('hello')] },
    ];
    const second = await client.chat(chatRequest(history));
    expect(second).toMatchObject({ text: 'looks fine', toolCalls: [], stopReason: 'end_turn' });
    expect(second.usage).toEqual({ inputTokens: 150, outputTokens: 30 });

    const sent = server.requests[1]!;
    expect(sent.path).toBe('/v1/messages');
    expect(sent.headers['x-api-key']).toBe(KEY);
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.body).toEqual({
      model: 'test-model',
      max_tokens: 256,
      system: 'You are a verifier.',
      tool_choice: { type: 'auto' },
      tools: TOOLS.map((tool) => ({
        name: tool.name,
        description: tool.description,
        input_schema: tool.parameters,
      })),
      messages: [
        { role: 'user', content: [textPart('check it')] },
        {
          role: 'assistant',
          content: [
            textPart('Let me look.'),
            { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'a.txt' } },
          ],
        },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [textPart('hello')] }],
        },
      ],
    });
  });

  test('multi-turn: consecutive tool results and a following user message merge into one turn', async () => {
    server.enqueue(textReply('anthropic', 'done'));
    const history: ChatMessage[] = [
      userText('go'),
      {
        role: 'assistant',
        text: '',
        toolCalls: [
          { id: 'a', name: 'read_file', arguments: { path: 'x' }, rawArguments: '{"path":"x"}' },
          { id: 'b', name: 'read_file', arguments: undefined, rawArguments: '{"path":' },
        ],
      },
      { role: 'tool', toolCallId: 'a', toolName: 'read_file', content: [textPart('X')] },
      { role: 'tool', toolCallId: 'b', toolName: 'read_file', content: [] },
      userText('Remember to submit a verdict.'),
      { role: 'assistant', text: 'Submitting.', toolCalls: [] },
      userText('continue'),
    ];
    await clientFor(server, 'anthropic').chat(chatRequest(history, { system: '', tools: [] }));
    const body = server.requests[0]!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('system');
    expect(body).not.toHaveProperty('tools');
    expect(body).not.toHaveProperty('tool_choice');
    expect(body.messages).toEqual([
      { role: 'user', content: [textPart('go')] },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'a', name: 'read_file', input: { path: 'x' } },
          { type: 'tool_use', id: 'b', name: 'read_file', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'a', content: [textPart('X')] },
          { type: 'tool_result', tool_use_id: 'b' },
          textPart('Remember to submit a verdict.'),
        ],
      },
      { role: 'assistant', content: [textPart('Submitting.')] },
      { role: 'user', content: [textPart('continue')] },
    ]);
  });

  test('images go out as base64 blocks (also inside tool results) only with vision', async () => {
    const history: ChatMessage[] = [
      { role: 'user', content: [textPart('see'), IMAGE] },
      {
        role: 'assistant',
        text: '',
        toolCalls: [
          { id: 'c1', name: 'read_file', arguments: { path: 'p.png' }, rawArguments: '' },
        ],
      },
      {
        role: 'tool',
        toolCallId: 'c1',
        toolName: 'read_file',
        content: [textPart('p.png'), IMAGE],
      },
    ];
    server.enqueue(textReply('anthropic', 'ok'), textReply('anthropic', 'ok'));
    await clientFor(server, 'anthropic', { vision: true }).chat(chatRequest(history));
    await clientFor(server, 'anthropic', { vision: false }).chat(chatRequest(history));

    const image = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: IMAGE.base64 },
    };
    const withVision = (server.requests[0]!.body as { messages: unknown[] }).messages;
    expect(withVision[0]).toEqual({ role: 'user', content: [textPart('see'), image] });
    expect(withVision[2]).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'c1', content: [textPart('p.png'), image] }],
    });

    const withoutVision = JSON.stringify(server.requests[1]!.body);
    expect(withoutVision).not.toContain(IMAGE.base64);
    expect(withoutVision).not.toContain('"image"');
    expect(withoutVision).toContain('not configured for vision');
  });

  test('tool input that is not an object: undefined arguments, raw text kept', async () => {
    server.enqueue(
      toolCallReply('anthropic', [
        { id: 't1', name: 'read_file', args: 'not json at all' },
        { id: 't2', name: 'read_file', args: ['a.txt'] },
      ]),
    );
    const response = await clientFor(server, 'anthropic').chat(chatRequest([userText('go')]));
    expect(response.toolCalls).toEqual([
      { id: 't1', name: 'read_file', arguments: undefined, rawArguments: '"not json at all"' },
      { id: 't2', name: 'read_file', arguments: undefined, rawArguments: '["a.txt"]' },
    ]);
  });

  test('missing usage counts 0 and is flagged', async () => {
    server.enqueue(textReply('anthropic', 'a', { usage: null }));
    const response = await clientFor(server, 'anthropic').chat(chatRequest([userText('go')]));
    expect(response.usage).toEqual({ inputTokens: 0, outputTokens: 0 });
    expect(response.usageMissing).toBe(true);
  });

  test('a trailing /v1 on the base URL is not doubled', async () => {
    server.enqueue(textReply('anthropic', 'ok'));
    const client = createModelClient(
      { kind: 'anthropic', baseUrl: `${server.url}/v1/` },
      { env: {}, vision: false },
    );
    await client.chat(chatRequest([userText('go')]));
    expect(server.requests[0]!.path).toBe('/v1/messages');
    expect(server.requests[0]!.headers['x-api-key']).toBeUndefined();
  });
});

describe('Anthropic response parsing', () => {
  test('cache tokens count as input; thinking blocks are skipped; text blocks join', () => {
    const parsed = parseAnthropicResponse({
      type: 'message',
      content: [
        { type: 'thinking', thinking: 'hmm' },
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
      ],
      stop_reason: 'max_tokens',
      usage: {
        input_tokens: 10,
        cache_creation_input_tokens: 5,
        cache_read_input_tokens: 2,
        output_tokens: 4,
      },
    });
    expect(parsed).toEqual({
      text: 'ab',
      toolCalls: [],
      usage: { inputTokens: 17, outputTokens: 4 },
      stopReason: 'max_tokens',
    });
  });
});
