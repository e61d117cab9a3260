// Which earlier jobs' records a verify job needs: exactly those that can change the gates of
// its own work items. A leaf's gate reads its dependency targets' states; a composite's assert
// also reads its subtree. A node's state depends on its own work items, its children and its
// dependency targets, so the closure follows both edges. Pure.
import type { CompiledGraph } from '../../core/graph/model.js';
import { workKey } from '../../core/graph/model.js';
import type { Assignment, PlanJob } from './assignment.js';

/** The jobs of earlier waves (the plan job included) owning what `job`'s gates depend on. */
export function jobsNeededBy(graph: CompiledGraph, assignment: Assignment, job: PlanJob): string[] {
  const start: string[] = [];
  for (const key of job.keys) {
    const item = graph.workItemByKey.get(key);
    if (!item) continue;
    start.push(...(graph.dependencies.get(item.goalId) ?? []));
    if (item.role === 'assert') start.push(...childrenOf(graph, item.goalId));
  }
  const needed = new Set<string>();
  for (const id of closure(graph, start)) {
    for (const key of [workKey(id, 'leaf'), workKey(id, 'assert')]) {
      const owner = assignment.ownerOf.get(key);
      const wave = owner === undefined ? undefined : assignment.jobs.get(owner)?.wave;
      if (owner !== undefined && wave !== undefined && wave < job.wave) needed.add(owner);
    }
  }
  return [...assignment.jobs.keys()].filter((label) => needed.has(label));
}

function childrenOf(graph: CompiledGraph, id: string): string[] {
  const node = graph.nodes.get(id);
  return node?.kind === 'composite' ? node.children.map((relation) => relation.child) : [];
}

/** Every node reachable from `start` through children and dependency targets. */
function closure(graph: CompiledGraph, start: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...childrenOf(graph, id), ...(graph.dependencies.get(id) ?? []));
  }
  return seen;
}
