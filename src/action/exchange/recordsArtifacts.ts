// One job's records as an artifact: `records.json` = {schemaVersion "1", job, records:
// {work key → record}}. Reading one never throws: what cannot be read becomes a failure, with
// `integrity` false only when the service failed (not when the bytes are wrong).
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '../../core/errors.js';
import type { VerificationRecord } from '../../core/types.js';
import type { Delivery } from '../../engine/exchange.js';
import type { ArtifactInfo, ArtifactPort } from '../../storage/github/ports.js';

const RECORDS_FILE = 'records.json';

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
  const { retentionDays } = upload;
  await artifacts.uploadFiles(upload.name, [path], folder, retentionDays ? { retentionDays } : {});
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
