// Restoring a graph's record packs from the scopes DoG trusts (cacheTrust.ts): the newest pack
// of each trusted ref whose bytes are the ones its key names, every record through the one
// record check, merged. Packs saved before keys named their content (dog-v2) are read only by
// a job every one of whose readable scopes is trusted (a push to a branch), where no other
// scope can answer a restore.
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { CacheTrust } from './cacheTrust.js';
import type { CachePort } from './ports.js';
import {
  emptyContents,
  legacyPackKeyPrefix,
  mergeInto,
  PACK_READ_MAX_BYTES,
  packKeyPrefix,
  readPack,
  type PackContents,
} from './recordPack.js';
import { newestTrusted, untrustedInOwnScope } from './trustedEntries.js';

/** The pack's file inside a staging root: a fixed relative path, the same in every job. */
export const PACK_FILE = 'dog-record-pack.json';
/** Older packs of a ref tried when the newest does not restore with its own bytes. */
const TRIES_PER_REF = 3;

export type PackSource = {
  cache: CachePort;
  trust: CacheTrust;
  /** A private staging directory. */
  dir: string;
  graphKey: string;
  warn(message: string): void;
};

/** `missing`: no scope DoG may read from has any pack of the graph (the old layout may). */
export type RestoredPacks = { found?: PackContents; missing: boolean };

export async function restoreTrustedPacks(source: PackSource): Promise<RestoredPacks> {
  // A cache that refuses restores holds nothing for this job; the old layout is not asked either.
  if (source.trust.readRefused !== undefined) {
    source.trust.readRefused.tell();
    return { missing: false };
  }
  const place = {
    cache: source.cache,
    file: PACK_FILE,
    dir: source.dir,
    maxBytes: PACK_READ_MAX_BYTES,
  };
  const newest = await newestTrusted(source.trust, place, packKeyPrefix(source.graphKey), {
    tries: TRIES_PER_REF,
  });
  if (!newest.listed.ok) {
    source.warn(newest.listed.why);
    return { missing: false };
  }
  for (const problem of newest.problems) source.warn(`a record pack was not used: ${problem}`);
  let found: PackContents | undefined;
  for (const file of newest.files) {
    const contents = readChecked(source, file.key, file.text);
    if (contents === undefined) continue;
    found ??= emptyContents();
    mergeInto(found, contents);
  }
  if (found) return { found, missing: false };
  if (newest.listed.entries.length > 0 || !source.trust.restoresTrusted) return { missing: false };
  return restoreLegacyPack(source);
}

/** Once per plan: what this pull request's own scope holds that is not used, counted. */
export async function warnUntrusted(source: PackSource): Promise<void> {
  if (source.trust.readRefused !== undefined) return;
  const count = await untrustedInOwnScope(source.trust, source.graphKey);
  if (!count) return;
  const entries = count === 1 ? '1 DoG cache entry' : `${count} DoG cache entries`;
  source.warn(
    `${entries} of this graph in this run's cache scope (${source.trust.ownRef}) ${count === 1 ? 'is' : 'are'} not from a trusted writer and ${count === 1 ? 'was' : 'were'} ignored: any workflow of the pull request can write that scope, so DoG cannot tell them from a forgery; their goals were verified again (docs/security.md)`,
  );
}

function readChecked(source: PackSource, key: string, text: string): PackContents | undefined {
  const reading = readPack(text, source.graphKey);
  if (!reading.ok) {
    source.warn(`pack entry ${key} was not used: ${reading.problem}`);
    return undefined;
  }
  if (reading.refused.size > 0) source.warn(refusalMessage(key, reading.refused));
  return reading.contents;
}

async function restoreLegacyPack(source: PackSource): Promise<RestoredPacks> {
  const prefix = legacyPackKeyPrefix(source.graphKey);
  await mkdir(source.dir, { recursive: true });
  const root = await mkdtemp(join(source.dir, 'pack-'));
  try {
    const matched = await source.cache.restore(PACK_FILE, prefix, [], { root });
    if (matched === undefined) return { missing: true };
    const path = join(root, PACK_FILE);
    if ((await stat(path)).size > PACK_READ_MAX_BYTES) {
      source.warn(`pack entry ${matched} was not used: it is over ${PACK_READ_MAX_BYTES} bytes`);
      return { missing: false };
    }
    const contents = readChecked(source, matched, await readFile(path, 'utf8'));
    return contents ? { found: contents, missing: false } : { missing: false };
  } catch (error) {
    source.warn(`the record pack lookup ${prefix}… failed: ${messageOf(error)}`);
    return { missing: false };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

function refusalMessage(key: string, refused: ReadonlyMap<string, number>): string {
  const total = [...refused.values()].reduce((sum, count) => sum + count, 0);
  const reasons = [...refused].map(([reason, count]) => `${count}: ${reason}`).join('; ');
  return `pack entry ${key}: ${total} record(s) refused and not used (${reasons})`;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
