// Cycle step 7 on GitHub: report.json and report.html as the report artifact, the job
// summary, the check run, the SARIF for code scanning, the step outputs, and new records saved
// to the Actions cache.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ExitCode, type ExitCodeValue } from '../core/errors.js';
import { exitCodeFor } from '../core/report/exitCode.js';
import type { CompiledGraph } from '../core/graph/model.js';
import type { RunReport } from '../core/report/model.js';
import { buildCheckRunOutput, checkRunConclusion } from '../reporting/github/checkRun.js';
import { renderGraphChange, type GraphChangeView } from '../reporting/github/bootstrap.js';
import { CHECK_RUN_LIMITS } from '../reporting/github/checkRun.js';
import { goalCounts } from '../reporting/github/counts.js';
import { goalEntries } from '../reporting/github/goals.js';
import { jobFailureLine } from '../reporting/github/jobError.js';
import { renderJobSummary } from '../reporting/github/summary.js';
import { renderHtmlReport, type HtmlLinks } from '../reporting/html.js';
import { validateAgainst } from '../schemas/validate.js';
import { postCheckRun } from './checkRunPost.js';
import { publishComment } from './comment/reportComment.js';
import { uploadReport } from './reportArtifact.js';
import { uploadSarif } from './sarifUpload.js';
import type { ActionJob } from './services.js';

/** `change`: the pull request edits graph, configuration or scripts (shown after the report). */
export async function publishReport(
  job: ActionJob,
  report: RunReport,
  graph: CompiledGraph,
  change?: GraphChangeView,
): Promise<ExitCodeValue> {
  const valid = validateAgainst('report', report);
  if (!valid.ok)
    throw new Error(
      `the report does not match its schema: ${JSON.stringify(valid.problems.slice(0, 3))}`,
    );
  const { log } = job.services;
  const dir = join(job.runner.runnerTemp, 'dog', 'report');
  await mkdir(dir, { recursive: true });
  const reportPath = join(dir, 'report.json');
  const htmlPath = join(dir, 'report.html');
  await writeFile(reportPath, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(htmlPath, renderHtmlReport(report, graph, { links: githubLinks(job.runner) }));
  const artifact = await uploadReport(job.services.artifacts, job.runner, {
    files: [reportPath, htmlPath],
    root: dir,
    retentionDays: job.inputs.retentionDays,
  });
  log.setOutput('report-artifact', artifact);
  const changeSection = change === undefined ? undefined : renderGraphChange(change);
  await log.appendSummary(renderJobSummary(report, graph));
  if (changeSection !== undefined) await log.appendSummary(`\n${changeSection}\n`);
  const checkRunUrl = job.inputs.checkRun
    ? await createCheckRun(job, report, graph, changeSection)
    : undefined;
  await uploadSarif(job, report, graph);
  const pullRequest = job.runner.pullRequest?.number;
  if (pullRequest !== undefined)
    await publishComment(job, report, graph, {
      pullRequest,
      ...(checkRunUrl === undefined ? {} : { checkRunUrl }),
      reportRun: job.runner.runId,
      artifact,
    });
  setOutputs(job, report, graph, reportPath);
  log.info(
    `DoG: root ${report.rootState} — ${report.totals.verified} verified, ${report.totals.inherited} inherited`,
  );
  const code = exitCodeFor(report);
  if (code !== ExitCode.success) job.failure = jobFailureLine(report, graph, { artifact });
  return code;
}

/** Counts of leaves and asserts, as the summary shows them. */
function setOutputs(
  job: ActionJob,
  report: RunReport,
  graph: CompiledGraph,
  reportPath: string,
): void {
  const counts = goalCounts(report, goalEntries(report, graph));
  const { log } = job.services;
  log.setOutput('root-state', report.rootState);
  log.setOutput('report-path', reportPath);
  log.setOutput('verified', String(counts.verified));
  log.setOutput('inherited', String(counts.inherited));
  log.setOutput('failed', String(counts.failed));
  log.setOutput('tolerated', String(counts.tolerated));
  log.setOutput('needs-human', String(counts.needsHuman));
}

/** One check run per workflow run, with the change section after the summary when it fits. */
async function createCheckRun(
  job: ActionJob,
  report: RunReport,
  graph: CompiledGraph,
  changeSection: string | undefined,
): Promise<string | undefined> {
  const output = buildCheckRunOutput(report, graph);
  return postCheckRun(job, {
    conclusion: checkRunConclusion(report.rootState),
    completedAt: report.finishedAt ?? new Date().toISOString(),
    externalId: report.runId,
    output: {
      title: output.title,
      summary: withSection(output.summary, changeSection),
      ...(output.text === undefined ? {} : { text: output.text }),
    },
    annotations: output.annotations,
  });
}

/** The section after the summary when both fit GitHub's limit; the summary alone otherwise. */
function withSection(summary: string, section: string | undefined): string {
  if (section === undefined) return summary;
  const joined = `${summary}\n\n${section}`;
  return joined.length <= CHECK_RUN_LIMITS.summaryChars ? joined : summary;
}

/** Locations link to the file at the commit under review: a pull request's head, else the run's. */
function githubLinks(runner: ActionJob['runner']): HtmlLinks {
  return {
    kind: 'github',
    serverUrl: runner.serverUrl ?? 'https://github.com',
    repository: `${runner.owner}/${runner.repo}`,
    sha: runner.pullRequest?.headSha ?? runner.sha,
  };
}
