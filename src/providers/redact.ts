// Bounding and secret redaction for every message this layer builds. API keys travel only in
// auth headers; a server may still echo them back (in full or in part) in an error body, so
// every text that reaches a ProviderError message passes through `redactSecrets` (defined in
// the core, which redacts records and reports with the same rule).

export { REDACTED, redactSecrets } from '../core/redact.js';

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
