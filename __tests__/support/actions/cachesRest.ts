// GitHub's REST listing of a repository's Actions cache entries, as the service documents it:
//   GET /repos/{owner}/{repo}/actions/caches?key&ref&sort&direction&per_page&page
// `key` is a key or key prefix, `ref` the scope (`refs/heads/main`, `refs/pull/7/merge`);
// sort by created_at, last_accessed_at (default) or size_in_bytes, direction desc (default)
// or asc; per_page up to 100 (default 30). It needs `actions: read`; a token without it gets
// GitHub's 403 "Resource not accessible by integration". Entries are the results service's.
import type { ServerResponse } from 'node:http';
import { sendJson } from './http.js';
import type { CacheEntryInfo, ResultsService } from './resultsService.js';

const SORTS = new Set(['created_at', 'last_accessed_at', 'size_in_bytes']);

export function listCaches(
  res: ServerResponse,
  results: ResultsService,
  query: URLSearchParams,
  allowed: boolean,
): void {
  if (!allowed) {
    sendJson(res, 403, {
      message: 'Resource not accessible by integration',
      documentation_url:
        'https://docs.github.com/rest/actions/cache#list-github-actions-caches-for-a-repository',
      status: '403',
    });
    return;
  }
  const sort = query.get('sort') ?? 'last_accessed_at';
  const direction = query.get('direction') ?? 'desc';
  if (!SORTS.has(sort) || (direction !== 'asc' && direction !== 'desc')) {
    sendJson(res, 422, { message: 'Validation Failed', status: '422' });
    return;
  }
  const key = query.get('key');
  const ref = query.get('ref');
  const perPage = Math.min(Number(query.get('per_page') ?? 30) || 30, 100);
  const page = Math.max(Number(query.get('page') ?? 1) || 1, 1);
  const all = results
    .cacheEntries()
    .filter((e) => (key === null || e.key.startsWith(key)) && (ref === null || e.scope === ref))
    .sort((a, b) => compare(a, b, sort) * (direction === 'asc' ? 1 : -1));
  sendJson(res, 200, {
    total_count: all.length,
    actions_caches: all.slice((page - 1) * perPage, page * perPage).map(cacheJson),
  });
}

function compare(a: CacheEntryInfo, b: CacheEntryInfo, sort: string): number {
  if (sort === 'size_in_bytes') return a.sizeBytes - b.sizeBytes || a.id - b.id;
  // Creation order breaks ties within one millisecond; no entry here is accessed apart.
  return a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id;
}

function cacheJson(entry: CacheEntryInfo) {
  const at = entry.createdAt.toISOString();
  return {
    id: entry.id,
    ref: entry.scope,
    key: entry.key,
    version: entry.version,
    last_accessed_at: at,
    created_at: at,
    size_in_bytes: entry.sizeBytes,
  };
}
