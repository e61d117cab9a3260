// Model gateway overhead: sequential small chat-completion requests to a local fake upstream,
// directly and through the gateway's Unix socket, both with keep-alive connections.
import { createServer, request, Agent, type RequestOptions, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ModelGateway } from '../src/gateway/server.js';

const REQUESTS = 300;
const WARM_UP = 30;
const MODEL = 'bench-model';

export type GatewayBench = {
  directMsPerRequest: number;
  gatewayMsPerRequest: number;
  overheadMs: number;
  requests: number;
};

const COMPLETION = JSON.stringify({
  id: 'chatcmpl-bench',
  object: 'chat.completion',
  created: 0,
  model: MODEL,
  choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 12, completion_tokens: 1, total_tokens: 13 },
});

const REQUEST_BODY = JSON.stringify({
  model: MODEL,
  messages: [{ role: 'user', content: 'Say ok.' }],
  max_tokens: 4,
});

async function startUpstream(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(COMPLETION);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function post(options: RequestOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        ...options,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer dog-gateway' },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(REQUEST_BODY);
  });
}

/** Milliseconds per request over `REQUESTS` sequential requests, after a warm-up. */
async function timeRequests(options: RequestOptions): Promise<number> {
  for (let i = 0; i < WARM_UP; i++) await post(options);
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) await post(options);
  return (performance.now() - started) / REQUESTS;
}

export async function benchGateway(): Promise<GatewayBench> {
  const upstream = await startUpstream();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dog-bench-gw-'));
  const socketPath = path.join(dir, 'model.sock');
  const gateway = await ModelGateway.start({
    socketPath,
    policy: {
      provider: { kind: 'openai', baseUrl: `${upstream.url}/v1`, apiKey: 'sk-bench' },
      models: [MODEL],
      maxRequestBytes: 1024 * 1024,
      requestsPerMinute: 1_000_000,
    },
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const { port } = upstream.server.address() as AddressInfo;
    const direct = { agent, host: '127.0.0.1', port, path: '/v1/chat/completions' };
    const directMsPerRequest = await timeRequests(direct);
    const viaGateway = { agent, socketPath, path: '/v1/chat/completions' };
    const gatewayMsPerRequest = await timeRequests(viaGateway);
    return {
      directMsPerRequest,
      gatewayMsPerRequest,
      overheadMs: gatewayMsPerRequest - directMsPerRequest,
      requests: REQUESTS,
    };
  } finally {
    agent.destroy();
    await gateway.close();
    upstream.server.closeAllConnections();
    await new Promise<void>((resolve) => upstream.server.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchGateway();
  const ms = (value: number): string => value.toFixed(3);
  process.stdout.write(
    [
      '| Path | ms per request |',
      '| --- | --- |',
      `| Direct to the upstream (TCP, keep-alive) | ${ms(result.directMsPerRequest)} |`,
      `| Through the model gateway (Unix socket, keep-alive) | ${ms(result.gatewayMsPerRequest)} |`,
      `| Gateway overhead | ${ms(result.overheadMs)} |`,
      '',
      `- ${result.requests} sequential small chat-completion requests each, after ${WARM_UP} warm-up requests, to a local fake upstream.`,
      '',
    ].join('\n'),
  );
}
