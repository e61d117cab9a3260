// The two GitHub storage services the Action front uses, as narrow interfaces: the real
// toolkit clients implement them (toolkit.ts); tests run those same clients against local
// stand-ins of GitHub's services.
import type { CacheWriteAccess } from './cacheAccess.js';

/**
 * Where an entry's files are laid out. Without `root`, `path` is resolved the way the
 * toolkit does (`~` is HOME, relative paths the workspace). With `root`, `path` is relative
 * to it, and the entry is the same in every job whatever its HOME or workspace: the cache
 * versions an entry by the path string and archives paths relative to the workspace.
 */
export type CacheCallOptions = {
  root?: string;
  /**
   * A restore that found nothing asks the service once more whether the entry exists (the
   * toolkit reports a failed download like a miss) and then retries; `false` skips that, for
   * best-effort lookups where a miss costs one call.
   */
  retryFailedDownload?: boolean;
};

/**
 * A save's outcome. `refused`: the service did not take it (e.g. the upload rate limit,
 * then `retryAfterSeconds` when the service said); it is neither saved nor there.
 */
export type CacheSaveResult =
  | { outcome: 'saved' }
  | { outcome: 'exists' }
  | { outcome: 'refused'; reason: string; retryAfterSeconds?: number };

/** The Actions cache: immutable entries by key; a restore may fall back to key prefixes. */
export interface CachePort {
  /** Whether this job may save at all (GitHub gives untrusted triggers a read-only cache). */
  readonly writeAccess: CacheWriteAccess;
  /**
   * Restores the entry `key` (exact), else the newest entry whose key starts with one of
   * `prefixes`, into `path`. Returns the key that matched, or undefined on a miss.
   */
  restore(
    path: string,
    key: string,
    prefixes?: readonly string[],
    options?: CacheCallOptions,
  ): Promise<string | undefined>;
  /** Saves `path` as `key`. An existing key is not an error: entries are immutable. */
  save(path: string, key: string, options?: CacheCallOptions): Promise<CacheSaveResult>;
}

/** One entry as GitHub's REST cache listing shows it. */
export type ListedCacheEntry = { key: string; ref: string; createdAt: string; sizeBytes: number };

/**
 * GitHub's REST listing of the repository's cache entries (`GET /repos/{owner}/{repo}/actions/
 * caches`, permission `actions: read`): the one place that says which ref's scope holds an
 * entry. A restore cannot say it: it answers from the first scope that has a match.
 */
export interface CacheListing {
  /** Entries in the scope of `ref` whose key starts with `keyPrefix`, newest first. */
  list(keyPrefix: string, ref: string, limit: number): Promise<ListedCacheEntry[]>;
}

export type ArtifactInfo = {
  id: number;
  name: string;
  size: number;
  digest?: string;
  /** The backend id of the job that uploaded it, where the service says (this run's only). */
  jobBackendId?: string;
};

/** Workflow-run artifacts: this run's, or (with `fromRun`) another run's of this repository. */
export interface ArtifactPort {
  /** Uploads one file as-is, named by the file's base name. */
  uploadFile(path: string, options?: { retentionDays?: number }): Promise<ArtifactInfo>;
  /** Uploads `files` (absolute, inside `root`) zipped as `name`. */
  uploadFiles(
    name: string,
    files: readonly string[],
    root: string,
    options?: { retentionDays?: number },
  ): Promise<ArtifactInfo>;
  list(fromRun?: number): Promise<ArtifactInfo[]>;
  /**
   * Downloads an artifact into `dir` (a zip is extracted, a single file kept as-is). The
   * bytes are checked against the digest recorded at upload; a mismatch throws.
   */
  download(artifact: ArtifactInfo, dir: string, fromRun?: number): Promise<void>;
}
