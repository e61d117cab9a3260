// The record pack: one Actions cache entry per run holding a graph's inheritable records
// (schemas/record-pack.schema.json). Pure: reading (every record through the one record
// check), merging two packs, adding a run's records, pruning to a size bound by least recent
// use, and writing. See docs/store.md, "The Actions cache: one record pack per run".
import { sha256Hex } from '../../core/digest.js';
import { workKey } from '../../core/graph/model.js';
import { acceptRecord } from '../../core/records/accept.js';
import type { Digest, VerificationRecord } from '../../core/types.js';
import { validateAgainst } from '../../schemas/validate.js';
import { settledTime } from '../host/recordCheck.js';

const RECORDS_PREFIX = 'dog-v3-records-';
/** Packs saved before keys named their content: read only where no other scope can answer. */
const LEGACY_RECORDS_PREFIX = 'dog-v2-records-';
/** Human decisions get their own entries under this prefix (not used by record packs). */
export const DECISIONS_PREFIX = 'dog-v3-decisions-';
const LEGACY_DECISIONS_PREFIX = 'dog-v2-decisions-';
/** The bound a pack is pruned to before it is saved. */
export const DEFAULT_PACK_MAX_BYTES = 32 * 1024 * 1024;
/** The most bytes a restored pack may have to be read (what a save keeps, with room). */
export const PACK_READ_MAX_BYTES = 2 * DEFAULT_PACK_MAX_BYTES;

/** Of the graph id, not its digest: an edited graph still inherits its unchanged goals. */
export function graphKeyOf(graphId: string): string {
  return sha256Hex(graphId).slice(0, 16);
}

/**
 * Every pack of a graph starts with it and ends with `<run attempt>-<sha256 of the pack>`
 * (trustedEntries.ts): the listing's newest in a trusted scope is the pack to start from.
 */
export function packKeyPrefix(graphKey: string): string {
  return `${RECORDS_PREFIX}${graphKey}-`;
}

export function legacyPackKeyPrefix(graphKey: string): string {
  return `${LEGACY_RECORDS_PREFIX}${graphKey}-`;
}

export function decisionsKeyPrefix(graphKey: string): string {
  return `${DECISIONS_PREFIX}${graphKey}-`;
}

export function legacyDecisionsKeyPrefix(graphKey: string): string {
  return `${LEGACY_DECISIONS_PREFIX}${graphKey}-`;
}

export type PackEntry = { record: VerificationRecord; usedAt: string };

export type RecordPackDocument = {
  schemaVersion: '1';
  graphKey: string;
  savedAt: string;
  runId: string;
  records: PackEntry[];
  newest: Record<string, VerificationRecord>;
};

/** A pack's accepted content: pass/fail records by GM digest, newest record by work key. */
export type PackContents = {
  byGm: Map<Digest, PackEntry>;
  newest: Map<string, VerificationRecord>;
};

export function emptyContents(): PackContents {
  return { byGm: new Map(), newest: new Map() };
}

export type PackReading =
  | { ok: true; contents: PackContents; refused: Map<string, number> }
  | { ok: false; problem: string };

/** Parses and checks a pack; `refused` counts the records refused, by reason. */
export function readPack(text: string, graphKey: string): PackReading {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'it is not JSON' };
  }
  const valid = validateAgainst<RecordPackDocument>('recordPack', value);
  if (!valid.ok) {
    const first = valid.problems[0];
    return {
      ok: false,
      problem: `it is not a valid record pack (${first?.pointer || '/'}: ${first?.message})`,
    };
  }
  const pack = valid.value;
  if (pack.graphKey !== graphKey)
    return { ok: false, problem: `it is the pack of another graph (${pack.graphKey})` };
  const contents = emptyContents();
  const refused = new Map<string, number>();
  const refuse = (reason: string) => refused.set(reason, (refused.get(reason) ?? 0) + 1);
  for (const entry of pack.records) {
    const accepted = acceptRecord(entry.record, { inheritable: true });
    if (accepted.ok) putEntry(contents, { record: accepted.record, usedAt: entry.usedAt });
    else refuse(accepted.reason);
  }
  for (const [key, record] of Object.entries(pack.newest)) {
    const accepted = acceptRecord(record, {});
    if (!accepted.ok) refuse(accepted.reason);
    else if (workKey(accepted.record.goalId, accepted.record.role) !== key)
      refuse(`a newest record filed under another work key than its own`);
    else putNewest(contents, key, accepted.record);
  }
  return { ok: true, contents, refused };
}

/** Of two records of one GM digest the later-settled stays; the later use counts. */
export function putEntry(contents: PackContents, entry: PackEntry): void {
  const gm = entry.record.gmDigest;
  const held = contents.byGm.get(gm);
  if (held === undefined) {
    contents.byGm.set(gm, entry);
    return;
  }
  const record = settledTime(entry.record) > settledTime(held.record) ? entry.record : held.record;
  const usedAt = Date.parse(entry.usedAt) > Date.parse(held.usedAt) ? entry.usedAt : held.usedAt;
  contents.byGm.set(gm, { record, usedAt });
}

/** The later-settled record of a work key stays; on a tie the one put last. */
export function putNewest(contents: PackContents, key: string, record: VerificationRecord): void {
  const held = contents.newest.get(key);
  if (held === undefined || settledTime(record) >= settledTime(held))
    contents.newest.set(key, record);
}

/** `into` gains everything of `from` (union by GM digest, newest per work key). */
export function mergeInto(into: PackContents, from: PackContents): void {
  for (const entry of from.byGm.values()) putEntry(into, entry);
  for (const [key, record] of from.newest) putNewest(into, key, record);
}

/** A record settled or inherited by this run: newest of its key; pass/fail used now. */
export function addRecord(
  contents: PackContents,
  key: string,
  record: VerificationRecord,
  now: string,
): void {
  if (record.verdict !== 'inconclusive') putEntry(contents, { record, usedAt: now });
  putNewest(contents, key, record);
}

export type WrittenPack = { text: string; records: number; pruned: number; newestPruned: number };

/**
 * The pack as saved, under `maxBytes` (UTF-8): records are dropped least recently used
 * first; only if none is left and it is still over, the oldest newest-records go too.
 */
export function writePack(
  contents: PackContents,
  meta: { graphKey: string; runId: string; savedAt: string },
  maxBytes: number,
): WrittenPack {
  const entries = [...contents.byGm.values()].sort(byRecentUse);
  const newest = [...contents.newest].sort(([, a], [, b]) => settledTime(b) - settledTime(a));
  const base = { schemaVersion: '1' as const, ...meta };
  const shell = Buffer.byteLength(JSON.stringify({ ...base, records: [], newest: {} }));
  const newestSizes = newest.map(([key, record]) => bytesOf(key) + bytesOf(record));
  const recordBudget = maxBytes - shell - sum(newestSizes);
  const keptEntries = takeWhileFits(entries.map(bytesOf), recordBudget);
  const keptNewest =
    recordBudget < 0 ? takeWhileFits(newestSizes, maxBytes - shell) : newest.length;
  const document: RecordPackDocument = {
    ...base,
    records: entries.slice(0, keptEntries),
    newest: Object.fromEntries(newest.slice(0, keptNewest)),
  };
  return {
    text: JSON.stringify(document),
    records: keptEntries,
    pruned: entries.length - keptEntries,
    newestPruned: newest.length - keptNewest,
  };
}

function byRecentUse(a: PackEntry, b: PackEntry): number {
  return (
    Date.parse(b.usedAt) - Date.parse(a.usedAt) ||
    settledTime(b.record) - settledTime(a.record) ||
    (a.record.gmDigest < b.record.gmDigest ? -1 : 1)
  );
}

/** UTF-8 bytes of a value in the pack, with one byte for its separator (`,` or `:`). */
function bytesOf(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value)) + 1;
}

function takeWhileFits(sizes: readonly number[], budget: number): number {
  let used = 0;
  for (const [index, size] of sizes.entries()) {
    if (used + size > budget) return index;
    used += size;
  }
  return sizes.length;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
