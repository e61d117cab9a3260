// The Actions exchange as the jobs of one workflow run use it: the real @actions/artifact
// client (through ToolkitArtifacts and ArtifactsWithUploaders, as main.ts wires them) against
// the results-service stand-in, in-process, with process.env switched to the job that acts.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ArtifactsWithUploaders } from '../../../src/action/artifactUploaders.js';
import { ActionsExchange } from '../../../src/action/exchange/actionsExchange.js';
import type { Digest, VerificationRecord } from '../../../src/core/types.js';
import type { BlobSink, BlobSource } from '../../../src/engine/exchange.js';
import type { PlanDocument } from '../../../src/engine/session/planDocument.js';
import type { HostCache } from '../../../src/storage/host/hostCache.js';
import { startInProcess, type InProcess } from '../../support/actions/inProcess.js';
import type { RunnerEnv } from '../../support/actions/runner.js';
import { backendIdsForRun } from '../../support/actions/runtimeToken.js';

export const OWNER = 'octo-org';
export const REPO = 'octo-repo';
const TOKEN = 'ghs_exchangetoken00000000000000000000';

export type JobOptions = {
  attempt?: number;
  host?: HostCache;
  maxBundles?: number;
  retentionDays?: number;
};

export class ExchangeWorld {
  private constructor(
    readonly services: InProcess,
    private readonly toolkit: typeof import('../../../src/storage/github/toolkit.js'),
    private readonly client: typeof import('@actions/artifact'),
  ) {}

  static async start(): Promise<ExchangeWorld> {
    const services = await startInProcess({ repository: `${OWNER}/${REPO}` });
    // @actions/github reads GITHUB_API_URL when first imported: import after the env is set.
    const toolkit = await import('../../../src/storage/github/toolkit.js');
    return new ExchangeWorld(services, toolkit, await import('@actions/artifact'));
  }

  stop(): Promise<void> {
    return this.services.stop();
  }

  /**
   * Makes process.env that of job `job` of run `runId` (attempt `attempt`) and gives the
   * exchange that job would open. Use it before the next job acts.
   */
  job(runId: number, job: string, options: JobOptions = {}): ActionsExchange {
    const env = this.services.useRun(runId, job, options.attempt ?? 1);
    const artifacts = new ArtifactsWithUploaders(
      new this.toolkit.ToolkitArtifacts({ token: TOKEN, owner: OWNER, repo: REPO }),
      process.env,
      (message) => {
        throw new Error(`unexpected warning: ${message}`);
      },
    );
    return new ActionsExchange({
      artifacts,
      runId: String(runId),
      attempt: options.attempt ?? 1,
      workDir: join(env.RUNNER_TEMP ?? '', 'dog', 'exchange'),
      host: options.host,
      retentionDays: options.retentionDays,
      ...(options.maxBundles ? { maxBundles: options.maxBundles } : {}),
    });
  }

  /** Uploads `content` as a one-file artifact `name` from job `job` (attempt `attempt`). */
  async upload(runId: number, job: string, name: string, content: string, attempt = 1) {
    const env = this.services.useRun(runId, job, attempt);
    const dir = join(env.RUNNER_TEMP ?? '', 'upload', name);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'records.json'), content);
    await new this.client.DefaultArtifactClient().uploadArtifact(
      name,
      [join(dir, 'records.json')],
      dir,
    );
  }

  /** The runner env the last `job` call set. */
  get env(): RunnerEnv {
    return process.env as RunnerEnv;
  }

  /** Names of the finalized artifacts of run `runId`, sorted. */
  artifactNames(runId: number): string[] {
    const run = backendIdsForRun(runId).runBackendId;
    return this.services.results
      .artifacts(run)
      .map((a) => a.name)
      .sort();
  }

  /** The artifact names whose download URL was asked for since call `since` of the log. */
  downloadsSince(since: number): string[] {
    return this.services.results.calls
      .slice(since)
      .filter((c) => c.method === 'GetSignedArtifactURL' && c.status === 200)
      .map((c) => String(c.request?.['name']))
      .sort();
  }
}

export const sha256 = (bytes: string | Buffer): Digest =>
  `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** Capture blobs as files named by their digest's hex in `dir`: a store's blob source. */
export async function blobSource(
  dir: string,
  contents: readonly string[],
): Promise<{ source: BlobSource; digests: Digest[] }> {
  await mkdir(dir, { recursive: true });
  const digests: Digest[] = [];
  for (const content of contents) {
    const digest = sha256(content);
    await writeFile(join(dir, digest.slice(7)), content);
    digests.push(digest);
  }
  return { source: dirSink(dir), digests };
}

/** A directory of blobs named by hex digest; `commitBlob` renames a temp file in. */
export function dirSink(dir: string): BlobSink & { committed: Digest[] } {
  mkdirSync(dir, { recursive: true });
  let temp = 0;
  const committed: Digest[] = [];
  const path = (digest: Digest): string => join(dir, digest.slice(7));
  return {
    committed,
    blobPath: async (digest) => {
      const found = await stat(path(digest)).catch(() => undefined);
      return found?.isFile() ? path(digest) : undefined;
    },
    tempPath: () => join(dir, `.tmp-${++temp}`),
    commitBlob: async (tempPath, digest) => {
      await rename(tempPath, path(digest));
      committed.push(digest);
    },
  };
}

/** Records as the exchange carries them: it moves them unchecked, the session checks. */
export function recordsOf(entries: Record<string, string>): Map<string, VerificationRecord> {
  return new Map(
    Object.entries(entries).map(([key, verdict]) => [
      key,
      { goalId: key, verdict } as unknown as VerificationRecord,
    ]),
  );
}

/** A schema-valid plan document of run `runId`, attempt `attempt`. */
export function planDocument(runId: number, attempt: number): PlanDocument {
  return {
    schemaVersion: '1',
    runId: `gh-${runId}-${attempt}`,
    startedAt: new Date(0).toISOString(),
    graphDigest: sha256('graph'),
    trigger: { event: 'pull_request' },
    trusted: {
      source: 'base commit (contents API)',
      graphPath: 'dog.graph.yaml',
      graph: Buffer.from('goals: []').toString('base64'),
      configPath: '.dog/config.yaml',
      config: null,
      scripts: [],
    },
    captures: [],
    selections: {},
    dispatch: { inPlan: [], waves: [] },
    jobsPerWave: 4,
    bundleOf: {},
    budget: { shares: {} },
    warnings: [],
  };
}
