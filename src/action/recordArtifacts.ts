// Verification records travel between the jobs of one run as `dog-records-<job>` artifacts.
// A record is used only if its artifact's bytes match the digest recorded at upload, it
// validates against the record schema, and it is bound to the plan: the work item is one
// the plan verifies, and the record's goal, capture digest, verifier and GM digest are
// exactly the plan's.
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CompiledGraph } from '../core/graph/model.js';
import { gmDigestOf, type Selection } from '../core/select.js';
import type { VerificationRecord } from '../core/types.js';
import { validateAgainst } from '../schemas/validate.js';
import type { ArtifactInfo, ArtifactPort } from '../storage/github/ports.js';

export const RECORDS_PREFIX = 'dog-records-';
const RECORDS_FILE = 'records.json';

/** `plan` for the plan job, `w<wave>-<shard>` for a matrix job. */
export function recordsArtifactName(job: string): string {
  return `${RECORDS_PREFIX}${job}`;
}

/** The job a records artifact comes from: the plan job (wave 0, no shard) or a matrix job. */
export function jobOfRecords(name: string): { wave: number; shard?: number } | undefined {
  if (name === recordsArtifactName('plan')) return { wave: 0 };
  const match = /^dog-records-w(\d+)-(\d+)$/.exec(name);
  return match ? { wave: Number(match[1]), shard: Number(match[2]) } : undefined;
}

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

export type Rejection = { artifact: string; key?: string; reason: string };

export type BindingContext = {
  graph: CompiledGraph;
  selections: ReadonlyMap<string, Selection>;
  runId: string;
};

/** Downloads the record artifacts `include` selects and keeps only the records that bind. */
export async function downloadRecords(
  artifacts: ArtifactPort,
  dir: string,
  binding: BindingContext,
  include: (wave: number) => boolean,
): Promise<{ records: Map<string, VerificationRecord>; rejected: Rejection[] }> {
  const records = new Map<string, VerificationRecord>();
  const rejected: Rejection[] = [];
  const wanted = (await artifacts.list()).filter((a) => {
    const job = jobOfRecords(a.name);
    return job !== undefined && include(job.wave);
  });
  for (const artifact of wanted.sort((a, b) => a.name.localeCompare(b.name))) {
    const found = await readArtifact(artifacts, artifact, join(dir, artifact.name));
    if (!found.ok) {
      rejected.push({ artifact: artifact.name, reason: found.reason });
      continue;
    }
    for (const [key, value] of Object.entries(found.records)) {
      const reason = records.has(key)
        ? 'a second record for the same work item'
        : bind(key, value, binding);
      if (reason) rejected.push({ artifact: artifact.name, key, reason });
      else records.set(key, value as VerificationRecord);
    }
  }
  return { records, rejected };
}

type ReadResult = { ok: true; records: Record<string, unknown> } | { ok: false; reason: string };

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
      };
    return { ok: true, records: records as Record<string, unknown> };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Why a record may not be used for `key`, or undefined when it binds to the plan. */
export function bind(
  key: string,
  value: unknown,
  { graph, selections, runId }: BindingContext,
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
