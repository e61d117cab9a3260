// A bootstrap's result on GitHub: the job summary and a check run on the commit — `neutral`
// while the proposed graph is valid (nothing was verified, and nothing should block the merge
// that puts the graph in force), `failure` with the compiler's problems when it is not.
import { posix } from 'node:path';
import { ExitCode, UserError, type ExitCodeValue } from '../core/errors.js';
import {
  bootstrapAnnotationText,
  bootstrapConclusion,
  bootstrapTitle,
  renderBootstrapSummary,
  type BootstrapView,
} from '../reporting/github/bootstrap.js';
import { postCheckRun } from './checkRunPost.js';
import type { ActionJob } from './services.js';

export type BootstrapPublishing = {
  /** Create the check run (the steps that hold checks: write: run, aggregate). */
  checkRun: boolean;
  /** End the step as failed when the proposed graph is invalid. */
  failOnInvalid: boolean;
};

export async function publishBootstrap(
  job: ActionJob,
  view: BootstrapView,
  publishing: BootstrapPublishing,
): Promise<ExitCodeValue> {
  const summary = renderBootstrapSummary(view);
  await job.services.log.appendSummary(`${summary}\n`);
  if (publishing.checkRun && job.inputs.checkRun) await createBootstrapCheck(job, view, summary);
  job.services.log.info(
    view.proposed.valid
      ? `DoG: bootstrap — the base commit has no graph; this pull request's graph is valid (${view.proposed.work.length} verification(s)) and takes effect after merge. Nothing was verified.`
      : "DoG: bootstrap — the base commit has no graph and this pull request's graph is invalid.",
  );
  if (!view.proposed.valid && publishing.failOnInvalid)
    throw new UserError(
      `the graph this pull request adds is invalid: ${view.proposed.message}`,
      view.proposed.problems,
    );
  return ExitCode.success;
}

async function createBootstrapCheck(
  job: ActionJob,
  view: BootstrapView,
  summary: string,
): Promise<void> {
  const message = bootstrapAnnotationText(view);
  const annotations =
    message === undefined || view.graphPath === undefined
      ? []
      : [
          {
            path: posix.join(job.inputs.workspace.replace(/\\/g, '/'), view.graphPath),
            start_line: 1,
            end_line: 1,
            annotation_level: 'failure' as const,
            title: 'DoG: invalid graph',
            message,
          },
        ];
  await postCheckRun(job, {
    conclusion: bootstrapConclusion(view),
    completedAt: new Date().toISOString(),
    output: { title: bootstrapTitle(view), summary },
    annotations,
  });
}
