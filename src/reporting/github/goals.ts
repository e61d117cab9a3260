// The goals of a report as the GitHub renderers list them: one entry per node and per
// composite assert, problems first, and whether a failure was absorbed by the graph.
import type { CompiledGraph } from '../../core/graph/model.js';
import type { ReportSettlement, RunReport } from '../../core/report/model.js';
import { relationOutcome, type NodeStatus } from '../../core/settle/outcome.js';
import type { NodeState } from '../../core/types.js';

export type GoalEntry = {
  /** `id`, or `id#assert` for a composite's whole-object assert. */
  key: string;
  goalId: string;
  kind: 'leaf' | 'composite' | 'assert';
  title: string;
  settlement: ReportSettlement;
  /** A failed or blocked goal whose every parent relation absorbed it (see `absorbed`). */
  tolerated: boolean;
};

/**
 * True when a failed or blocked goal did not count against any parent: every containment
 * relation into it came out `tolerated` or `degraded`, or is optional (`required: false`)
 * under a parent that did not fail. Such a goal is a partial contribution, not a failure
 * of the run. The root (no parents) is never absorbed.
 */
export function absorbed(graph: CompiledGraph, report: RunReport, goalId: string): boolean {
  const relations = graph.parents.get(goalId) ?? [];
  if (relations.length === 0) return false;
  const status = (id: string): NodeStatus => ({ state: report.nodes[id]?.state ?? 'pending' });
  return relations.every((relation) => {
    const outcome = relationOutcome(relation, status);
    if (outcome === 'tolerated' || outcome === 'degraded') return true;
    const parentState = status(relation.parent).state;
    return !relation.required && parentState !== 'failure' && parentState !== 'blocked';
  });
}

function isFailed(state: NodeState): boolean {
  return state === 'failure' || state === 'blocked';
}

/** Lower ranks are listed first. */
export function problemRank(entry: Pick<GoalEntry, 'settlement' | 'tolerated'>): number {
  const state = entry.settlement.state;
  if (isFailed(state) && entry.tolerated) return 4;
  const ranks: Record<NodeState, number> = {
    failure: 0,
    needs_human: 1,
    blocked: 2,
    cancelled: 3,
    partial: 5,
    running: 6,
    pending: 6,
    invalidated: 6,
    success: 7,
  };
  return ranks[state];
}

/** Every goal and assert of the report, problems first, then by key. */
export function goalEntries(report: RunReport, graph: CompiledGraph): GoalEntry[] {
  const entries: GoalEntry[] = [];
  for (const [id, node] of Object.entries(report.nodes)) {
    const tolerated = isFailed(node.state) && absorbed(graph, report, id);
    entries.push({
      key: id,
      goalId: id,
      kind: node.kind,
      title: node.title,
      settlement: node,
      tolerated,
    });
    if (node.assert) {
      entries.push({
        key: `${id}#assert`,
        goalId: id,
        kind: 'assert',
        title: `whole-object assert of: ${node.title}`,
        settlement: node.assert,
        // The assert decides its composite, so it is absorbed when the composite is.
        tolerated: isFailed(node.assert.state) && absorbed(graph, report, id),
      });
    }
  }
  return entries
    .map((entry, index) => ({ entry, index, rank: problemRank(entry) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ entry }) => entry);
}

/**
 * Goals whose evidence is worth showing: failed or waiting for a person, and verified by a
 * verifier (a composite only when it carries an error of its own).
 */
export function needsAttention(entry: GoalEntry): boolean {
  const state = entry.settlement.state;
  if (state !== 'failure' && state !== 'needs_human') return false;
  return entry.kind !== 'composite' || entry.settlement.error !== undefined;
}
