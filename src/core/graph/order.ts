// Ordering over the union of containment (parent needs child) and dependency (source needs
// target) edges: cycle detection for the compiler, and the settle order for the engine.
import { pushTo } from '../multimap.js';
import type { GraphView } from './view.js';

type Needs = Map<string, { id: string; pointer: string }[]>;

function needsOf(view: GraphView): Needs {
  const needs: Needs = new Map();
  const add = (from: string, to: string, pointer: string): void => {
    if (!view.nodes.has(from) || !view.nodes.has(to) || from === to) return;
    let list = needs.get(from);
    if (!list) needs.set(from, (list = []));
    list.push({ id: to, pointer });
  };
  for (const r of view.relations) add(r.parent, r.child, `/contains/${r.index}`);
  for (const d of view.dependencies) add(d.source, d.target, `/dependsOn/${d.index}`);
  return needs;
}

/** Returns one cycle (as a node path that ends where it starts), or undefined. */
export function findCycle(view: GraphView): { path: string[]; pointer: string } | undefined {
  const needs = needsOf(view);
  const state = new Map<string, 'open' | 'done'>();
  for (const start of [...view.nodes.keys()].sort()) {
    if (state.has(start)) continue;
    const stack: { id: string; next: number }[] = [{ id: start, next: 0 }];
    state.set(start, 'open');
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as { id: string; next: number };
      const edge = needs.get(frame.id)?.[frame.next++];
      if (!edge) {
        state.set(frame.id, 'done');
        stack.pop();
        continue;
      }
      const seen = state.get(edge.id);
      if (seen === 'open') {
        const from = stack.findIndex((f) => f.id === edge.id);
        return { path: [...stack.slice(from).map((f) => f.id), edge.id], pointer: edge.pointer };
      }
      if (seen === undefined) {
        state.set(edge.id, 'open');
        stack.push({ id: edge.id, next: 0 });
      }
    }
  }
  return undefined;
}

/**
 * Every node after everything it needs (children and dependency targets); ties broken by
 * id so the order does not depend on how the file was written. Assumes an acyclic graph.
 */
export function prerequisiteOrder(view: GraphView): string[] {
  const needs = needsOf(view);
  const waiting = new Map<string, number>();
  const neededBy = new Map<string, string[]>();
  for (const id of view.nodes.keys()) waiting.set(id, 0);
  for (const [from, list] of needs) {
    const distinct = new Set(list.map((edge) => edge.id));
    waiting.set(from, distinct.size);
    for (const to of distinct) pushTo(neededBy, to, from);
  }
  let ready = [...waiting]
    .filter(([, count]) => count === 0)
    .map(([id]) => id)
    .sort();
  const order: string[] = [];
  while (ready.length > 0) {
    const next: string[] = [];
    for (const id of ready) {
      order.push(id);
      for (const user of neededBy.get(id) ?? []) {
        const left = (waiting.get(user) ?? 0) - 1;
        waiting.set(user, left);
        if (left === 0) next.push(user);
      }
    }
    ready = next.sort();
  }
  return order;
}
