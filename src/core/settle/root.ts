// The root's terminal state (DESIGN §3) and why a root that waits for a person waits.
import type { CompiledGraph } from '../graph/model.js';
import type { ErrorCategory, RootState } from '../types.js';
import { awaitedBy } from './evaluate.js';
import type { StatusLookup } from './outcome.js';

export type RootOptions = { allowPartialRoot: boolean; cancelled: boolean };

const REPLAN: ReadonlySet<ErrorCategory> = new Set(['malformed_output', 'script_missing']);

export function rootState(
  graph: CompiledGraph,
  status: StatusLookup,
  options: RootOptions,
): RootState {
  const root = status(graph.root);
  switch (root.state) {
    case 'success':
      return 'success';
    case 'partial':
      return options.allowPartialRoot ? 'partial_success' : 'failure';
    case 'failure':
    case 'blocked':
      return 'failure';
    case 'needs_human':
      return classifyWaiting(blame(graph, status));
    case 'cancelled':
      return 'cancelled';
    default:
      if (options.cancelled) return 'cancelled';
      throw new Error(`root "${graph.root}" is still ${root.state}; settlement did not finish`);
  }
}

/** An unmet capability makes the root infeasible; a broken verifier contract needs a replan. */
function classifyWaiting(categories: ReadonlySet<ErrorCategory | undefined>): RootState {
  if (categories.has('no_capability')) return 'infeasible';
  if ([...categories].some((category) => category !== undefined && REPLAN.has(category))) {
    return 'needs_replan';
  }
  return 'needs_human';
}

/** Error categories of the nodes the root is waiting for, following every waiting path. */
export function blame(graph: CompiledGraph, status: StatusLookup): Set<ErrorCategory | undefined> {
  const categories = new Set<ErrorCategory | undefined>();
  const seen = new Set<string>();
  const stack = [graph.root];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const current = status(id);
    if (current.state !== 'needs_human') continue;
    const node = graph.nodes.get(id);
    // Only what the composite actually waits for: a non-required child whose value no
    // longer matters does not make the root infeasible.
    const waitingChildren = node?.kind === 'composite' ? awaitedBy(node, status) : [];
    const waitingDeps = (graph.dependencies.get(id) ?? []).filter(
      (d) => status(d).state === 'needs_human',
    );
    if (
      current.error?.category !== 'dependency_needs_human' &&
      (waitingChildren.length === 0 || current.subtree)
    ) {
      categories.add(current.error?.category);
    }
    stack.push(...waitingChildren, ...waitingDeps);
  }
  return categories;
}
