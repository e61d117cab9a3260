// This run's artifacts as the exchange sees them: each with what its name says, and which
// plan is the run's — the newest attempt that uploaded one. A "re-run failed jobs" attempt 2
// keeps attempt 1's plan (the plan job is not re-run); a full re-run uploads `dog-plan-a2`.
import { UserError } from '../../core/errors.js';
import type { ArtifactInfo } from '../../storage/github/ports.js';
import { parseArtifactName, planArtifactName, RECORDS_PREFIX } from './artifactNames.js';
import { mixedAttempts, type NamedArtifact } from './uploaderChecks.js';

export type RunArtifacts = {
  named: NamedArtifact[];
  /** Artifacts named like records (`dog-records-…`) whose names do not parse. */
  malformedRecords: ArtifactInfo[];
};

export function runArtifactsOf(listed: readonly ArtifactInfo[]): RunArtifacts {
  const named: NamedArtifact[] = [];
  const malformedRecords: ArtifactInfo[] = [];
  for (const artifact of listed) {
    const parsed = parseArtifactName(artifact.name);
    if (parsed) named.push({ artifact, parsed });
    else if (artifact.name.startsWith(RECORDS_PREFIX)) malformedRecords.push(artifact);
  }
  return { named, malformedRecords };
}

export type RunPlan = { artifact: ArtifactInfo; attempt: number };

/**
 * The plan of the newest attempt up to `attempt` (this job's) that uploaded one. A plan named
 * for a later attempt than this job's cannot be genuine and is passed over. Without one:
 * a UserError that says to run the plan step.
 */
export function runPlanOf(run: RunArtifacts, attempt: number): RunPlan {
  let newest: NamedArtifact | undefined;
  for (const item of run.named)
    if (item.parsed.kind === 'plan' && item.parsed.attempt <= attempt)
      if (!newest || newest.parsed.attempt < item.parsed.attempt) newest = item;
  if (!newest)
    throw new UserError(
      `this workflow run has no ${planArtifactName(attempt).replace(/-a\d+$/, '-a<attempt>')} artifact from attempt ${attempt} or earlier: run the plan step (command: plan) in an earlier job of the same workflow run`,
    );
  const mixed = mixedAttempts(newest, run.named);
  if (mixed)
    throw new UserError(
      `${newest.artifact.name} is not used: ${mixed}. Something other than the plan job wrote artifacts for this run (whoever holds the run's token can); re-run the whole workflow and check what else ran in it`,
    );
  return { artifact: newest.artifact, attempt: newest.parsed.attempt };
}
