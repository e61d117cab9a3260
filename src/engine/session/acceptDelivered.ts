// The one door for records that other jobs of the run delivered through the exchange: a
// record is used only if it came from the job the plan assigned its work item to and
// acceptRecord binds it to the plan (schema, goal, run, graph, capture digest, verifier and
// GM digest). Everything else is a rejection naming the work items it concerns.
import type { CompiledGraph } from '../../core/graph/model.js';
import { acceptRecord, type Acceptance } from '../../core/records/accept.js';
import type { Selection } from '../../core/select.js';
import type { VerificationRecord } from '../../core/types.js';
import type { Delivery } from '../exchange.js';
import type { Assignment } from './assignment.js';

/**
 * A refused source or record and the work items it concerns. `integrity` is false only when
 * the source could not be fetched at all (a service fault, not evidence of tampering).
 */
export type Rejection = { source: string; keys: string[]; reason: string; integrity: boolean };

export type Binding = {
  graph: CompiledGraph;
  selections: ReadonlyMap<string, Selection>;
  runId: string;
  assignment: Assignment;
};

export type Accepted = { records: Map<string, VerificationRecord>; rejected: Rejection[] };

/** Whether `value`, delivered by `job` for `key`, is the record the plan expects there. */
export function acceptDeliveredRecord(
  job: string,
  key: string,
  value: unknown,
  { graph, selections, runId, assignment }: Binding,
): Acceptance {
  const owner = assignment.ownerOf.get(key);
  if (owner !== job)
    return {
      ok: false,
      reason: owner
        ? `the plan assigned ${key} to job ${owner}, not to ${job}`
        : `the plan assigned ${key} to no job of this run`,
    };
  const selection = selections.get(key);
  if (selection?.kind !== 'verify')
    return { ok: false, reason: 'the plan does not verify this work item in this run' };
  const { goalId, role } = selection.item;
  return acceptRecord(value, {
    goal: { goalId, role },
    captureDigest: selection.captureDigest,
    gmDigest: selection.gmDigest,
    runId,
    graphDigest: graph.digest,
  });
}

/** Every delivery through the one check; sources sorted so messages are stable. */
export function acceptDeliveries(deliveries: readonly Delivery[], binding: Binding): Accepted {
  const records = new Map<string, VerificationRecord>();
  const rejected: Rejection[] = [];
  const sorted = [...deliveries].sort((a, b) => (a.source < b.source ? -1 : 1));
  for (const delivery of sorted) {
    const { source, job } = delivery;
    if (job === undefined) {
      rejected.push(unknownSource(delivery, binding));
      continue;
    }
    const keys = verifications([...(binding.assignment.jobs.get(job)?.keys ?? [])], binding);
    if ('failure' in delivery) {
      const { reason, integrity } = delivery.failure;
      rejected.push({ source, keys, reason, integrity });
      continue;
    }
    for (const [key, value] of Object.entries(delivery.records)) {
      const verdict = records.has(key)
        ? ({ ok: false, reason: 'a second record for the same work item' } as const)
        : acceptDeliveredRecord(job, key, value, binding);
      if (verdict.ok) records.set(key, verdict.record);
      else
        rejected.push({
          source,
          keys: verifications([key], binding),
          reason: verdict.reason,
          integrity: true,
        });
    }
  }
  return { records, rejected };
}

/**
 * A source named like records that no job of the plan writes: forged, or left by something
 * else that holds the run's credentials. It concerns the work items it names; one that names
 * none of them (or cannot be read) concerns every verification of the run.
 */
function unknownSource(delivery: Delivery, binding: Binding): Rejection {
  const named = 'records' in delivery ? verifications(Object.keys(delivery.records), binding) : [];
  const keys = named.length > 0 ? named : verifications([...binding.selections.keys()], binding);
  const reason = `no job of this run's plan delivers records as ${delivery.source}`;
  return { source: delivery.source, keys, reason, integrity: true };
}

/** The keys among `keys` that are verifications of this run's plan. */
function verifications(keys: readonly string[], { selections }: Binding): string[] {
  return keys.filter((key) => selections.get(key)?.kind === 'verify');
}
