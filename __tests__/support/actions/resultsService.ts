// The Actions results service (ACTIONS_RESULTS_URL): ArtifactService and CacheService v2 over
// Twirp JSON, bytes in Azurite behind SAS URLs. Point a run at it with `ACTIONS_RESULTS_URL`
// = `url` and `ACTIONS_CACHE_SERVICE_V2=True` (see runner.ts).
import {
  artifactService,
  createArtifactStore,
  signedDownloadUrl,
  type ArtifactRecord,
} from './artifactService.js';
import { startAzurite, type Azurite } from './azurite.js';
import { ARTIFACT_CONTAINER, CACHE_CONTAINER, openBlobStore } from './blobStore.js';
import {
  cacheService,
  createCacheStore,
  type CacheCall,
  type CacheLookup,
  type CacheRateLimit,
  type CacheServiceOptions,
} from './cacheService.js';
import { listen } from './http.js';
import { twirpHandler, type TwirpCall } from './twirp.js';

export type ArtifactInfo = {
  id: number;
  name: string;
  runBackendId: string;
  jobBackendId: string;
  size: number;
  digest: string | undefined;
  mimeType: string;
  createdAt: Date;
};

export type CacheEntryInfo = {
  id: number;
  key: string;
  version: string;
  /** The ref whose cache scope holds it. */
  scope: string;
  sizeBytes: number;
  createdAt: Date;
};

export type ResultsService = {
  /** Origin to use as ACTIONS_RESULTS_URL. */
  readonly url: string;
  /** Every Twirp call, oldest first (method, HTTP status, Twirp error code, caller ids). */
  readonly calls: readonly TwirpCall[];
  /** Every cache lookup with the key it matched (`matchedKey` undefined: a miss). */
  readonly cacheLookups: readonly CacheLookup[];
  /** Calls of `method` (e.g. 'CreateArtifact'), or only those answered with `status`. */
  count(method: string, status?: number): number;
  cacheHits(): number;
  cacheMisses(): number;
  /** Finalized artifacts of one run (by backend id) or of all runs, oldest first. */
  artifacts(runBackendId?: string): ArtifactInfo[];
  /** A finalized artifact by id, for the REST stand-in. */
  artifact(id: number): ArtifactInfo | undefined;
  /** A signed URL to read an artifact's bytes, as GitHub's REST API redirects to. */
  artifactDownloadUrl(id: number): string | undefined;
  readArtifact(id: number): Promise<Buffer>;
  /** Replaces the stored bytes behind GitHub's back; the recorded digest stays. */
  overwriteArtifact(id: number, bytes: Buffer): Promise<void>;
  /** Finalized cache entries, oldest first. */
  cacheEntries(): CacheEntryInfo[];
  /** The stored bytes of a finalized cache entry (the archive the toolkit uploaded). */
  readCacheEntry(id: number): Promise<Buffer>;
  /** The next download of the entry `key` fails (its URL names no blob), as storage can. */
  breakNextCacheDownload(key: string): void;
  /** Every cache call (lookup, reservation, finalize) with its key and result, oldest first. */
  cacheCalls(): readonly CacheCall[];
  /** Replaces the upload rate limit (GitHub's 200 per minute by default; `false`: none). */
  setCacheRateLimit(limit: CacheRateLimit | false): void;
  /** Replaces the cache's clock (ms since the epoch), which the rate limit's window reads. */
  setCacheClock(now: () => number): void;
  stop(): Promise<void>;
};

/** Starts the service on its own Azurite unless one is given (then the caller stops it). */
export async function startResultsService(
  options: { azurite?: Azurite; cache?: CacheServiceOptions } = {},
): Promise<ResultsService> {
  const azurite = options.azurite ?? (await startAzurite());
  try {
    return await serve(azurite, options.azurite === undefined, options.cache);
  } catch (err) {
    if (options.azurite === undefined) await azurite.stop();
    throw err;
  }
}

async function serve(
  azurite: Azurite,
  ownsAzurite: boolean,
  cacheOptions: CacheServiceOptions = {},
): Promise<ResultsService> {
  const blobs = await openBlobStore(azurite);
  const artifacts = createArtifactStore();
  const caches = createCacheStore(cacheOptions);
  const calls: TwirpCall[] = [];
  const server = await listen(
    twirpHandler(
      {
        ArtifactService: artifactService(artifacts, blobs),
        CacheService: cacheService(caches, blobs),
      },
      calls,
    ),
  );
  const record = (id: number): ArtifactRecord => {
    const found = artifacts.byId(id);
    if (found === undefined) throw new Error(`no finalized artifact ${id}`);
    return found;
  };
  return {
    url: server.url,
    calls,
    cacheLookups: caches.lookups,
    count: (method, status) =>
      calls.filter((c) => c.method === method && (status === undefined || c.status === status))
        .length,
    cacheHits: () => caches.lookups.filter((l) => l.matchedKey !== undefined).length,
    cacheMisses: () => caches.lookups.filter((l) => l.matchedKey === undefined).length,
    breakNextCacheDownload: (key) => void caches.brokenDownloads.add(key),
    cacheCalls: () => caches.calls,
    setCacheRateLimit: (limit) => {
      caches.rateLimit = limit;
    },
    setCacheClock: (now) => {
      caches.now = now;
    },
    artifacts: (run) => artifacts.list(run).map(toInfo),
    artifact: (id) => {
      const found = artifacts.byId(id);
      return found && toInfo(found);
    },
    artifactDownloadUrl: (id) => {
      const found = artifacts.byId(id);
      return found && signedDownloadUrl(blobs, found);
    },
    readArtifact: (id) => blobs.read(ARTIFACT_CONTAINER, record(id).blob),
    overwriteArtifact: (id, bytes) => blobs.overwrite(ARTIFACT_CONTAINER, record(id).blob, bytes),
    cacheEntries: () =>
      caches.entries
        .filter((e) => e.finalized)
        .map((e) => ({
          id: e.id,
          key: e.key,
          version: e.version,
          scope: e.scope,
          sizeBytes: e.sizeBytes ?? 0,
          createdAt: e.createdAt,
        })),
    readCacheEntry: (id) => {
      const entry = caches.entries.find((e) => e.id === id && e.finalized);
      if (entry === undefined) throw new Error(`no finalized cache entry ${id}`);
      return blobs.read(CACHE_CONTAINER, entry.blob);
    },
    stop: async () => {
      await server.close();
      if (ownsAzurite) await azurite.stop();
    },
  };
}

function toInfo(record: ArtifactRecord): ArtifactInfo {
  return {
    id: record.id,
    name: record.name,
    runBackendId: record.runBackendId,
    jobBackendId: record.jobBackendId,
    size: record.size ?? 0,
    digest: record.digest,
    mimeType: record.mimeType,
    createdAt: record.createdAt,
  };
}
