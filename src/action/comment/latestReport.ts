// The newest DoG report for a pull request's head commit: the `dog-report` artifact (or a
// later attempt's `dog-report-<job>-<attempt>`) of the newest pull_request run of DoG's own
// pipeline workflow for that SHA. Only that workflow's runs count: any workflow a pull request
// adds can upload an artifact named `dog-report`, and its runs have the same head SHA. And only
// a run that runs nothing but DoG's jobs (reportWriter.ts): any job of it could upload one.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { UserError } from '../../core/errors.js';
import type { RunReport } from '../../core/report/model.js';
import { validateAgainst } from '../../schemas/validate.js';
import { REPORT_ARTIFACT } from '../reportArtifact.js';
import { reportWriterProblem } from './reportWriter.js';
import type { ActionJob } from '../services.js';
import type { WorkflowRunInfo } from './client.js';

export type FoundReport = { report: RunReport; workflowRun: number; artifact: string };
/** A report that is there but cannot be taken as DoG's, with why. */
export type RefusedReport = { refused: string };

const RUNS_LOOKED_AT = 10;
const REPORT_NAME = /^dog-report(-[A-Za-z0-9._-]+)?$/;

export async function latestReport(
  job: ActionJob,
  headSha: string,
): Promise<FoundReport | RefusedReport | undefined> {
  const workflow = job.inputs.decide.pipelineWorkflow;
  const runs = await job.services.review.workflowRuns(basename(workflow), headSha, 'pull_request');
  const ours = runs.filter((run) => isPipelineRun(run, workflow, headSha));
  for (const run of ours.slice(0, RUNS_LOOKED_AT)) {
    const found = await reportOf(job, run);
    if (found) return found;
  }
  return undefined;
}

/** GitHub filters by file name; the path and head SHA are checked again here. */
function isPipelineRun(run: WorkflowRunInfo, workflow: string, headSha: string): boolean {
  return run.path.replace(/@.*$/, '') === workflow && run.headSha === headSha;
}

async function reportOf(
  job: ActionJob,
  run: WorkflowRunInfo,
): Promise<FoundReport | RefusedReport | undefined> {
  const artifacts = await job.services.artifacts.list(run.id);
  const reports = artifacts
    .filter((a) => a.name === REPORT_ARTIFACT || REPORT_NAME.test(a.name))
    .sort((a, b) => b.id - a.id);
  const newest = reports[0];
  if (newest === undefined) return undefined;
  const problem = await reportWriterProblem(job.services.runJobs, run.id, artifacts);
  if (problem) return { refused: problem };
  const dir = join(job.runner.runnerTemp, 'dog', 'decide-report', String(newest.id));
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await job.services.artifacts.download(newest, dir, run.id);
  const value = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as unknown;
  const valid = validateAgainst<RunReport>('report', value);
  if (!valid.ok)
    throw new UserError(
      `the report in ${newest.name} of workflow run ${run.id} does not match its schema: ${valid.problems.map((p) => `${p.pointer || '/'} ${p.message}`).join('; ')}`,
    );
  // A report names the run that wrote it; one carried in from elsewhere is not this run's.
  if (!valid.value.runId.startsWith(`gh-${run.id}-`))
    throw new UserError(
      `the report in ${newest.name} of workflow run ${run.id} names run ${valid.value.runId}: it was not written by that run`,
    );
  return { report: valid.value, workflowRun: run.id, artifact: newest.name };
}
