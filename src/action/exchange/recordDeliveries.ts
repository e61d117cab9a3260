// Which records artifacts a phase reads, and what they delivered. For each job asked for: the
// records of the newest attempt that delivered them, among attempts since the run's plan
// (records of an older plan bind to another run id and are not mixed in). Only those are
// downloaded: a later wave's job asks for the few jobs its gates need. The aggregate asks for
// every job, and also gets every records artifact no job of the plan writes (`job` undefined).
// Records under a name whose job uploaded the `dog-taken-` marker for it are another job's.
import { join } from 'node:path';
import { runLimited } from '../../core/limit.js';
import type { Delivery } from '../../engine/exchange.js';
import type { ArtifactInfo, ArtifactPort } from '../../storage/github/ports.js';
import { newestAttempts, takenArtifactName } from './artifactNames.js';
import { readRecordsArtifact } from './recordsArtifacts.js';
import type { RunArtifacts } from './runArtifacts.js';
import { uploaderConflicts } from './uploaderChecks.js';

const DOWNLOAD_CONCURRENCY = 4;

export type RecordsQuery = { jobs?: readonly string[]; knownJobs: readonly string[] };

type Source = { artifact: ArtifactInfo; job: string | undefined };

export async function recordDeliveries(
  artifacts: ArtifactPort,
  run: RunArtifacts,
  query: RecordsQuery,
  scope: {
    planAttempt: number;
    attempt: number;
    dir: string;
    /** Labels whose records cannot be tied to their own job (closedRun.ts), with why. */
    untied?: ReadonlyMap<string, string>;
  },
): Promise<Delivery[]> {
  const conflicts = uploaderConflicts(run.named);
  const names = new Set(run.named.map((n) => n.artifact.name));
  return runLimited(
    sourcesOf(run, query, scope).map(({ artifact, job }) => async (): Promise<Delivery> => {
      const conflict =
        job === undefined
          ? undefined
          : (takenBefore(artifact, job, names) ??
            untiedReason(job, scope.untied) ??
            conflicts.get(artifact.name));
      if (conflict)
        return { source: artifact.name, job, failure: { reason: conflict, integrity: true } };
      return readRecordsArtifact(artifacts, artifact, job, join(scope.dir, artifact.name));
    }),
    DOWNLOAD_CONCURRENCY,
  );
}

function untiedReason(
  job: string,
  untied: ReadonlyMap<string, string> | undefined,
): string | undefined {
  const why = untied?.get(job);
  return why
    ? `it cannot be tied to the job the plan assigned (${why}); a matrix job's records count only when every job of the run that was not skipped is the plan, the aggregate or the one job named for a job of the plan`
    : undefined;
}

/** Why `artifact` is not `job`'s own: the job said its name was taken before it could upload. */
function takenBefore(
  artifact: ArtifactInfo,
  job: string,
  names: ReadonlySet<string>,
): string | undefined {
  const attempt = /-a(\d+)$/.exec(artifact.name)?.[1];
  const marker = attempt === undefined ? undefined : takenArtifactName(job, Number(attempt));
  return marker && names.has(marker)
    ? `the artifact ${artifact.name} was uploaded by another job before this job could (job ${job} uploaded ${marker} instead)`
    : undefined;
}

function sourcesOf(
  run: RunArtifacts,
  query: RecordsQuery,
  { planAttempt, attempt }: { planAttempt: number; attempt: number },
): Source[] {
  const records = run.named.flatMap(({ artifact, parsed }) =>
    parsed.kind === 'records' ? [{ artifact, job: parsed.job, attempt: parsed.attempt }] : [],
  );
  const newest = newestAttempts(records, (r) => r.job, { from: planAttempt, to: attempt });
  const sources: Source[] = [];
  for (const job of new Set(query.jobs ?? query.knownJobs)) {
    const found = newest.get(job);
    if (found) sources.push({ artifact: found.artifact, job });
  }
  if (query.jobs !== undefined) return sources;
  const known = new Set(query.knownJobs);
  for (const [job, found] of newest)
    if (!known.has(job)) sources.push({ artifact: found.artifact, job: undefined });
  // A name for a later attempt than this job's cannot be a genuine delivery of this run.
  for (const found of records)
    if (found.attempt > attempt) sources.push({ artifact: found.artifact, job: undefined });
  for (const artifact of run.malformedRecords) sources.push({ artifact, job: undefined });
  return sources;
}
