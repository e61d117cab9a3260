// What a recorded decision changes where people look: the job summary, a check run on the pull
// request's head commit, the sticky comment, and the `root-state` output.
import type { CompiledGraph } from '../../core/graph/model.js';
import type { RunReport } from '../../core/report/model.js';
import { buildCheckRunOutput, checkRunConclusion } from '../../reporting/github/checkRun.js';
import { renderJobSummary } from '../../reporting/github/summary.js';
import { postCheckRun } from '../checkRunPost.js';
import type { ActionJob } from '../services.js';
import type { FoundReport } from './latestReport.js';
import { publishComment } from './reportComment.js';

export async function publishDecision(
  job: ActionJob,
  report: RunReport,
  graph: CompiledGraph,
  found: FoundReport,
  pullRequest: number,
): Promise<void> {
  await job.services.log.appendSummary(renderJobSummary(report, graph));
  const output = buildCheckRunOutput(report, graph);
  const checkRunUrl = await postCheckRun(job, {
    conclusion: checkRunConclusion(report.rootState),
    completedAt: report.finishedAt ?? new Date().toISOString(),
    externalId: report.runId,
    output: {
      title: output.title,
      summary: output.summary,
      ...(output.text === undefined ? {} : { text: output.text }),
    },
    annotations: output.annotations,
  });
  await publishComment(job, report, graph, {
    pullRequest,
    ...(checkRunUrl === undefined ? {} : { checkRunUrl }),
    reportRun: String(found.workflowRun),
    artifact: found.artifact,
  });
  job.services.log.setOutput('root-state', report.rootState);
}
