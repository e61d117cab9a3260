// Which job of a run may deliver the record of each work item: the plan assigns every
// verification to one job (the plan job, or one matrix job of one wave), and a record counts
// only when it arrives in that job's `dog-records-*` artifact. Where the artifact service
// names the job that uploaded an artifact, those names are checked too: the plan job uploads
// `dog-plan` and `dog-records-plan`, and each matrix job uploads one records artifact.
import { jobLabel } from '../engine/matrix/index.js';
import type { ArtifactInfo } from '../storage/github/ports.js';
import type { PlanDocument } from '../engine/session/planDocument.js';

export const RECORDS_PREFIX = 'dog-records-';
const PLAN_ARTIFACT = 'dog-plan';

/** `plan` for the plan job, `w<wave>-<shard>` for a matrix job. */
export function recordsArtifactName(job: string): string {
  return `${RECORDS_PREFIX}${job}`;
}

/** The records artifact of each job of the plan, with its wave (0: the plan job) and keys. */
export type Assignment = ReadonlyMap<string, { wave: number; keys: ReadonlySet<string> }>;

export function assignmentOf(dispatch: PlanDocument['dispatch']): Assignment {
  const jobs = new Map<string, { wave: number; keys: ReadonlySet<string> }>();
  jobs.set(recordsArtifactName('plan'), { wave: 0, keys: new Set(dispatch.inPlan) });
  for (const wave of dispatch.waves)
    wave.jobs.forEach((keys, index) =>
      jobs.set(recordsArtifactName(jobLabel(wave.index, index + 1)), {
        wave: wave.index,
        keys: new Set(keys),
      }),
    );
  return jobs;
}

/** The records artifact that must deliver `key`, if the plan dispatched it to a job. */
export function ownerOf(assignment: Assignment, key: string): string | undefined {
  for (const [artifact, job] of assignment) if (job.keys.has(key)) return artifact;
  return undefined;
}

/**
 * Records artifacts whose uploader contradicts the plan, with why: `dog-records-plan` from
 * another job than `dog-plan`, a matrix job's records from the plan job, or two records
 * artifacts from one job. Says nothing where the service does not name the uploader.
 */
export function uploaderConflicts(listed: readonly ArtifactInfo[]): Map<string, string> {
  const conflicts = new Map<string, string>();
  const planJob = listed.find((a) => a.name === PLAN_ARTIFACT)?.jobBackendId;
  const records = listed.filter((a) => a.name.startsWith(RECORDS_PREFIX) && a.jobBackendId);
  for (const artifact of records) {
    const fromPlanJob = planJob !== undefined && artifact.jobBackendId === planJob;
    if (artifact.name === recordsArtifactName('plan')) {
      if (planJob !== undefined && !fromPlanJob)
        conflicts.set(artifact.name, `it was uploaded by another job than ${PLAN_ARTIFACT}`);
    } else if (fromPlanJob)
      conflicts.set(artifact.name, 'it was uploaded by the plan job, not by a matrix job');
    const sameJob = records.filter(
      (other) => other !== artifact && other.jobBackendId === artifact.jobBackendId,
    );
    if (sameJob.length > 0 && !conflicts.has(artifact.name))
      conflicts.set(
        artifact.name,
        `the job that uploaded it also uploaded ${sameJob.map((a) => a.name).join(', ')}; each job uploads one records artifact`,
      );
  }
  return conflicts;
}
