// The model gateway: a host-side HTTP/1.1 server on a Unix socket bind-mounted into the
// sandbox of an `exec` agent. It holds the provider credentials (they never enter the sandbox)
// and forwards only what the policy allows, in this order: route (404), body size (413),
// JSON (400), model (403), rate and concurrency (429 with retry-after), budget (429, not to be
// retried). Usage read from every answer is charged to the budget.
import { chmod } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { boundText } from '../providers/redact.js';
import { isRecord } from '../providers/shape.js';
import { costOf, type Charge, type Price } from '../verify/agentic/budget.js';
import { forward, type ForwardOutcome } from './forward.js';
import { gatewaySecrets, upstreamRequestHeaders } from './headers.js';
import {
  checkPolicy,
  DEFAULT_MAX_CONCURRENT,
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  RouteTable,
  type GatewayPolicy,
} from './policy.js';
import { TokenBucket } from './rateLimit.js';
import { sendModelList, sendRefusal, type Refusal } from './replies.js';
import { readRequestBody } from './requestBody.js';
import { withUsageRequested } from './usageRequest.js';

/** What the gateway's model calls are charged to: the verification's budget and the run's. */
export type GatewayBudget = {
  /** Asked last before a call is forwarded: why it may not be, or undefined (it then counts). */
  admit(): string | undefined;
  /** The usage an answer reported, with its cost. */
  charge(charge: Charge): void;
};

export type GatewayUsage = {
  /** Every request received. */
  requests: number;
  /** Requests the upstream answered (any status). */
  forwarded: number;
  /** Requests refused, by reason; `upstream`: no answer from upstream (502). */
  refused: Record<Refusal, number>;
  /** Successful upstream answers that reported no usage, so were not charged. */
  unmetered: number;
  inputTokens: number;
  outputTokens: number;
};

export type ModelGatewayOptions = {
  /**
   * Created with mode 0600 in a directory the caller made private (0700): the caller hands
   * both to the one identity that may use the gateway.
   */
  socketPath: string;
  policy: GatewayPolicy;
  budget?: GatewayBudget;
  /** For the cost charged to the budget; without it cost is 0. */
  price?: Price;
  fetchImpl?: typeof fetch;
};

type Admission =
  | { admitted: true; body: Buffer }
  | { admitted: false; refusal: Refusal; message: string; headers?: Record<string, string> };

export class ModelGateway {
  private readonly counts: GatewayUsage = {
    requests: 0,
    forwarded: 0,
    refused: { route: 0, invalid: 0, model: 0, size: 0, rate: 0, budget: 0, upstream: 0 },
    unmetered: 0,
    inputTokens: 0,
    outputTokens: 0,
  };
  private readonly routes: RouteTable;
  private readonly bucket: TokenBucket;
  private readonly secrets: readonly string[];
  private readonly server: Server;
  private readonly handling = new Set<Promise<void>>();
  private inFlight = 0;

  private constructor(private readonly options: ModelGatewayOptions) {
    checkPolicy(options.policy);
    this.routes = new RouteTable(options.policy);
    this.bucket = new TokenBucket(options.policy.requestsPerMinute);
    this.secrets = gatewaySecrets(options.policy);
    this.server = createServer((req, res) => {
      const handled = this.handle(req, res).finally(() => this.handling.delete(handled));
      this.handling.add(handled);
    });
  }

  static async start(options: ModelGatewayOptions): Promise<ModelGateway> {
    const gateway = new ModelGateway(options);
    await gateway.listen(options.socketPath);
    return gateway;
  }

  usage(): GatewayUsage {
    return { ...this.counts, refused: { ...this.counts.refused } };
  }

  /** Stops listening, cuts open connections (aborting their upstream requests) and waits. */
  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
    await Promise.allSettled([...this.handling]);
  }

  private async listen(socketPath: string): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen({ path: socketPath }, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    try {
      await chmod(socketPath, 0o600);
    } catch (err) {
      await this.close();
      throw err;
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.counts.requests += 1;
    try {
      await this.route(req, res);
    } catch {
      // A fault of the gateway itself: the agent gets a plain 502, never internal detail.
      this.refuse(res, { admitted: false, refusal: 'upstream', message: 'internal gateway error' });
    }
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const route = this.routes.resolve(req.method, req.url);
    if (route === undefined) {
      const asked = boundText(`${req.method ?? '?'} ${req.url ?? '?'}`, 200);
      const message = `${asked} is not allowed; allowed: ${this.routes.describe()}`;
      return this.refuse(res, { admitted: false, refusal: 'route', message });
    }
    if (route.kind === 'models') return sendModelList(res, this.options.policy.models);
    const { maxRequestBytes } = this.options.policy;
    const body = await readRequestBody(req, maxRequestBytes);
    if (body.kind === 'aborted') return;
    if (body.kind === 'too_large') {
      const message = `the request body exceeds ${maxRequestBytes} bytes`;
      const headers = { connection: 'close' };
      return this.refuse(res, { admitted: false, refusal: 'size', message, headers });
    }
    const admission = this.admit(body.bytes);
    if (!admission.admitted) return this.refuse(res, admission);
    this.inFlight += 1;
    try {
      this.record(await this.forwardTo(route.upstream, req, res, admission.body));
    } finally {
      this.inFlight -= 1;
    }
  }

  private admit(bytes: Buffer): Admission {
    const { policy, budget } = this.options;
    const request = parseJson(bytes);
    if (!isRecord(request)) {
      return { admitted: false, refusal: 'invalid', message: 'the body is not a JSON object' };
    }
    if (typeof request.model !== 'string' || !policy.models.includes(request.model)) {
      const named = boundText(JSON.stringify(request.model) ?? 'no model', 200);
      const message = `model ${named} is not allowed; allowed: ${policy.models.join(', ')}`;
      return { admitted: false, refusal: 'model', message };
    }
    const rate = this.rateRefusal();
    if (rate !== undefined) return rate;
    const spent = budget?.admit();
    if (spent !== undefined) {
      const message = `the DoG budget is spent: ${spent}; no further model call is allowed`;
      return { admitted: false, refusal: 'budget', message };
    }
    // The checked object, re-serialized: duplicate keys, which parsers resolve differently,
    // cannot make the upstream read another model than the one admitted.
    const checked = withUsageRequested(policy.provider.kind, request);
    return { admitted: true, body: Buffer.from(JSON.stringify(checked)) };
  }

  private rateRefusal(): Admission | undefined {
    const limit = this.options.policy.maxConcurrent ?? DEFAULT_MAX_CONCURRENT;
    if (this.inFlight >= limit) {
      const message = `more than ${limit} requests at once`;
      return { admitted: false, refusal: 'rate', message, headers: { 'retry-after': '1' } };
    }
    const waitMs = this.bucket.take();
    if (waitMs === 0) return undefined;
    const perMinute = this.options.policy.requestsPerMinute;
    const seconds = String(Math.ceil(waitMs / 1000));
    const message = `rate limit of ${perMinute} requests per minute reached; retry in ${seconds} s`;
    return { admitted: false, refusal: 'rate', message, headers: { 'retry-after': seconds } };
  }

  private forwardTo(
    upstream: URL,
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer,
  ): Promise<ForwardOutcome> {
    const { policy, fetchImpl } = this.options;
    const request = {
      kind: policy.provider.kind,
      upstream,
      headers: upstreamRequestHeaders(policy, upstream, req.headers),
      body,
      secrets: this.secrets,
      timeoutMs: policy.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
      fetchImpl: fetchImpl ?? fetch,
    };
    return forward(request, res);
  }

  private record(outcome: ForwardOutcome): void {
    if (outcome.kind === 'failed') this.counts.refused.upstream += 1;
    if (outcome.kind !== 'answered') return;
    this.counts.forwarded += 1;
    const { usage, status } = outcome;
    if (usage === undefined) {
      if (status >= 200 && status < 300) this.counts.unmetered += 1;
      return;
    }
    this.counts.inputTokens += usage.inputTokens;
    this.counts.outputTokens += usage.outputTokens;
    this.options.budget?.charge({ ...usage, costUsd: costOf(usage, this.options.price) });
  }

  private refuse(res: ServerResponse, refused: Admission & { admitted: false }): void {
    this.counts.refused[refused.refusal] += 1;
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendRefusal(
      res,
      this.options.policy.provider.kind,
      refused.refusal,
      refused.message,
      refused.headers,
    );
  }
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}
