// Which headers cross the gateway. Both directions are allow-lists: from the agent only the few
// headers the provider's API needs, so its placeholder credentials, cookies, proxy and hop-by-hop
// headers are dropped by construction; from the upstream only content type, retry hints and
// request ids, so no set-cookie or auth-like header reaches the sandbox.
import type { IncomingHttpHeaders } from 'node:http';
import { ANTHROPIC_VERSION } from '../providers/anthropic.js';
import { openAIAuthHeaders } from '../providers/openai.js';
import { redactSecrets } from '../providers/redact.js';
import { lowerCaseHeaders } from '../providers/shape.js';
import type { GatewayPolicy, GatewayProviderKind } from './policy.js';

const AGENT_HEADERS: Record<GatewayProviderKind, readonly string[]> = {
  openai: ['accept', 'user-agent'],
  // Agents such as Claude Code need their beta flags to use the features they ask for.
  anthropic: ['accept', 'user-agent', 'anthropic-version', 'anthropic-beta'],
};

const UPSTREAM_HEADERS: readonly string[] = [
  'content-type',
  'retry-after',
  'retry-after-ms',
  'x-request-id',
  'request-id',
  'x-should-retry',
];

// Names of configured headers whose values are treated as secrets, like the API key.
const SECRET_HEADER_NAME = /auth|key|token|secret|cookie|password|signature|credential/i;

/** The API key and auth-like configured header values: never to appear in an answer. */
export function gatewaySecrets(policy: GatewayPolicy): string[] {
  const secrets = policy.provider.apiKey === undefined ? [] : [policy.provider.apiKey];
  for (const [name, value] of Object.entries(policy.provider.headers ?? {})) {
    if (SECRET_HEADER_NAME.test(name) && value.length > 0) secrets.push(value);
  }
  return secrets;
}

/** Headers of the upstream request: the agent's allowed ones, then configuration, then auth. */
export function upstreamRequestHeaders(
  policy: GatewayPolicy,
  upstream: URL,
  incoming: IncomingHttpHeaders,
): Record<string, string> {
  const { kind, apiKey, headers } = policy.provider;
  const out: Record<string, string> =
    kind === 'anthropic' ? { 'anthropic-version': ANTHROPIC_VERSION } : {};
  for (const name of AGENT_HEADERS[kind]) {
    const value = incoming[name];
    if (typeof value === 'string') out[name] = value;
    else if (Array.isArray(value)) out[name] = value.join(', ');
  }
  Object.assign(out, lowerCaseHeaders(headers));
  if (kind === 'openai') Object.assign(out, openAIAuthHeaders(upstream, apiKey));
  else if (apiKey !== undefined) out['x-api-key'] = apiKey;
  out['content-type'] = 'application/json';
  return out;
}

/** The upstream response headers passed to the agent; any value quoting a secret is dropped. */
export function agentResponseHeaders(
  upstream: Headers,
  secrets: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of UPSTREAM_HEADERS) {
    const value = upstream.get(name);
    if (value !== null && redactSecrets(value, secrets) === value) out[name] = value;
  }
  return out;
}
