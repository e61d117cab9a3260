// People's decisions in the Actions cache, apart from the record packs. A pull request's run
// restores a key prefix from its own scope first and looks at the base and default branch
// only when its own scope has no entry with that prefix; its own runs save record packs in
// their scope, so a decision saved under the record-pack prefix (in the default branch's
// scope, by the decide run) would never be seen. Decisions therefore live under their own
// prefix, `dog-v2-decisions-<graphKey>-`, which only decide runs save: one entry per decide
// run, carrying every earlier decision found by that prefix plus the new one. The entry also
// carries retry requests, each bound to the digests of the run a person looked at.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { workKey } from '../../core/graph/model.js';
import { acceptRecord } from '../../core/records/accept.js';
import type { Digest, VerificationRecord } from '../../core/types.js';
import type { CachePort, CacheSaveResult } from './ports.js';
import { decisionsKeyPrefix, graphKeyOf } from './recordPack.js';

const PACK_FILE = 'decisions.json';
/** Newest first; older decisions about the same goal and bytes are superseded. */
const MAX_DECISIONS = 2000;
const MAX_RETRIES = 2000;
const DIGEST = /^sha256:[0-9a-f]{64}$/;
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(#assert)?$/;
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;

/** A person asked for `key` to be verified again once, while it has these bytes. */
export type RetryRequest = {
  key: string;
  captureDigest: Digest;
  gmDigest?: Digest;
  requestedBy: string;
  at: string;
  /** The DoG run whose report the person looked at. */
  run: string;
};

export type Decisions = { decisions: VerificationRecord[]; retries: RetryRequest[] };

type DecisionsDocument = {
  schemaVersion: '1';
  kind: 'dog-decisions';
  graphKey: string;
  savedAt: string;
  decisions: unknown[];
  retries: unknown[];
};

export type DecisionsPlace = {
  cache: CachePort;
  graphId: string;
  /** A directory for staging the entry (RUNNER_TEMP/…). */
  scratch: string;
  warn(message: string): void;
  /**
   * `false`: a miss costs one cache call (no second look for an entry whose download failed).
   * For a reader only (a plan); decide merges into what it loads, so it keeps the default.
   */
  retryFailedDownload?: boolean;
};

/** Every accepted decision and retry request of the graph's newest decisions entry. */
export async function loadDecisions(place: DecisionsPlace): Promise<Decisions> {
  const graphKey = graphKeyOf(place.graphId);
  const prefix = decisionsKeyPrefix(graphKey);
  const root = await staging(place.scratch);
  try {
    const retry = place.retryFailedDownload === false ? { retryFailedDownload: false } : {};
    const matched = await place.cache.restore(PACK_FILE, prefix, [], { root, ...retry });
    if (matched === undefined) return { decisions: [], retries: [] };
    return readDecisions(await readFile(join(root, PACK_FILE), 'utf8'), graphKey, (why) =>
      place.warn(`decisions entry ${matched} was not used in full: ${why}`),
    );
  } catch (error) {
    place.warn(`the decisions lookup ${prefix}… failed: ${String(error)}`);
    return { decisions: [], retries: [] };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** Saves `earlier` plus `added` as this decide run's entry (`<prefix><run>-<attempt>`). */
export async function saveDecisions(
  place: DecisionsPlace,
  entry: { run: string; attempt: string; now: Date },
  earlier: Decisions,
  added: Partial<Decisions>,
): Promise<{ key: string; result: CacheSaveResult }> {
  const graphKey = graphKeyOf(place.graphId);
  const key = `${decisionsKeyPrefix(graphKey)}${entry.run}-${entry.attempt}`;
  const merged = mergeDecisions(earlier, added);
  const document: DecisionsDocument = {
    schemaVersion: '1',
    kind: 'dog-decisions',
    graphKey,
    savedAt: entry.now.toISOString(),
    decisions: merged.decisions,
    retries: merged.retries,
  };
  const root = await staging(place.scratch);
  try {
    await writeFile(join(root, PACK_FILE), `${JSON.stringify(document)}\n`);
    return { key, result: await place.cache.save(PACK_FILE, key, { root }) };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** New entries first; one decision per goal and GM digest, one retry per goal and bytes. */
export function mergeDecisions(earlier: Decisions, added: Partial<Decisions>): Decisions {
  const decisions = new Map<string, VerificationRecord>();
  for (const record of [...(added.decisions ?? []), ...earlier.decisions]) {
    const id = `${workKey(record.goalId, record.role)} ${record.gmDigest}`;
    if (!decisions.has(id)) decisions.set(id, record);
  }
  const retries = new Map<string, RetryRequest>();
  for (const retry of [...(added.retries ?? []), ...earlier.retries]) {
    const id = `${retry.key} ${retry.captureDigest} ${retry.gmDigest ?? ''}`;
    if (!retries.has(id)) retries.set(id, retry);
  }
  return {
    decisions: [...decisions.values()].slice(0, MAX_DECISIONS),
    retries: [...retries.values()].slice(0, MAX_RETRIES),
  };
}

/** Parses an entry; every decision goes through the one record check, every retry is checked. */
export function readDecisions(
  text: string,
  graphKey: string,
  warn: (why: string) => void,
): Decisions {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    warn('it is not JSON');
    return { decisions: [], retries: [] };
  }
  const doc = value as Partial<DecisionsDocument> | null;
  if (doc?.schemaVersion !== '1' || doc.kind !== 'dog-decisions' || doc.graphKey !== graphKey) {
    warn('it is not a decisions entry of this graph');
    return { decisions: [], retries: [] };
  }
  const decisions = (Array.isArray(doc.decisions) ? doc.decisions : []).flatMap((item) => {
    const accepted = acceptDecision(item);
    if (!accepted.ok) warn(accepted.reason);
    return accepted.ok ? [accepted.record] : [];
  });
  const retries = (Array.isArray(doc.retries) ? doc.retries : []).filter(isRetryRequest);
  return { decisions, retries };
}

function acceptDecision(value: unknown): ReturnType<typeof acceptRecord> {
  const claimed = value as Partial<VerificationRecord> | null;
  if (
    typeof claimed?.goalId !== 'string' ||
    (claimed.role !== 'leaf' && claimed.role !== 'assert') ||
    typeof claimed.gmDigest !== 'string' ||
    typeof claimed.captureDigest !== 'string'
  )
    return { ok: false, reason: 'a decision without goal or digests was refused' };
  return acceptRecord(value, {
    decision: true,
    goal: { goalId: claimed.goalId, role: claimed.role },
    gmDigest: claimed.gmDigest,
    captureDigest: claimed.captureDigest,
  });
}

function isRetryRequest(value: unknown): value is RetryRequest {
  const r = value as Partial<RetryRequest> | null;
  return (
    typeof r?.key === 'string' &&
    KEY.test(r.key) &&
    typeof r.captureDigest === 'string' &&
    DIGEST.test(r.captureDigest) &&
    (r.gmDigest === undefined || (typeof r.gmDigest === 'string' && DIGEST.test(r.gmDigest))) &&
    typeof r.requestedBy === 'string' &&
    LOGIN.test(r.requestedBy) &&
    typeof r.at === 'string' &&
    typeof r.run === 'string' &&
    r.run.length <= 200
  );
}

async function staging(scratch: string): Promise<string> {
  await mkdir(scratch, { recursive: true });
  return mkdtemp(join(scratch, 'decisions-'));
}
