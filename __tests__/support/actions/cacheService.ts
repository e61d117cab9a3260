// CacheService (cache v2). GitHub's documented matching: an exact key (and version) first,
// then the key as a prefix, then each restore key in order as a prefix; among several
// prefix matches the newest entry wins. Entries are immutable: a second reservation of a
// key+version in one scope is refused with `already_exists` (HTTP 409), which @actions/cache
// reports as "Unable to reserve cache" and `saveCache` returns -1.
//
// Scopes, as GitHub isolates caches: an entry belongs to the ref of the job that saved it
// (the writable scope of its runtime token's `ac` claim). A lookup searches the caller's
// readable scopes in the token's order — its own ref first, then the pull request's base
// branch and the default branch — and a job never sees another branch's or another pull
// request's entries.
//
// A token whose scopes grant no write (GitHub gives untrusted triggers on the default branch
// a read-only one, see cacheMode.ts) is refused CreateCacheEntry the way the service refuses
// it: HTTP 200 with `ok: false` and a message starting `cache write denied:`, the prefix
// @actions/cache 6.3 turns into a CacheWriteDeniedError (a warning; saveCache returns -1).
// A token whose scopes grant no read (a `write-only` or `none` job, cacheMode.ts) is refused
// GetCacheEntryDownloadURL with twirp `permission_denied` (HTTP 403) and a message starting
// `cache read denied:`, which the client turns into a CacheReadDeniedError (a warning; the
// restore is a miss).
//
// Upload rate limit, as GitHub enforces it since 2026-01: at most 200 new entries (successful
// CreateCacheEntry reservations) per minute per repository, every scope together. Over it
// CreateCacheEntry answers HTTP 429 with a twirp `resource_exhausted` body and a
// `Retry-After` header: the seconds until the oldest reservation in the window ages out.
// @actions/cache 6 does not retry that; it warns "You've hit a rate limit…" and saveCache
// returns -1. The limit and the clock are options, so tests can use a small limit and a
// clock they move.
import { CACHE_CONTAINER, type BlobStore } from './blobStore.js';
import { CACHE_READ, CACHE_WRITE, type Caller } from './runtimeToken.js';
import {
  int64Field,
  stringField,
  TwirpError,
  type TwirpRequest,
  type TwirpService,
} from './twirp.js';

export type CacheEntry = {
  id: number;
  key: string;
  version: string;
  /** The ref whose jobs may restore it (besides the refs that may read that scope). */
  scope: string;
  blob: string;
  createdAt: Date;
  finalized: boolean;
  sizeBytes?: number;
};

export type CacheLookup = {
  key: string;
  restoreKeys: string[];
  version: string;
  /** The scopes searched, in order. */
  scopes: string[];
  /** The key of the entry served, or `undefined` for a miss. */
  matchedKey?: string;
};

/** One call of the cache service, as the call log keeps it. */
export type CacheCall =
  | {
      method: 'GetCacheEntryDownloadURL';
      key: string;
      result: 'hit' | 'miss' | 'denied';
      matchedKey?: string;
    }
  | {
      method: 'CreateCacheEntry';
      key: string;
      result: 'reserved' | 'exists' | 'rate_limited' | 'denied';
    }
  | { method: 'FinalizeCacheEntryUpload'; key: string; result: 'finalized' | 'refused' };

export type CacheRateLimit = {
  /** New entries allowed per window, per repository (GitHub: 200). */
  perWindow: number;
  /** GitHub: one minute. */
  windowMs: number;
};

export const GITHUB_CACHE_RATE_LIMIT: CacheRateLimit = { perWindow: 200, windowMs: 60_000 };

export type CacheServiceOptions = {
  /** Defaults to GitHub's; `false` switches the limit off. */
  rateLimit?: CacheRateLimit | false;
  /** Milliseconds since the epoch; defaults to Date.now. */
  now?: () => number;
};

export type CacheStore = {
  readonly entries: CacheEntry[];
  readonly lookups: CacheLookup[];
  /** Keys whose next download is handed a URL that fails (a transient storage fault). */
  readonly brokenDownloads: Set<string>;
  /** Every call, oldest first. */
  readonly calls: CacheCall[];
  /** When each successful reservation happened (ms), for the rate limit's window. */
  readonly reservedAt: number[];
  rateLimit: CacheRateLimit | false;
  now: () => number;
};

export function createCacheStore(options: CacheServiceOptions = {}): CacheStore {
  return {
    entries: [],
    lookups: [],
    brokenDownloads: new Set(),
    calls: [],
    reservedAt: [],
    rateLimit: options.rateLimit ?? GITHUB_CACHE_RATE_LIMIT,
    now: options.now ?? Date.now,
  };
}

let nextEntryId = 1;
// Creation order, so "newest" is well defined even within one millisecond.
let sequence = 0;
const order = new WeakMap<CacheEntry, number>();

export function cacheService(store: CacheStore, blobs: BlobStore): TwirpService {
  return {
    CreateCacheEntry: (request, caller) => {
      const key = checkedKey(stringField(request, 'key'));
      const version = stringField(request, 'version');
      const log = (result: 'reserved' | 'exists' | 'rate_limited' | 'denied') =>
        store.calls.push({ method: 'CreateCacheEntry', key, result });
      const scope = writableScopeOf(caller);
      if (scope === undefined) {
        log('denied');
        return { ok: false, signed_upload_url: '', message: WRITE_DENIED };
      }
      if (store.entries.some((e) => e.key === key && e.version === version && e.scope === scope)) {
        log('exists');
        throw new TwirpError(
          'already_exists',
          'cache entry with the same key, version, and scope already exists',
        );
      }
      const retryAfter = rateLimitRetryAfter(store);
      if (retryAfter !== undefined) {
        log('rate_limited');
        throw new TwirpError(
          'resource_exhausted',
          'cache entry creation rate limit exceeded for this repository',
          { 'retry-after': String(retryAfter) },
        );
      }
      store.reservedAt.push(store.now());
      log('reserved');
      const id = nextEntryId++;
      const entry: CacheEntry = {
        id,
        key,
        version,
        scope,
        blob: `entries/${id}`,
        createdAt: new Date(),
        finalized: false,
      };
      order.set(entry, sequence++);
      store.entries.push(entry);
      return { ok: true, signed_upload_url: blobs.uploadUrl(CACHE_CONTAINER, entry.blob) };
    },
    FinalizeCacheEntryUpload: async (request, caller) => {
      const key = stringField(request, 'key');
      const version = stringField(request, 'version');
      const scope = writableScope(caller);
      const entry = store.entries.find(
        (e) => e.key === key && e.version === version && e.scope === scope,
      );
      const log = (result: 'finalized' | 'refused') =>
        store.calls.push({ method: 'FinalizeCacheEntryUpload', key, result });
      if (entry === undefined || entry.finalized) {
        log('refused');
        throw new TwirpError('not_found', 'no cache entry reserved for this key and version');
      }
      if (!(await blobs.exists(CACHE_CONTAINER, entry.blob))) {
        log('refused');
        throw new TwirpError('failed_precondition', 'nothing was uploaded for this cache entry');
      }
      entry.sizeBytes = int64Field(request, 'size_bytes') ?? 0;
      entry.finalized = true;
      log('finalized');
      return { ok: true, entry_id: String(entry.id) };
    },
    GetCacheEntryDownloadURL: (request, caller) => {
      const scopes = readableScopes(caller);
      if (scopes.length === 0) {
        store.calls.push({
          method: 'GetCacheEntryDownloadURL',
          key: stringField(request, 'key'),
          result: 'denied',
        });
        throw new TwirpError('permission_denied', READ_DENIED);
      }
      const lookup = lookupOf(request, scopes);
      const entry = matchInScopes(store.entries, lookup);
      lookup.matchedKey = entry?.key;
      store.lookups.push(lookup);
      store.calls.push({
        method: 'GetCacheEntryDownloadURL',
        key: lookup.key,
        result: entry === undefined ? 'miss' : 'hit',
        ...(entry === undefined ? {} : { matchedKey: entry.key }),
      });
      if (entry === undefined) return { ok: false, signed_download_url: '', matched_key: '' };
      const broken = store.brokenDownloads.delete(entry.key);
      return {
        ok: true,
        signed_download_url: blobs.downloadUrl(
          CACHE_CONTAINER,
          broken ? `${entry.blob}.missing` : entry.blob,
        ),
        matched_key: entry.key,
      };
    },
  };
}

/**
 * Undefined while a new entry is allowed; else the whole seconds until the oldest
 * reservation of the window ages out (at least 1), what GitHub sends as Retry-After.
 */
function rateLimitRetryAfter(store: CacheStore): number | undefined {
  const limit = store.rateLimit;
  if (limit === false) return undefined;
  const now = store.now();
  const inWindow = store.reservedAt.filter((at) => at > now - limit.windowMs);
  if (inWindow.length < limit.perWindow) return undefined;
  // The reservation whose ageing out brings the count under the limit.
  const freeing = inWindow[inWindow.length - limit.perWindow] ?? now;
  return Math.max(1, Math.ceil((freeing + limit.windowMs - now) / 1000));
}

function checkedKey(key: string): string {
  if (key.length > 512 || key.includes(',')) {
    throw new TwirpError(
      'invalid_argument',
      'cache key is longer than 512 characters or has a comma',
    );
  }
  return key;
}

const WRITE_DENIED =
  'cache write denied: the cache token of this job grants no write (its cache-mode, or its trigger, which is untrusted in the default branch scope)';
const READ_DENIED =
  'cache read denied: the cache token of this job grants no read (its cache-mode is write-only or none)';

/** The one scope a job's saves go to: its own ref, when its token may write there. */
function writableScopeOf(caller: Caller): string | undefined {
  return caller.cacheScopes.find((s) => (s.Permission & CACHE_WRITE) !== 0)?.Scope;
}

function writableScope(caller: Caller): string {
  const scope = writableScopeOf(caller);
  if (scope === undefined)
    throw new TwirpError('permission_denied', 'the runtime token grants no writable cache scope');
  return scope;
}

function readableScopes(caller: Caller): string[] {
  return caller.cacheScopes.filter((s) => (s.Permission & CACHE_READ) !== 0).map((s) => s.Scope);
}

function lookupOf(request: TwirpRequest, scopes: string[]): CacheLookup {
  const restoreKeys = request['restore_keys'] ?? [];
  if (!Array.isArray(restoreKeys) || !restoreKeys.every((k) => typeof k === 'string')) {
    throw new TwirpError('invalid_argument', 'restore_keys must be a list of strings');
  }
  return {
    key: stringField(request, 'key'),
    restoreKeys,
    version: stringField(request, 'version'),
    scopes,
  };
}

/** The first scope, in the caller's order, that has a match decides. */
function matchInScopes(entries: CacheEntry[], lookup: CacheLookup): CacheEntry | undefined {
  for (const scope of lookup.scopes) {
    const found = match(
      entries.filter((e) => e.scope === scope),
      lookup,
    );
    if (found !== undefined) return found;
  }
  return undefined;
}

export function match(entries: CacheEntry[], lookup: CacheLookup): CacheEntry | undefined {
  const usable = entries.filter((e) => e.finalized && e.version === lookup.version);
  const exact = usable.find((e) => e.key === lookup.key);
  if (exact !== undefined) return exact;
  for (const prefix of [lookup.key, ...lookup.restoreKeys]) {
    const newest = usable
      .filter((e) => e.key.startsWith(prefix))
      .sort((a, b) => (order.get(b) ?? 0) - (order.get(a) ?? 0))[0];
    if (newest !== undefined) return newest;
  }
  return undefined;
}
