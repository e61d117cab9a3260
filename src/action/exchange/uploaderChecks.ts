// Where the artifact service names the job that uploaded each artifact (its job backend id,
// new for every job of every attempt), the names must fit the plan's jobs: the plan job of
// attempt K uploads `dog-plan-aK`, `dog-records-plan-aK` and the capture bundles; each matrix
// job uploads one records artifact; no job uploads names of another attempt than its own.
// Nothing is said where the service does not name the uploader.
import type { ArtifactInfo } from '../../storage/github/ports.js';
import { planArtifactName, type ParsedName } from './artifactNames.js';

export type NamedArtifact = { artifact: ArtifactInfo; parsed: ParsedName };

/** Records artifacts whose uploader contradicts the plan's jobs, with why (by name). */
export function uploaderConflicts(named: readonly NamedArtifact[]): Map<string, string> {
  const conflicts = new Map<string, string>();
  const known = named.filter((n) => n.artifact.jobBackendId !== undefined);
  const plans = known.filter((n) => n.parsed.kind === 'plan');
  const planJobs = new Set(plans.map((n) => n.artifact.jobBackendId));
  const records = known.filter((n) => n.parsed.kind === 'records');
  for (const item of records) {
    const reason = mixedAttempts(item, known) ?? misplaced(item, plans, planJobs);
    const second = records.find(
      (other) => other !== item && other.artifact.jobBackendId === item.artifact.jobBackendId,
    );
    if (reason) conflicts.set(item.artifact.name, reason);
    else if (second)
      conflicts.set(
        item.artifact.name,
        `the job that uploaded it also uploaded ${second.artifact.name}; each job uploads one records artifact`,
      );
  }
  return conflicts;
}

/**
 * Why the job that uploaded `item` cannot be a job of `item`'s attempt: it also uploaded a
 * name of another attempt (a job of attempt 1 claiming a name of attempt 2, say).
 */
export function mixedAttempts(
  item: NamedArtifact,
  named: readonly NamedArtifact[],
): string | undefined {
  const job = item.artifact.jobBackendId;
  if (job === undefined) return undefined;
  const other = named.find(
    (n) => n.artifact.jobBackendId === job && n.parsed.attempt !== item.parsed.attempt,
  );
  return other
    ? `the job that uploaded it also uploaded ${other.artifact.name}; a job uploads only names of its own run attempt`
    : undefined;
}

function misplaced(
  item: NamedArtifact,
  plans: readonly NamedArtifact[],
  planJobs: ReadonlySet<string | undefined>,
): string | undefined {
  const { parsed, artifact } = item;
  if (parsed.kind !== 'records') return undefined;
  if (parsed.job !== 'plan')
    return planJobs.has(artifact.jobBackendId)
      ? 'it was uploaded by the plan job, not by a matrix job'
      : undefined;
  const planName = planArtifactName(parsed.attempt);
  const plan = plans.find((n) => n.artifact.name === planName);
  if (!plan) return `no ${planName} was uploaded; the plan job of that attempt uploads both`;
  return plan.artifact.jobBackendId === artifact.jobBackendId
    ? undefined
    : `it was uploaded by another job than ${planName}`;
}
