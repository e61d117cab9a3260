// What aggregate tells people about records it could not use: each refusal, and the
// verifications that settled without a record.
import type { Warning } from '../../core/select.js';
import type { Rejection } from './acceptDelivered.js';

const MAX_NAMED = 20;

export function rejectionWarnings(rejected: readonly Rejection[]): Warning[] {
  return rejected.map(({ source, keys, reason, integrity }) => ({
    code: 'record_rejected',
    message:
      `${integrity ? 'integrity check failed: ' : ''}${source} was refused (${reason}); it concerns ${keys.length > 0 ? keys.slice(0, MAX_NAMED).join(', ') : 'no work item of the plan'}`.slice(
        0,
        4096,
      ),
  }));
}

export function missingWarning(missing: readonly string[]): Warning[] {
  if (missing.length === 0) return [];
  const shown = missing.slice(0, MAX_NAMED).join(', ');
  return [
    {
      code: 'record_missing',
      message: `${missing.length} verification(s) have no valid record and wait for a person: ${shown}${missing.length > MAX_NAMED ? ', …' : ''}`,
    },
  ];
}

/** Each work item whose source could not be fetched, with the first such rejection. */
export function faultsByKey(rejected: readonly Rejection[]): Map<string, Rejection> {
  const byKey = new Map<string, Rejection>();
  for (const rejection of rejected.filter((r) => !r.integrity))
    for (const key of rejection.keys) if (!byKey.has(key)) byKey.set(key, rejection);
  return byKey;
}
