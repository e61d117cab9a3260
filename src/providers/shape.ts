// Small helpers shared by the wire-format adapters: reading untrusted response JSON, tool
// argument parsing, base URL normalization and the placeholder for images a model cannot see.
import { boundUtf8 } from './redact.js';
import type { ChatUsage, ImagePart, ToolCall } from './types.js';

/** Raw tool-argument text kept on a ToolCall is bounded to this many UTF-8 bytes. */
export const MAX_RAW_ARGUMENTS_BYTES = 2048;

/** A response that parsed as JSON but does not have the shape of its wire format. */
export class ShapeError extends Error {}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function expectRecord(value: unknown, what: string): Record<string, unknown> {
  if (!isRecord(value)) throw new ShapeError(`${what} is not an object`);
  return value;
}

export function expectString(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new ShapeError(`${what} is not a string`);
  return value;
}

/** A count from a usage object: a finite non-negative number, else undefined. */
export function tokenCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? Math.floor(value)
    : undefined;
}

/** Usage with missing counts as 0, and whether any count was missing. */
export function usageOf(
  input: number | undefined,
  output: number | undefined,
): { usage: ChatUsage; missing: boolean } {
  return {
    usage: { inputTokens: input ?? 0, outputTokens: output ?? 0 },
    missing: input === undefined || output === undefined,
  };
}

/**
 * A ToolCall from argument text. Arguments that are not a JSON object (invalid JSON, an
 * array, a string...) leave `arguments` undefined; empty text counts as `{}` (models send
 * that for tools without parameters).
 */
export function toolCallFromText(id: string, name: string, text: string): ToolCall {
  const rawArguments = boundUtf8(text, MAX_RAW_ARGUMENTS_BYTES);
  if (text.trim() === '') return { id, name, arguments: {}, rawArguments };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { id, name, arguments: undefined, rawArguments };
  }
  return { id, name, arguments: isRecord(parsed) ? parsed : undefined, rawArguments };
}

/** A ToolCall from an already-parsed value (Anthropic `input`, some OpenAI-compatible servers). */
export function toolCallFromValue(id: string, name: string, value: unknown): ToolCall {
  const rawArguments = boundUtf8(JSON.stringify(value) ?? String(value), MAX_RAW_ARGUMENTS_BYTES);
  return { id, name, arguments: isRecord(value) ? value : undefined, rawArguments };
}

/**
 * `baseUrl` parsed and normalized: http(s) only, no credentials in the URL, no trailing
 * slash on the path, query kept (Azure's `?api-version=`), fragment dropped.
 */
export function normalizeBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`provider baseUrl is not a URL: ${JSON.stringify(baseUrl.slice(0, 200))}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`provider baseUrl must be http or https, not ${url.protocol}`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new Error('provider baseUrl must not carry credentials; use apiKeyEnv');
  }
  url.hash = '';
  url.pathname = url.pathname.replace(/\/+$/, '');
  return url;
}

/** `base` with `suffix` appended to its path (query kept). */
export function endpoint(base: URL, suffix: string): URL {
  const url = new URL(base.href);
  url.pathname = `${base.pathname.replace(/\/+$/, '')}${suffix}`;
  return url;
}

/** Text standing in for an image when the model is not configured for vision. */
export function imagePlaceholder(image: ImagePart): string {
  const bytes = Math.floor((image.base64.length * 3) / 4);
  return `[image omitted (${image.mediaType}, about ${bytes} bytes): this model is not configured for vision]`;
}

/** Header names lower-cased, so later (auth) headers replace same-named ones from config. */
export function lowerCaseHeaders(
  headers: Record<string, string> | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}
