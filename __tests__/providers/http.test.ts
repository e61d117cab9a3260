import { performance } from 'node:perf_hooks';
import {
  errorReply,
  startFakeModelServer,
  textReply,
  type FakeModelServer,
} from '../support/fakeModelServer.js';
import { OpenAIClient } from '../../src/providers/openai.js';
import { AnthropicClient } from '../../src/providers/anthropic.js';
import type { RetryInfo } from '../../src/providers/http.js';
import { chatRequest, clientFor, failure, FORMATS, userText } from './fixtures.js';

let server: FakeModelServer;

beforeEach(async () => {
  server = await startFakeModelServer();
});

afterEach(async () => {
  await server.close();
});

const go = () => chatRequest([userText('go')]);

describe.each(FORMATS)('%s transport', (format) => {
  test('429 then success: one retry counted, retry-after (seconds) honoured', async () => {
    server.enqueue(
      errorReply(format, 429, 'slow down', { 'retry-after': '1' }),
      textReply(format, 'ok'),
    );
    const waits: RetryInfo[] = [];
    const started = performance.now();
    const response = await clientFor(server, format, { onRetry: (info) => waits.push(info) }).chat(
      go(),
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(response.text).toBe('ok');
    expect(response.retries).toBe(1);
    expect(waits).toEqual([{ retry: 1, delayMs: 1000, kind: 'rate_limited', status: 429 }]);
    expect(server.requests).toHaveLength(2);
  });

  test('a retry-after beyond the cap waits only the cap', async () => {
    server.enqueue(
      errorReply(format, 429, 'slow down', { 'retry-after': '3600' }),
      textReply(format, 'ok'),
    );
    const waits: number[] = [];
    const started = performance.now();
    const client = clientFor(server, format, {
      maxDelayMs: 150,
      onRetry: (info) => waits.push(info.delayMs),
    });
    const response = await client.chat(go());
    const elapsed = performance.now() - started;
    expect(response.retries).toBe(1);
    expect(waits).toEqual([150]);
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(3000);
  });

  test('500 until retries are exhausted: server error, retries = maxRetries', async () => {
    server.setHandler(() => errorReply(format, 500, 'boom'));
    const waits: number[] = [];
    const client = clientFor(server, format, {
      backoffMs: 8,
      onRetry: (info) => waits.push(info.delayMs),
    });
    const err = await failure(client.chat(go()));
    expect(err).toMatchObject({ kind: 'server', retries: 3, status: 500 });
    expect(err.message).toContain('boom');
    expect(server.requests).toHaveLength(4);
    // Exponential backoff with jitter: retry n waits within [base*2^(n-1)/2, base*2^(n-1)].
    waits.forEach((ms, n) => {
      expect(ms).toBeGreaterThanOrEqual((8 * 2 ** n) / 2);
      expect(ms).toBeLessThanOrEqual(8 * 2 ** n);
    });
    expect(waits).toHaveLength(3);
  });

  test('maxRetries from the provider config bounds the attempts', async () => {
    server.setHandler(() => errorReply(format, 429, 'busy', { 'retry-after': '0' }));
    const err = await failure(clientFor(server, format, { maxRetries: 1 }).chat(go()));
    expect(err).toMatchObject({ kind: 'rate_limited', retries: 1, status: 429 });
    expect(server.requests).toHaveLength(2);
  });

  test.each([401, 403])('%i is an auth failure, not retried', async (status) => {
    server.enqueue(errorReply(format, status, 'invalid credentials'), textReply(format, 'never'));
    const err = await failure(clientFor(server, format).chat(go()));
    expect(err).toMatchObject({ kind: 'auth', retries: 0, status });
    expect(err.message).toContain('invalid credentials');
    expect(server.requests).toHaveLength(1);
  });

  test('other 4xx is a bad request with the provider message, bounded', async () => {
    server.enqueue(errorReply(format, 422, `unknown model ${'z'.repeat(5000)}`));
    const err = await failure(clientFor(server, format).chat(go()));
    expect(err).toMatchObject({ kind: 'bad_request', retries: 0, status: 422 });
    expect(err.message).toContain('unknown model zzz');
    expect(err.message.length).toBeLessThan(700);
    expect(server.requests).toHaveLength(1);
  });

  test('a redirect is refused, not followed (auth headers stay home)', async () => {
    server.enqueue({ status: 307, body: '', headers: { location: `${server.url}/v1/messages` } });
    const err = await failure(clientFor(server, format).chat(go()));
    expect(err).toMatchObject({ kind: 'bad_request', status: 307 });
    expect(err.message).toContain('refused');
    expect(server.requests).toHaveLength(1);
  });

  test('a malformed JSON body is a bad response, not retried', async () => {
    server.enqueue({ status: 200, body: '{"choices": [' }, textReply(format, 'never'));
    const err = await failure(clientFor(server, format).chat(go()));
    expect(err).toMatchObject({ kind: 'bad_response', retries: 0 });
    expect(server.requests).toHaveLength(1);
  });

  test.each([
    ['a list', []],
    ['no choices/content', { id: 'x' }],
    ['content of the wrong type', { choices: [{ message: { content: 5 } }], content: 'nope' }],
    [
      'a tool call without a name',
      {
        choices: [{ message: { tool_calls: [{ id: 'a', function: {} }] } }],
        content: [{ type: 'tool_use', id: 'a' }],
      },
    ],
  ])('an unexpected shape (%s) is a bad response', async (_name, body) => {
    server.enqueue({ status: 200, body });
    const err = await failure(clientFor(server, format).chat(go()));
    expect(err).toMatchObject({ kind: 'bad_response', retries: 0 });
    expect(err.message).toContain('unexpected shape');
  });

  test('a body over the size bound is a bad response', async () => {
    server.enqueue(textReply(format, 'x'.repeat(4000)));
    const options = {
      baseUrl: server.provider(format).baseUrl,
      vision: false,
      http: { maxResponseBytes: 1000 },
    };
    const client = format === 'openai' ? new OpenAIClient(options) : new AnthropicClient(options);
    const err = await failure(client.chat(go()));
    expect(err).toMatchObject({ kind: 'bad_response' });
    expect(err.message).toContain('exceeds 1000 bytes');
  });

  test('abort mid-request: aborted, no retry, promptly', async () => {
    const controller = new AbortController();
    server.setHandler(() => {
      controller.abort();
      return { ...textReply(format, 'late'), delayMs: 10_000 };
    });
    const started = performance.now();
    const err = await failure(
      clientFor(server, format).chat(chatRequest([userText('go')], { signal: controller.signal })),
    );
    expect(err).toMatchObject({ kind: 'aborted', retries: 0 });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(server.requests).toHaveLength(1);
  });

  test('abort during a retry wait: aborted, the retry already counted', async () => {
    const controller = new AbortController();
    server.setHandler(() => errorReply(format, 503, 'overloaded', { 'retry-after': '10' }));
    const client = clientFor(server, format, {
      maxDelayMs: 10_000,
      onRetry: () => controller.abort(),
    });
    const started = performance.now();
    const err = await failure(
      client.chat(chatRequest([userText('go')], { signal: controller.signal })),
    );
    expect(err).toMatchObject({ kind: 'aborted', retries: 1 });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(server.requests).toHaveLength(1);
  });

  test('an already aborted signal sends nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const err = await failure(
      clientFor(server, format).chat(chatRequest([userText('go')], { signal: controller.signal })),
    );
    expect(err.kind).toBe('aborted');
    expect(server.requests).toHaveLength(0);
  });

  test('the per-call timeout gives up without retrying', async () => {
    server.setHandler(() => ({ ...textReply(format, 'late'), delayMs: 10_000 }));
    const err = await failure(clientFor(server, format, { timeoutMs: 100 }).chat(go()));
    expect(err).toMatchObject({ kind: 'timeout', retries: 0 });
    expect(server.requests).toHaveLength(1);
  });

  test('network errors are retried, then reported as network', async () => {
    const gone = await startFakeModelServer();
    await gone.close();
    const client = clientFor(gone, format, { maxRetries: 2 });
    const err = await failure(client.chat(go()));
    expect(err).toMatchObject({ kind: 'network', retries: 2 });
    expect(err.message).toMatch(/ECONNREFUSED/);
  });

  test('a network error then success counts one retry', async () => {
    let calls = 0;
    server.setHandler(() => {
      calls += 1;
      return calls === 1 ? { body: '', drop: true } : textReply(format, 'ok');
    });
    const response = await clientFor(server, format).chat(go());
    expect(response.retries).toBe(1);
    expect(response.text).toBe('ok');
  });
});
