// Propagation to a fixed point along every reverse containment and dependency path.
import type { CompiledGraph } from '../graph/model.js';
import { evaluateNode, type SettleInput } from './evaluate.js';
import type { NodeStatus } from './outcome.js';

export type NodeStatuses = Map<string, NodeStatus>;

const PENDING: NodeStatus = { state: 'pending' };

export function lookupIn(statuses: ReadonlyMap<string, NodeStatus>): (id: string) => NodeStatus {
  return (id) => statuses.get(id) ?? PENDING;
}

/** Settles every node from scratch. */
export function settleAll(graph: CompiledGraph, input: SettleInput): NodeStatuses {
  const statuses: NodeStatuses = new Map();
  const status = lookupIn(statuses);
  for (const id of graph.order) statuses.set(id, evaluateNode(graph, id, input, status));
  return statuses;
}

/**
 * Re-evaluates the nodes in `changed` and everything upstream of a node whose status
 * changed (parents through containment, sources through dependencies), in prerequisite
 * order so each node is evaluated once per call. Returns the ids whose status changed.
 */
export function propagate(
  graph: CompiledGraph,
  input: SettleInput,
  statuses: NodeStatuses,
  changed: Iterable<string>,
): string[] {
  const queue = new IndexQueue();
  for (const id of changed) queue.push(graph.orderIndex.get(id) ?? -1);
  const status = lookupIn(statuses);
  const updated: string[] = [];
  for (let index = queue.pop(); index !== undefined; index = queue.pop()) {
    const id = graph.order[index] as string;
    const next = evaluateNode(graph, id, input, status);
    if (sameStatus(statuses.get(id), next)) continue;
    statuses.set(id, next);
    updated.push(id);
    for (const relation of graph.parents.get(id) ?? []) queue.push(indexOf(graph, relation.parent));
    for (const source of graph.dependents.get(id) ?? []) queue.push(indexOf(graph, source));
  }
  return updated;
}

function indexOf(graph: CompiledGraph, id: string): number {
  return graph.orderIndex.get(id) ?? -1;
}

function sameStatus(a: NodeStatus | undefined, b: NodeStatus): boolean {
  if (!a) return false;
  return (
    a.state === b.state &&
    a.subtree === b.subtree &&
    a.fromVerdict === b.fromVerdict &&
    a.busy === b.busy &&
    a.reason === b.reason &&
    a.error?.category === b.error?.category &&
    a.error?.message === b.error?.message
  );
}

/** A min-queue of order indices with duplicates dropped. */
class IndexQueue {
  private readonly heap: number[] = [];
  private readonly queued = new Set<number>();

  push(index: number): void {
    if (index < 0 || this.queued.has(index)) return;
    this.queued.add(index);
    this.heap.push(index);
    let at = this.heap.length - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if ((this.heap[parent] as number) <= index) break;
      this.heap[at] = this.heap[parent] as number;
      at = parent;
    }
    this.heap[at] = index;
  }

  pop(): number | undefined {
    const top = this.heap[0];
    if (top === undefined) return undefined;
    this.queued.delete(top);
    const last = this.heap.pop() as number;
    if (this.heap.length > 0) this.siftDown(last);
    return top;
  }

  private siftDown(value: number): void {
    let at = 0;
    for (;;) {
      const left = at * 2 + 1;
      if (left >= this.heap.length) break;
      const right = left + 1;
      const child =
        right < this.heap.length && (this.heap[right] as number) < (this.heap[left] as number)
          ? right
          : left;
      if ((this.heap[child] as number) >= value) break;
      this.heap[at] = this.heap[child] as number;
      at = child;
    }
    this.heap[at] = value;
  }
}
