// After a report is published on a pull request: the sticky comment with its links.
import type { CompiledGraph } from '../../core/graph/model.js';
import type { RunReport } from '../../core/report/model.js';
import { commentMarker, renderComment, wantsAttention } from '../../reporting/github/comment.js';
import type { ActionJob } from '../services.js';
import { postStickyComment, type StickyOutcome } from './sticky.js';

export type CommentPlace = {
  pullRequest: number;
  checkRunUrl?: string;
  /** The workflow run and artifact that hold the report. */
  reportRun: string;
  artifact?: string;
};

export async function publishComment(
  job: ActionJob,
  report: RunReport,
  graph: CompiledGraph,
  place: CommentPlace,
): Promise<StickyOutcome> {
  const { owner, repo } = job.runner;
  const server = (job.env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
  const body = renderComment(report, graph, {
    checkName: job.inputs.checkName,
    ...(place.checkRunUrl === undefined ? {} : { checkRunUrl: place.checkRunUrl }),
    runUrl: `${server}/${owner}/${repo}/actions/runs/${place.reportRun}`,
    ...(place.artifact === undefined ? {} : { artifact: place.artifact }),
  });
  const outcome = await postStickyComment(job.services.review, job.services.log, {
    pullRequest: place.pullRequest,
    marker: commentMarker(job.inputs.checkName),
    body,
    mode: job.inputs.comment,
    wanted: wantsAttention(report, graph),
  });
  if (outcome !== 'skipped') job.services.log.info(`DoG: pull request comment ${outcome}`);
  return outcome;
}
