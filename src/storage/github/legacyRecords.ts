// Read-only access to the old per-record cache layout (`dog-v1-gm-<GM hex>`, one entry per
// pass/fail record, archived from `~/.cache/dog/records/`). Used only while a graph has no
// record pack yet, so an upgrade does not verify everything again; nothing is written there
// any more, and a record found is carried into the run's pack.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { digestHex } from '../../core/digest.js';
import { acceptRecord } from '../../core/records/accept.js';
import type { Digest, VerificationRecord } from '../../core/types.js';
import type { CachePort } from './ports.js';

export function legacyGmKey(gmDigest: Digest): string {
  return `dog-v1-gm-${digestHex(gmDigest)}`;
}

/** The directory the old entries were archived from, as the cache was told it. */
export const LEGACY_CACHE_DIR = '~/.cache/dog/records';

export type LegacyLookup =
  { found: false } | { found: true; record: VerificationRecord } | { found: true; refused: string };

/**
 * The old entry of `gmDigest`, accepted by the record check; `homeDir` is where `~` of
 * LEGACY_CACHE_DIR is on this runner.
 */
export async function findLegacyRecord(
  cache: CachePort,
  gmDigest: Digest,
  homeDir: string,
): Promise<LegacyLookup> {
  const key = legacyGmKey(gmDigest);
  const file = join(homeDir, '.cache', 'dog', 'records', `${key}.json`);
  try {
    const matched = await cache.restore(`${LEGACY_CACHE_DIR}/${key}.json`, key, [], {
      retryFailedDownload: false,
    });
    if (matched !== key) return { found: false };
    let value: unknown;
    try {
      value = JSON.parse(await readFile(file, 'utf8'));
    } catch {
      return { found: true, refused: 'it is not JSON' };
    }
    const accepted = acceptRecord(value, { gmDigest, inheritable: true });
    return accepted.ok
      ? { found: true, record: accepted.record }
      : { found: true, refused: accepted.reason };
  } finally {
    await rm(file, { force: true });
  }
}
