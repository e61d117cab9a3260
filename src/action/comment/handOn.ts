// The issue_comment half of decide hands a checked command on to a workflow_dispatch run of
// its own workflow (issue_comment jobs run in the default branch's cache scope and may not
// write it). The dispatch carries the comment's id, never its text, and the head commit the
// command was checked against, so a push in between is noticed.
import { ExitCode, UserError, type ExitCodeValue } from '../../core/errors.js';
import type { ActionJob } from '../services.js';
import type { DecideRequest } from './request.js';

export async function handOn(
  job: ActionJob,
  request: DecideRequest,
  headSha: string,
): Promise<ExitCodeValue> {
  const workflow = /\/\.github\/workflows\/([^@/]+)@/.exec(job.env.GITHUB_WORKFLOW_REF ?? '')?.[1];
  // issue_comment runs on the default branch: its GITHUB_REF is that branch.
  const branch = job.runner.ref?.startsWith('refs/heads/') ? job.runner.ref : 'refs/heads/main';
  if (workflow === undefined || request.commentId === undefined)
    throw new UserError(
      'this job may not write the Actions cache and cannot hand the command on: run decide on workflow_dispatch (see examples/workflows/dog-decide.yml)',
    );
  await job.services.review.dispatch(workflow, branch, {
    'pull-request': String(request.pullRequest),
    'comment-id': String(request.commentId),
    'head-sha': headSha,
  });
  job.services.log.info(
    `DoG: the command was checked and handed on to a workflow_dispatch run of ${workflow}, which records it`,
  );
  return ExitCode.success;
}
