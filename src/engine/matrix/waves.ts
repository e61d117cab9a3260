// Dispatch order for the GitHub Action front (DESIGN §4 step 5, §5): which `verify` work
// items run in the plan job itself, which in each matrix wave, and which can never start.
// Pure: it reads the compiled graph and the selections, and does no I/O.
//
// The planner only orders. An item placed in wave k may still turn out blocked (or
// needs_human) at run time because a verification of an earlier wave failed: the Action
// re-checks each item's gate (`dependencyGate`, and for an assert its subtree) before it
// starts it, exactly as the local scheduler does, and settles it without running it when
// the gate closed.
import type { CompiledGraph, CompiledNode, WorkItem } from '../../core/graph/model.js';
import { workKey } from '../../core/graph/model.js';
import { pushTo } from '../../core/multimap.js';
import type { Selection } from '../../core/select.js';
import type { ResultInput } from '../../core/settle/evaluate.js';
import type { NodeStatus } from '../../core/settle/outcome.js';
import { settleAll } from '../../core/settle/propagate.js';
import type { NodeState } from '../../core/types.js';

/** The wave number of the plan job itself. Matrix waves are numbered from 1. */
export const IN_PLAN = 0;

export type WaveOptions = {
  /**
   * Run programmatic verifications whose prerequisites are all known before any matrix
   * wave (inherited, settled, or themselves run in the plan job) inside the plan job.
   */
  programmaticInPlan?: boolean;
};

/** A `verify` item whose gate is already known to close: it will settle without running. */
export type NeverStarted = {
  key: string;
  /** The state its goal already has from what is known at plan time. */
  state: NodeState;
  reason: string;
};

export type Wave = { index: number; keys: string[] };

export type WavePlan = {
  /** In-plan items in an order that respects their gates among themselves. */
  inPlan: string[];
  /** Matrix waves 1..n, each with its keys sorted; none is empty. */
  waves: Wave[];
  /** Sorted by key. */
  neverStarted: NeverStarted[];
  /** The wave of every scheduled key (`IN_PLAN` for the plan job). */
  waveOf: ReadonlyMap<string, number>;
};

/**
 * When a node's status is final, as a pair: the last wave whose verifications it needs
 * (0: known before wave 1) and, among in-plan items, the deepest one it needs.
 */
type Level = { wave: number; depth: number };

const KNOWN: Level = { wave: IN_PLAN, depth: 0 };

type Layering = {
  graph: CompiledGraph;
  selections: ReadonlyMap<string, Selection>;
  statuses: ReadonlyMap<string, NodeStatus>;
  inPlanAllowed: boolean;
  settledBy: Map<string, Level>;
  /** When nothing in a node's subtree (itself included) is still pending or running. */
  quietBy: Map<string, Level>;
  placed: Map<string, Level>;
  neverStarted: NeverStarted[];
};

/**
 * Assigns every `verify` item the earliest wave after everything its gate needs: the
 * dependency targets of its goal (whole subtrees, asserts included, for composite targets)
 * and, for a composite's assert, every work item of its subtree. A node whose state is
 * already decided at plan time (inherited, settled without a verifier, or a composite that
 * already failed) needs nothing more, so the work below it holds back only the asserts above
 * it (an assert starts after every node of its subtree settled). That is
 * longest-path layering: the number of waves is the smallest any valid order can have.
 * Items whose gate is already closed go to `neverStarted` instead.
 */
export function planWaves(
  graph: CompiledGraph,
  selections: ReadonlyMap<string, Selection>,
  options: WaveOptions = {},
): WavePlan {
  checkSelections(graph, selections);
  const statuses = settleAll(graph, { results: knownResults(selections), running: new Set() });
  const layering: Layering = {
    graph,
    selections,
    statuses,
    inPlanAllowed: options.programmaticInPlan === true,
    settledBy: new Map(),
    quietBy: new Map(),
    placed: new Map(),
    neverStarted: [],
  };
  for (const id of graph.order) layerNode(layering, id);
  return collect(layering);
}

/** Verdicts known at plan time: inherited records and items settled without a verifier. */
export function knownResults(selections: ReadonlyMap<string, Selection>): Map<string, ResultInput> {
  const results = new Map<string, ResultInput>();
  for (const [key, selection] of selections) {
    if (selection.kind === 'inherit') {
      const { verdict, error } = selection.record;
      results.set(key, error ? { verdict, error } : { verdict });
    } else if (selection.kind === 'settled') {
      results.set(key, { verdict: selection.verdict, error: selection.error });
    }
  }
  return results;
}

function checkSelections(graph: CompiledGraph, selections: ReadonlyMap<string, Selection>): void {
  for (const item of graph.workItems) {
    if (!selections.has(item.key)) throw new Error(`no selection for work item "${item.key}"`);
  }
  for (const [key, selection] of selections) {
    if (!graph.workItemByKey.has(key)) throw new Error(`"${key}" is not a work item of the graph`);
    if (selection.item.key !== key)
      throw new Error(`the selection stored under "${key}" is for "${selection.item.key}"`);
  }
}

/** Nodes come in prerequisite order, so everything a node needs is already layered. */
function layerNode(layering: Layering, id: string): void {
  const { graph, settledBy, quietBy } = layering;
  const node = graph.nodes.get(id) as CompiledNode;
  const children = node.kind === 'composite' ? node.children.map((relation) => relation.child) : [];
  const levels = (ids: readonly string[], of: ReadonlyMap<string, Level>) =>
    ids.map((need) => of.get(need) ?? KNOWN);
  const gate = latest(levels(graph.dependencies.get(id) ?? [], settledBy));
  const childrenSettled = latest(levels(children, settledBy));
  // An assert waits for every node below it, even one its decided subtree no longer needs.
  const childrenQuiet = latest(levels(children, quietBy));
  const item = graph.workItemByKey.get(workKey(id, node.kind === 'leaf' ? 'leaf' : 'assert'));
  const own = item ? place(layering, item, latest([gate, childrenQuiet])) : undefined;
  const final = !isOpen(layering.statuses.get(id));
  const settled = final ? KNOWN : latest([gate, childrenSettled, ...(own ? [own] : [])]);
  settledBy.set(id, settled);
  quietBy.set(id, latest([settled, childrenQuiet, ...(own ? [own] : [])]));
}

/** Places one item after `needs`, or records why it can never start. */
function place(layering: Layering, item: WorkItem, needs: Level): Level | undefined {
  if (layering.selections.get(item.key)?.kind !== 'verify') return undefined;
  const status = layering.statuses.get(item.goalId);
  if (status && !isOpen(status)) {
    layering.neverStarted.push(neverStarted(item, status));
    return undefined;
  }
  const inPlan =
    layering.inPlanAllowed && item.verifier.mode === 'programmatic' && needs.wave === IN_PLAN;
  const level = inPlan
    ? { wave: IN_PLAN, depth: needs.depth + 1 }
    : { wave: needs.wave + 1, depth: needs.depth };
  layering.placed.set(item.key, level);
  return level;
}

/** Whether a status may still change once more verifications settle. */
function isOpen(status: NodeStatus | undefined): boolean {
  return status === undefined || status.state === 'pending' || status.state === 'running';
}

function latest(levels: readonly Level[]): Level {
  let wave = IN_PLAN;
  let depth = 0;
  for (const level of levels) {
    wave = Math.max(wave, level.wave);
    depth = Math.max(depth, level.depth);
  }
  return { wave, depth };
}

function neverStarted(item: WorkItem, status: NodeStatus): NeverStarted {
  const detail = status.reason ?? status.error?.message ?? `"${item.goalId}" is ${status.state}`;
  const reason =
    item.role === 'leaf'
      ? detail
      : `an assert runs only after its subtree settles success or partial, and "${item.goalId}" is already ${status.state} (${detail})`;
  return { key: item.key, state: status.state, reason };
}

function collect(layering: Layering): WavePlan {
  const inPlan: { key: string; depth: number }[] = [];
  const byWave = new Map<number, string[]>();
  const waveOf = new Map<string, number>();
  let last = IN_PLAN;
  for (const [key, level] of layering.placed) {
    waveOf.set(key, level.wave);
    last = Math.max(last, level.wave);
    if (level.wave === IN_PLAN) inPlan.push({ key, depth: level.depth });
    else pushTo(byWave, level.wave, key);
  }
  inPlan.sort((a, b) => a.depth - b.depth || compareKeys(a.key, b.key));
  const waves: Wave[] = [];
  for (let index = 1; index <= last; index++) {
    // Every item of wave k > 1 waits for one of wave k - 1, so no wave in between is empty.
    const keys = byWave.get(index);
    if (!keys) throw new Error(`internal: wave ${index} of ${last} is empty`);
    waves.push({ index, keys: keys.sort(compareKeys) });
  }
  return {
    inPlan: inPlan.map((entry) => entry.key),
    waves,
    neverStarted: [...layering.neverStarted].sort((a, b) => compareKeys(a.key, b.key)),
    waveOf,
  };
}

/** Code-unit order: stable across locales and runtimes. */
export function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
