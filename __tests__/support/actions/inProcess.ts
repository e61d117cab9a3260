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

export type InProcess = {
  azurite: Azurite;
  results: ResultsService;
  api: GitHubApi;
  /** Temporary directory holding every job's runner files; removed by `stop`. */
  root: string;
  useRun(runId: number, job?: string): RunnerEnv;
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
  const useRun = (runId: number, job = 'dog'): RunnerEnv => {
    const key = `${runId}/${job}`;
    const env =
      envs.get(key) ??
      runnerEnv({
        root: join(root, `run-${runId}-${job}`),
        runId,
        job,
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
