// CachePort and ArtifactPort over the real toolkit clients (@actions/cache, @actions/artifact).
import { DefaultArtifactClient } from '@actions/artifact';
import * as cache from '@actions/cache';
import { basename, dirname } from 'node:path';
import { UserError } from '../../core/errors.js';
import {
  cacheReadAccess,
  cacheWriteAccess,
  type CacheReadAccess,
  type CacheWriteAccess,
} from './cacheAccess.js';
import type {
  ArtifactInfo,
  ArtifactPort,
  CacheCallOptions,
  CachePort,
  CacheSaveResult,
} from './ports.js';
import { inJobEnv, inRoot, watchRateLimit } from './toolkitSection.js';

export class ToolkitCache implements CachePort {
  readonly writeAccess: CacheWriteAccess;
  readonly readAccess: CacheReadAccess;

  /** `env`: the environment @actions/cache reads, the runner's. */
  constructor(env: NodeJS.ProcessEnv = process.env) {
    this.writeAccess = cacheWriteAccess(env);
    this.readAccess = cacheReadAccess(env);
  }

  restore(
    path: string,
    key: string,
    prefixes: readonly string[] = [],
    options: CacheCallOptions = {},
  ): Promise<string | undefined> {
    // Asking would only earn the toolkit's "skipped" line or the service's refusal.
    if (!this.readAccess.readable) return Promise.resolve(undefined);
    return section(options, () =>
      options.retryFailedDownload === false
        ? cache.restoreCache([path], key, [...prefixes])
        : restoreOnce(path, key, prefixes),
    );
  }

  save(path: string, key: string, options: CacheCallOptions = {}): Promise<CacheSaveResult> {
    return section(options, () => saveOnce(path, key, this.readAccess.readable));
  }
}

function section<T>(options: CacheCallOptions, call: () => Promise<T>): Promise<T> {
  return options.root === undefined ? inJobEnv(call) : inRoot(options.root, call);
}

async function restoreOnce(
  path: string,
  key: string,
  prefixes: readonly string[],
): Promise<string | undefined> {
  const restored = await cache.restoreCache([path], key, [...prefixes]);
  if (restored !== undefined) return restored;
  // The toolkit answers a failed download or extraction like a miss (it only warns). When
  // the service does hold an entry, that was a fault, often transient: try once more.
  const held = await cache.restoreCache([path], key, [...prefixes], { lookupOnly: true });
  return held === undefined ? undefined : cache.restoreCache([path], key, [...prefixes]);
}

/**
 * The toolkit returns -1 alike for a key that exists (409), a rate-limited reservation (429)
 * and any other refusal; only the first is "there". The rate limit is known by the toolkit's
 * warning (see toolkitSection.ts); anything else is told apart by an exact-key lookup.
 */
async function saveOnce(path: string, key: string, readable: boolean): Promise<CacheSaveResult> {
  const watch = watchRateLimit();
  let id: number;
  try {
    id = await cache.saveCache([path], key);
  } finally {
    watch.stop();
  }
  if (id >= 0) return { outcome: 'saved' };
  const retryAfterSeconds = watch.retryAfterSeconds();
  if (retryAfterSeconds !== undefined)
    return { outcome: 'refused', reason: "GitHub's cache upload rate limit", retryAfterSeconds };
  // A cache that refuses restores cannot be asked whether the key is there.
  if (!readable)
    return {
      outcome: 'refused',
      reason:
        'the cache service did not accept the entry (a write-only cache cannot say whether it exists already)',
    };
  const held = await cache.restoreCache([path], key, [], { lookupOnly: true });
  if (held === key) return { outcome: 'exists' };
  return { outcome: 'refused', reason: 'the cache service did not accept the entry' };
}

/** Another run of this repository, for the fork-safe pair's privileged half. */
export type RunLocator = { token: string; owner: string; repo: string };

export class ToolkitArtifacts implements ArtifactPort {
  private readonly client = new DefaultArtifactClient();

  constructor(private readonly locator: RunLocator) {}

  async uploadFile(path: string, options: { retentionDays?: number } = {}): Promise<ArtifactInfo> {
    const response = await this.client.uploadArtifact(basename(path), [path], dirname(path), {
      skipArchive: true,
      ...options,
    });
    return this.info(basename(path), response);
  }

  async uploadFiles(
    name: string,
    files: readonly string[],
    root: string,
    options: { retentionDays?: number } = {},
  ): Promise<ArtifactInfo> {
    const response = await this.client.uploadArtifact(name, [...files], root, options);
    return this.info(name, response);
  }

  async list(fromRun?: number): Promise<ArtifactInfo[]> {
    const { artifacts } = await this.client.listArtifacts({
      latest: true,
      ...(fromRun === undefined ? {} : { findBy: this.findBy(fromRun) }),
    });
    return artifacts.map(({ id, name, size, digest }) => ({
      id,
      name,
      size,
      ...(digest ? { digest } : {}),
    }));
  }

  async download(artifact: ArtifactInfo, dir: string, fromRun?: number): Promise<void> {
    const { digestMismatch } = await this.client.downloadArtifact(artifact.id, {
      path: dir,
      ...(artifact.digest ? { expectedHash: artifact.digest } : {}),
      ...(fromRun === undefined ? {} : { findBy: this.findBy(fromRun) }),
    });
    if (digestMismatch)
      throw new UserError(
        `artifact ${artifact.name} does not match the digest recorded when it was uploaded; it was changed after upload and is not used`,
      );
  }

  private findBy(workflowRunId: number) {
    const { token, owner, repo } = this.locator;
    return { token, workflowRunId, repositoryOwner: owner, repositoryName: repo };
  }

  private info(name: string, response: { id?: number; size?: number; digest?: string }) {
    if (response.id === undefined)
      throw new Error(`the artifact service returned no id for ${name}`);
    return {
      id: response.id,
      name,
      size: response.size ?? 0,
      ...(response.digest ? { digest: response.digest } : {}),
    };
  }
}
