// The Actions cache scopes this job takes records and decisions from (storage/github/
// cacheTrust.ts holds the rule; this reads the runner's side of it).
import { cacheReadAccess, readableCacheScopes } from '../storage/github/cacheAccess.js';
import { cacheTrustOf, type CacheTrust } from '../storage/github/cacheTrust.js';
import type { ActionJob } from './services.js';

// One per job, so that a cache that refuses restores is mentioned once however many readers ask.
const trustOfJob = new WeakMap<ActionJob, CacheTrust>();

export function jobCacheTrust(job: ActionJob): CacheTrust {
  const known = trustOfJob.get(job);
  if (known !== undefined) return known;
  const trust = trustOf(job);
  trustOfJob.set(job, trust);
  return trust;
}

function trustOf(job: ActionJob): CacheTrust {
  const { runner } = job;
  return cacheTrustOf(
    {
      eventName: runner.eventName,
      ref: runner.ref ?? '',
      defaultBranch: runner.defaultBranch,
      baseRef: runner.pullRequest?.baseRef ?? (job.env.GITHUB_BASE_REF || undefined),
      trustPullRequestScope: job.inputs.trustPullRequestCache,
      readableScopes: readableCacheScopes(job.env),
      readAccess: cacheReadAccess(job.env),
      say: (message) => job.services.log.warning(`DoG: ${message}`),
    },
    job.services.cacheListing,
  );
}
