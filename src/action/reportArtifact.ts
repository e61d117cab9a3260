// The report artifact's name. Artifact names are unique within a workflow run (GitHub answers
// 409 to a second one), and a run may hold several reporting jobs: two `run` jobs, the legs of
// a matrix, a re-run attempt. The first report of a run is `dog-report`; a later one is
// `dog-report-<job>-<attempt>` (GITHUB_JOB and GITHUB_RUN_ATTEMPT), then
// `dog-report-<job>-<attempt>-2`, `-3`, … when that is taken too (legs of one matrix job share
// GITHUB_JOB). Two jobs that pick the same free name at once: the second gets 409 and takes
// the next name.
import type { ArtifactPort } from '../storage/github/ports.js';
import type { RunnerContext } from './runnerContext.js';

export const REPORT_ARTIFACT = 'dog-report';
const MAX_CANDIDATES = 300;

/** The names to try, in order. */
export function reportArtifactNames(runner: Pick<RunnerContext, 'job' | 'runAttempt'>): string[] {
  const job = runner.job.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100) || 'dog';
  const attempt = runner.runAttempt.replace(/[^0-9]/g, '') || '1';
  const own = `${REPORT_ARTIFACT}-${job}-${attempt}`;
  const numbered = Array.from({ length: MAX_CANDIDATES - 2 }, (_, i) => `${own}-${i + 2}`);
  return [REPORT_ARTIFACT, own, ...numbered];
}

/** Uploads `files` under the first free report name of this run; returns the name used. */
export async function uploadReport(
  artifacts: ArtifactPort,
  runner: Pick<RunnerContext, 'job' | 'runAttempt'>,
  upload: { files: readonly string[]; root: string; retentionDays: number | undefined },
): Promise<string> {
  const taken = new Set((await artifacts.list()).map((artifact) => artifact.name));
  const options = upload.retentionDays ? { retentionDays: upload.retentionDays } : {};
  for (const name of reportArtifactNames(runner)) {
    if (taken.has(name)) continue;
    try {
      await artifacts.uploadFiles(name, upload.files, upload.root, options);
      return name;
    } catch (error) {
      if (!isNameTaken(error)) throw error;
    }
  }
  throw new Error(`every report artifact name of job ${runner.job} is taken in this run`);
}

/** The artifact client's error for HTTP 409 from CreateArtifact: the name exists in this run. */
function isNameTaken(error: unknown): boolean {
  return error instanceof Error && /\(409\)/.test(error.message);
}
