// GitHub's REST cache listing through Octokit: `GET /repos/{owner}/{repo}/actions/caches`,
// filtered by key prefix and ref, newest first. Every answer is checked for its shape.
import type { getOctokit } from '@actions/github';
import type { CacheListing, ListedCacheEntry } from '../storage/github/ports.js';

type Octokit = ReturnType<typeof getOctokit>;

export function octokitCacheListing(
  octokit: Octokit,
  repo: { owner: string; repo: string },
): CacheListing {
  return {
    list: async (keyPrefix, ref, limit) => {
      const { data } = await octokit.rest.actions.getActionsCacheList({
        ...repo,
        key: keyPrefix,
        ref,
        sort: 'created_at',
        direction: 'desc',
        per_page: Math.min(100, Math.max(1, limit)),
      });
      const entries = (data as { actions_caches?: unknown }).actions_caches;
      if (!Array.isArray(entries))
        throw new Error('GitHub answered the cache listing without actions_caches');
      return entries.flatMap(entryOf).slice(0, limit);
    },
  };
}

function entryOf(value: unknown): ListedCacheEntry[] {
  const e = (value ?? {}) as Record<string, unknown>;
  if (typeof e.key !== 'string' || typeof e.ref !== 'string') return [];
  return [
    {
      key: e.key,
      ref: e.ref,
      createdAt: typeof e.created_at === 'string' ? e.created_at : '',
      sizeBytes: typeof e.size_in_bytes === 'number' ? e.size_in_bytes : 0,
    },
  ];
}
