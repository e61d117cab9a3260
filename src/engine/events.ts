import type { Selection } from '../core/select.js';
import type { NodeStatus } from '../core/settle/outcome.js';
import type { Store } from '../storage/types.js';

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
