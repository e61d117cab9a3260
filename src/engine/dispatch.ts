// Cycle step 5: a pool of `concurrency` workers. A work item starts once its dependency
// gate is open (a composite's assert once every node of its subtree settled); failures never stop
// unrelated work; cancellation stops new starts and aborts running verifications.
import { workKey, type CompiledGraph, type WorkItem } from '../core/graph/model.js';
import type { Selection } from '../core/select.js';
import type { ResultInput, SettleInput } from '../core/settle/evaluate.js';
import { lookupIn, propagate, type NodeStatuses } from '../core/settle/propagate.js';
import { readyToStart } from '../core/settle/ready.js';
import type { VerificationRecord } from '../core/types.js';

export type RunState = {
  results: Map<string, ResultInput>;
  running: Set<string>;
  statuses: NodeStatuses;
  records: Map<string, VerificationRecord>;
};

export type Execute = (
  selection: Selection & { kind: 'verify' },
  signal: AbortSignal,
) => Promise<VerificationRecord>;

export type DispatchOptions = {
  concurrency: number;
  signal: AbortSignal;
  onStart(item: WorkItem): void;
  onSettled(item: WorkItem, record: VerificationRecord): Promise<void>;
};

export async function dispatch(
  graph: CompiledGraph,
  pending: ReadonlyMap<string, Selection & { kind: 'verify' }>,
  state: RunState,
  execute: Execute,
  options: DispatchOptions,
): Promise<void> {
  const waiting = new Map(pending);
  const input: SettleInput = { results: state.results, running: state.running };
  const active = new Set<Promise<void>>();
  const ready: string[] = [];
  const considerAll = (keys: Iterable<string>): void => {
    for (const key of keys)
      if (waiting.has(key) && isReady(graph, waiting.get(key)!.item, state)) ready.push(key);
  };
  considerAll(waiting.keys());
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  options.signal.addEventListener('abort', abort, { once: true });
  try {
    while (!options.signal.aborted && (ready.length > 0 || active.size > 0)) {
      while (ready.length > 0 && active.size < options.concurrency && !options.signal.aborted) {
        const key = ready.shift() as string;
        const selection = waiting.get(key);
        if (!selection || !isReady(graph, selection.item, state)) continue;
        waiting.delete(key);
        const task = runOne(selection).finally(() => active.delete(task));
        active.add(task);
      }
      if (active.size > 0) await Promise.race(active);
    }
    await Promise.all(active);
  } finally {
    options.signal.removeEventListener('abort', abort);
  }

  async function runOne(selection: Selection & { kind: 'verify' }): Promise<void> {
    const { item } = selection;
    state.running.add(item.key);
    propagate(graph, input, state.statuses, [item.goalId]);
    options.onStart(item);
    const record = await execute(selection, controller.signal);
    state.running.delete(item.key);
    state.results.set(item.key, {
      verdict: record.verdict,
      ...(record.error ? { error: record.error } : {}),
    });
    state.records.set(item.key, record);
    const changed = propagate(graph, input, state.statuses, [item.goalId]);
    await options.onSettled(item, record);
    considerAll(candidatesAfter(graph, changed));
  }
}

/** Work that may have become ready: dependency sources and asserts of changed nodes. */
function candidatesAfter(graph: CompiledGraph, changed: readonly string[]): string[] {
  const keys: string[] = [];
  for (const id of changed) {
    keys.push(workKey(id, 'leaf'), workKey(id, 'assert'));
    for (const source of graph.dependents.get(id) ?? [])
      keys.push(workKey(source, 'leaf'), workKey(source, 'assert'));
  }
  return keys;
}

function isReady(graph: CompiledGraph, item: WorkItem, state: RunState): boolean {
  if (state.running.has(item.key) || state.results.has(item.key)) return false;
  return readyToStart(graph, item, lookupIn(state.statuses));
}
