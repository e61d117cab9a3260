// All three stand-ins for tests that drive the real toolkit clients inside the test process:
// `useRun` makes process.env look like the runner's for one job of one run (the clients read
// it on each call), and `stop` puts process.env back and stops everything.
//
// @actions/github reads GITHUB_API_URL once, when first imported: import it (and the packages
// importing it, @actions/artifact) dynamically, after `startInProcess` has returned.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAzurite, type Azurite } from './azurite.js';
import { startGitHubApi, type GitHubApi, type GitHubApiOptions } from './githubApi.js';
import type { CacheServiceOptions } from './cacheService.js';
import { startResultsService, type ResultsService } from './resultsService.js';
import { runnerEnv, type RunnerEnv } from './runner.js';
import { backendIdsForRun } from './runtimeToken.js';

export type InProcess = {
  azurite: Azurite;
  results: ResultsService;
  api: GitHubApi;
  /** Temporary directory holding every job's runner files; removed by `stop`. */
  root: string;
  /**
   * The runner env of job `job` of run `runId` in run attempt `attempt` (default 1). As on
   * GitHub, a re-run keeps the run's backend id and gives every job a new job backend id.
   */
  useRun(runId: number, job?: string, attempt?: number): RunnerEnv;
  stop(): Promise<void>;
};

export async function startInProcess(
  apiOptions: Omit<GitHubApiOptions, 'results'> = {},
  cache: CacheServiceOptions = {},
): Promise<InProcess> {
  const saved = { ...process.env };
  const azurite = await startAzurite();
  const results = await startResultsService({ azurite, cache });
  const api = await startGitHubApi({ ...apiOptions, results });
  const root = await mkdtemp(join(tmpdir(), 'dog-in-process-'));
  const envs = new Map<string, RunnerEnv>();
  const setEnv = (env: NodeJS.ProcessEnv): void => {
    for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
    Object.assign(process.env, env);
  };
  const useRun = (runId: number, job = 'dog', attempt = 1): RunnerEnv => {
    const key = `${runId}/${job}/${attempt}`;
    const rerun = attempt === 1 ? '' : `-a${attempt}`;
    const env =
      envs.get(key) ??
      runnerEnv({
        root: join(root, `run-${runId}-${job}${rerun}`),
        runId,
        job,
        runAttempt: attempt,
        ...(rerun ? { backendIds: backendIdsForRun(runId, `${job}${rerun}`) } : {}),
        repository: api.repository,
        apiUrl: api.url,
        resultsUrl: results.url,
      });
    envs.set(key, env);
    setEnv({ ...saved, ...env });
    return env;
  };
  useRun(1);
  return {
    azurite,
    results,
    api,
    root,
    useRun,
    stop: async () => {
      setEnv(saved);
      await api.stop();
      await results.stop();
      await azurite.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
