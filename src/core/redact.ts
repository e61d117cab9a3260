// Credential redaction for every text DoG stores or shows. A model may echo its own
// Authorization header and a script may print a token; whatever they write passes through a
// `Redactor` built from the credentials the host knows, so neither a whole credential nor any
// 12-character run copied from one survives.
import type { JsonValue } from './types.js';

export const REDACTED = '[REDACTED]';

/** Runs of at least this many characters copied from a secret are redacted too. */
export const FRAGMENT_CHARS = 12;

/**
 * Known secrets shorter than this are not redacted by a `Redactor`: a short value (a
 * placeholder, "true", a user name) would turn ordinary words of evidence into [REDACTED]
 * everywhere, and no real API key or token is this short.
 */
export const MIN_SECRET_CHARS = 8;

/** Redacts the secrets it was built with from text and from JSON (values and keys). */
export type Redactor = {
  /** The distinct secrets it redacts, longest first (for log masking). */
  readonly secrets: readonly string[];
  text(text: string): string;
  json(value: JsonValue): JsonValue;
};

type Matcher = { whole: readonly string[]; windows: ReadonlySet<string> };

function compile(secrets: Iterable<string | undefined>, minChars: number): Matcher {
  const whole = [...new Set([...secrets].filter((s): s is string => (s?.length ?? 0) >= minChars))];
  // Longest first, so a secret that contains another is replaced as one.
  whole.sort((a, b) => b.length - a.length);
  const windows = new Set<string>();
  for (const secret of whole)
    for (let i = 0; i + FRAGMENT_CHARS <= secret.length; i++)
      windows.add(secret.slice(i, i + FRAGMENT_CHARS));
  return { whole, windows };
}

function apply(text: string, { whole, windows }: Matcher): string {
  let out = text;
  for (const secret of whole) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  return windows.size === 0 ? out : redactWindows(out, windows);
}

/** Replaces each maximal run covered by secret windows with one REDACTED marker. */
function redactWindows(text: string, windows: ReadonlySet<string>): string {
  if (text.length < FRAGMENT_CHARS) return text;
  const covered = new Uint8Array(text.length);
  let any = false;
  for (let i = 0; i + FRAGMENT_CHARS <= text.length; i++) {
    if (windows.has(text.slice(i, i + FRAGMENT_CHARS))) {
      covered.fill(1, i, i + FRAGMENT_CHARS);
      any = true;
    }
  }
  if (!any) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (covered[i] === 0) out += text[i];
    else if (i === 0 || covered[i - 1] === 0) out += REDACTED;
  }
  return out;
}

/** Replaces every occurrence of each (non-empty) secret, and every 12+ character fragment of it. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  return apply(text, compile(secrets, 1));
}

/** A redactor for `secrets`; empty and too-short values are ignored (see MIN_SECRET_CHARS). */
export function secretRedactor(secrets: Iterable<string | undefined>): Redactor {
  const matcher = compile(secrets, MIN_SECRET_CHARS);
  const text = (value: string): string =>
    matcher.whole.length === 0 || value.length < MIN_SECRET_CHARS ? value : apply(value, matcher);
  const json = (value: JsonValue): JsonValue => {
    if (matcher.whole.length === 0) return value;
    return redactJson(value, text);
  };
  return { secrets: matcher.whole, text, json };
}

/** The redactor of a host that knows no secrets. */
export const noRedaction: Redactor = secretRedactor([]);

function redactJson(value: JsonValue, text: (value: string) => string): JsonValue {
  if (typeof value === 'string') return text(value);
  if (Array.isArray(value)) return value.map((item) => redactJson(item, text));
  if (value === null || typeof value !== 'object') return value;
  const out: { [key: string]: JsonValue } = {};
  for (const [key, item] of Object.entries(value))
    // defineProperty: a "__proto__" key stays a key instead of replacing the prototype.
    Object.defineProperty(out, uniqueKey(out, text(key)), {
      value: redactJson(item, text),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

/** Two keys that redact to the same text both stay, the later one numbered. */
function uniqueKey(taken: { [key: string]: JsonValue }, key: string): string {
  if (!Object.hasOwn(taken, key)) return key;
  let n = 2;
  while (Object.hasOwn(taken, `${key} (${n})`)) n += 1;
  return `${key} (${n})`;
}
