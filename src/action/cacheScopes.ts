// The Actions cache scopes this job takes records and decisions from (storage/github/
// cacheTrust.ts holds the rule; this reads the runner's side of it).
import { readableCacheScopes } from '../storage/github/cacheAccess.js';
import { cacheTrustOf, type CacheTrust } from '../storage/github/cacheTrust.js';
import type { ActionJob } from './services.js';

export function jobCacheTrust(job: ActionJob): CacheTrust {
  const { runner } = job;
  return cacheTrustOf(
    {
      eventName: runner.eventName,
      ref: runner.ref ?? '',
      defaultBranch: runner.defaultBranch,
      baseRef: runner.pullRequest?.baseRef ?? (job.env.GITHUB_BASE_REF || undefined),
      trustPullRequestScope: job.inputs.trustPullRequestCache,
      readableScopes: readableCacheScopes(job.env),
    },
    job.services.cacheListing,
  );
}
