// An exchange directory (docs/other-ci.md): a plain directory the phases of one run share
// on any CI — NFS, or artifacts a GitLab stage passes to the next. Layout:
//   plan.json                   the plan document, written last by `dog plan`
//   captures/<bundle>/<hex>     capture bytes, named by their SHA-256
//   records/<job>.json          {"schemaVersion":"1","job":…,"records":{<work key>: record}}
// Every write is atomic (temp file + rename), so a reader sees a whole file or none; a
// verify job run again replaces its records file. One directory holds one run: `dog plan`
// refuses a directory that already holds anything.
import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { digestHex } from '../../core/digest.js';
import { UserError } from '../../core/errors.js';
import type { Digest, VerificationRecord } from '../../core/types.js';
import type { BlobSink, BlobSource, Delivery, Exchange } from '../../engine/exchange.js';
import { parsePlanDocument, type PlanDocument } from '../../engine/session/planDocument.js';
import { writeFileAtomic } from '../atomic.js';
import { ingestCapture, readRegularFile } from './directoryFiles.js';

const PLAN_FILE = 'plan.json';
const MAX_PLAN_BYTES = 256 * 2 ** 20;
const MAX_RECORDS_BYTES = 64 * 2 ** 20;
const BUNDLE = /^[a-z0-9][a-z0-9-]{0,63}$/;
const JOB = /^(plan|w[1-9]\d{0,3}-[1-9]\d{0,2})$/;
const TEMP_PREFIX = '.tmp-';

export class DirectoryExchange implements Exchange {
  readonly description: string;
  /** A directory holds as many bundles as a plan has jobs. */
  readonly maxBundles = 1_000_000;

  constructor(readonly dir: string) {
    this.description = `exchange directory ${dir}`;
  }

  /** `dog plan` starts only in an empty (or absent) directory: one directory, one run. */
  async assertEmpty(): Promise<void> {
    let entries: string[];
    try {
      entries = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw new UserError(`cannot read ${this.description}: ${(error as Error).message}`);
    }
    if (entries.length === 0) return;
    const what = entries.includes(PLAN_FILE) ? 'already holds a plan' : 'is not empty';
    throw new UserError(
      `${this.description} ${what} (${entries.slice(0, 5).join(', ')}); give each run a directory of its own, or remove its contents first`,
    );
  }

  async putPlan(document: PlanDocument): Promise<void> {
    await writeFileAtomic(join(this.dir, PLAN_FILE), `${JSON.stringify(document)}\n`);
  }

  async getPlan(): Promise<PlanDocument> {
    const path = join(this.dir, PLAN_FILE);
    const read = await readRegularFile(path, MAX_PLAN_BYTES);
    if (read.kind === 'missing')
      throw new UserError(
        `${this.description} holds no plan (${PLAN_FILE}): run \`dog plan --exchange ${this.dir}\` first`,
      );
    if (read.kind === 'refused') throw new UserError(`${path} is not used: ${read.reason}`);
    return parsePlanDocument(read.text, path);
  }

  async putCaptures(
    bundles: ReadonlyMap<string, readonly Digest[]>,
    blobs: BlobSource,
  ): Promise<void> {
    for (const [bundle, digests] of bundles) {
      const dir = this.bundleDir(bundle);
      await mkdir(dir, { recursive: true });
      for (const digest of digests) {
        const blob = await blobs.blobPath(digest);
        if (!blob) throw new Error(`capture ${digest} is missing from the store`);
        const temp = join(dir, `${TEMP_PREFIX}${digestHex(digest)}`);
        await copyFile(blob, temp);
        await rename(temp, join(dir, digestHex(digest))).catch(async (error: unknown) => {
          await rm(temp, { force: true });
          throw error;
        });
      }
    }
  }

  async getCaptures(bundle: string, digests: readonly Digest[], sink: BlobSink): Promise<void> {
    const dir = this.bundleDir(bundle);
    for (const digest of new Set(digests)) {
      if (await sink.blobPath(digest)) continue;
      const where = `bundle ${bundle} of ${this.description}`;
      await ingestCapture(join(dir, digestHex(digest)), digest, sink, where);
    }
  }

  async putRecords(job: string, records: ReadonlyMap<string, VerificationRecord>): Promise<void> {
    if (!JOB.test(job)) throw new Error(`"${job}" is not a job label`);
    const body = { schemaVersion: '1', job, records: Object.fromEntries(records) };
    await writeFileAtomic(join(this.dir, 'records', `${job}.json`), `${JSON.stringify(body)}\n`);
  }

  async getRecords(query: {
    jobs?: readonly string[];
    knownJobs: readonly string[];
  }): Promise<Delivery[]> {
    const known = new Set(query.knownJobs);
    const names = query.jobs
      ? query.jobs.map((job) => `${job}.json`)
      : await this.recordFileNames();
    const deliveries: Delivery[] = [];
    for (const name of names) {
      const job = name.endsWith('.json') ? name.slice(0, -'.json'.length) : undefined;
      const delivery = await this.readRecords(name, job && known.has(job) ? job : undefined);
      if (delivery) deliveries.push(delivery);
    }
    return deliveries;
  }

  private bundleDir(bundle: string): string {
    if (!BUNDLE.test(bundle)) throw new UserError(`"${bundle.slice(0, 64)}" is not a bundle name`);
    return join(this.dir, 'captures', bundle);
  }

  /** Every file in records/ but a write in progress: anything there claims to be records. */
  private async recordFileNames(): Promise<string[]> {
    try {
      const names = await readdir(join(this.dir, 'records'));
      return names.filter((name) => !name.startsWith(TEMP_PREFIX)).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  /** One records file as delivered; undefined when the job wrote none. */
  private async readRecords(name: string, job: string | undefined): Promise<Delivery | undefined> {
    const source = `records/${name}`;
    const refused = (reason: string, integrity = true): Delivery => ({
      source,
      job,
      failure: { reason, integrity },
    });
    let read;
    try {
      read = await readRegularFile(join(this.dir, 'records', name), MAX_RECORDS_BYTES);
    } catch (error) {
      return refused(`cannot be read: ${(error as Error).message}`, false);
    }
    if (read.kind === 'missing') return undefined;
    if (read.kind === 'refused') return refused(read.reason);
    return parseRecords(read.text, source, job);
  }
}

function parseRecords(text: string, source: string, job: string | undefined): Delivery {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return { source, job, failure: { reason: `not JSON: ${String(error)}`, integrity: true } };
  }
  const { schemaVersion, job: named, records } = (body ?? {}) as Record<string, unknown>;
  if (
    schemaVersion !== '1' ||
    typeof records !== 'object' ||
    records === null ||
    Array.isArray(records)
  )
    return {
      source,
      job,
      failure: {
        reason: 'not a DoG records file (schemaVersion "1" with a records object)',
        integrity: true,
      },
    };
  if (job !== undefined && named !== job)
    return {
      source,
      job,
      failure: { reason: `the file names job ${String(named)}, not ${job}`, integrity: true },
    };
  return { source, job, records: records as Record<string, unknown> };
}
