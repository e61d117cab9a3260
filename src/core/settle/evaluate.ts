// The state of one node from the states of what it needs (DESIGN §3). Pure.
import { evaluate } from '../expression.js';
import type { CompiledComposite, CompiledGraph, CompiledLeaf, Relation } from '../graph/model.js';
import { workKey } from '../graph/model.js';
import type { ErrorCategory, ErrorInfo, Verdict } from '../types.js';
import {
  dependencyGate,
  isSettled,
  outcomeTruth,
  relationOutcome,
  type NodeStatus,
  type Outcome,
  type StatusLookup,
} from './outcome.js';
import { undecidedRefs } from './relevance.js';

/** A settled verification as settlement sees it. */
export type ResultInput = { verdict: Verdict; error?: ErrorInfo };

export type SettleInput = {
  /** Settled verifications by work key (`id` or `id#assert`), inherited ones included. */
  readonly results: ReadonlyMap<string, ResultInput>;
  /** Work keys whose verification has started and not yet settled. */
  readonly running: ReadonlySet<string>;
};

export function evaluateNode(
  graph: CompiledGraph,
  id: string,
  input: SettleInput,
  status: StatusLookup,
): NodeStatus {
  const node = graph.nodes.get(id);
  if (!node) throw new Error(`unknown node ${id}`);
  return node.kind === 'leaf'
    ? evaluateLeaf(graph, node, input, status)
    : evaluateComposite(graph, node, input, status);
}

function fromResult(result: ResultInput): NodeStatus {
  const base = { fromVerdict: true as const, ...(result.error ? { error: result.error } : {}) };
  if (result.error?.category === 'cancelled') return { state: 'cancelled', ...base };
  if (result.verdict === 'pass') return { state: 'success', ...base };
  if (result.verdict === 'fail') return { state: 'failure', ...base };
  return { state: 'needs_human', ...base };
}

/** Failures known before any verifier runs: no dependency can change them (DESIGN §3). */
const CERTAIN_FAILURES: ReadonlySet<ErrorCategory> = new Set(['target_missing', 'target_unsafe']);

function isCertainFailure(result: ResultInput | undefined): result is ResultInput {
  return (
    result?.verdict === 'fail' &&
    result.error !== undefined &&
    CERTAIN_FAILURES.has(result.error.category)
  );
}

function evaluateLeaf(
  graph: CompiledGraph,
  leaf: CompiledLeaf,
  input: SettleInput,
  status: StatusLookup,
): NodeStatus {
  const result = input.results.get(leaf.id);
  if (isCertainFailure(result)) return fromResult(result);
  const gate = dependencyGate(graph, leaf.id, status);
  if (gate.kind === 'closed') return gate.status;
  if (gate.kind === 'wait') return { state: 'pending', reason: 'waiting for its dependencies' };
  if (result) return fromResult(result);
  return { state: input.running.has(leaf.id) ? 'running' : 'pending' };
}

function evaluateComposite(
  graph: CompiledGraph,
  node: CompiledComposite,
  input: SettleInput,
  status: StatusLookup,
): NodeStatus {
  const own = compositeStatus(graph, node, input, status);
  return isBusyBelow(node, status) ? { ...own, busy: true } : own;
}

/** Whether a child is still pending or running, or has such a node below it. */
function isBusyBelow(node: CompiledComposite, status: StatusLookup): boolean {
  return node.children.some((relation) => {
    const child = status(relation.child);
    return child.busy === true || child.state === 'pending' || child.state === 'running';
  });
}

function compositeStatus(
  graph: CompiledGraph,
  node: CompiledComposite,
  input: SettleInput,
  status: StatusLookup,
): NodeStatus {
  const subtree = evaluateSubtree(node, status);
  if (subtree.state === 'failure') return subtree;
  const gate = dependencyGate(graph, node.id, status);
  if (gate.kind === 'closed') return gate.status;
  if (subtree.state !== 'success' && subtree.state !== 'partial') return subtree;
  if (gate.kind === 'wait') return { state: 'pending', reason: 'waiting for its dependencies' };
  if (!node.assert) return subtree;
  const key = workKey(node.id, 'assert');
  const result = input.results.get(key);
  const settled = subtree.state;
  if (!result) return { state: input.running.has(key) ? 'running' : 'pending', subtree: settled };
  const asserted = fromResult(result);
  if (asserted.state === 'success') return { ...asserted, state: settled, subtree: settled };
  return { ...asserted, subtree: settled };
}

/** Steps 1–4 of composite settlement: relations and the completion expression. */
function evaluateSubtree(node: CompiledComposite, status: StatusLookup): NodeStatus {
  const { outcomes, value, waitingOn } = subtreeProgress(node, status);
  const required = node.children.filter((relation) => relation.required);
  const fatal = required.find((relation) => outcomes.get(relation.child) === 'fatal');
  if (fatal) return { state: 'failure', reason: `required child "${fatal.child}" failed fatally` };
  if (value === false) return { state: 'failure', reason: 'completion expression is false' };
  if (waitingOn.length > 0) return waitingStatus(waitingOn, status);
  const shortfalls = required.filter((relation) => outcomes.get(relation.child) !== 'ok');
  if (shortfalls.length === 0) return { state: 'success' };
  const reason = shortfalls.map((r) => describeShortfall(r, outcomes.get(r.child))).join('; ');
  return { state: 'partial', reason };
}

/** "notice failed (tolerated)", "signed failed (degraded to checksums)", "docs partial" */
function describeShortfall(relation: Relation, outcome: Outcome | undefined): string {
  if (outcome === 'tolerated') return `${relation.child} failed (tolerated)`;
  if (outcome === 'degraded')
    return `${relation.child} failed (degraded to ${relation.degradeTo ?? '?'})`;
  return `${relation.child} ${outcome ?? 'unknown'}`;
}

const NONE: ReadonlySet<string> = new Set();

function subtreeProgress(node: CompiledComposite, status: StatusLookup) {
  const outcomes = new Map<string, Outcome>();
  for (const relation of node.children)
    outcomes.set(relation.child, relationOutcome(relation, status));
  const truth = (id: string) => outcomeTruth(outcomes.get(id) ?? 'unknown');
  const value = evaluate(node.completion, truth);
  // A required relation is always awaited; another child only while the expression needs it.
  const deciding = value === 'unknown' ? undecidedRefs(node.completion, truth) : NONE;
  const waitingOn = node.children
    .filter((relation) => outcomes.get(relation.child) === 'unknown')
    .filter((relation) => relation.required || deciding.has(relation.child))
    .map((relation) => awaited(relation, status));
  return { outcomes, value, waitingOn };
}

/**
 * The nodes an unsettled composite's own subtree waits for: unsettled children it still
 * needs, or the stand-in of a failed child. Empty once the subtree is decided.
 */
export function awaitedBy(node: CompiledComposite, status: StatusLookup): string[] {
  return subtreeProgress(node, status).waitingOn;
}

/** The node an unknown outcome waits for: the child, or the stand-in of a failed child. */
function awaited(relation: Relation, status: StatusLookup): string {
  const childSettled = isSettled(status(relation.child).state);
  return childSettled && relation.degradeTo !== undefined ? relation.degradeTo : relation.child;
}

function waitingStatus(children: readonly string[], status: StatusLookup): NodeStatus {
  const states = children.map((child) => status(child).state);
  const reason = `waiting for ${children.map((child) => `"${child}"`).join(', ')}`;
  if (
    states.some((state) => state === 'pending' || state === 'running' || state === 'invalidated')
  ) {
    return { state: states.includes('running') ? 'running' : 'pending', reason };
  }
  if (states.includes('cancelled')) return { state: 'cancelled', reason };
  return { state: 'needs_human', reason };
}
