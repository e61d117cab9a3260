// The run's SARIF to code scanning, on the commit and ref the check run describes. The token's
// permissions cannot be read, so DoG tries: a 403 is one notice saying what to grant, and the
// job carries on (the check run, summary and report artifact have the result). A pull request's
// alerts go on `refs/pull/N/head`; a workflow_run that reports on another run's pull request
// (the fork-safe pair's privileged half) asks GitHub which open pull request has that head.
import { join, relative, resolve, sep } from 'node:path';
import type { CompiledGraph } from '../core/graph/model.js';
import type { RunReport } from '../core/report/model.js';
import { VERSION } from '../cli/version.js';
import { buildSarif, sarifCategory } from '../reporting/sarif/build.js';
import { encodeSarif } from '../reporting/sarif/encode.js';
import { checkRunSha } from './runnerContext.js';
import type { ActionJob } from './services.js';

/** How often, and how far apart, the processing status is asked while it is pending. */
const STATUS_POLLS = 5;
const STATUS_POLL_MS = 1_000;

export const GRANT_NOTICE =
  'DoG did not upload its SARIF to code scanning: the token lacks security-events: write. Grant it to the job that runs DoG (permissions: security-events: write), or set code-scanning: never to stop trying. A fork pull request gets a read-only token: the fork-safe pair uploads from its privileged half. On a private repository code scanning also needs GitHub Advanced Security (GitHub Code Security).';

type Target = { commitSha: string; ref: string } | { skip: string };

export async function uploadSarif(
  job: ActionJob,
  report: RunReport,
  graph: CompiledGraph,
): Promise<void> {
  if (job.inputs.codeScanning === 'never') return;
  const { log } = job.services;
  const target = await targetOf(job);
  if ('skip' in target)
    return log.notice(`DoG did not upload its SARIF to code scanning: ${target.skip}`);
  const encoded = encodeSarif(
    buildSarif(report, graph, { toolVersion: VERSION, ...placesOf(job) }),
  );
  const notes = encoded.log.runs[0]?.invocations[0]?.toolExecutionNotifications ?? [];
  for (const note of notes.filter((n) => n.level === 'warning'))
    log.warning(`DoG's SARIF is cut to GitHub's limits: ${note.message.text}`);
  let sarifId: string | undefined;
  try {
    sarifId = await job.services.codeScanning.upload({
      ...target,
      sarif: encoded.gzip.toString('base64'),
      ...(report.startedAt === undefined ? {} : { startedAt: report.startedAt }),
    });
  } catch (error) {
    return refused(job, error);
  }
  log.info(
    `DoG: SARIF uploaded to code scanning (${target.ref} at ${target.commitSha.slice(0, 12)}, category ${sarifCategory(report)}, ${encoded.log.runs[0]?.results.length ?? 0} results)`,
  );
  if (sarifId !== undefined) await followProcessing(job, sarifId);
}

/** The workspace and graph file as repository paths (the checkout is GITHUB_WORKSPACE). */
function placesOf(job: ActionJob): { workspacePrefix: string; graphPath: string } {
  const root = job.runner.workspace;
  const rel = relative(root, resolve(root, job.inputs.workspace));
  const prefix = rel.startsWith('..') ? '' : rel.split(sep).join('/');
  const graph = job.inputs.graph ?? '.dog/graph.yaml';
  return { workspacePrefix: prefix, graphPath: join(prefix, graph).split(sep).join('/') };
}

async function targetOf(job: ActionJob): Promise<Target> {
  const { runner, inputs } = job;
  const commitSha = checkRunSha(runner, inputs.headSha);
  if (runner.pullRequest) return { commitSha, ref: `refs/pull/${runner.pullRequest.number}/head` };
  if (runner.eventName === 'workflow_run' && inputs.headSha !== undefined)
    return pullRequestTarget(job, inputs.headSha);
  if (runner.ref === undefined) return { skip: 'the run names no Git ref (GITHUB_REF is unset).' };
  return { commitSha, ref: runner.ref };
}

async function pullRequestTarget(job: ActionJob, headSha: string): Promise<Target> {
  let pulls;
  try {
    pulls = await job.services.codeScanning.pullRequestsOf(headSha);
  } catch (error) {
    return {
      skip: `GitHub did not say which pull request has head ${headSha.slice(0, 12)} (${statusText(error)}); the job needs pull-requests: read.`,
    };
  }
  const open = pulls.filter((p) => p.state === 'open' && p.headSha === headSha);
  if (open.length === 1) return { commitSha: headSha, ref: `refs/pull/${open[0]!.number}/head` };
  return {
    skip: `${open.length === 0 ? 'no open pull request' : `${open.length} open pull requests`} ha${open.length === 1 ? 's' : 've'} head ${headSha.slice(0, 12)}, so there is no one ref to put the alerts on.`,
  };
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

function statusText(error: unknown): string {
  const status = statusOf(error);
  if (status !== undefined) return `HTTP ${status}`;
  return error instanceof Error ? error.message : String(error);
}

function refused(job: ActionJob, error: unknown): void {
  const { log } = job.services;
  const status = statusOf(error);
  if (status === 403) return log.notice(GRANT_NOTICE);
  if (status === 413)
    return log.warning(
      "GitHub refused DoG's SARIF as too large (HTTP 413) although it was cut to the documented 10 MB; the report artifact has the result.",
    );
  log.warning(
    `DoG could not upload its SARIF to code scanning (${statusText(error)}): ${error instanceof Error ? error.message : String(error)}`,
  );
}

async function followProcessing(job: ActionJob, sarifId: string): Promise<void> {
  const { log } = job.services;
  for (let poll = 1; poll <= STATUS_POLLS; poll += 1) {
    let processing;
    try {
      processing = await job.services.codeScanning.processing(sarifId);
    } catch (error) {
      return log.info(`DoG: code scanning's processing status is unknown (${statusText(error)})`);
    }
    if (processing.status === 'complete') return log.info('DoG: code scanning processed the SARIF');
    if (processing.status === 'failed')
      return log.warning(
        `Code scanning could not process DoG's SARIF: ${processing.errors.join('; ') || 'no reason given'}`,
      );
    if (poll < STATUS_POLLS) await new Promise((done) => setTimeout(done, STATUS_POLL_MS));
  }
  log.info('DoG: code scanning is still processing the SARIF; its alerts appear when it is done');
}
