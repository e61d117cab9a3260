// A refused record is evidence that something other than the plan's own job wrote records
// for this run. The work items it concerns fail (`record_integrity`) instead of settling from
// whatever record arrived: a forgery must never pass, and never be a mere warning. The record
// of the assigned job, when it arrived and binds, is named in the evidence; nothing about a
// concerned work item is saved for later runs to inherit.
import type { CompiledGraph } from '../../core/graph/model.js';
import type { Selection } from '../../core/select.js';
import type { JsonValue, VerificationRecord } from '../../core/types.js';
import { unverifiedRecord, type RecordWriter, type VerifySelection } from '../recordOf.js';
import type { Rejection } from './acceptDelivered.js';

const MAX_LISTED = 5;

/** One failing record per work item concerned by an integrity rejection, by work key. */
export function integrityFailures(
  graph: CompiledGraph,
  selections: ReadonlyMap<string, Selection>,
  writer: RecordWriter,
  rejected: readonly Rejection[],
  accepted: ReadonlyMap<string, VerificationRecord>,
): Map<string, VerificationRecord> {
  const byKey = new Map<string, Rejection[]>();
  for (const rejection of rejected.filter((r) => r.integrity))
    for (const key of rejection.keys) byKey.set(key, [...(byKey.get(key) ?? []), rejection]);
  const failures = new Map<string, VerificationRecord>();
  for (const [key, rejections] of byKey) {
    const selection = selections.get(key);
    if (selection?.kind !== 'verify') continue;
    failures.set(key, failureRecord(graph, selection, writer, rejections, accepted.get(key)));
  }
  return failures;
}

function failureRecord(
  graph: CompiledGraph,
  selection: VerifySelection,
  writer: RecordWriter,
  rejections: readonly Rejection[],
  genuine: VerificationRecord | undefined,
): VerificationRecord {
  const refused = rejections.slice(0, MAX_LISTED).map(({ source, reason }) => ({
    source,
    reason: reason.slice(0, 512),
  }));
  const listed = refused.map((r) => `${r.source} (${r.reason})`).join('; ');
  const more = rejections.length > MAX_LISTED ? `; and ${rejections.length - MAX_LISTED} more` : '';
  const own = genuine
    ? ` The record of its own job says ${genuine.verdict}; it is not saved for inheritance.`
    : '';
  const evidence: JsonValue = {
    refused,
    ownJobRecord: genuine ? { verdict: genuine.verdict, gmDigest: genuine.gmDigest } : null,
  };
  return unverifiedRecord(graph, selection, writer, {
    verdict: 'fail',
    evidence,
    error: {
      category: 'record_integrity',
      message: `integrity check failed: a record for this goal was refused: ${listed}${more}. Something other than the job the plan assigned wrote records for this run (whoever can write to the exchange can); run the phases again and check what else wrote to the exchange.${own}`,
    },
  });
}
