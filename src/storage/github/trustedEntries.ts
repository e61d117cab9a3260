// Entries of trusted scopes, proven by their bytes. An entry's key ends with the SHA-256 of the
// file it holds, and the REST listing names the scope of each key. A restore asks for the exact
// key, but the cache answers from the first scope in the job's order that has a match, so an
// entry a pull request's workflow saved under the same key (or a longer one) in its own scope
// may answer instead: then the matched key or the bytes differ, and the entry counts as absent.
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256Hex } from '../../core/digest.js';
import type { CacheTrust } from './cacheTrust.js';
import type { CachePort, ListedCacheEntry } from './ports.js';

const CONTENT_DIGEST = /-([0-9a-f]{64})$/;

/** The key of `text` saved under `prefix` by `label` (a run attempt). */
export function contentKey(prefix: string, label: string, text: string): string {
  return `${prefix}${label}-${sha256Hex(text)}`;
}

export type TrustedFile = { key: string; ref: string; text: string };

export type RestorePlace = {
  cache: CachePort;
  /** The entry's file, a fixed path relative to each staging root. */
  file: string;
  /** A private directory; each restore stages in a fresh directory under it. */
  dir: string;
  /** The most bytes a restored file may have; a larger one is not read. */
  maxBytes: number;
};

export type Restored = { ok: true; text: string } | { ok: false; why: string };

/** Restores exactly `key` and returns its file only if its bytes hash to the key's digest. */
export async function restoreVerified(place: RestorePlace, key: string): Promise<Restored> {
  const digest = CONTENT_DIGEST.exec(key)?.[1];
  if (digest === undefined) return { ok: false, why: `${key} names no content digest` };
  await mkdir(place.dir, { recursive: true });
  const root = await mkdtemp(join(place.dir, 'entry-'));
  try {
    const options = { root, retryFailedDownload: false };
    const matched = await place.cache.restore(place.file, key, [], options);
    if (matched === undefined) return { ok: false, why: `${key} could not be restored` };
    if (matched !== key)
      return { ok: false, why: `the cache answered ${key} with another entry (${matched})` };
    const path = join(root, place.file);
    const { size } = await stat(path);
    if (size > place.maxBytes)
      return { ok: false, why: `${key} holds ${size} bytes, over the ${place.maxBytes} read` };
    const bytes = await readFile(path);
    if (sha256Hex(bytes) !== digest)
      return {
        ok: false,
        why: `the bytes restored for ${key} are not the ones its key names: an entry of another scope answered in its place`,
      };
    return { ok: true, text: bytes.toString('utf8') };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

export type Listed = { ok: true; entries: ListedCacheEntry[] } | { ok: false; why: string };

/** The entries under `prefix` of every trusted ref, each ref's newest first, at most `limit` each. */
export async function listTrusted(
  trust: CacheTrust,
  prefix: string,
  limit: number,
): Promise<Listed> {
  const entries: ListedCacheEntry[] = [];
  try {
    for (const ref of trust.trusted) {
      const listed = await trust.listing.list(prefix, ref, limit);
      // The listing is asked for one ref; an answer about another is not believed.
      entries.push(...listed.filter((e) => e.ref === ref && e.key.startsWith(prefix)));
    }
  } catch (error) {
    return { ok: false, why: listingProblem(error) };
  }
  return { ok: true, entries };
}

/** The newest entry of each trusted ref that restores with the bytes its key names. */
export async function newestTrusted(
  trust: CacheTrust,
  place: RestorePlace,
  prefix: string,
  options: { tries: number },
): Promise<{ files: TrustedFile[]; listed: Listed; problems: string[] }> {
  const listed = await listTrusted(trust, prefix, options.tries);
  const files: TrustedFile[] = [];
  const problems: string[] = [];
  if (!listed.ok) return { files, listed, problems };
  for (const ref of trust.trusted) {
    for (const entry of listed.entries.filter((e) => e.ref === ref)) {
      const restored = await restoreVerified(place, entry.key).catch(
        (error: unknown): Restored => ({
          ok: false,
          why: `${entry.key} could not be restored (${error instanceof Error ? error.message : String(error)})`,
        }),
      );
      if (restored.ok) {
        files.push({ key: entry.key, ref, text: restored.text });
        break;
      }
      problems.push(restored.why);
    }
  }
  return { files, listed, problems };
}

function listingProblem(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status;
  const message = error instanceof Error ? error.message : String(error);
  if (status === 403 || status === 404)
    return `GitHub's cache listing refused this job's token (HTTP ${status}): grant the job \`actions: read\` so DoG can tell which scope a cache entry is in; until then nothing is inherited from the cache`;
  return `GitHub's cache listing failed (${message}); nothing is inherited from the cache this run`;
}

/**
 * How many entries of this graph sit in the job's own scope when later runs do not trust it
 * (a pull request's): written by something DoG cannot tell from any other workflow of the pull
 * request, and ignored. Undefined when the listing cannot say.
 */
export async function untrustedInOwnScope(
  trust: CacheTrust,
  graphKey: string,
): Promise<number | undefined> {
  if (trust.ownTrusted) return 0;
  try {
    const listed = await trust.listing.list('dog-v', trust.ownRef, 100);
    return listed.filter((e) => e.ref === trust.ownRef && e.key.includes(`-${graphKey}-`)).length;
  } catch {
    return undefined;
  }
}
