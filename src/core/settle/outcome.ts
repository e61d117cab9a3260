// Per-relation outcomes and per-node gates (DESIGN §1, §3). Pure functions of node states.
import type { Tri } from '../expression.js';
import type { CompiledGraph, Relation } from '../graph/model.js';
import type { ErrorInfo, NodeState } from '../types.js';

export type NodeStatus = {
  state: NodeState;
  error?: ErrorInfo;
  /** Why a node is blocked or still waiting, for people. */
  reason?: string;
  /** For a composite with an assert: what the subtree settled before the assert runs. */
  subtree?: 'success' | 'partial';
  /** The state rests on this node's own verification (a leaf's verdict, an assert's). */
  fromVerdict?: true;
  /** For a composite: some node below it is still pending or running. */
  busy?: true;
};

export type StatusLookup = (id: string) => NodeStatus;

export type Outcome = 'ok' | 'partial' | 'fatal' | 'tolerated' | 'degraded' | 'unknown';

const UNSETTLED: ReadonlySet<NodeState> = new Set([
  'pending',
  'running',
  'needs_human',
  'cancelled',
  'invalidated',
]);

export function isSettled(state: NodeState): boolean {
  return !UNSETTLED.has(state);
}

/** The outcome of one containment relation, computed for its own parent only. */
export function relationOutcome(relation: Relation, status: StatusLookup): Outcome {
  const state = status(relation.child).state;
  if (state === 'success') return 'ok';
  if (state === 'partial') return 'partial';
  if (state !== 'failure' && state !== 'blocked') return 'unknown';
  if (relation.failure === 'fatal') return 'fatal';
  if (relation.failure === 'tolerable') return 'tolerated';
  const fallback = status(relation.degradeTo as string).state;
  if (fallback === 'success') return 'degraded';
  // The stand-in has not settled yet: the outcome is not known until it does.
  if (!isSettled(fallback)) return 'unknown';
  return 'fatal';
}

export function outcomeTruth(outcome: Outcome): Tri {
  if (outcome === 'unknown') return 'unknown';
  return outcome !== 'fatal';
}

export type Gate = { kind: 'open' } | { kind: 'wait' } | { kind: 'closed'; status: NodeStatus };

/**
 * A dependency gate: open once every target settled `success` or `partial`; closed (the
 * node will never start) as soon as one target ends elsewhere.
 */
export function dependencyGate(graph: CompiledGraph, id: string, status: StatusLookup): Gate {
  const targets = graph.dependencies.get(id) ?? [];
  let waiting = false;
  let needsHuman: string | undefined;
  let cancelled = false;
  for (const target of targets) {
    const state = status(target).state;
    if (state === 'failure' || state === 'blocked') {
      const reason = `blocked: dependency "${target}" ended ${state}`;
      return { kind: 'closed', status: { state: 'blocked', reason } };
    }
    if (state === 'needs_human') needsHuman ??= target;
    else if (state === 'cancelled') cancelled = true;
    else if (state !== 'success' && state !== 'partial') waiting = true;
  }
  if (cancelled) return { kind: 'closed', status: { state: 'cancelled' } };
  if (needsHuman !== undefined) {
    const message = `dependency "${needsHuman}" needs a person before this goal can be verified`;
    return {
      kind: 'closed',
      status: { state: 'needs_human', error: { category: 'dependency_needs_human', message } },
    };
  }
  return waiting ? { kind: 'wait' } : { kind: 'open' };
}
