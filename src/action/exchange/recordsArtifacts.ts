// One job's records as an artifact: `records.json` = {schemaVersion "1", job, records:
// {work key → record}}. Reading one never throws: what cannot be read becomes a failure, with
// `integrity` false only when the service failed (not when the bytes are wrong). Names are
// unique per run, so whoever holds a token of the run can take a job's records name before
// the job uploads (GitHub answers the job 409): the job then uploads `dog-taken-<job>-a<N>`,
// which tells every reader that the records under its name are not the job's.
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '../../core/errors.js';
import type { VerificationRecord } from '../../core/types.js';
import type { Delivery } from '../../engine/exchange.js';
import type { ArtifactInfo, ArtifactPort } from '../../storage/github/ports.js';
import { parseArtifactName, takenArtifactName } from './artifactNames.js';

const RECORDS_FILE = 'records.json';
const TAKEN_FILE = 'taken.json';

/** This job's records name was uploaded by another job first; its records are not delivered. */
export class RecordsNameTaken extends Error {
  constructor(
    readonly artifactName: string,
    readonly markerUploaded: boolean,
  ) {
    super(
      `the artifact ${artifactName} was uploaded by another job before this job could; this job's records were not delivered, and aggregate fails the goals of this job (record_integrity)${markerUploaded ? '' : ` — the marker ${takenNameOf(artifactName)} was taken too`}. Something else in this workflow run holds a token of the run: check what else ran in it, then re-run the workflow`,
    );
    this.name = 'RecordsNameTaken';
  }
}

export async function uploadRecordsArtifact(
  artifacts: ArtifactPort,
  upload: {
    name: string;
    job: string;
    records: ReadonlyMap<string, VerificationRecord>;
    dir: string;
    retentionDays: number | undefined;
  },
): Promise<void> {
  const folder = join(upload.dir, upload.name);
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  const path = join(folder, RECORDS_FILE);
  const body = { schemaVersion: '1', job: upload.job, records: Object.fromEntries(upload.records) };
  await writeFile(path, `${JSON.stringify(body)}\n`);
  const options = upload.retentionDays ? { retentionDays: upload.retentionDays } : {};
  try {
    await artifacts.uploadFiles(upload.name, [path], folder, options);
  } catch (error) {
    // The upload failed; if the name is now listed, the artifact under it is not this job's.
    const listed = await artifacts.list().catch(() => []);
    if (!listed.some((a) => a.name === upload.name)) throw error;
    const marker = takenNameOf(upload.name);
    const markerPath = join(folder, TAKEN_FILE);
    await rm(path, { force: true });
    await writeFile(
      markerPath,
      `${JSON.stringify({ schemaVersion: '1', job: upload.job, taken: upload.name })}\n`,
    );
    const uploaded = await artifacts.uploadFiles(marker, [markerPath], folder, options).then(
      () => true,
      () => false,
    );
    throw new RecordsNameTaken(upload.name, uploaded);
  }
}

function takenNameOf(recordsName: string): string {
  const parsed = parseArtifactName(recordsName);
  if (parsed?.kind !== 'records') throw new Error(`${recordsName} is not a records artifact name`);
  return takenArtifactName(parsed.job, parsed.attempt);
}

/** What one records artifact delivered, as the delivery of `job` (undefined: nobody's). */
export async function readRecordsArtifact(
  artifacts: ArtifactPort,
  artifact: ArtifactInfo,
  job: string | undefined,
  dir: string,
): Promise<Delivery> {
  const source = artifact.name;
  const failure = (reason: string, integrity: boolean): Delivery => ({
    source,
    job,
    failure: { reason, integrity },
  });
  try {
    await rm(dir, { recursive: true, force: true });
    await artifacts.download(artifact, dir);
    const entries = await readdir(dir);
    if (entries.length !== 1 || entries[0] !== RECORDS_FILE)
      return failure(
        `expected only ${RECORDS_FILE}, found ${entries.slice(0, 5).join(', ')}`,
        true,
      );
    const records = recordsOf(JSON.parse(await readFile(join(dir, RECORDS_FILE), 'utf8')));
    await rm(dir, { recursive: true, force: true });
    if (!records)
      return failure('not a DoG records file (schemaVersion "1" with a records object)', true);
    return { source, job, records };
  } catch (error) {
    // The download checks the bytes against the upload digest (a UserError when they differ);
    // JSON that does not parse was uploaded as such. Anything else is the service failing.
    const integrity = error instanceof UserError || error instanceof SyntaxError;
    return failure(error instanceof Error ? error.message : String(error), integrity);
  }
}

function recordsOf(body: unknown): Record<string, unknown> | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { schemaVersion, records } = body as { schemaVersion?: unknown; records?: unknown };
  if (schemaVersion !== '1' || typeof records !== 'object' || records === null) return undefined;
  return Array.isArray(records) ? undefined : (records as Record<string, unknown>);
}
