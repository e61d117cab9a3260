// Builders for the dispatch planner's tests: selections of every kind, small graphs,
// and the prerequisite closure a gate needs (computed naively, as the planner's reference).
import type { CompiledGraph, WorkItem } from '../../../src/core/graph/model.js';
import { workKey } from '../../../src/core/graph/model.js';
import type { Selection } from '../../../src/core/select.js';
import type { Digest, Verdict, VerificationRecord } from '../../../src/core/types.js';
import { planWaves, type WavePlan } from '../../../src/engine/matrix/waves.js';
import { agenticLeaf, allOf, compile, composite, doc, edge, leaf } from '../../core/fixtures.js';

export type SelectionSpec =
  'verify' | 'inherit:pass' | 'inherit:fail' | 'settled:fail' | 'settled:inconclusive';

const DIGEST: Digest = `sha256:${'0'.repeat(64)}`;

function record(item: WorkItem, verdict: Verdict): VerificationRecord {
  return {
    schemaVersion: '1',
    goalId: item.goalId,
    role: item.role,
    runId: 'earlier-run',
    graphDigest: DIGEST,
    captureDigest: DIGEST,
    gmDigest: DIGEST,
    verifier: { mode: 'programmatic', script: 'file.exists', scriptDigest: DIGEST, params: null },
    verdict,
    evidence: { verdict },
    usage: { durationMs: 1, tokens: 0, costUsd: 0 },
    attempts: 1,
    isolation: 'none',
    settledAt: '2026-01-01T00:00:00.000Z',
  };
}

export function selectionOf(item: WorkItem, spec: SelectionSpec): Selection {
  switch (spec) {
    case 'verify':
      return {
        kind: 'verify',
        item,
        captureDigest: DIGEST,
        gmDigest: DIGEST,
        identity: { mode: 'agentic', instruction: 'x', votes: 1, model: null },
        reason: 'new',
      };
    case 'inherit:pass':
    case 'inherit:fail': {
      const verdict = spec === 'inherit:pass' ? 'pass' : 'fail';
      const inherited = record(item, verdict);
      return { kind: 'inherit', item, captureDigest: DIGEST, gmDigest: DIGEST, record: inherited };
    }
    case 'settled:fail':
      return {
        kind: 'settled',
        item,
        verdict: 'fail',
        error: { category: 'target_missing', message: `${item.target} does not exist` },
      };
    case 'settled:inconclusive':
      return {
        kind: 'settled',
        item,
        captureDigest: DIGEST,
        verdict: 'inconclusive',
        error: { category: 'no_capability', message: 'no model provider is configured' },
      };
  }
}

/** Every work item of the graph: `verify` unless `specs` says otherwise. */
export function selectionsFor(
  graph: CompiledGraph,
  specs: Record<string, SelectionSpec> = {},
  fallback: SelectionSpec = 'verify',
): Map<string, Selection> {
  for (const key of Object.keys(specs)) {
    if (!graph.workItemByKey.has(key)) throw new Error(`test names unknown work key ${key}`);
  }
  const selections = new Map<string, Selection>();
  for (const item of graph.workItems) {
    selections.set(item.key, selectionOf(item, specs[item.key] ?? fallback));
  }
  return selections;
}

/**
 * Every work key whose settlement a node's status depends on (children, targets, asserts),
 * not looking inside nodes for which `known` holds (their status cannot change any more).
 */
export function closureItems(
  graph: CompiledGraph,
  id: string,
  known: (id: string) => boolean = () => false,
): Set<string> {
  const keys = new Set<string>();
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop() as string;
    if (seen.has(next) || known(next)) continue;
    seen.add(next);
    const node = graph.nodes.get(next);
    if (!node) throw new Error(`unknown node ${next}`);
    const own = workKey(next, node.kind === 'leaf' ? 'leaf' : 'assert');
    if (graph.workItemByKey.has(own)) keys.add(own);
    stack.push(...(graph.dependencies.get(next) ?? []));
    if (node.kind === 'composite') stack.push(...node.children.map((r) => r.child));
  }
  return keys;
}

/** The work keys that must settle before `key` may start. */
export function prerequisitesOf(
  graph: CompiledGraph,
  key: string,
  known: (id: string) => boolean = () => false,
): Set<string> {
  const item = graph.workItemByKey.get(key);
  if (!item) throw new Error(`unknown work key ${key}`);
  const needs = new Set<string>();
  const from = [...(graph.dependencies.get(item.goalId) ?? [])];
  const node = graph.nodes.get(item.goalId);
  if (item.role === 'assert' && node?.kind === 'composite')
    from.push(...node.children.map((r) => r.child));
  for (const id of from) for (const need of closureItems(graph, id, known)) needs.add(need);
  return needs;
}

/** All keys a dispatch plan schedules, flattened: in-plan first, then wave by wave. */
export function scheduledKeys(plan: { inPlan: string[]; waves: { jobs: string[][] }[] }): string[] {
  return [...plan.inPlan, ...plan.waves.flatMap((wave) => wave.jobs.flat())];
}

// Graph builders for the layering tests.

export type Mode = 'agentic' | 'programmatic';

/** root = all of `ids` (agentic leaves unless `modes` says otherwise), with `deps`. */
export function flatGraph(
  ids: string[],
  deps: [string, string][] = [],
  modes: Record<string, Mode> = {},
): CompiledGraph {
  const nodes: Record<string, Record<string, unknown>> = { root: composite(allOf(...ids)) };
  for (const id of ids)
    nodes[id] = modes[id] === 'programmatic' ? leaf(`t/${id}`) : agenticLeaf(`t/${id}`);
  return compile(
    doc({
      nodes,
      contains: ids.map((id) => edge('root', id)),
      dependsOn: deps.map(([source, target]) => ({ source, target })),
    }),
  );
}

/** The keys of each wave, in wave order. */
export function waves(plan: WavePlan): string[][] {
  return plan.waves.map((wave) => wave.keys);
}

/** The wave plan of `graph` with every item `verify` unless `specs` says otherwise. */
export function plan(
  graph: CompiledGraph,
  specs: Record<string, SelectionSpec> = {},
  programmaticInPlan = false,
): WavePlan {
  return planWaves(graph, selectionsFor(graph, specs), { programmaticInPlan });
}

/** An `assert` for a composite, judged by an agentic or a programmatic verifier. */
export function asserted(mode: Mode = 'agentic'): Record<string, unknown> {
  const verifier =
    mode === 'agentic'
      ? { mode: 'agentic', instruction: 'Judge the whole' }
      : { mode: 'programmatic', script: 'dir.non_empty' };
  return { assert: { target: 't', verifier } };
}
