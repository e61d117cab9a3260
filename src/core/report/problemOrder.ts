// The order goals are listed in: problems first (what stops the root, then what waits for a
// person, then what never ran), successes last.
import type { NodeState } from '../types.js';

const RANKS: Record<NodeState, number> = {
  failure: 0,
  needs_human: 1,
  blocked: 2,
  cancelled: 3,
  partial: 4,
  invalidated: 5,
  running: 5,
  pending: 5,
  success: 6,
};

/** Lower ranks are listed first. */
export function stateRank(state: NodeState): number {
  return RANKS[state];
}

/** Whether a goal in this state is one a reader must look at. */
export function isProblem(state: NodeState): boolean {
  return stateRank(state) <= stateRank('cancelled');
}
