// The decisions entry's document: people's decisions (human records) and retry requests of
// one graph, newest first, with the keys of the earlier entries it already holds. Pure:
// parsing (every decision through the one record check, every retry request checked and
// dated no later than now), merging and writing.
import { workKey } from '../../core/graph/model.js';
import { acceptRecord } from '../../core/records/accept.js';
import type { RetryRequest } from '../../core/human/change.js';
import type { VerificationRecord } from '../../core/types.js';

export type { RetryRequest } from '../../core/human/change.js';

/** Newest first; older decisions about the same goal and bytes are superseded. */
const MAX_DECISIONS = 2000;
const MAX_RETRIES = 2000;
const MAX_INCLUDED = 200;
/** How far a request's date may run ahead of this job's clock (clocks of two runners). */
const CLOCK_SKEW_MS = 5 * 60_000;
const DIGEST = /^sha256:[0-9a-f]{64}$/;
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(#assert)?$/;
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const ENTRY_KEY = /^dog-v[0-9]+-decisions-[0-9a-f]{16}-[A-Za-z0-9._-]{1,300}$/;

export type Decisions = {
  decisions: VerificationRecord[];
  retries: RetryRequest[];
  /** The keys of the entries these were read from (and of the entries those held). */
  entries?: string[];
};

type DecisionsDocument = {
  schemaVersion: '1';
  kind: 'dog-decisions';
  graphKey: string;
  savedAt: string;
  decisions: unknown[];
  retries: unknown[];
  includes?: unknown[];
};

export function emptyDecisions(): Decisions {
  return { decisions: [], retries: [], entries: [] };
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
  const entries = [...new Set([...(added.entries ?? []), ...(earlier.entries ?? [])])];
  return {
    decisions: [...decisions.values()].slice(0, MAX_DECISIONS),
    retries: [...retries.values()].slice(0, MAX_RETRIES),
    entries: entries.slice(0, MAX_INCLUDED),
  };
}

export function writeDecisions(graphKey: string, savedAt: Date, merged: Decisions): string {
  const document: DecisionsDocument = {
    schemaVersion: '1',
    kind: 'dog-decisions',
    graphKey,
    savedAt: savedAt.toISOString(),
    decisions: merged.decisions,
    retries: merged.retries,
    includes: merged.entries ?? [],
  };
  return `${JSON.stringify(document)}\n`;
}

/** Parses an entry; every decision goes through the one record check, every retry is checked. */
export function readDecisions(
  text: string,
  graphKey: string,
  warn: (why: string) => void,
  now: Date = new Date(),
): Decisions {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    warn('it is not JSON');
    return emptyDecisions();
  }
  const doc = value as Partial<DecisionsDocument> | null;
  if (doc?.schemaVersion !== '1' || doc.kind !== 'dog-decisions' || doc.graphKey !== graphKey) {
    warn('it is not a decisions entry of this graph');
    return emptyDecisions();
  }
  const decisions = listOf(doc.decisions).flatMap((item) => {
    const accepted = acceptDecision(item);
    if (!accepted.ok) warn(accepted.reason);
    return accepted.ok ? [accepted.record] : [];
  });
  const latest = now.getTime() + CLOCK_SKEW_MS;
  const retries = listOf(doc.retries).filter((item): item is RetryRequest => {
    if (!isRetryRequest(item)) return false;
    if (Date.parse(item.at) <= latest) return true;
    warn(`a retry request of ${item.key} dated in the future (${item.at}) was refused`);
    return false;
  });
  const entries = listOf(doc.includes).filter(
    (key): key is string => typeof key === 'string' && ENTRY_KEY.test(key),
  );
  return { decisions, retries, entries };
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
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
    !Number.isNaN(Date.parse(r.at)) &&
    typeof r.run === 'string' &&
    r.run.length <= 200
  );
}
