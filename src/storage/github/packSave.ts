// Saving a record pack: one upload, retried after the Retry-After GitHub's upload rate limit
// names as long as the waits stay within a bound, and an honest account of what happened.
import type { CacheCallOptions, CachePort, CacheSaveResult } from './ports.js';

/** How long a flush may wait in total for the rate limit to clear. */
export const DEFAULT_MAX_RATE_LIMIT_WAIT_MS = 60_000;

export type FlushResult =
  /** Nothing new to keep: no upload. */
  | { outcome: 'unchanged' }
  /** Later runs would not trust this job's scope (a pull request's): nothing was saved. */
  | { outcome: 'untrusted-scope'; added: number; scope: string }
  /** The job's cache is read-only: nothing was attempted. */
  | { outcome: 'read-only'; added: number }
  | {
      outcome: 'saved';
      key: string;
      records: number;
      added: number;
      pruned: number;
      waitedSeconds: number;
    }
  /** Another save of this run attempt's key came first; this one's additions are not in it. */
  | { outcome: 'exists'; key: string; added: number }
  | {
      outcome: 'refused';
      key: string;
      added: number;
      reason: string;
      retryAfterSeconds?: number;
      waitedSeconds: number;
    }
  | { outcome: 'failed'; key: string; added: number; reason: string };

export function describeFlush(result: FlushResult): string {
  switch (result.outcome) {
    case 'unchanged':
      return 'DoG: no new records; the record pack was not saved again';
    case 'untrusted-scope':
      return `DoG: the record pack was not saved: later runs do not take records from this run's cache scope (${result.scope}), which any workflow of the pull request can write; ${records(result.added)} stay in this run's report (input trust-pull-request-cache, docs/security.md)`;
    case 'read-only':
      return `DoG: the record pack was not saved (read-only cache): ${records(result.added)} not kept`;
    case 'saved': {
      const pruned = result.pruned > 0 ? `, ${result.pruned} pruned by least recent use` : '';
      const waited =
        result.waitedSeconds > 0
          ? `, after waiting ${result.waitedSeconds} s for GitHub's cache rate limit`
          : '';
      return `DoG: record pack ${result.key} saved: ${records(result.records)} (${result.added} new${pruned})${waited}`;
    }
    case 'exists':
      return `DoG: the record pack was not saved: ${result.key} was saved before in this run attempt; ${records(result.added)} not added`;
    case 'refused':
    case 'failed':
      return `DoG: ${notSavedMessage(result)}`;
  }
}

/** The one warning a pack that could not be saved gets. */
export function notSavedMessage(
  result: Extract<FlushResult, { outcome: 'refused' | 'failed' }>,
): string {
  const why =
    result.outcome === 'refused'
      ? `GitHub's cache refused it (${result.reason}${result.retryAfterSeconds === undefined ? '' : `; it asked to retry after ${result.retryAfterSeconds} s`}${result.waitedSeconds > 0 ? `, after DoG waited ${result.waitedSeconds} s` : ''})`
      : `saving failed (${result.reason})`;
  return `the record pack was not saved: ${why}; the next run verifies these ${records(result.added)} again`;
}

function records(count: number): string {
  return count === 1 ? '1 record' : `${count} records`;
}

export type SaveRetry = {
  maxWaitMs: number;
  sleep(ms: number): Promise<void>;
};

export type SaveAttempts = { result: CacheSaveResult; waitedMs: number };

/** Saves, waiting out the rate limit while the total wait stays within `maxWaitMs`. */
export async function saveWithRetry(
  cache: CachePort,
  path: string,
  key: string,
  options: CacheCallOptions,
  retry: SaveRetry,
): Promise<SaveAttempts> {
  let waitedMs = 0;
  for (;;) {
    const result = await cache.save(path, key, options);
    if (result.outcome !== 'refused' || result.retryAfterSeconds === undefined)
      return { result, waitedMs };
    const waitMs = result.retryAfterSeconds * 1000;
    if (waitedMs + waitMs > retry.maxWaitMs) return { result, waitedMs };
    await retry.sleep(waitMs);
    waitedMs += waitMs;
  }
}
