// Properties of compilation and settlement over random valid graphs: shared children,
// acyclic dependencies, every failure policy, required flags and nested expressions.
// The seed comes from DOG_PROPERTY_SEED (or a constant); fast-check prints it on failure.
import fc from 'fast-check';
import type { CompiledGraph } from '../../src/core/graph/model.js';
import type { ResultInput, SettleInput } from '../../src/core/settle/evaluate.js';
import type { NodeStatus } from '../../src/core/settle/outcome.js';
import { lookupIn, propagate, settleAll } from '../../src/core/settle/propagate.js';
import { rootState } from '../../src/core/settle/root.js';
import type { Expression, NodeState, RootState } from '../../src/core/types.js';
import {
  agenticLeaf,
  all,
  any,
  atLeast,
  compile,
  composite,
  doc,
  leaf,
  not,
  prng,
  ref,
  result,
  shuffle,
  type Doc,
  type ResultSpec,
} from './fixtures.js';

const SEED = Number(process.env.DOG_PROPERTY_SEED ?? 424242);
const RUNS = 200;
const MAX_NODES = 40;

type Random = () => number;

type Case = {
  document: Doc;
  /** A verdict for every work key (leaves and asserts). */
  results: Map<string, ResultInput>;
  /** Start and settle events in arrival order; each key starts once, then settles once. */
  events: { key: string; kind: 'start' | 'settle' }[];
};

const pick = <T>(items: readonly T[], random: Random): T =>
  items[Math.floor(random() * items.length)] as T;

/** An expression over `ids` (each named at most once), nested at random. */
function randomExpression(ids: string[], random: Random): Expression {
  if (ids.length === 1) {
    const only = ref(ids[0] as string);
    return random() < 0.15 ? not(only) : only;
  }
  let items: Expression[];
  if (ids.length >= 3 && random() < 0.35) {
    const cut = 1 + Math.floor(random() * (ids.length - 1));
    items = [randomExpression(ids.slice(0, cut), random), randomExpression(ids.slice(cut), random)];
    if (random() < 0.5) items = items.reverse();
  } else {
    items = ids.map((id) => (random() < 0.1 ? not(ref(id)) : ref(id)));
  }
  const op = pick(['all', 'any', 'atLeast'] as const, random);
  const expression =
    op === 'all'
      ? all(...items)
      : op === 'any'
        ? any(...items)
        : atLeast(1 + Math.floor(random() * items.length), ...items);
  return random() < 0.08 ? not(expression) : expression;
}

const SPECS: readonly ResultSpec[] = [
  'pass',
  'pass',
  'pass',
  'pass',
  'pass',
  'pass',
  'fail',
  'fail',
  'fail',
  'inconclusive',
  'inconclusive:timeout',
  'inconclusive:no_capability',
  'inconclusive:malformed_output',
];

/** A random valid graph: every edge goes from a lower to a higher index, so it is acyclic. */
function randomCase(seed: number, size: number): Case {
  const random = prng(seed);
  const ids = Array.from({ length: size }, (_, i) => `n${i}`);
  const composites = new Set<number>([0]);
  for (let i = 1; i < size - 1; i++) if (random() < 0.35) composites.add(i);
  const childrenOf = new Map<number, number[]>();
  for (let j = 1; j < size; j++) {
    const candidates = [...composites].filter((i) => i < j);
    const parents = new Set([pick(candidates, random)]);
    // Shared children: a node under several parents.
    while (random() < 0.3 && parents.size < candidates.length)
      parents.add(pick(candidates, random));
    for (const parent of parents) childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), j]);
  }
  for (const i of [...composites]) if (!childrenOf.has(i)) composites.delete(i);

  const nodes: Record<string, Record<string, unknown>> = {};
  const contains: Record<string, unknown>[] = [];
  for (let i = 0; i < size; i++) {
    const id = ids[i] as string;
    if (!composites.has(i)) {
      nodes[id] = random() < 0.5 ? leaf(`t/${i}`) : agenticLeaf(`t/${i}`);
      continue;
    }
    const children = (childrenOf.get(i) ?? []).map((j) => ids[j] as string);
    const named = children.filter(() => random() < 0.9);
    const expression = randomExpression(named.length > 0 ? named : children, random);
    nodes[id] =
      random() < 0.2
        ? composite(expression, {
            assert: { target: `t/${i}`, verifier: { mode: 'programmatic', script: 'file.exists' } },
          })
        : composite(expression);
    for (const child of children) {
      const relation: Record<string, unknown> = { parent: id, child };
      if (random() < 0.3) relation.required = random() < 0.3;
      const policy = random();
      const siblings = children.filter((other) => other !== child);
      if (policy < 0.2 && siblings.length > 0) {
        relation.failure = 'degrade';
        relation.degradeTo = pick(siblings, random);
      } else if (policy < 0.5) relation.failure = 'tolerable';
      else if (policy < 0.7) relation.failure = 'fatal';
      contains.push(relation);
    }
  }

  const dependsOn: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  for (let k = Math.floor(random() * (size / 3 + 1)); k > 0; k--) {
    const a = Math.floor(random() * size);
    const b = Math.floor(random() * size);
    if (a === b) continue;
    const [source, target] = a < b ? [a, b] : [b, a];
    const key = `${source}:${target}`;
    if (seen.has(key)) continue;
    seen.add(key);
    dependsOn.push({ source: ids[source], target: ids[target] });
  }

  const document = doc({ root: 'n0', nodes, contains, dependsOn });
  const keys: string[] = [];
  for (const [id, node] of Object.entries(nodes)) {
    if (node.kind === 'leaf') keys.push(id);
    else if (node.assert) keys.push(`${id}#assert`);
  }
  const results = new Map(keys.map((key) => [key, result(pick(SPECS, random))]));
  const started = new Set<string>();
  const events = shuffle([...keys, ...keys], random).map((key) => {
    const kind = started.has(key) ? ('settle' as const) : ('start' as const);
    started.add(key);
    return { key, kind };
  });
  return { document, results, events };
}

/** The same graph written differently: other node, edge, key and item order. */
function rewritten(document: Doc, random: Random): Doc {
  const shuffleKeys = (value: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(shuffle(Object.entries(value), random));
  const expression = (value: Expression): Expression => {
    if (value.op === 'ref') return shuffleKeys({ ...value }) as Expression;
    if (value.op === 'not')
      return shuffleKeys({ op: 'not', item: expression(value.item) }) as Expression;
    return shuffleKeys({
      ...value,
      items: shuffle(value.items.map(expression), random),
    }) as Expression;
  };
  const nodes = Object.fromEntries(
    shuffle(Object.entries(document.nodes), random).map(([id, node]) => [
      id,
      shuffleKeys(
        node.kind === 'composite'
          ? { ...node, completion: expression(node.completion as Expression) }
          : node,
      ),
    ]),
  );
  return shuffleKeys({
    ...document,
    nodes,
    contains: shuffle(document.contains, random).map(shuffleKeys),
    dependsOn: shuffle(document.dependsOn, random).map(shuffleKeys),
  }) as Doc;
}

/** Statuses as text in settle order: cheap to compare after every step. */
function snapshot(graph: CompiledGraph, statuses: ReadonlyMap<string, NodeStatus>): string {
  return JSON.stringify(graph.order.map((id) => [id, statuses.get(id)]));
}

function root(graph: CompiledGraph, statuses: ReadonlyMap<string, NodeStatus>): RootState {
  return rootState(graph, lookupIn(statuses), { allowPartialRoot: true, cancelled: false });
}

const cases = fc
  .record({ seed: fc.integer(), size: fc.integer({ min: 2, max: MAX_NODES }) })
  .map(({ seed, size }) => randomCase(seed, size));

describe(`settlement properties (seed ${SEED})`, () => {
  test(`random graphs are valid and varied (seed ${SEED})`, () => {
    let shared = 0;
    let degrade = 0;
    let dependencies = 0;
    fc.assert(
      fc.property(cases, ({ document }) => {
        const graph = compile(document);
        for (const parents of graph.parents.values()) if (parents.length > 1) shared += 1;
        degrade += document.contains.filter((r) => r.failure === 'degrade').length;
        dependencies += document.dependsOn.length;
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // The generator really exercises shared children, degrade and dependencies.
    expect(shared).toBeGreaterThan(RUNS / 4);
    expect(degrade).toBeGreaterThan(RUNS / 4);
    expect(dependencies).toBeGreaterThan(RUNS / 4);
  });

  test(`(a) rewriting the document changes no digest, work item or settlement (seed ${SEED})`, () => {
    fc.assert(
      fc.property(cases, fc.integer(), ({ document, results }, shuffleSeed) => {
        const other = rewritten(document, prng(shuffleSeed));
        const first = compile(document);
        const second = compile(other);
        expect(second.digest).toBe(first.digest);
        expect(second.workItems).toEqual(first.workItems);
        expect(second.order).toEqual(first.order);
        const input: SettleInput = { results, running: new Set() };
        const settledFirst = settleAll(first, input);
        const settledSecond = settleAll(second, input);
        expect(settledSecond).toEqual(settledFirst);
        expect(root(second, settledSecond)).toBe(root(first, settledFirst));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  test(`(b) verdicts applied one by one in any order settle the same (seed ${SEED})`, () => {
    fc.assert(
      fc.property(cases, ({ document, results, events }) => {
        const graph = compile(document);
        const full = settleAll(graph, { results, running: new Set() });
        const arrived = new Map<string, ResultInput>();
        const running = new Set<string>();
        const input: SettleInput = { results: arrived, running };
        const statuses = settleAll(graph, input);
        for (const event of events) {
          if (event.kind === 'start') running.add(event.key);
          else {
            running.delete(event.key);
            arrived.set(event.key, results.get(event.key) as ResultInput);
          }
          propagate(graph, input, statuses, [event.key.replace(/#assert$/, '')]);
          expect(snapshot(graph, statuses)).toBe(snapshot(graph, settleAll(graph, input)));
        }
        expect(statuses).toEqual(full);
        expect(root(graph, statuses)).toBe(root(graph, full));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  // A blocked composite is not final: its own subtree may still fail, and then it reports
  // failure (a decision of record). Both close gates and give the same relation outcome.
  test(`(c) a node settled to success, failure or partial (a leaf: or blocked) never changes (seed ${SEED})`, () => {
    const final = (graph: CompiledGraph, id: string, state: NodeState): boolean =>
      state === 'success' ||
      state === 'failure' ||
      state === 'partial' ||
      (state === 'blocked' && graph.nodes.get(id)?.kind === 'leaf');
    let observed = 0;
    fc.assert(
      fc.property(cases, ({ document, results, events }) => {
        const graph = compile(document);
        const arrived = new Map<string, ResultInput>();
        const running = new Set<string>();
        const input: SettleInput = { results: arrived, running };
        const statuses = settleAll(graph, input);
        const settledAs = new Map<string, NodeState>();
        const check = (): void => {
          for (const [id, status] of statuses) {
            const earlier = settledAs.get(id);
            if (earlier !== undefined) {
              if (status.state !== earlier) expect([id, status.state]).toEqual([id, earlier]);
            } else if (final(graph, id, status.state)) settledAs.set(id, status.state);
          }
        };
        check();
        for (const event of events) {
          if (event.kind === 'start') running.add(event.key);
          else {
            running.delete(event.key);
            arrived.set(event.key, results.get(event.key) as ResultInput);
          }
          propagate(graph, input, statuses, [event.key.replace(/#assert$/, '')]);
          check();
        }
        observed += settledAs.size;
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(observed).toBeGreaterThan(RUNS);
  });
});
