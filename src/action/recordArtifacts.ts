// Verification records travel between the jobs of one run as `dog-records-<job>` artifacts.
// A record is used only if it arrives in the artifact of the job the plan assigned its work
// item to (recordAssignment.ts), the artifact's bytes match the digest recorded at upload, it
// validates against the record schema, and it is bound to the plan: the record's goal,
// capture digest, verifier and GM digest are exactly the plan's. Every other records
// artifact, and every record in the wrong job's artifact, is refused.
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '../core/errors.js';
import type { CompiledGraph } from '../core/graph/model.js';
import { gmDigestOf, type Selection } from '../core/select.js';
import type { VerificationRecord } from '../core/types.js';
import { validateAgainst } from '../schemas/validate.js';
import type { ArtifactInfo, ArtifactPort } from '../storage/github/ports.js';
import {
  ownerOf,
  RECORDS_PREFIX,
  recordsArtifactName,
  uploaderConflicts,
  type Assignment,
} from './recordAssignment.js';

const RECORDS_FILE = 'records.json';

export async function uploadRecords(
  artifacts: ArtifactPort,
  dir: string,
  job: string,
  records: ReadonlyMap<string, VerificationRecord>,
  retentionDays: number | undefined,
): Promise<void> {
  const folder = join(dir, `records-${job}`);
  await mkdir(folder, { recursive: true });
  const path = join(folder, RECORDS_FILE);
  const body = { schemaVersion: '1', job, records: Object.fromEntries(records) };
  await writeFile(path, `${JSON.stringify(body)}\n`);
  await artifacts.uploadFiles(recordsArtifactName(job), [path], folder, {
    ...(retentionDays ? { retentionDays } : {}),
  });
}

/**
 * A refused artifact or record and the work items it concerns. `integrity` is false only
 * when the artifact could not be fetched at all (a service fault, not evidence of tampering).
 */
export type Rejection = { artifact: string; keys: string[]; reason: string; integrity: boolean };

export type BindingContext = {
  graph: CompiledGraph;
  selections: ReadonlyMap<string, Selection>;
  runId: string;
  assignment: Assignment;
};

/** Which records artifacts a phase reads: a later wave's verify job reads earlier waves only. */
export type RecordScope = { beforeWave?: number };

/** Downloads this run's records artifacts in `scope` and keeps only the records that bind. */
export async function downloadRecords(
  artifacts: ArtifactPort,
  dir: string,
  binding: BindingContext,
  scope: RecordScope = {},
): Promise<{ records: Map<string, VerificationRecord>; rejected: Rejection[] }> {
  const records = new Map<string, VerificationRecord>();
  const rejected: Rejection[] = [];
  const listed = await artifacts.list();
  const conflicts = uploaderConflicts(listed);
  const named = listed.filter((a) => a.name.startsWith(RECORDS_PREFIX));
  for (const artifact of named.sort((a, b) => a.name.localeCompare(b.name))) {
    const job = binding.assignment.get(artifact.name);
    if (job === undefined) {
      rejected.push(
        await unknownArtifact(artifacts, artifact, join(dir, artifact.name), binding, scope),
      );
      continue;
    }
    if (scope.beforeWave !== undefined && job.wave >= scope.beforeWave) continue;
    const whole = (reason: string, integrity = true): Rejection => ({
      artifact: artifact.name,
      keys: [...job.keys],
      reason,
      integrity,
    });
    const conflict = conflicts.get(artifact.name);
    if (conflict) {
      rejected.push(whole(conflict));
      continue;
    }
    const found = await readArtifact(artifacts, artifact, join(dir, artifact.name));
    if (!found.ok) {
      rejected.push(whole(found.reason, found.integrity));
      continue;
    }
    takeRecords(
      { artifact: artifact.name, keys: job.keys, records, rejected },
      found.records,
      binding,
    );
  }
  return { records, rejected };
}

type Taking = {
  artifact: string;
  keys: ReadonlySet<string>;
  records: Map<string, VerificationRecord>;
  rejected: Rejection[];
};

/** Keeps each record of one job's artifact that is that job's to deliver and binds. */
function takeRecords(into: Taking, found: Record<string, unknown>, binding: BindingContext): void {
  for (const [key, value] of Object.entries(found)) {
    const reason = !into.keys.has(key)
      ? wrongJob(key, binding)
      : into.records.has(key)
        ? 'a second record for the same work item'
        : bind(key, value, binding);
    if (reason)
      into.rejected.push({
        artifact: into.artifact,
        keys: concerned([key], binding),
        reason,
        integrity: true,
      });
    else into.records.set(key, value as VerificationRecord);
  }
}

function wrongJob(key: string, binding: BindingContext): string {
  const owner = ownerOf(binding.assignment, key);
  return owner
    ? `the plan assigned ${key} to the job that uploads ${owner}, not to this one`
    : `the plan assigned ${key} to no job of this run`;
}

/** The keys among `keys` that are verifications of this run's plan. */
function concerned(keys: readonly string[], { selections }: BindingContext): string[] {
  return keys.filter((key) => selections.get(key)?.kind === 'verify');
}

/**
 * A `dog-records-*` artifact no job of the plan uploads: forged, or left by something else
 * that holds this run's token. It concerns the work items it names; one that names none it
 * can be read for concerns every verification of the run. A verify job does not read it.
 */
async function unknownArtifact(
  artifacts: ArtifactPort,
  artifact: ArtifactInfo,
  dir: string,
  binding: BindingContext,
  scope: RecordScope,
): Promise<Rejection> {
  const reason = `no job of this run's plan uploads records as ${artifact.name}`;
  const all = concerned([...binding.selections.keys()], binding);
  if (scope.beforeWave !== undefined)
    return { artifact: artifact.name, keys: [], reason, integrity: true };
  const found = await readArtifact(artifacts, artifact, dir);
  const named = found.ok ? concerned(Object.keys(found.records), binding) : [];
  return { artifact: artifact.name, keys: named.length > 0 ? named : all, reason, integrity: true };
}

type ReadResult =
  | { ok: true; records: Record<string, unknown> }
  | { ok: false; reason: string; integrity: boolean };

async function readArtifact(
  artifacts: ArtifactPort,
  artifact: ArtifactInfo,
  dir: string,
): Promise<ReadResult> {
  try {
    await artifacts.download(artifact, dir);
    const entries = await readdir(dir);
    if (entries.length !== 1 || entries[0] !== RECORDS_FILE)
      return {
        ok: false,
        reason: `expected only ${RECORDS_FILE}, found ${entries.slice(0, 5).join(', ')}`,
        integrity: true,
      };
    const body = JSON.parse(await readFile(join(dir, RECORDS_FILE), 'utf8')) as unknown;
    const records = (body as { records?: unknown }).records;
    if (
      (body as { schemaVersion?: unknown }).schemaVersion !== '1' ||
      typeof records !== 'object' ||
      records === null ||
      Array.isArray(records)
    )
      return {
        ok: false,
        reason: 'not a DoG records file (schemaVersion "1" with a records object)',
        integrity: true,
      };
    return { ok: true, records: records as Record<string, unknown> };
  } catch (error) {
    // The download checks the bytes against the upload digest (a UserError when they differ);
    // JSON that does not parse was uploaded as such. Anything else is the service failing.
    const integrity = error instanceof UserError || error instanceof SyntaxError;
    return { ok: false, reason: error instanceof Error ? error.message : String(error), integrity };
  }
}

/** Why a record may not be used for `key`, or undefined when it binds to the plan. */
export function bind(
  key: string,
  value: unknown,
  { graph, selections, runId }: Omit<BindingContext, 'assignment'>,
): string | undefined {
  const selection = selections.get(key);
  if (selection?.kind !== 'verify') return 'the plan does not verify this work item in this run';
  const valid = validateAgainst<VerificationRecord>('record', value);
  if (!valid.ok) {
    const first = valid.problems[0];
    return `not a valid record (${first?.pointer || '/'}: ${first?.message})`;
  }
  const record = valid.value;
  if (record.goalId !== selection.item.goalId || record.role !== selection.item.role)
    return `the record is for ${record.goalId} (${record.role})`;
  if (record.runId !== runId) return `the record belongs to run ${record.runId}`;
  if (record.graphDigest !== graph.digest) return 'the record is for another graph';
  if (record.captureDigest !== selection.captureDigest)
    return `wrong capture digest ${record.captureDigest}; the plan captured ${selection.captureDigest}`;
  if (
    record.gmDigest !== selection.gmDigest ||
    gmDigestOf(record.captureDigest, record.verifier) !== selection.gmDigest
  )
    return 'the record names another verifier or GM digest than the plan';
  return undefined;
}
