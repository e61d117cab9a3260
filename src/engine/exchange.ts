// The Exchange port: what carries one distributed run between its phases (DESIGN §5) —
// the plan document, the capture bundles, and each job's records. The session (plan →
// verify a shard → aggregate) sees only this interface; implementations: Actions artifacts
// (src/action/exchange/), a directory shared by the jobs of another CI (src/storage/exchange/
// directoryExchange.ts) and memory (src/storage/exchange/memoryExchange.ts, for tests).
//
// An exchange moves bytes and says where they came from; it decides nothing about trust.
// Every record it returns goes through core's acceptRecord and the plan's assignment, and
// every capture byte is hashed again against the plan before a verifier sees it.
import type { Digest, VerificationRecord } from '../core/types.js';
import type { PlanDocument } from './session/planDocument.js';

/** Where a capture's bytes are read from when bundles are published (the run's store). */
export interface BlobSource {
  blobPath(digest: Digest): Promise<string | undefined>;
}

/** Where fetched capture bytes go; `commit` moves a file in only if it hashes to `digest`. */
export interface BlobSink {
  blobPath(digest: Digest): Promise<string | undefined>;
  tempPath(): string;
  commitBlob(tempPath: string, digest: Digest): Promise<void>;
}

/**
 * Records one source delivered, unchecked. `job` is the plan job label (`plan`, `w1-3`) the
 * source is named for, or undefined when no job of the plan writes under that name (forged,
 * or left by something else that holds the run's credentials). `failure`: the source could
 * not be read; `integrity` false only when that was a service fault, not altered bytes.
 */
export type Delivery =
  | { source: string; job: string | undefined; records: Record<string, unknown> }
  | {
      source: string;
      job: string | undefined;
      failure: { reason: string; integrity: boolean };
    };

export interface Exchange {
  /** For messages: "artifacts of workflow run 42", "exchange directory /ci/dog". */
  readonly description: string;
  /** Most capture bundles one plan may publish (GitHub: 500 artifacts per job). */
  readonly maxBundles: number;
  putPlan(document: PlanDocument): Promise<void>;
  /** The run's plan (its newest attempt); a UserError that says to run plan when there is none. */
  getPlan(): Promise<PlanDocument>;
  /** Publishes each bundle (name → capture digests), reading bytes from `blobs`. */
  putCaptures(bundles: ReadonlyMap<string, readonly Digest[]>, blobs: BlobSource): Promise<void>;
  /**
   * Brings `digests` of `bundle` into `sink`, each committed only if its bytes hash to its
   * digest; a missing or altered capture is a UserError (nothing is verified on other bytes).
   */
  getCaptures(bundle: string, digests: readonly Digest[], sink: BlobSink): Promise<void>;
  /** Publishes the records job `job` settled (work key → record). */
  putRecords(job: string, records: ReadonlyMap<string, VerificationRecord>): Promise<void>;
  /**
   * What the named jobs delivered (each job's newest attempt that delivered), or every job's
   * when `jobs` is undefined — then also every source named like records that no job of
   * `knownJobs` writes. Never throws for one unreadable source: it becomes a failure.
   */
  getRecords(query: {
    jobs?: readonly string[];
    knownJobs: readonly string[];
  }): Promise<Delivery[]>;
}
