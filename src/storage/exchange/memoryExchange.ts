// An exchange held in memory, for engine tests: phases of one run in one process. Capture
// bytes are copied between the phases' stores (hashed on the way in, like any exchange).
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { toDigest } from '../../core/digest.js';
import { UserError } from '../../core/errors.js';
import type { Digest, VerificationRecord } from '../../core/types.js';
import type { BlobSink, BlobSource, Delivery, Exchange } from '../../engine/exchange.js';
import { parsePlanDocument, type PlanDocument } from '../../engine/session/planDocument.js';

const RECORDS_PREFIX = 'records/';

export class MemoryExchange implements Exchange {
  readonly description = 'an in-memory exchange';
  /** Every source, as an exchange directory would hold it; tests may alter or add entries. */
  readonly sources = new Map<string, string>();
  private readonly bundles = new Map<string, Map<Digest, Buffer>>();

  constructor(readonly maxBundles = 1000) {}

  putPlan(document: PlanDocument): Promise<void> {
    this.sources.set('plan', JSON.stringify(document));
    return Promise.resolve();
  }

  getPlan(): Promise<PlanDocument> {
    const text = this.sources.get('plan');
    if (text === undefined)
      return Promise.reject(new UserError(`${this.description} holds no plan: plan the run first`));
    return Promise.resolve(parsePlanDocument(text, 'plan'));
  }

  async putCaptures(
    bundles: ReadonlyMap<string, readonly Digest[]>,
    blobs: BlobSource,
  ): Promise<void> {
    for (const [name, digests] of bundles) {
      const held = new Map<Digest, Buffer>();
      for (const digest of digests) {
        const path = await blobs.blobPath(digest);
        if (!path) throw new Error(`capture ${digest} is missing from the store`);
        held.set(digest, await readFile(path));
      }
      this.bundles.set(name, held);
    }
  }

  async getCaptures(bundle: string, digests: readonly Digest[], sink: BlobSink): Promise<void> {
    for (const digest of digests) {
      if (await sink.blobPath(digest)) continue;
      const bytes = this.bundles.get(bundle)?.get(digest);
      if (!bytes) throw new UserError(`capture ${digest} is not in bundle ${bundle}`);
      const actual = toDigest(createHash('sha256').update(bytes).digest('hex'));
      if (actual !== digest)
        throw new UserError(`capture bytes hash to ${actual}, not to ${digest} as planned`);
      const temp = sink.tempPath();
      await writeFile(temp, bytes);
      await sink.commitBlob(temp, digest);
    }
  }

  /** Replaces a capture's bytes in a bundle (tests of altered captures). */
  alterCapture(bundle: string, digest: Digest, bytes: Buffer): void {
    this.bundles.get(bundle)?.set(digest, bytes);
  }

  putRecords(job: string, records: ReadonlyMap<string, VerificationRecord>): Promise<void> {
    this.sources.set(`${RECORDS_PREFIX}${job}`, JSON.stringify(Object.fromEntries(records)));
    return Promise.resolve();
  }

  getRecords(query: {
    jobs?: readonly string[];
    knownJobs: readonly string[];
  }): Promise<Delivery[]> {
    const known = new Set(query.knownJobs);
    const wanted = query.jobs ? new Set(query.jobs) : undefined;
    const deliveries: Delivery[] = [];
    for (const [source, text] of this.sources) {
      if (!source.startsWith(RECORDS_PREFIX)) continue;
      const name = source.slice(RECORDS_PREFIX.length);
      const job = known.has(name) ? name : undefined;
      if (wanted ? !wanted.has(name) : false) continue;
      deliveries.push(parsed(source, job, text));
    }
    return Promise.resolve(deliveries);
  }
}

function parsed(source: string, job: string | undefined, text: string): Delivery {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return { source, job, failure: { reason: 'not a records object', integrity: true } };
    return { source, job, records: value as Record<string, unknown> };
  } catch (error) {
    return { source, job, failure: { reason: String(error), integrity: true } };
  }
}
