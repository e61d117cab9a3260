// When a work item may start (DESIGN §3, §4 step 5): a leaf once its dependency gate is open,
// a composite's assert once its gate is open, its subtree came out success or partial and no
// node of that subtree is still pending or running (the assert depends on all of them).
import type { CompiledGraph, WorkItem } from '../graph/model.js';
import { dependencyGate, type StatusLookup } from './outcome.js';

export function readyToStart(graph: CompiledGraph, item: WorkItem, status: StatusLookup): boolean {
  if (dependencyGate(graph, item.goalId, status).kind !== 'open') return false;
  if (item.role === 'leaf') return status(item.goalId).state === 'pending';
  const composite = status(item.goalId);
  return (
    composite.subtree !== undefined && composite.state === 'pending' && composite.busy !== true
  );
}
