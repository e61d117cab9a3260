// What the model gateway lets a sandboxed agent reach: one provider, a fixed set of models, and
// only that provider's chat route. The agent's base URL is the gateway root (`/v1` appended for
// OpenAI-compatible clients, which expect it); each allowed agent path maps onto exactly one
// upstream URL built from the configured base URL, so the agent never chooses where a request
// goes.
import { anthropicBaseUrl } from '../providers/anthropic.js';
import { endpoint, normalizeBaseUrl } from '../providers/shape.js';

export type GatewayProviderKind = 'openai' | 'anthropic';

export type GatewayPolicy = {
  provider: {
    kind: GatewayProviderKind;
    baseUrl: string;
    /** Sent upstream only; never enters the sandbox, never echoed back. */
    apiKey?: string;
    /** Extra upstream headers (operator configuration); they win over the agent's headers. */
    headers?: Record<string, string>;
  };
  /** Allowed model names; a request naming any other model is refused. */
  models: readonly string[];
  maxRequestBytes: number;
  requestsPerMinute: number;
  /** Requests in flight at once; more are refused as rate-limited. */
  maxConcurrent?: number;
  /** Bound of one whole upstream exchange, streamed body included. */
  upstreamTimeoutMs?: number;
};

export const DEFAULT_MAX_CONCURRENT = 8;
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 300_000;

/** Where an allowed request goes: upstream, or answered by the gateway itself. */
export type GatewayRoute = { kind: 'forward'; upstream: URL } | { kind: 'models' };

type RouteEntry = { method: string; path: string; route: GatewayRoute };

/** The routes of `policy`, with their upstream URLs resolved once. */
export class RouteTable {
  private readonly entries: readonly RouteEntry[];

  constructor(policy: GatewayPolicy) {
    this.entries = routeEntries(policy);
  }

  /** The route for `method` and the request target `rawUrl` (query ignored), if allowed. */
  resolve(method: string | undefined, rawUrl: string | undefined): GatewayRoute | undefined {
    // Exact match on the origin-form path: no URL parsing, so no dot-segment or
    // absolute-form tricks can reach anything but the listed paths.
    const path = (rawUrl ?? '').split('?', 1)[0];
    return this.entries.find((entry) => entry.method === method && entry.path === path)?.route;
  }

  /** `POST /v1/chat/completions, GET /v1/models`: for the refusal message. */
  describe(): string {
    return this.entries.map((entry) => `${entry.method} ${entry.path}`).join(', ');
  }
}

function routeEntries(policy: GatewayPolicy): RouteEntry[] {
  if (policy.provider.kind === 'openai') {
    const base = normalizeBaseUrl(policy.provider.baseUrl);
    return [
      {
        method: 'POST',
        path: '/v1/chat/completions',
        route: { kind: 'forward', upstream: endpoint(base, '/chat/completions') },
      },
      { method: 'GET', path: '/v1/models', route: { kind: 'models' } },
    ];
  }
  const base = anthropicBaseUrl(policy.provider.baseUrl);
  return [
    {
      method: 'POST',
      path: '/v1/messages',
      route: { kind: 'forward', upstream: endpoint(base, '/v1/messages') },
    },
  ];
}

/** Throws when `policy` cannot be enforced as written. */
export function checkPolicy(policy: GatewayPolicy): void {
  const positive: [string, number | undefined][] = [
    ['maxRequestBytes', policy.maxRequestBytes],
    ['requestsPerMinute', policy.requestsPerMinute],
    ['maxConcurrent', policy.maxConcurrent],
    ['upstreamTimeoutMs', policy.upstreamTimeoutMs],
  ];
  for (const [name, value] of positive) {
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
      throw new Error(`gateway policy ${name} must be a positive number, not ${value}`);
    }
  }
  if (policy.models.length === 0) throw new Error('gateway policy allows no model');
}
