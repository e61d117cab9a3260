// The newest DoG report for a pull request's head commit: the `dog-report` artifact (or a
// later attempt's `dog-report-<job>-<attempt>`) of the newest pull_request workflow run for
// that SHA that has one. Its digests are what a decision binds to, never the comment's text.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunReport } from '../../core/report/model.js';
import { validateAgainst } from '../../schemas/validate.js';
import { REPORT_ARTIFACT } from '../reportArtifact.js';
import type { ActionJob } from '../services.js';

export type FoundReport = { report: RunReport; workflowRun: number; artifact: string };

const RUNS_LOOKED_AT = 10;
const REPORT_NAME = /^dog-report(-[A-Za-z0-9._-]+)?$/;

export async function latestReport(
  job: ActionJob,
  headSha: string,
): Promise<FoundReport | undefined> {
  const runs = await job.services.review.workflowRuns(headSha, 'pull_request');
  for (const run of runs.filter((r) => r.headSha === headSha).slice(0, RUNS_LOOKED_AT)) {
    const reports = (await job.services.artifacts.list(run.id))
      .filter((a) => a.name === REPORT_ARTIFACT || REPORT_NAME.test(a.name))
      .sort((a, b) => b.id - a.id);
    const newest = reports[0];
    if (newest === undefined) continue;
    const dir = join(job.runner.runnerTemp, 'dog', 'decide-report', String(newest.id));
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    await job.services.artifacts.download(newest, dir, run.id);
    const value = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as unknown;
    const valid = validateAgainst<RunReport>('report', value);
    if (!valid.ok)
      throw new Error(`the report in ${newest.name} of run ${run.id} does not match its schema`);
    return { report: valid.value, workflowRun: run.id, artifact: newest.name };
  }
  return undefined;
}
