// A record pack store in a fresh job of a fresh run (its own HOME, workspace, temp directory
// and runtime token, as `useRun` sets them), through the real toolkit client and GitHub's REST
// cache listing (Octokit against the REST stand-in). The job is a push to the default branch
// unless the runner env says otherwise.
import { join } from 'node:path';
import type { InProcess } from '../../support/actions/inProcess.js';
import { readableCacheScopes } from '../../../src/storage/github/cacheAccess.js';
import { cacheTrustOf, type CacheTrust } from '../../../src/storage/github/cacheTrust.js';
import type { PackRecordStore, PackStoreOptions } from '../../../src/storage/github/packStore.js';

export type PackJob = { store: PackRecordStore; warnings: string[]; env: Record<string, string> };

export async function openPackJob(
  services: InProcess,
  runId: number,
  options: Partial<PackStoreOptions> = {},
): Promise<PackJob> {
  const env = services.useRun(runId);
  // Imported after useRun: the toolkit reads the runner's environment.
  const { ToolkitCache } = await import('../../../src/storage/github/toolkit.js');
  const { PackRecordStore } = await import('../../../src/storage/github/packStore.js');
  const warnings: string[] = [];
  const store = new PackRecordStore({
    cache: new ToolkitCache(),
    trust: await jobTrust(env),
    dir: join(env.RUNNER_TEMP!, 'dog', 'record-pack'),
    homeDir: env.HOME!,
    runId: `gh-${runId}-1`,
    trigger: 'push',
    warn: (message) => warnings.push(message),
    ...options,
  });
  return { store, warnings, env };
}

/** The trust of a job with this runner env, its listing through Octokit as the Action's. */
export async function jobTrust(env: Record<string, string>): Promise<CacheTrust> {
  const { getOctokit } = await import('@actions/github');
  const { octokitCacheListing } = await import('../../../src/action/cacheListing.js');
  const [owner = '', repo = ''] = (env.GITHUB_REPOSITORY ?? '').split('/');
  const octokit = getOctokit('ghs_pack_job_token', { baseUrl: env.GITHUB_API_URL });
  return cacheTrustOf(
    {
      eventName: env.GITHUB_EVENT_NAME ?? 'push',
      ref: env.GITHUB_REF ?? 'refs/heads/main',
      defaultBranch: 'main',
      baseRef: env.GITHUB_BASE_REF || undefined,
      trustPullRequestScope: false,
      readableScopes: readableCacheScopes(env),
    },
    octokitCacheListing(octokit, { owner, repo }),
  );
}
