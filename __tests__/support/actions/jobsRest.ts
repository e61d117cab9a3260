// GitHub's REST listing of a workflow run's jobs, as the service documents it:
//   GET /repos/{owner}/{repo}/actions/runs/{run_id}/jobs?filter=latest|all&per_page&page
// `latest` (the default) lists the newest attempt of each job, `all` every attempt's; per_page
// up to 100 (default 30). It needs `actions: read`; a token without it gets GitHub's 403
// "Resource not accessible by integration". The jobs are the ones the e2e world runs (each
// step is one job) and any a test adds, e.g. a job a pull request added to the workflow.
import type { ServerResponse } from 'node:http';
import { sendJson } from './http.js';

export type RunJob = {
  id: number;
  runId: number;
  runAttempt: number;
  name: string;
  status: 'queued' | 'in_progress' | 'completed';
  conclusion: 'success' | 'failure' | 'cancelled' | 'skipped' | null;
  startedAt: Date;
  completedAt: Date | null;
};

export type RunJobs = {
  readonly jobs: RunJob[];
  /** A job of run `runId` starts; returns it, to `finish` later. */
  start(runId: number, name: string, runAttempt?: number): RunJob;
  finish(job: RunJob, conclusion: NonNullable<RunJob['conclusion']>): void;
};

// GitHub's job ids are large, increasing integers.
let nextJobId = 31_000_000_000;

export function runJobsState(): RunJobs {
  const jobs: RunJob[] = [];
  return {
    jobs,
    start: (runId, name, runAttempt = 1) => {
      const job: RunJob = {
        id: nextJobId++,
        runId,
        runAttempt,
        name,
        status: 'in_progress',
        conclusion: null,
        startedAt: new Date(),
        completedAt: null,
      };
      jobs.push(job);
      return job;
    },
    finish: (job, conclusion) => {
      job.status = 'completed';
      job.conclusion = conclusion;
      job.completedAt = new Date();
    },
  };
}

export function listRunJobs(
  res: ServerResponse,
  state: RunJobs,
  runId: number,
  query: URLSearchParams,
  allowed: boolean,
): void {
  if (!allowed) {
    sendJson(res, 403, {
      message: 'Resource not accessible by integration',
      documentation_url:
        'https://docs.github.com/rest/actions/workflow-jobs#list-jobs-for-a-workflow-run',
      status: '403',
    });
    return;
  }
  const filter = query.get('filter') ?? 'latest';
  if (filter !== 'latest' && filter !== 'all') {
    sendJson(res, 422, { message: 'Validation Failed', status: '422' });
    return;
  }
  const ofRun = state.jobs.filter((j) => j.runId === runId);
  const newest = Math.max(0, ...ofRun.map((j) => j.runAttempt));
  const all = filter === 'all' ? ofRun : latest(ofRun, newest);
  const perPage = Math.min(Number(query.get('per_page') ?? 30) || 30, 100);
  const page = Math.max(Number(query.get('page') ?? 1) || 1, 1);
  sendJson(res, 200, {
    total_count: all.length,
    jobs: all.slice((page - 1) * perPage, page * perPage).map(jobJson),
  });
}

/**
 * The newest attempt's jobs, and of earlier attempts those a later one did not run again (a
 * "re-run failed jobs" attempt lists the jobs it kept under their own attempt).
 */
function latest(jobs: readonly RunJob[], newest: number): RunJob[] {
  const rerun = new Set(jobs.filter((j) => j.runAttempt === newest).map((j) => j.name));
  const kept = jobs.filter((j) => j.runAttempt < newest && !rerun.has(j.name));
  const newestKept = kept.filter(
    (j) => !kept.some((k) => k.name === j.name && k.runAttempt > j.runAttempt),
  );
  return [...newestKept, ...jobs.filter((j) => j.runAttempt === newest)];
}

function jobJson(job: RunJob) {
  return {
    id: job.id,
    run_id: job.runId,
    run_attempt: job.runAttempt,
    name: job.name,
    status: job.status,
    conclusion: job.conclusion,
    started_at: job.startedAt.toISOString(),
    completed_at: job.completedAt?.toISOString() ?? null,
  };
}
