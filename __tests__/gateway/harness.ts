// Shared set-up of the gateway tests: per test, a temporary directory with the gateway socket,
// a fake upstream answering OpenAI JSON by default, and afterwards the check that no answer
// the gateway gave carried the API key (or a 12+ character piece of it).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { GatewayPolicy } from '../../src/gateway/policy.js';
import { ModelGateway, type GatewayBudget } from '../../src/gateway/server.js';
import {
  callGateway,
  capturedReplies,
  openAICompletion,
  sendJson,
  startUpstream,
  type CallOptions,
  type FakeUpstream,
  type GatewayReply,
  type UpstreamHandler,
} from './upstream.js';

export const KEY = 'sk-real-upstream-key-0123456789abcdef';
export const FAKE_KEY = 'dog-gateway';

type Kind = 'openai' | 'anthropic';

export const replyOpenAI: UpstreamHandler = (_seen, res) =>
  sendJson(res, 200, openAICompletion('hello'), {
    'x-request-id': 'req-1',
    'set-cookie': 'session=abc',
    'x-upstream-internal': 'yes',
  });

export class GatewayHarness {
  dir = '';
  socketPath = '';
  upstream!: FakeUpstream;
  gateway: ModelGateway | undefined;

  policy(overrides: Partial<GatewayPolicy> = {}, kind: Kind = 'openai'): GatewayPolicy {
    return {
      provider: {
        kind,
        baseUrl: kind === 'openai' ? `${this.upstream.url}/inference` : this.upstream.url,
        apiKey: KEY,
        headers: { 'x-configured': 'from-config' },
      },
      models: ['gpt-4o-mini', 'claude-sonnet-4-5'],
      maxRequestBytes: 4096,
      requestsPerMinute: 600,
      ...overrides,
    };
  }

  async start(
    overrides: Partial<GatewayPolicy> = {},
    kind: Kind = 'openai',
    budget?: GatewayBudget,
  ): Promise<ModelGateway> {
    const policy = this.policy(overrides, kind);
    this.gateway = await ModelGateway.start({ socketPath: this.socketPath, policy, budget });
    return this.gateway;
  }

  chat(
    body: Record<string, unknown> = {},
    extra: Partial<CallOptions> = {},
  ): Promise<GatewayReply> {
    return callGateway(this.socketPath, {
      path: '/v1/chat/completions',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${FAKE_KEY}` },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'hi' }],
        ...body,
      }),
      ...extra,
    });
  }

  messages(
    body: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ): Promise<GatewayReply> {
    return callGateway(this.socketPath, {
      path: '/v1/messages',
      headers: { 'content-type': 'application/json', 'x-api-key': FAKE_KEY, ...headers },
      body: JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 64, messages: [], ...body }),
    });
  }

  /** Waits until the upstream has seen `count` requests. */
  async upstreamSaw(count: number): Promise<void> {
    while (this.upstream.seen.length < count) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

/** A harness set up before and torn down (with the key check) after each test. */
export function useGatewayHarness(): GatewayHarness {
  const harness = new GatewayHarness();
  beforeEach(async () => {
    harness.dir = await mkdtemp(path.join(os.tmpdir(), 'dog-gw-'));
    harness.socketPath = path.join(harness.dir, 'model.sock');
    harness.upstream = await startUpstream(replyOpenAI);
    capturedReplies.length = 0;
  });
  afterEach(async () => {
    await harness.gateway?.close();
    harness.gateway = undefined;
    await harness.upstream.close();
    await rm(harness.dir, { recursive: true, force: true });
    for (const bytes of capturedReplies) {
      expect(bytes).not.toContain(KEY);
      expect(bytes).not.toContain(KEY.slice(10, 22));
    }
  });
  return harness;
}
