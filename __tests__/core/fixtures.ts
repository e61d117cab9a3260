// Small builders shared by the core tests: graph documents, compilation with a fixed host,
// and settlement from a table of verdicts.
import type { Problem } from '../../src/core/errors.js';
import {
  checkGraph,
  compileGraph,
  DEFAULT_COMPILE_LIMITS,
  type CompileLimits,
} from '../../src/core/graph/compile.js';
import type { CompiledGraph } from '../../src/core/graph/model.js';
import type { HostCapabilities } from '../../src/core/graph/rules.js';
import type { ResultInput } from '../../src/core/settle/evaluate.js';
import type { NodeStatus } from '../../src/core/settle/outcome.js';
import { lookupIn, settleAll, type NodeStatuses } from '../../src/core/settle/propagate.js';
import { rootState, type RootOptions } from '../../src/core/settle/root.js';
import type {
  ErrorCategory,
  Expression,
  FailurePolicy,
  NodeState,
  RootState,
  Verdict,
} from '../../src/core/types.js';

export const BUILTIN_SCRIPTS = [
  'file.exists',
  'file.non_empty',
  'file.sha256',
  'text.includes',
  'json.valid',
  'dir.non_empty',
];

/** A host with the built-ins, one library script (`lib.check`) and two model aliases. */
export const HOST: HostCapabilities = {
  hasScript: (name) => BUILTIN_SCRIPTS.includes(name) || name === 'lib.check',
  hasModel: (alias) => alias === 'default' || alias === 'vision',
};

export type Doc = Record<string, unknown> & {
  nodes: Record<string, Record<string, unknown>>;
  contains: Record<string, unknown>[];
  dependsOn: Record<string, unknown>[];
};

// Expressions.
export const ref = (id: string): Expression => ({ op: 'ref', id });
export const all = (...items: Expression[]): Expression => ({ op: 'all', items });
export const any = (...items: Expression[]): Expression => ({ op: 'any', items });
export const not = (item: Expression): Expression => ({ op: 'not', item });
export const atLeast = (count: number, ...items: Expression[]): Expression => ({
  op: 'atLeast',
  count,
  items,
});
export const allOf = (...ids: string[]): Expression => all(...ids.map(ref));

// Nodes.
export function leaf(target = 'build/out', script = 'file.exists'): Record<string, unknown> {
  return {
    kind: 'leaf',
    title: `Check ${target}`,
    target,
    verifier: { mode: 'programmatic', script },
  };
}

export function agenticLeaf(target = 'build/out', extra: Record<string, unknown> = {}) {
  return {
    kind: 'leaf',
    title: `Look at ${target}`,
    target,
    verifier: { mode: 'agentic', instruction: 'Check the thing', ...extra },
  };
}

export function composite(completion: unknown, extra: Record<string, unknown> = {}) {
  return { kind: 'composite', title: 'A composite goal', completion, ...extra };
}

export type Edge = {
  parent: string;
  child: string;
  required?: boolean;
  failure?: FailurePolicy;
  degradeTo?: string;
};

export function edge(parent: string, child: string, extra: Omit<Edge, 'parent' | 'child'> = {}) {
  return { parent, child, ...extra };
}

export function doc(parts: {
  root?: string;
  nodes: Record<string, Record<string, unknown>>;
  contains?: Record<string, unknown>[];
  dependsOn?: Record<string, unknown>[];
}): Doc {
  return {
    schemaVersion: '1',
    id: 'test-graph',
    root: parts.root ?? 'root',
    nodes: parts.nodes,
    contains: parts.contains ?? [],
    dependsOn: parts.dependsOn ?? [],
  };
}

/** root = all of the given leaves, every relation with default policy unless overridden. */
export function flatDoc(
  leaves: string[],
  completion: Expression = allOf(...leaves),
  edges: Record<string, Omit<Edge, 'parent' | 'child'>> = {},
): Doc {
  const nodes: Record<string, Record<string, unknown>> = { root: composite(completion) };
  for (const id of leaves) nodes[id] = leaf(`targets/${id}`);
  return doc({ nodes, contains: leaves.map((id) => edge('root', id, edges[id] ?? {})) });
}

export function problemsOf(
  document: unknown,
  limits: CompileLimits = DEFAULT_COMPILE_LIMITS,
): Problem[] {
  return checkGraph(document, { source: 'graph.yaml', limits, host: HOST });
}

export function compile(
  document: unknown,
  limits: CompileLimits = DEFAULT_COMPILE_LIMITS,
): CompiledGraph {
  return compileGraph(document, { source: 'graph.yaml', limits, host: HOST });
}

/** Deep copy through JSON: test documents are plain data. */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

// Settlement.

/** A verdict, optionally with an error category (`inconclusive:no_capability`). */
export type ResultSpec = Verdict | `${Verdict}:${ErrorCategory}`;

export function result(spec: ResultSpec): ResultInput {
  const [verdict, category] = spec.split(':') as [Verdict, ErrorCategory | undefined];
  return category === undefined
    ? { verdict }
    : { verdict, error: { category, message: `${category} happened` } };
}

export function resultsOf(table: Record<string, ResultSpec>): Map<string, ResultInput> {
  return new Map(Object.entries(table).map(([key, spec]) => [key, result(spec)]));
}

export function settle(
  graph: CompiledGraph,
  table: Record<string, ResultSpec>,
  running: string[] = [],
): NodeStatuses {
  return settleAll(graph, { results: resultsOf(table), running: new Set(running) });
}

export function statesOf(statuses: ReadonlyMap<string, NodeStatus>): Record<string, NodeState> {
  const states: Record<string, NodeState> = {};
  for (const [id, status] of statuses) states[id] = status.state;
  return states;
}

export function stateOf(statuses: ReadonlyMap<string, NodeStatus>, id: string): NodeState {
  const status = statuses.get(id);
  if (!status) throw new Error(`no status for ${id}`);
  return status.state;
}

export function rootOf(
  graph: CompiledGraph,
  statuses: ReadonlyMap<string, NodeStatus>,
  options: Partial<RootOptions> = {},
): RootState {
  return rootState(graph, lookupIn(statuses), {
    allowPartialRoot: false,
    cancelled: false,
    ...options,
  });
}

/** A deterministic PRNG (mulberry32) for building random graphs from one seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}
