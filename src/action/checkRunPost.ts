// Posting one check run: created with the first batch of annotations, updated with the rest
// (GitHub takes at most 50 per request). A check run that cannot be created is a warning: the
// job summary and the report artifact still carry the result.
import {
  batchAnnotations,
  type Annotation,
  type CheckRunConclusion,
} from '../reporting/github/checkRun.js';
import { checkRunSha } from './runnerContext.js';
import type { ActionJob } from './services.js';

export type CheckRunPost = {
  conclusion: CheckRunConclusion;
  completedAt: string;
  externalId?: string;
  output: { title: string; summary: string; text?: string };
  annotations: readonly Annotation[];
};

/** Returns the check run's page, when GitHub created it and said where. */
export async function postCheckRun(
  job: ActionJob,
  post: CheckRunPost,
): Promise<string | undefined> {
  const { owner, repo } = job.runner;
  const [first = [], ...rest] = batchAnnotations(post.annotations);
  try {
    const created = await job.services.checks.create({
      owner,
      repo,
      name: job.inputs.checkName,
      head_sha: checkRunSha(job.runner, job.inputs.headSha),
      status: 'completed',
      conclusion: post.conclusion,
      completed_at: post.completedAt,
      ...(post.externalId === undefined ? {} : { external_id: post.externalId }),
      output: { ...post.output, annotations: first },
    });
    for (const annotations of rest)
      await job.services.checks.update({
        owner,
        repo,
        check_run_id: created.data.id,
        output: { ...post.output, annotations },
      });
    if (created.data.html_url) job.services.log.info(`DoG: check run ${created.data.html_url}`);
    return created.data.html_url ?? undefined;
  } catch (error) {
    warnCheckRunFailed(job, error);
    return undefined;
  }
}

function warnCheckRunFailed(job: ActionJob, error: unknown): void {
  const status = (error as { status?: unknown }).status;
  job.services.log.warning(
    status === 403
      ? 'DoG could not create the check run: the token lacks checks: write (a fork pull request gets a read-only token; use the fork-safe workflow pair). The job summary and the report artifact have the result.'
      : `DoG could not create the check run (${typeof status === 'number' ? `HTTP ${status}` : 'no status'}): ${error instanceof Error ? error.message : String(error)}`,
  );
}
