// The Exchange over GitHub Actions artifacts of one workflow run: the plan document, the
// capture bundles and each job's records, every name carrying the run attempt that uploaded
// it (artifactNames.ts). It moves bytes and says where they came from; trust is decided by
// the session (acceptRecord, the plan's assignment) and by re-hashing every capture.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '../../core/errors.js';
import type { Digest, VerificationRecord } from '../../core/types.js';
import type { BlobSink, BlobSource, Delivery, Exchange } from '../../engine/exchange.js';
import { parsePlanDocument, type PlanDocument } from '../../engine/session/planDocument.js';
import type { ArtifactPort } from '../../storage/github/ports.js';
import { blobFromHost } from '../../storage/host/hostBlobs.js';
import type { HostCache } from '../../storage/host/hostCache.js';
import type { ListedJob } from '../runJobs.js';
import { capturesArtifactName, planArtifactName, recordsArtifactName } from './artifactNames.js';
import { takeFromBundle, uploadBundles } from './captureBundles.js';
import { untiedLabels } from './closedRun.js';
import { recordDeliveries, type RecordsQuery } from './recordDeliveries.js';
import { uploadRecordsArtifact } from './recordsArtifacts.js';
import { runArtifactsOf, runPlanOf, type RunArtifacts } from './runArtifacts.js';
import { onlyFile } from './verifiedFiles.js';

/**
 * GitHub allows 500 artifacts per job; the plan job also uploads its plan and its records,
 * and this leaves room for whatever else a workflow's plan job uploads.
 */
export const MAX_BUNDLES = 400;
const PLAN_FILE = 'plan.json';

export type ActionsExchangeOptions = {
  /** This run's artifacts; uploaders named where the service says (ArtifactsWithUploaders). */
  artifacts: ArtifactPort;
  /** GITHUB_RUN_ID, for messages. */
  runId: string;
  /** GITHUB_RUN_ATTEMPT of this job (runAttemptOf). */
  attempt: number;
  /** A directory of this job's for staging and downloads (under RUNNER_TEMP). */
  workDir: string;
  retentionDays?: number | undefined;
  /** A self-hosted runner's host cache: captures it holds are not downloaded again. */
  host?: HostCache | undefined;
  maxBundles?: number;
  /**
   * This run's jobs (the aggregate's): matrix records count only from a run of DoG's jobs
   * alone (closedRun.ts). `warn` says when the listing was refused.
   */
  runJobs?: { list: () => Promise<ListedJob[]>; warn: (message: string) => void } | undefined;
};

export class ActionsExchange implements Exchange {
  readonly description: string;
  readonly maxBundles: number;

  constructor(private readonly options: ActionsExchangeOptions) {
    this.description = `artifacts of workflow run ${options.runId}`;
    this.maxBundles = options.maxBundles ?? MAX_BUNDLES;
  }

  async putPlan(document: PlanDocument): Promise<void> {
    const dir = await this.freshDir('plan-out');
    const path = join(dir, PLAN_FILE);
    await writeFile(path, JSON.stringify(document));
    await this.options.artifacts.uploadFiles(
      planArtifactName(this.options.attempt),
      [path],
      dir,
      this.retention(),
    );
  }

  async getPlan(): Promise<PlanDocument> {
    const plan = runPlanOf(await this.listing(), this.options.attempt);
    const dir = await this.freshDir('plan-in');
    await this.options.artifacts.download(plan.artifact, dir);
    const path = await onlyFile(dir, plan.artifact.name);
    return parsePlanDocument(await readFile(path, 'utf8'), plan.artifact.name);
  }

  async putCaptures(
    bundles: ReadonlyMap<string, readonly Digest[]>,
    blobs: BlobSource,
  ): Promise<void> {
    if (bundles.size > this.maxBundles)
      throw new Error(
        `${bundles.size} capture bundles exceed the most one plan may publish (${this.maxBundles})`,
      );
    const named = new Map(
      [...bundles].map(([bundle, digests]) => [
        capturesArtifactName(bundle, this.options.attempt),
        digests,
      ]),
    );
    await uploadBundles(named, {
      artifacts: this.options.artifacts,
      blobs,
      stagingDir: await this.freshDir('bundles-out'),
      retentionDays: this.options.retentionDays,
    });
  }

  async getCaptures(bundle: string, digests: readonly Digest[], sink: BlobSink): Promise<void> {
    const missing: Digest[] = [];
    for (const digest of new Set(digests)) {
      if (await sink.blobPath(digest)) continue;
      if (await this.fromHost(digest, sink)) continue;
      missing.push(digest);
    }
    if (missing.length === 0) return;
    const run = await this.listing();
    const name = capturesArtifactName(bundle, runPlanOf(run, this.options.attempt).attempt);
    const artifact = run.named.find((n) => n.artifact.name === name)?.artifact;
    if (!artifact)
      throw new UserError(
        `artifact ${name} is missing from this workflow run; the plan step uploads it — re-run the workflow from the plan job`,
      );
    const dir = join(this.options.workDir, 'bundles-in', name);
    await takeFromBundle(this.options.artifacts, artifact, missing, sink, dir);
    for (const digest of missing) await this.keepOnHost(digest, sink);
  }

  async putRecords(job: string, records: ReadonlyMap<string, VerificationRecord>): Promise<void> {
    await uploadRecordsArtifact(this.options.artifacts, {
      name: recordsArtifactName(job, this.options.attempt),
      job,
      records,
      dir: await this.freshDir('records-out'),
      retentionDays: this.options.retentionDays,
    });
  }

  async getRecords(query: RecordsQuery): Promise<Delivery[]> {
    const run = await this.listing();
    const { attempt } = this.options;
    const planAttempt = runPlanOf(run, attempt).attempt;
    const dir = await this.freshDir('records-in');
    const untied = query.jobs === undefined ? await this.untied(query.knownJobs) : undefined;
    return recordDeliveries(this.options.artifacts, run, query, {
      planAttempt,
      attempt,
      dir,
      ...(untied ? { untied } : {}),
    });
  }

  /** Matrix labels whose records cannot be tied to their job; undefined without a listing. */
  private async untied(knownJobs: readonly string[]): Promise<Map<string, string> | undefined> {
    const runJobs = this.options.runJobs;
    if (!runJobs) return undefined;
    try {
      return untiedLabels(
        knownJobs.filter((job) => job !== 'plan'),
        await runJobs.list(),
      );
    } catch (error) {
      runJobs.warn(
        `DoG could not list this run's jobs (${error instanceof Error ? error.message : String(error)}; the token needs actions: read): matrix records are checked by artifact name and uploader only, so a job added to this workflow can deliver records for a job of the plan that has not uploaded its own yet`,
      );
      return undefined;
    }
  }

  private async listing(): Promise<RunArtifacts> {
    return runArtifactsOf(await this.options.artifacts.list());
  }

  private retention(): { retentionDays?: number } {
    const days = this.options.retentionDays;
    return days ? { retentionDays: days } : {};
  }

  private async freshDir(name: string): Promise<string> {
    const dir = join(this.options.workDir, name);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    return dir;
  }

  /** A capture another job on this machine already has: verified and committed, no download. */
  private async fromHost(digest: Digest, sink: BlobSink): Promise<boolean> {
    const host = this.options.host;
    if (!host) return false;
    const temp = sink.tempPath();
    if (!(await blobFromHost(host, digest, temp))) return false;
    await sink.commitBlob(temp, digest);
    return true;
  }

  /** Best effort: the next job on this machine finds the capture there. */
  private async keepOnHost(digest: Digest, sink: BlobSink): Promise<void> {
    const host = this.options.host;
    const path = host && (await sink.blobPath(digest));
    if (host && path) await host.importBlob(path, digest).catch(() => undefined);
  }
}
