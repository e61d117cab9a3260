// People's decisions in the Actions cache, apart from the record packs, under their own prefix
// `dog-v3-decisions-<graphKey>-`, which only decide runs save, in the default branch's scope.
// An entry's key ends with the digest of its bytes, and an entry counts only from a scope DoG
// trusts (cacheTrust.ts, trustedEntries.ts). Each decide run saves one entry carrying every
// earlier decision it read plus the new one, and the keys of the entries it read; a reader
// merges the newest entry with every listed entry it does not include, so two decide runs at
// once lose nothing. The entry also carries retry requests, dated by the decide run.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CacheTrust } from './cacheTrust.js';
import {
  emptyDecisions,
  mergeDecisions,
  readDecisions,
  writeDecisions,
  type Decisions,
} from './decisionsDocument.js';
import type { CachePort, CacheSaveResult } from './ports.js';
import { decisionsKeyPrefix, graphKeyOf, legacyDecisionsKeyPrefix } from './recordPack.js';
import { contentKey, listTrusted, restoreVerified } from './trustedEntries.js';

export {
  mergeDecisions,
  readDecisions,
  type Decisions,
  type RetryRequest,
} from './decisionsDocument.js';

const PACK_FILE = 'decisions.json';
/** The most bytes an entry may have to be read (2,000 decisions and retries fit well). */
const MAX_ENTRY_BYTES = 16 * 1024 * 1024;
/** Entries listed, and entries restored at most, per read (concurrent decide runs). */
const LISTED = 20;
const MAX_RESTORES = 5;

export type DecisionsPlace = {
  cache: CachePort;
  trust: CacheTrust;
  graphId: string;
  /** A directory for staging the entry (RUNNER_TEMP/…). */
  scratch: string;
  warn(message: string): void;
  now?: () => Date;
};

/** Every accepted decision and retry request of the graph's trusted decisions entries. */
export async function loadDecisions(place: DecisionsPlace): Promise<Decisions> {
  if (place.trust.readRefused !== undefined) {
    place.trust.readRefused.tell();
    return emptyDecisions();
  }
  const graphKey = graphKeyOf(place.graphId);
  const listed = await listTrusted(place.trust, decisionsKeyPrefix(graphKey), LISTED);
  if (!listed.ok) {
    place.warn(`decisions were not read: ${listed.why}`);
    return emptyDecisions();
  }
  if (listed.entries.length === 0)
    return place.trust.restoresTrusted ? loadLegacy(place, graphKey) : emptyDecisions();
  const restore = {
    cache: place.cache,
    file: PACK_FILE,
    dir: place.scratch,
    maxBytes: MAX_ENTRY_BYTES,
  };
  let merged = emptyDecisions();
  let restores = 0;
  for (const entry of newestFirst(listed.entries)) {
    if (merged.entries?.includes(entry.key) || restores === MAX_RESTORES) continue;
    restores += 1;
    const restored = await restoreVerified(restore, entry.key).catch((error: unknown) => ({
      ok: false as const,
      why: String(error),
    }));
    if (!restored.ok) {
      place.warn(`decisions entry ${entry.key} was not used: ${restored.why}`);
      continue;
    }
    const read = readEntry(place, graphKey, entry.key, restored.text);
    // The newer entry's decisions come first; this one's and the ones it holds are known.
    merged = mergeDecisions({ ...read, entries: [entry.key, ...(read.entries ?? [])] }, merged);
  }
  return merged;
}

/** Saves `earlier` plus `added` as this decide run's entry (`<prefix><run>-<attempt>-<sha>`). */
export async function saveDecisions(
  place: DecisionsPlace,
  entry: { run: string; attempt: string; now: Date },
  earlier: Decisions,
  added: Partial<Decisions>,
): Promise<{ key: string; result: CacheSaveResult }> {
  const graphKey = graphKeyOf(place.graphId);
  const text = writeDecisions(graphKey, entry.now, mergeDecisions(earlier, added));
  const key = contentKey(decisionsKeyPrefix(graphKey), `${entry.run}-${entry.attempt}`, text);
  const root = await staging(place.scratch);
  try {
    await writeFile(join(root, PACK_FILE), text);
    return { key, result: await place.cache.save(PACK_FILE, key, { root }) };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

function readEntry(place: DecisionsPlace, graphKey: string, key: string, text: string): Decisions {
  const now = place.now?.() ?? new Date();
  return readDecisions(
    text,
    graphKey,
    (why) => place.warn(`decisions entry ${key} was not used in full: ${why}`),
    now,
  );
}

function newestFirst<T extends { createdAt: string }>(entries: readonly T[]): T[] {
  return [...entries].sort(
    (a, b) => (Date.parse(b.createdAt) || 0) - (Date.parse(a.createdAt) || 0),
  );
}

/** The entry saved before keys named their content, where no other scope can answer. */
async function loadLegacy(place: DecisionsPlace, graphKey: string): Promise<Decisions> {
  const prefix = legacyDecisionsKeyPrefix(graphKey);
  const root = await staging(place.scratch);
  try {
    const matched = await place.cache.restore(PACK_FILE, prefix, [], {
      root,
      retryFailedDownload: false,
    });
    if (matched === undefined) return emptyDecisions();
    const path = join(root, PACK_FILE);
    if ((await stat(path)).size > MAX_ENTRY_BYTES) {
      place.warn(`decisions entry ${matched} was not used: it is over ${MAX_ENTRY_BYTES} bytes`);
      return emptyDecisions();
    }
    return readEntry(place, graphKey, matched, await readFile(path, 'utf8'));
  } catch (error) {
    place.warn(`the decisions lookup ${prefix}… failed: ${String(error)}`);
    return emptyDecisions();
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

async function staging(scratch: string): Promise<string> {
  await mkdir(scratch, { recursive: true });
  return mkdtemp(join(scratch, 'decisions-'));
}
