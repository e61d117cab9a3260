import type { Selection } from '../core/select.js';
import type { NodeStatus } from '../core/settle/outcome.js';
import type { WorkItem } from '../core/graph/model.js';
import type { VerificationRecord } from '../core/types.js';
import type { Store } from '../storage/types.js';
import type { EngineDeps } from './ports.js';

/** The runtime event that says how a work item was planned. */
export async function recordEvent(
  store: Store,
  runId: string,
  selection: Selection,
): Promise<void> {
  const base = {
    schemaVersion: '1' as const,
    runId,
    goalId: selection.item.goalId,
    at: new Date().toISOString(),
  };
  if (selection.kind === 'inherit') {
    await store.appendEvent({
      ...base,
      type: 'inherited',
      verdict: selection.record.verdict,
      reason: `from run ${selection.record.runId}`,
    });
  } else if (selection.kind === 'verify') {
    await store.appendEvent({ ...base, type: 'selected', reason: selection.reason });
  } else {
    await store.appendEvent({
      ...base,
      type: 'error',
      category: selection.error.category,
      reason: selection.error.message.slice(0, 1000),
    });
  }
}

/** One closing event per goal: its final state (and why, when it did not succeed). */
export async function recordSettlements(
  store: Store,
  runId: string,
  statuses: ReadonlyMap<string, NodeStatus>,
): Promise<void> {
  const at = new Date().toISOString();
  for (const [goalId, status] of statuses) {
    await store.appendEvent({
      schemaVersion: '1',
      runId,
      goalId,
      at,
      type: status.state === 'blocked' ? 'blocked' : 'settled',
      state: status.state,
      ...(status.reason === undefined ? {} : { reason: status.reason.slice(0, 1000) }),
      ...(status.error === undefined ? {} : { category: status.error.category }),
    });
  }
}

/** Progress and runtime events around each verification; records are saved as they settle. */
export function dispatchHooks(deps: EngineDeps, runId: string) {
  return {
    onStart: (item: WorkItem): void => {
      deps.progress.started(item);
      void deps.store.appendEvent(event(runId, item, 'verifier_started'));
    },
    onSettled: async (item: WorkItem, record: VerificationRecord): Promise<void> => {
      // A cancelled verification is not a fact about the bytes: nothing to keep.
      if (record.error?.category !== 'cancelled') await deps.store.saveRecord(item.key, record);
      await deps.store.appendEvent({
        ...event(runId, item, 'verifier_finished'),
        verdict: record.verdict,
        durationMs: record.usage.durationMs,
        isolation: record.isolation,
        ...(record.error ? { category: record.error.category } : {}),
      });
      deps.progress.settled(item, record);
    },
  };
}

function event(runId: string, item: WorkItem, type: 'verifier_started' | 'verifier_finished') {
  return {
    schemaVersion: '1' as const,
    runId,
    goalId: item.goalId,
    at: new Date().toISOString(),
    type,
    attempt: 1,
  };
}
