// GitHub's REST listing of this workflow run's jobs through Octokit:
// `GET /repos/{owner}/{repo}/actions/runs/{run_id}/jobs?filter=latest` (needs `actions: read`),
// every page, each answer checked for its shape. The aggregate uses it to tell whether every
// job of the run is one of DoG's (exchange/closedRun.ts).
import type { getOctokit } from '@actions/github';

type Octokit = ReturnType<typeof getOctokit>;

export type ListedJob = { id: number; name: string; status: string; conclusion: string | null };

/** The newest attempt of each job of one workflow run. */
export interface RunJobsListing {
  list(runId: number): Promise<ListedJob[]>;
}

const PER_PAGE = 100;
/** 256 jobs per matrix, a few waves and the jobs around them fit well within this. */
const MAX_PAGES = 20;

export function octokitRunJobs(
  octokit: Octokit,
  repo: { owner: string; repo: string },
): RunJobsListing {
  return {
    list: async (runId) => {
      const listed: ListedJob[] = [];
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const { data } = await octokit.rest.actions.listJobsForWorkflowRun({
          ...repo,
          run_id: runId,
          filter: 'latest',
          per_page: PER_PAGE,
          page,
        });
        const { jobs, total_count: total } = data as { jobs?: unknown; total_count?: unknown };
        if (!Array.isArray(jobs) || typeof total !== 'number')
          throw new Error("GitHub answered the run's job listing without jobs and total_count");
        listed.push(...jobs.flatMap(jobOf));
        if (jobs.length < PER_PAGE || page * PER_PAGE >= total) return listed;
      }
      throw new Error(`this run has more than ${MAX_PAGES * PER_PAGE} jobs`);
    },
  };
}

function jobOf(value: unknown): ListedJob[] {
  const j = (value ?? {}) as Record<string, unknown>;
  if (typeof j.id !== 'number' || typeof j.name !== 'string' || typeof j.status !== 'string')
    return [];
  const conclusion = typeof j.conclusion === 'string' ? j.conclusion : null;
  return [{ id: j.id, name: j.name, status: j.status, conclusion }];
}
