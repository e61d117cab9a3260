// Builds a ModelClient from a host-config provider entry (`providers.<alias>` with kind
// 'openai' or 'anthropic'; 'exec' providers are not model clients) and names the model
// endpoint for digests.
import { anthropicBaseUrl, AnthropicClient } from './anthropic.js';
import type { ApiClientOptions, HttpPolicy, RetryInfo } from './http.js';
import { OPENAI_DEFAULT_BASE_URL, OpenAIClient } from './openai.js';
import { normalizeBaseUrl } from './shape.js';
import { ProviderError, type ModelClient } from './types.js';

/** `providers.<alias>` of host config for the two API kinds (config.schema.json). */
export type ApiProviderConfig = {
  kind: 'openai' | 'anthropic';
  baseUrl?: string;
  /** Environment variable holding the API key; omit for keyless servers (Ollama, llama.cpp). */
  apiKeyEnv?: string;
  headers?: Record<string, string>;
  /** 0..10, default 3. */
  maxRetries?: number;
};

export type ModelClientOptions = {
  env: NodeJS.ProcessEnv;
  /** models.<alias>.vision: whether image parts are sent. */
  vision: boolean;
  /** Base of the retry backoff (default 500 ms); tests pass a few ms. */
  backoffMs?: number;
  /** Cap of one retry wait, computed or from retry-after (default 30 s). */
  maxDelayMs?: number;
  /** Per HTTP attempt (default 300 s); the request's signal bounds the whole call. */
  timeoutMs?: number;
  /** Called before each retry wait, e.g. for progress output. */
  onRetry?: (info: RetryInfo) => void;
};

const MAX_RETRIES_LIMIT = 10;

/**
 * A client for `provider`. The key is read from `options.env[provider.apiKeyEnv]`; a missing
 * or empty variable throws ProviderError('auth') naming the variable (never a value). An
 * unusable baseUrl throws an Error.
 */
export function createModelClient(
  provider: ApiProviderConfig,
  options: ModelClientOptions,
): ModelClient {
  const http: Partial<HttpPolicy> = {
    maxRetries: clampRetries(provider.maxRetries),
    backoffMs: options.backoffMs,
    maxDelayMs: options.maxDelayMs,
    timeoutMs: options.timeoutMs,
    onRetry: options.onRetry,
  };
  const clientOptions: ApiClientOptions = {
    baseUrl: provider.baseUrl,
    apiKey: readApiKey(provider, options.env),
    headers: provider.headers,
    vision: options.vision,
    http,
  };
  switch (provider.kind) {
    case 'openai':
      return new OpenAIClient(clientOptions);
    case 'anthropic':
      return new AnthropicClient(clientOptions);
    default:
      throw new Error(
        `provider kind ${JSON.stringify((provider as { kind: unknown }).kind)} is not a model API`,
      );
  }
}

function readApiKey(provider: ApiProviderConfig, env: NodeJS.ProcessEnv): string | undefined {
  if (provider.apiKeyEnv === undefined) return undefined;
  const key = env[provider.apiKeyEnv];
  if (key === undefined || key.trim() === '') {
    const message = `the API key environment variable ${provider.apiKeyEnv} (apiKeyEnv of the ${provider.kind} provider) is not set or empty`;
    throw new ProviderError('auth', message, 0);
  }
  return key.trim();
}

function clampRetries(value: number | undefined): number | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined;
  return Math.min(MAX_RETRIES_LIMIT, Math.max(0, Math.floor(value)));
}

/** What identifies the model endpoint in a digest: no key, no headers. */
export type ModelIdentity = { provider: 'openai' | 'anthropic'; baseUrl: string; model: string };

/**
 * The endpoint identity with the base URL default-filled and normalized the way requests
 * use it (lower-case scheme and host, default port dropped, no trailing slash, and for
 * Anthropic no trailing `/v1`), so equivalent configurations give equal digests.
 */
export function modelIdentity(provider: ApiProviderConfig, model: string): ModelIdentity {
  const url =
    provider.kind === 'anthropic'
      ? anthropicBaseUrl(provider.baseUrl)
      : normalizeBaseUrl(provider.baseUrl ?? OPENAI_DEFAULT_BASE_URL);
  const path = url.pathname === '/' ? '' : url.pathname;
  return { provider: provider.kind, baseUrl: `${url.origin}${path}${url.search}`, model };
}
