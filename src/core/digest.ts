import { createHash } from 'node:crypto';
import type { Digest, JsonValue } from './types.js';

/**
 * Canonical JSON: object keys sorted by code unit, no whitespace, numbers as JSON.stringify
 * writes them. Same value → same bytes, whatever order the keys were written in.
 */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new TypeError('canonical JSON cannot encode a non-finite number');
    }
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  const parts: string[] = [];
  for (const key of keys) {
    const item = value[key];
    if (item === undefined) continue;
    parts.push(`${JSON.stringify(key)}:${canonicalJson(item)}`);
  }
  return `{${parts.join(',')}}`;
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export function toDigest(hex: string): Digest {
  return `sha256:${hex}`;
}

export function digestOfJson(value: JsonValue): Digest {
  return toDigest(sha256Hex(canonicalJson(value)));
}

const DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/;

export function isDigest(value: unknown): value is Digest {
  return typeof value === 'string' && DIGEST_PATTERN.test(value);
}

export function digestHex(digest: Digest): string {
  return digest.slice('sha256:'.length);
}
