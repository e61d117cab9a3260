// Bounding and secret redaction for every message this layer builds. API keys travel only in
// auth headers; a server may still echo them back (in full or in part) in an error body, so
// every text that reaches a ProviderError message passes through `redactSecrets`.

export const REDACTED = '[REDACTED]';

/** Runs of at least this many characters copied from a key are redacted too. */
const KEY_WINDOW = 12;

/** Replaces every occurrence of each secret, and every 12+ character fragment of it. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length === 0) continue;
    out = out.split(secret).join(REDACTED);
    if (secret.length >= KEY_WINDOW) out = redactFragments(out, secret);
  }
  return out;
}

function redactFragments(text: string, secret: string): string {
  const windows = new Set<string>();
  for (let i = 0; i + KEY_WINDOW <= secret.length; i++) {
    windows.add(secret.slice(i, i + KEY_WINDOW));
  }
  const covered = new Uint8Array(text.length);
  let any = false;
  for (let i = 0; i + KEY_WINDOW <= text.length; i++) {
    if (windows.has(text.slice(i, i + KEY_WINDOW))) {
      covered.fill(1, i, i + KEY_WINDOW);
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

/** At most `maxChars` characters of single-spaced text, with an ellipsis when cut. */
export function boundText(text: string, maxChars: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= maxChars ? flat : `${flat.slice(0, Math.max(0, maxChars - 1))}…`;
}

/** A prefix of `text` of at most `maxBytes` UTF-8 bytes, never splitting a character. */
export function boundUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char, 'utf8');
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += char.length;
  }
  return text.slice(0, end);
}
