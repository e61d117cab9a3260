// What makes a stored verification record usable: it matches the record schema and its own
// capture digest and verifier identity hash to the GM digest it claims (DESIGN §8).
import { workKey } from '../../core/graph/model.js';
import { gmDigestOf } from '../../core/select.js';
import type { VerificationRecord } from '../../core/types.js';
import { validateAgainst } from '../../schemas/validate.js';

export type RecordCheck = { ok: true; record: VerificationRecord } | { ok: false; problem: string };

export function checkRecord(value: unknown): RecordCheck {
  const result = validateAgainst<VerificationRecord>('record', value);
  if (!result.ok) {
    const detail = result.problems.map((p) => `${p.pointer || '/'} ${p.message}`).join('; ');
    return { ok: false, problem: `does not match the record schema: ${detail}` };
  }
  const record = result.value;
  if (gmDigestOf(record.captureDigest, record.verifier) !== record.gmDigest) {
    return {
      ok: false,
      problem: 'claims a GM digest its capture digest and verifier do not hash to',
    };
  }
  return { ok: true, record };
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
