// The model gateway over real HTTP, forwarding and refusals: a fake provider upstream on
// 127.0.0.1, the gateway on a Unix socket in a temporary directory, requests on that socket.
// Every test also checks (in the harness) that no answer carried the API key.
import { stat } from 'node:fs/promises';
import { RunBudget, VerificationMeter } from '../../src/verify/agentic/budget.js';
import { GatewayCallBudget } from '../../src/verify/agentic/execGateway.js';
import { FAKE_KEY, KEY, useGatewayHarness } from './harness.js';
import {
  anthropicMessage,
  callGateway,
  openAICompletion,
  openAIStreamEvents,
  sendEvents,
  sendJson,
} from './upstream.js';

const h = useGatewayHarness();

test('the socket is created for its owner alone (0600)', async () => {
  await h.start();
  const info = await stat(h.socketPath);
  expect(info.isSocket()).toBe(true);
  expect(info.mode & 0o777).toBe(0o600);
});

test('openai: forwarded with the real key; the agent credentials and cookies are stripped', async () => {
  const g = await h.start();
  const reply = await h.chat(
    {},
    {
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${FAKE_KEY}`,
        'x-api-key': FAKE_KEY,
        'api-key': FAKE_KEY,
        cookie: 'a=b',
        'proxy-authorization': 'Basic Zm9vOmJhcg==',
        'x-forwarded-for': '10.0.0.1',
      },
    },
  );
  expect(reply.status).toBe(200);
  expect(JSON.parse(reply.body)).toMatchObject({ choices: [{ message: { content: 'hello' } }] });
  const [seen] = h.upstream.seen;
  expect(seen?.method).toBe('POST');
  expect(seen?.path).toBe('/inference/chat/completions');
  expect(seen?.headers.authorization).toBe(`Bearer ${KEY}`);
  expect(seen?.headers['x-configured']).toBe('from-config');
  for (const name of ['x-api-key', 'api-key', 'cookie', 'proxy-authorization', 'x-forwarded-for']) {
    expect(seen?.headers[name]).toBeUndefined();
  }
  expect(JSON.stringify(seen?.headers)).not.toContain(FAKE_KEY);
  expect(reply.headers['content-type']).toBe('application/json');
  expect(reply.headers['x-request-id']).toBe('req-1');
  expect(reply.headers['set-cookie']).toBeUndefined();
  expect(reply.headers['x-upstream-internal']).toBeUndefined();
  expect(g.usage()).toMatchObject({ requests: 1, forwarded: 1, inputTokens: 11, outputTokens: 7 });
});

test('anthropic: x-api-key and anthropic-version (passed through or defaulted)', async () => {
  h.upstream.setHandler((_seen, res) => sendJson(res, 200, anthropicMessage('hi')));
  const g = await h.start({}, 'anthropic');
  const first = await h.messages({}, { 'anthropic-version': '2023-01-01', 'anthropic-beta': 'b1' });
  const second = await h.messages();
  expect([first.status, second.status]).toEqual([200, 200]);
  const [a, b] = h.upstream.seen;
  expect(a?.path).toBe('/v1/messages');
  expect(a?.headers['x-api-key']).toBe(KEY);
  expect(a?.headers.authorization).toBeUndefined();
  expect(a?.headers['anthropic-version']).toBe('2023-01-01');
  expect(a?.headers['anthropic-beta']).toBe('b1');
  expect(b?.headers['anthropic-version']).toBe('2023-06-01');
  expect(g.usage()).toMatchObject({ forwarded: 2, inputTokens: 50, outputTokens: 18 });
});

test('GET /v1/models lists only the allowed models, without asking upstream', async () => {
  await h.start({ models: ['a-model', 'b-model'] });
  const reply = await callGateway(h.socketPath, { method: 'GET', path: '/v1/models' });
  expect(reply.status).toBe(200);
  expect(JSON.parse(reply.body)).toEqual({
    object: 'list',
    data: [
      { id: 'a-model', object: 'model', created: 0, owned_by: 'dog-gateway' },
      { id: 'b-model', object: 'model', created: 0, owned_by: 'dog-gateway' },
    ],
  });
  expect(h.upstream.seen).toHaveLength(0);
});

test.each([
  ['GET', '/v1/chat/completions'],
  ['POST', '/v1/messages'],
  ['POST', '/chat/completions'],
  ['POST', '/v1/chat/completions/../../admin'],
  ['POST', 'http://elsewhere.example/v1/chat/completions'],
  ['DELETE', '/v1/models'],
])('%s %s is not a route: 404 naming the allowed ones', async (method, target) => {
  const g = await h.start();
  const reply = await callGateway(h.socketPath, { method, path: target, body: '{}' });
  expect(reply.status).toBe(404);
  expect(JSON.parse(reply.body).error.message).toContain(
    'allowed: POST /v1/chat/completions, GET /v1/models',
  );
  expect(h.upstream.seen).toHaveLength(0);
  expect(g.usage().refused.route).toBe(1);
});

test('a model outside the policy is refused with 403, not retried', async () => {
  const g = await h.start();
  const wrong = await h.chat({ model: 'gpt-5-expensive' });
  const missing = await h.chat({ model: undefined });
  expect([wrong.status, missing.status]).toEqual([403, 403]);
  expect(wrong.headers['x-should-retry']).toBe('false');
  expect(JSON.parse(wrong.body).error.message).toContain('"gpt-5-expensive" is not allowed');
  expect(h.upstream.seen).toHaveLength(0);
  expect(g.usage().refused.model).toBe(2);
});

// JSON.parse keeps the last of duplicate keys, some upstream parsers the first: the body the
// upstream gets is the one that was checked, re-serialized, so both read the same model.
test('a body with duplicate model keys is checked and forwarded as one key', async () => {
  await h.start();
  const raw = (first: string, last: string): string =>
    `{"model":"${first}","messages":[{"role":"user","content":"hi"}],"model":"${last}"}`;
  const headers = { 'content-type': 'application/json' };
  const path = '/v1/chat/completions';
  const smuggled = await callGateway(h.socketPath, {
    path,
    headers,
    body: raw('gpt-5-expensive', 'gpt-4o-mini'),
  });
  expect(smuggled.status).toBe(200);
  const [seen] = h.upstream.seen;
  expect(seen?.body.match(/"model"/g)).toHaveLength(1);
  expect(seen?.body).not.toContain('gpt-5-expensive');
  expect(JSON.parse(seen?.body ?? '')).toEqual({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'hi' }],
  });
  const refused = await callGateway(h.socketPath, {
    path,
    headers,
    body: raw('gpt-4o-mini', 'gpt-5-expensive'),
  });
  expect(refused.status).toBe(403);
  expect(h.upstream.seen).toHaveLength(1);
});

test('a body that is not a JSON object is refused with 400', async () => {
  const g = await h.start({}, 'anthropic');
  const reply = await callGateway(h.socketPath, { path: '/v1/messages', body: '{"model": ' });
  expect(reply.status).toBe(400);
  expect(JSON.parse(reply.body)).toMatchObject({
    type: 'error',
    error: { type: 'invalid_request_error' },
  });
  expect(g.usage().refused.invalid).toBe(1);
});

test.each([false, true])('an oversized body is refused with 413 (chunked: %s)', async (chunked) => {
  const g = await h.start({ maxRequestBytes: 1024 });
  const content = 'x'.repeat(3000);
  const reply = await h.chat({ messages: [{ role: 'user', content }] }, { chunked });
  expect(reply.status).toBe(413);
  expect(JSON.parse(reply.body).error.message).toContain('exceeds 1024 bytes');
  expect(h.upstream.seen).toHaveLength(0);
  expect(g.usage().refused.size).toBe(1);
  expect((await h.chat()).status).toBe(200); // the gateway is still serving
});

test('the rate limit answers 429 with retry-after', async () => {
  const g = await h.start({ requestsPerMinute: 2 });
  const statuses = [(await h.chat()).status, (await h.chat()).status];
  const limited = await h.chat();
  expect(statuses).toEqual([200, 200]);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(JSON.parse(limited.body).error.message).toContain('2 requests per minute');
  expect(g.usage()).toMatchObject({ requests: 3, forwarded: 2, refused: { rate: 1 } });
});

test('requests beyond maxConcurrent are refused while others are in flight', async () => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  h.upstream.setHandler(async (_seen, res) => {
    await released;
    sendJson(res, 200, openAICompletion('late'));
  });
  const g = await h.start({ maxConcurrent: 1 });
  const slow = h.chat();
  await h.upstreamSaw(1);
  const refused = await h.chat();
  release();
  expect(refused.status).toBe(429);
  expect(refused.headers['retry-after']).toBe('1');
  expect((await slow).status).toBe(200);
  expect(g.usage().refused.rate).toBe(1);
});

test('a spent run budget answers 429; usage from JSON and SSE was charged to it', async () => {
  const budget = new RunBudget({ tokens: 50 });
  const g = await h.start({}, 'openai', new GatewayCallBudget(new VerificationMeter({}, budget)));
  expect((await h.chat()).status).toBe(200); // 11 + 7
  h.upstream.setHandler((_seen, res) => sendEvents(res, openAIStreamEvents()));
  expect((await h.chat({ stream: true })).status).toBe(200); // 31 + 4
  expect(budget.spent().tokens).toBe(53);
  const refused = await h.chat();
  expect(refused.status).toBe(429);
  expect(refused.headers['x-should-retry']).toBe('false');
  expect(JSON.parse(refused.body).error).toMatchObject({
    code: 'budget_exhausted',
    message: expect.stringContaining('DoG budget is spent: the run') as unknown,
  });
  expect(JSON.parse(refused.body).error.message).toContain('budget.run.tokens: 50');
  expect(h.upstream.seen).toHaveLength(2);
  expect(g.usage()).toMatchObject({ inputTokens: 42, outputTokens: 11, refused: { budget: 1 } });
});

test('the turn budget holds for calls in flight at once: the rest answer 429', async () => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  h.upstream.setHandler(async (_seen, res) => {
    await released;
    sendJson(res, 200, openAICompletion('late'));
  });
  const budget = new GatewayCallBudget(new VerificationMeter({ turns: 3 }, new RunBudget()));
  const g = await h.start({ maxConcurrent: 20 }, 'openai', budget);
  const early: number[] = [];
  const calls = Array.from({ length: 10 }, () =>
    h.chat().then((reply) => {
      early.push(reply.status);
      return reply.status;
    }),
  );
  // Seven calls are answered while three are held upstream: refused at admission.
  const deadline = Date.now() + 5000;
  while (early.length < 7 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect(early).toEqual(Array<number>(7).fill(429));
  release();
  const statuses = await Promise.all(calls);
  expect(statuses.filter((status) => status === 200)).toHaveLength(3);
  expect(h.upstream.seen).toHaveLength(3);
  expect(g.usage().refused.budget).toBe(7);
  expect(budget.breached()).toContain('budget.verification.turns: 3');
});
