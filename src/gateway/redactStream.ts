// Redaction of secrets from a streamed answer. A secret split across two chunks must be caught
// too, so the tail of a chunk that could be the start of a secret is held back until the next
// chunk shows whether it is; an ordinary SSE chunk (ending in a newline) holds nothing back,
// so streaming latency is unchanged. Whole-secret matches only: fragments are caught where the
// gateway buffers a body (upstream errors), through `redactSecrets`.
import { REDACTED } from '../providers/redact.js';

const EMPTY = Buffer.alloc(0);
const REPLACEMENT = Buffer.from(REDACTED);

export class StreamRedactor {
  private held: Buffer = EMPTY;
  private readonly secrets: readonly Buffer[];

  constructor(secrets: readonly string[]) {
    this.secrets = secrets.filter((secret) => secret.length > 0).map((s) => Buffer.from(s));
  }

  /** The bytes that may be sent now. */
  push(chunk: Buffer): Buffer {
    if (this.secrets.length === 0) return chunk;
    const data = this.replaceAll(
      this.held.byteLength === 0 ? chunk : Buffer.concat([this.held, chunk]),
    );
    const hold = this.partialSecretSuffix(data);
    this.held = hold === 0 ? EMPTY : Buffer.from(data.subarray(data.byteLength - hold));
    return data.subarray(0, data.byteLength - hold);
  }

  /** What was held back, at the end of the stream (it was not a secret after all). */
  end(): Buffer {
    const rest = this.held;
    this.held = EMPTY;
    return rest;
  }

  private replaceAll(data: Buffer): Buffer {
    let out = data;
    for (const secret of this.secrets) {
      if (out.indexOf(secret) === -1) continue;
      const parts: Buffer[] = [];
      let start = 0;
      for (let at = out.indexOf(secret); at !== -1; at = out.indexOf(secret, start)) {
        parts.push(out.subarray(start, at), REPLACEMENT);
        start = at + secret.byteLength;
      }
      parts.push(out.subarray(start));
      out = Buffer.concat(parts);
    }
    return out;
  }

  /** Length of the longest suffix of `data` that is a proper prefix of some secret. */
  private partialSecretSuffix(data: Buffer): number {
    let longest = 0;
    for (const secret of this.secrets) {
      for (
        let length = Math.min(secret.byteLength - 1, data.byteLength);
        length > longest;
        length--
      ) {
        const suffix = data.subarray(data.byteLength - length);
        if (suffix.equals(secret.subarray(0, length))) {
          longest = length;
          break;
        }
      }
    }
    return longest;
  }
}
