// Whose report the decide run reads. Any job of a workflow run can upload an artifact under any
// name, and GitHub's REST listing of another run's artifacts does not say which job uploaded
// one. So a report of DoG's pipeline run counts only when that run is closed (as the
// aggregate's rule for matrix records, exchange/closedRun.ts): every job that was not skipped
// is DoG's — the one job of a single-job run, or the plan, the aggregate and one job per
// matrix label of a distributed run. A label is what DoG's artifact names and job names carry
// (`w1-3`); a job the workflow does not define cannot join a run, and a pull request that can
// edit the pipeline workflow is outside what this proves (docs/security.md).
import type { ArtifactInfo } from '../../storage/github/ports.js';
import { isJobLabel, parseArtifactName } from '../exchange/artifactNames.js';
import { listed, namedFor } from '../exchange/closedRun.js';
import type { ListedJob, RunJobsListing } from '../runJobs.js';

const LABEL_WORD = /(?<![A-Za-z0-9-])(w[1-9][0-9]{0,5}-[1-9][0-9]{0,5})(?![A-Za-z0-9-])/g;

/** Why a report of run `runId` cannot be taken as DoG's, or undefined when it can. */
export async function reportWriterProblem(
  runJobs: RunJobsListing,
  runId: number,
  artifacts: readonly ArtifactInfo[],
): Promise<string | undefined> {
  let jobs: ListedJob[];
  try {
    jobs = await runJobs.list(runId);
  } catch (error) {
    return `DoG could not list the jobs of its workflow run ${runId} (${error instanceof Error ? error.message : String(error)}); the decide job needs actions: read to tell that the report was uploaded by one of DoG's jobs`;
  }
  return closedRunProblem(runId, artifacts, jobs);
}

/** The pure half: the run's artifacts and jobs say whether the run is closed. */
export function closedRunProblem(
  runId: number,
  artifacts: readonly ArtifactInfo[],
  jobs: readonly ListedJob[],
): string | undefined {
  const distributed = artifacts.some((a) => parseArtifactName(a.name)?.kind === 'plan');
  const active = jobs.filter((j) => j.conclusion !== 'skipped');
  const labels = labelsOf(artifacts, active);
  const unlabelled = active.filter((j) => !labels.some((label) => namedFor(j, label)));
  const allowed = distributed ? 2 : 1;
  const shape = distributed
    ? 'the plan, the aggregate and one verify job per matrix label'
    : 'the one job that runs DoG';
  const open = (what: string): string =>
    `workflow run ${runId} ran jobs besides DoG's own (${shape}): ${what}. Any job of a run can upload an artifact named like DoG's report, so decide takes a report only from a run of DoG's pipeline workflow that runs nothing else; give DoG a workflow of its own (other jobs may stay if they are skipped)`;
  if (unlabelled.length > allowed)
    return open(
      `${unlabelled.length} jobs not named for a matrix label, where DoG has ${allowed}: ${listed(unlabelled)}`,
    );
  for (const label of labels) {
    const holders = active.filter((j) => namedFor(j, label));
    if (holders.length > 1)
      return open(`${holders.length} jobs are named for ${label}: ${listed(holders)}`);
  }
  return undefined;
}

/** The matrix labels DoG's artifact names and the run's job names carry. */
function labelsOf(artifacts: readonly ArtifactInfo[], jobs: readonly ListedJob[]): string[] {
  const labels = new Set<string>();
  for (const artifact of artifacts) {
    const parsed = parseArtifactName(artifact.name);
    if ((parsed?.kind === 'records' || parsed?.kind === 'taken') && parsed.job !== 'plan')
      labels.add(parsed.job);
  }
  for (const job of jobs)
    for (const match of job.name.matchAll(LABEL_WORD))
      if (match[1] && isJobLabel(match[1])) labels.add(match[1]);
  return [...labels];
}
