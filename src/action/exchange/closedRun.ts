// The "closed run" rule for unsigned matrix records. Any job of the run can upload under any
// artifact name of the run, and the artifact service names uploaders by backend ids that no
// listing ties to a job's name. So a matrix job's records count only when the run's job
// listing leaves no other candidate: every job that was not skipped is the plan, the
// aggregate, or the one job named for a label of the plan (`verify w1-3`, `dog / verify w1-3`,
// or GitHub's default `verify-1 (w1-3, …)`). For each label that fails this: why.
import type { ListedJob } from '../runJobs.js';

const MAX_NAMED = 5;
/** The plan job and the aggregate job: the jobs of a DoG run not named for a label. */
const UNLABELLED_JOBS = 2;

/** Labels whose records cannot be tied to their own job, with why (by label). */
export function untiedLabels(
  labels: readonly string[],
  jobs: readonly ListedJob[],
): Map<string, string> {
  const active = jobs.filter((j) => j.conclusion !== 'skipped');
  const named = new Map(labels.map((label) => [label, active.filter((j) => namedFor(j, label))]));
  const labelled = new Set([...named.values()].flat());
  const others = active.filter((j) => !labelled.has(j));
  const untied = new Map<string, string>();
  const extra =
    others.length > UNLABELLED_JOBS
      ? `this run has ${others.length} jobs not named for a job of the plan, where only the plan and the aggregate job may be: ${listed(others)}`
      : undefined;
  for (const [label, holders] of named) {
    if (holders.length > 1)
      untied.set(
        label,
        `${holders.length} jobs of this run are named for ${label}: ${listed(holders)}`,
      );
    else if (extra) untied.set(label, extra);
    else if (holders.length === 0) untied.set(label, `no job of this run is named for ${label}`);
  }
  return untied;
}

/** `label` (`w1-3`, letters, digits and `-` only) as a word of the job's name. */
export function namedFor(job: ListedJob, label: string): boolean {
  return new RegExp(`(?<![A-Za-z0-9-])${label}(?![A-Za-z0-9-])`).test(job.name);
}

export function listed(jobs: readonly ListedJob[]): string {
  const names = jobs.slice(0, MAX_NAMED).map((j) => `"${j.name.slice(0, 100)}" (job ${j.id})`);
  return `${names.join(', ')}${jobs.length > MAX_NAMED ? ` and ${jobs.length - MAX_NAMED} more` : ''}`;
}
