// What makes a stored verification record usable on this machine: core's one record check
// (the record schema; its own capture digest and verifier identity hash to its GM digest).
import { workKey } from '../../core/graph/model.js';
import { acceptRecord } from '../../core/records/accept.js';
import type { VerificationRecord } from '../../core/types.js';

export type RecordCheck = { ok: true; record: VerificationRecord } | { ok: false; problem: string };

/** Core's record check with nothing expected beyond the record itself (schema, GM hash). */
export function checkRecord(value: unknown): RecordCheck {
  const accepted = acceptRecord(value, {});
  return accepted.ok ? accepted : { ok: false, problem: `is refused: ${accepted.reason}` };
}

/** The work key a record settles: `goal` or `goal#assert`. */
export function workKeyOf(record: VerificationRecord): string {
  return workKey(record.goalId, record.role);
}

/** Parses and checks an entry's text; a file that is not JSON is as unusable as an invalid one. */
export function parseRecord(text: string): RecordCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'is not JSON' };
  }
  return checkRecord(value);
}

/** Milliseconds since the epoch of a record's settlement; 0 when unreadable (oldest). */
export function settledTime(record: VerificationRecord): number {
  const time = Date.parse(record.settledAt);
  return Number.isNaN(time) ? 0 : time;
}
