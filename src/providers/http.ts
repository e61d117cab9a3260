// One JSON POST with a bounded retry loop, shared by the OpenAI and Anthropic clients.
//
// - Retried: HTTP 429, HTTP 5xx and network errors (connection refused/reset, DNS), at most
//   `maxRetries` times, waiting `retry-after-ms` / `retry-after` (seconds or HTTP date) when
//   the server sends one, else exponential backoff with jitter; every wait is capped at
//   `maxDelayMs`. The number of retried attempts is reported on success and on failure.
// - Not retried: the caller's abort ('aborted'), the per-attempt timeout ('timeout': a slow
//   generation would only be slow again), 401/403 ('auth'), other 4xx and refused redirects
//   ('bad_request'), and 2xx bodies that are too large or not JSON ('bad_response').
// - Redirects are refused rather than followed, so auth headers never reach another origin.
// - Every message is redacted of the given secrets and bounded.
import { setTimeout as delay } from 'node:timers/promises';
import { boundText, redactSecrets } from './redact.js';
import { ProviderError, type ProviderFailureKind } from './types.js';

export type RetryInfo = {
  /** 1 for the first retry. */
  retry: number;
  delayMs: number;
  kind: ProviderFailureKind;
  status?: number;
};

export type HttpPolicy = {
  /** Retries after the first attempt (429, 5xx, network errors). */
  maxRetries: number;
  /** Base of the exponential backoff: about backoffMs * 2^n before retry n+1, jittered. */
  backoffMs: number;
  /** Cap of one wait, whether computed or asked for by `retry-after`. */
  maxDelayMs: number;
  /** Per HTTP attempt, combined with the request's own signal. */
  timeoutMs: number;
  /** Bound of a successful response body. */
  maxResponseBytes: number;
  /** Called before each wait (for progress output, and for tests). */
  onRetry?: (info: RetryInfo) => void;
};

export const DEFAULT_HTTP_POLICY: Readonly<HttpPolicy> = {
  maxRetries: 3,
  backoffMs: 500,
  maxDelayMs: 30_000,
  timeoutMs: 300_000,
  maxResponseBytes: 8 * 1024 * 1024,
};

/** Bound of provider error text quoted in messages. */
export const MAX_ERROR_MESSAGE_CHARS = 500;
const MAX_ERROR_BODY_BYTES = 64 * 1024;

export type JsonPost = {
  /** Names the provider in messages ('openai', 'anthropic'). */
  label: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal;
  /** Redacted from every message (the API key). */
  secrets: readonly string[];
};

export type JsonReply = { body: unknown; retries: number };

type Retryable = { kind: ProviderFailureKind; message: string; status?: number; afterMs?: number };

/** A ProviderError whose message is redacted of `secrets` (and bounded). */
export function providerError(
  kind: ProviderFailureKind,
  message: string,
  retries: number,
  secrets: readonly string[],
  status?: number,
): ProviderError {
  const text = boundText(redactSecrets(message, secrets), 2 * MAX_ERROR_MESSAGE_CHARS);
  return new ProviderError(kind, text, retries, status);
}

/** POSTs `post.body` as JSON and returns the parsed JSON reply, retrying as described above. */
export async function postJson(post: JsonPost, policy: HttpPolicy): Promise<JsonReply> {
  for (let retries = 0; ; retries++) {
    if (post.signal.aborted) throw aborted(post, retries);
    const outcome = await attempt(post, policy, retries);
    if (!isRetryable(outcome)) return { body: outcome.body, retries };
    if (retries >= policy.maxRetries) {
      const note =
        retries === 0 ? '' : ` (after ${retries} ${retries === 1 ? 'retry' : 'retries'})`;
      throw providerError(
        outcome.kind,
        outcome.message + note,
        retries,
        post.secrets,
        outcome.status,
      );
    }
    const delayMs = retryDelay(policy, retries, outcome.afterMs);
    const info: RetryInfo = { retry: retries + 1, delayMs, kind: outcome.kind };
    if (outcome.status !== undefined) info.status = outcome.status;
    policy.onRetry?.(info);
    try {
      await delay(delayMs, undefined, { signal: post.signal });
    } catch {
      throw aborted(post, retries + 1);
    }
  }
}

function isRetryable(outcome: Retryable | { body: unknown }): outcome is Retryable {
  return 'kind' in outcome;
}

function aborted(post: JsonPost, retries: number): ProviderError {
  return providerError('aborted', `${post.label} request aborted`, retries, post.secrets);
}

/** Exponential backoff with jitter in [half, full], or the server's wait; both capped. */
export function retryDelay(policy: HttpPolicy, retries: number, afterMs?: number): number {
  if (afterMs !== undefined) return Math.min(afterMs, policy.maxDelayMs);
  const full = Math.min(policy.maxDelayMs, policy.backoffMs * 2 ** retries);
  return Math.round(full / 2 + (Math.random() * full) / 2);
}

async function attempt(
  post: JsonPost,
  policy: HttpPolicy,
  retries: number,
): Promise<Retryable | { body: unknown }> {
  const timeout = AbortSignal.timeout(policy.timeoutMs);
  const signal = AbortSignal.any([post.signal, timeout]);
  try {
    const response = await fetch(post.url, {
      method: 'POST',
      headers: { ...post.headers, 'content-type': 'application/json' },
      body: JSON.stringify(post.body),
      signal,
      redirect: 'manual',
    });
    return await handleResponse(post, policy, response, retries);
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    if (post.signal.aborted) throw aborted(post, retries);
    if (timeout.aborted) {
      const message = `${post.label} request timed out after ${policy.timeoutMs} ms`;
      throw providerError('timeout', message, retries, post.secrets);
    }
    return { kind: 'network', message: `${post.label} request failed: ${describeCause(err)}` };
  }
}

async function handleResponse(
  post: JsonPost,
  policy: HttpPolicy,
  response: Response,
  retries: number,
): Promise<Retryable | { body: unknown }> {
  const { status } = response;
  const fail = (kind: ProviderFailureKind, message: string): ProviderError =>
    providerError(kind, message, retries, post.secrets, status);
  if (status >= 200 && status < 300) {
    const text = await readBounded(response, policy.maxResponseBytes);
    if (text === undefined) {
      throw fail('bad_response', `${post.label} response exceeds ${policy.maxResponseBytes} bytes`);
    }
    try {
      return { body: JSON.parse(text) as unknown };
    } catch {
      throw fail('bad_response', `${post.label} response is not JSON: ${boundText(text, 200)}`);
    }
  }
  const detail = await errorDetail(response);
  const message = `${post.label} HTTP ${status} from ${post.url.host}: ${detail}`;
  if (status === 429 || status >= 500) {
    const kind = status === 429 ? 'rate_limited' : 'server';
    return { kind, message, status, afterMs: parseRetryAfter(response.headers) };
  }
  if (status >= 300 && status < 400) {
    const where = response.headers.get('location') ?? 'elsewhere';
    throw fail('bad_request', `${message} redirect to ${where} refused; set baseUrl to the target`);
  }
  throw fail(status === 401 || status === 403 ? 'auth' : 'bad_request', message);
}

/** The provider's own error text: `error.message` (OpenAI, Anthropic), else the body. */
async function errorDetail(response: Response): Promise<string> {
  let text: string | undefined;
  try {
    text = await readBounded(response, MAX_ERROR_BODY_BYTES);
  } catch {
    return '(error body unreadable)';
  }
  if (text === undefined) return '(error body too large)';
  if (text.trim() === '') return response.statusText || '(empty error body)';
  return boundText(messageFromJson(text) ?? text, MAX_ERROR_MESSAGE_CHARS);
}

function messageFromJson(text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, message, detail } = body as Record<string, unknown>;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) {
    const inner = (error as Record<string, unknown>).message;
    if (typeof inner === 'string') return inner;
  }
  if (typeof message === 'string') return message;
  if (typeof detail === 'string') return detail;
  return undefined;
}

/** The body as UTF-8 text, or undefined once it exceeds `maxBytes` (the rest is not read). */
export async function readBounded(
  response: Response,
  maxBytes: number,
): Promise<string | undefined> {
  if (response.body === null) return '';
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    const bytes = Buffer.from(chunk as Uint8Array);
    total += bytes.byteLength;
    if (total > maxBytes) return undefined;
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Milliseconds from `retry-after-ms`, or `retry-after` as seconds or an HTTP date. */
export function parseRetryAfter(headers: Headers, now = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms')?.trim();
  if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms)) return Math.ceil(Number(ms));
  const value = headers.get('retry-after')?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

// Duck-typed: errors thrown by fetch may come from another realm (e.g. a test VM context).
function describeCause(err: unknown): string {
  const { message, cause } = fields(err);
  if (message === undefined) return String(err);
  const inner = fields(cause);
  const detail = inner.code ?? inner.message;
  return detail === undefined ? message : `${message} (${detail})`;
}

function fields(value: unknown): { message?: string; code?: string; cause?: unknown } {
  if (typeof value !== 'object' || value === null) return {};
  const { message, code, cause } = value as Record<string, unknown>;
  return {
    message: typeof message === 'string' ? message : undefined,
    code: typeof code === 'string' ? code : undefined,
    cause,
  };
}

/** What both API clients are constructed from (the factory fills it from host config). */
export type ApiClientOptions = {
  /** Default per client: OpenAI `https://api.openai.com/v1`, Anthropic `https://api.anthropic.com`. */
  baseUrl?: string;
  /** Sent only in the auth header; redacted from every error message. */
  apiKey?: string;
  /** Extra headers (config `providers.<alias>.headers`); auth headers take precedence. */
  headers?: Record<string, string>;
  vision: boolean;
  http?: Partial<HttpPolicy>;
};

/** The default policy with the options' defined fields laid over it. */
export function policyOf(options: ApiClientOptions): HttpPolicy {
  const defined = Object.entries(options.http ?? {}).filter(([, value]) => value !== undefined);
  return { ...DEFAULT_HTTP_POLICY, ...(Object.fromEntries(defined) as Partial<HttpPolicy>) };
}
