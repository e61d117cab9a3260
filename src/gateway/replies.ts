// The gateway's own answers, written in the provider's error format so the agent's SDK shows
// the message. Refusals an agent must not retry carry `x-should-retry: false`, which the
// OpenAI and Anthropic SDKs honour; without it they would retry a spent budget like any 429.
import type { ServerResponse } from 'node:http';
import type { GatewayProviderKind } from './policy.js';

export type Refusal = 'route' | 'invalid' | 'model' | 'size' | 'rate' | 'budget' | 'upstream';

type RefusalShape = { status: number; anthropicType: string; openaiCode: string; retry: boolean };

const REFUSALS: Record<Refusal, RefusalShape> = {
  route: { status: 404, anthropicType: 'not_found_error', openaiCode: 'not_found', retry: false },
  invalid: {
    status: 400,
    anthropicType: 'invalid_request_error',
    openaiCode: 'invalid_json',
    retry: false,
  },
  model: {
    status: 403,
    anthropicType: 'permission_error',
    openaiCode: 'model_not_allowed',
    retry: false,
  },
  size: {
    status: 413,
    anthropicType: 'request_too_large',
    openaiCode: 'request_too_large',
    retry: false,
  },
  rate: {
    status: 429,
    anthropicType: 'rate_limit_error',
    openaiCode: 'rate_limit_exceeded',
    retry: true,
  },
  budget: {
    status: 429,
    anthropicType: 'rate_limit_error',
    openaiCode: 'budget_exhausted',
    retry: false,
  },
  upstream: { status: 502, anthropicType: 'api_error', openaiCode: 'upstream_error', retry: true },
};

/** The JSON error body for `refusal` in the wire format of `kind`. */
export function refusalBody(kind: GatewayProviderKind, refusal: Refusal, message: string): string {
  const shape = REFUSALS[refusal];
  const text = `DoG model gateway: ${message}`;
  if (kind === 'anthropic') {
    return JSON.stringify({ type: 'error', error: { type: shape.anthropicType, message: text } });
  }
  const type = shape.status === 429 ? 'rate_limit_error' : 'invalid_request_error';
  return JSON.stringify({
    error: {
      message: text,
      type: shape.status >= 500 ? 'api_error' : type,
      code: shape.openaiCode,
    },
  });
}

/** Answers with `refusal`; `headers` adds e.g. `retry-after` or `connection: close`. */
export function sendRefusal(
  res: ServerResponse,
  kind: GatewayProviderKind,
  refusal: Refusal,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body = refusalBody(kind, refusal, message);
  res.writeHead(REFUSALS[refusal].status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'x-should-retry': String(REFUSALS[refusal].retry),
    ...headers,
  });
  res.end(body);
}

/** `GET /v1/models` in the OpenAI list format: only the allowed models. */
export function sendModelList(res: ServerResponse, models: readonly string[]): void {
  const data = models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'dog-gateway' }));
  const body = JSON.stringify({ object: 'list', data });
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}
