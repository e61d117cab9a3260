// The model gateway over real HTTP, streaming and upstream failures: answers streamed as they
// arrive and metered, upstream faults turned into 502s, secrets redacted from what comes back,
// hang-ups and shutdown. Every test also checks (in the harness) that no answer carried the key.
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { useGatewayHarness, replyOpenAI, KEY } from './harness.js';
import {
  anthropicStreamEvents,
  openAICompletion,
  openAIStreamEvents,
  sendEvents,
  sendJson,
  startUpstream,
} from './upstream.js';

const h = useGatewayHarness();

test('openai SSE: streamed as it arrives, usage requested and counted', async () => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  h.upstream.setHandler(async (_seen, res: ServerResponse) => {
    const [first, ...rest] = openAIStreamEvents();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(first);
    await released; // the rest only once the agent has seen the first chunk
    await sendRest(res, rest);
  });
  const g = await h.start();
  const reply = await h.chat({ stream: true }, { onFirstChunk: () => release() });
  expect(reply.status).toBe(200);
  expect(reply.headers['content-type']).toBe('text/event-stream');
  expect(reply.body).toBe(openAIStreamEvents().join(''));
  expect(JSON.parse(h.upstream.seen[0]!.body)).toMatchObject({
    stream: true,
    stream_options: { include_usage: true },
  });
  expect(g.usage()).toMatchObject({ forwarded: 1, inputTokens: 31, outputTokens: 4, unmetered: 0 });
});

async function sendRest(res: ServerResponse, pieces: string[]): Promise<void> {
  for (const piece of pieces) res.write(piece);
  res.end();
  await Promise.resolve();
}

test('anthropic SSE: usage from message_start and message_delta, lines split across chunks', async () => {
  const events = anthropicStreamEvents().join('');
  const pieces = [events.slice(0, 40), events.slice(40, 333), events.slice(333)];
  h.upstream.setHandler((_seen, res) => sendEvents(res, pieces));
  const g = await h.start({}, 'anthropic');
  const reply = await h.messages({ stream: true });
  expect(reply.body).toBe(events);
  expect(JSON.parse(h.upstream.seen[0]!.body)).not.toHaveProperty('stream_options');
  expect(g.usage()).toMatchObject({ inputTokens: 28, outputTokens: 15 });
});

test('upstream down: 502 naming the cause, never the key', async () => {
  const g = await h.start();
  await h.upstream.close();
  const reply = await h.chat();
  expect(reply.status).toBe(502);
  expect(JSON.parse(reply.body).error.message).toMatch(/did not answer.*ECONNREFUSED/);
  expect(g.usage().refused.upstream).toBe(1);
  h.upstream = await startUpstream(replyOpenAI); // for afterEach
});

test('upstream too slow: 502 after upstreamTimeoutMs', async () => {
  h.upstream.setHandler(async (_seen, res) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    sendJson(res, 200, openAICompletion('late'));
  });
  const g = await h.start({ upstreamTimeoutMs: 100 });
  const reply = await h.chat();
  expect(reply.status).toBe(502);
  expect(reply.body).toContain('timed out after 100 ms');
  expect(g.usage().refused.upstream).toBe(1);
});

test('a redirect from h.upstream is not followed', async () => {
  h.upstream.setHandler((_seen, res) => {
    res.writeHead(307, { location: 'http://127.0.0.1:9/steal' });
    res.end();
  });
  await h.start();
  const reply = await h.chat();
  expect(reply.status).toBe(502);
  expect(reply.body).toContain('redirected (HTTP 307)');
  expect(h.upstream.seen).toHaveLength(1);
});

test('an h.upstream error echoing the key is passed on redacted', async () => {
  h.upstream.setHandler((_seen, res) =>
    sendJson(res, 401, { error: { message: `Incorrect API key provided: ${KEY}`, code: 'x' } }),
  );
  await h.start();
  const reply = await h.chat();
  expect(reply.status).toBe(401);
  expect(JSON.parse(reply.body).error.message).toBe('Incorrect API key provided: [REDACTED]');
});

test('a streamed answer echoing the key is redacted even when the key is split', async () => {
  const text = `data: {"echo":"${KEY}"}\n\n`;
  const cut = text.indexOf(KEY) + 9;
  h.upstream.setHandler((_seen, res) => sendEvents(res, [text.slice(0, cut), text.slice(cut)]));
  await h.start();
  const reply = await h.chat({ stream: true });
  expect(reply.body).toBe('data: {"echo":"[REDACTED]"}\n\n');
});

test('an agent hanging up mid-stream cancels the h.upstream request', async () => {
  const upstreamClosed = new Promise<void>((resolve) => {
    h.upstream.setHandler((_seen, res) => {
      res.on('close', () => resolve());
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(openAIStreamEvents()[0]); // and never more
    });
  });
  const g = await h.start();
  const cut = h.chat({ stream: true }, { onFirstChunk: (req) => req.destroy() });
  await expect(cut).rejects.toThrow();
  await upstreamClosed;
  expect(g.usage()).toMatchObject({ forwarded: 1, unmetered: 1 });
});

test('close() ends requests in flight and removes the socket', async () => {
  h.upstream.setHandler((_seen, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' }).flushHeaders();
  });
  const g = await h.start();
  const pending = h.chat({ stream: true });
  await h.upstreamSaw(1);
  await g.close();
  h.gateway = undefined;
  await expect(pending).rejects.toThrow();
  await expect(stat(h.socketPath)).rejects.toThrow('ENOENT');
});
