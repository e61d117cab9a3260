// DESIGN §3 as tables: the worked examples of composite settlement, and the cases where a
// missing target meets a gate, where `infeasible` depends on what the root still waits for,
// and where an assert may start.
import type { CompiledGraph } from '../../src/core/graph/model.js';
import { lookupIn, propagate } from '../../src/core/settle/propagate.js';
import { readyToStart } from '../../src/core/settle/ready.js';
import type { NodeState, RootState } from '../../src/core/types.js';
import {
  agenticLeaf,
  all,
  any,
  atLeast,
  compile,
  composite,
  doc,
  edge,
  leaf,
  ref,
  resultsOf,
  rootOf,
  settle,
  statesOf,
  type ResultSpec,
} from './fixtures.js';

type Row = {
  name: string;
  graph: () => CompiledGraph;
  results: Record<string, ResultSpec>;
  running?: string[];
  states: Record<string, NodeState>;
  root?: RootState;
};

const optional = { required: false };

/** root over leaves a, u, f, b, c as its completion needs; relation options per child. */
function flat(
  completion: ReturnType<typeof all>,
  relations: Record<string, Record<string, unknown>>,
): () => CompiledGraph {
  return () => {
    const nodes: Record<string, Record<string, unknown>> = { root: composite(completion) };
    for (const id of Object.keys(relations)) nodes[id] = leaf(`targets/${id}`);
    const contains = Object.entries(relations).map(([id, extra]) => edge('root', id, extra));
    return compile(doc({ nodes, contains }));
  };
}

const EXAMPLES: Row[] = [
  {
    name: 'any[a, u], both not required, a passing, u inconclusive → success; u stays needs_human',
    graph: flat(any(ref('a'), ref('u')), { a: optional, u: optional }),
    results: { a: 'pass', u: 'inconclusive' },
    states: { root: 'success', a: 'success', u: 'needs_human' },
    root: 'success',
  },
  {
    name: 'all[a, u] with default relations → needs_human',
    graph: flat(all(ref('a'), ref('u')), { a: {}, u: {} }),
    results: { a: 'pass', u: 'inconclusive' },
    states: { root: 'needs_human', a: 'success', u: 'needs_human' },
    root: 'needs_human',
  },
  {
    name: 'all[a, u, f] with f failing fatally → failure',
    graph: flat(all(ref('a'), ref('u'), ref('f')), { a: {}, u: {}, f: {} }),
    results: { a: 'pass', u: 'inconclusive', f: 'fail' },
    states: { root: 'failure', f: 'failure', u: 'needs_human' },
    root: 'failure',
  },
  {
    name: 'atLeast 2 of [a, b, c], all not required, c failing → success',
    graph: flat(atLeast(2, ref('a'), ref('b'), ref('c')), {
      a: optional,
      b: optional,
      c: optional,
    }),
    results: { a: 'pass', b: 'pass', c: 'fail' },
    states: { root: 'success', c: 'failure' },
    root: 'success',
  },
  {
    name: 'a fatal required failure fails at once, before a tolerable one and a running sibling',
    graph: flat(all(ref('t'), ref('f'), ref('r')), { t: { failure: 'tolerable' }, f: {}, r: {} }),
    results: { t: 'fail', f: 'fail' },
    running: ['r'],
    states: { root: 'failure', t: 'failure', f: 'failure', r: 'running' },
  },
];

/** a (agentic) ← b (target nope.txt, dependsOn a), root all[a, b]. */
function missingBehindGate(): CompiledGraph {
  return compile(
    doc({
      nodes: {
        root: composite(all(ref('a'), ref('b'))),
        a: agenticLeaf('present.txt'),
        b: leaf('nope.txt'),
      },
      contains: [edge('root', 'a'), edge('root', 'b')],
      dependsOn: [{ source: 'b', target: 'a' }],
    }),
  );
}

const MISSING_TARGET: Row[] = [
  {
    name: 'behind a dependency that needs a person → failure (target_missing), not needs_human',
    graph: missingBehindGate,
    results: { a: 'inconclusive', b: 'fail:target_missing' },
    states: { root: 'failure', a: 'needs_human', b: 'failure' },
    root: 'failure',
  },
  {
    name: 'behind a failed dependency → failure, not blocked',
    graph: missingBehindGate,
    results: { a: 'fail', b: 'fail:target_missing' },
    states: { root: 'failure', a: 'failure', b: 'failure' },
    root: 'failure',
  },
  {
    name: 'behind a dependency still running → failure already',
    graph: missingBehindGate,
    results: { b: 'fail:target_missing' },
    running: ['a'],
    states: { root: 'failure', a: 'running', b: 'failure' },
  },
  {
    name: 'an earlier pass behind a failed dependency is still blocked (the gate wins over a verdict)',
    graph: missingBehindGate,
    results: { a: 'fail', b: 'pass' },
    states: { root: 'failure', b: 'blocked' },
  },
];

/** root: all[u, any[ok, n]] in one expression; ok and n are not required. */
function nestedAny(): CompiledGraph {
  return compile(
    doc({
      nodes: {
        root: composite(all(ref('u'), any(ref('ok'), ref('n')))),
        u: leaf('u.txt'),
        ok: leaf('ok.txt'),
        n: agenticLeaf('n.txt'),
      },
      contains: [edge('root', 'u'), edge('root', 'ok', optional), edge('root', 'n', optional)],
    }),
  );
}

/** The same through a composite: root all[u, g], g = any[ok, n] with both not required. */
function nestedComposite(): CompiledGraph {
  return compile(
    doc({
      nodes: {
        root: composite(all(ref('u'), ref('g'))),
        g: composite(any(ref('ok'), ref('n'))),
        u: leaf('u.txt'),
        ok: leaf('ok.txt'),
        n: agenticLeaf('n.txt'),
      },
      contains: [
        edge('root', 'u'),
        edge('root', 'g'),
        edge('g', 'ok', optional),
        edge('g', 'n', optional),
      ],
    }),
  );
}

const INFEASIBLE: Row[] = [
  {
    name: 'all[u, any[ok, n]], ok passing: the root waits for u (a person), not for n → needs_human',
    graph: nestedAny,
    results: { u: 'inconclusive', ok: 'pass', n: 'inconclusive:no_capability' },
    states: { root: 'needs_human', n: 'needs_human' },
    root: 'needs_human',
  },
  {
    name: 'all[u, any[ok, n]], ok failing: n can still decide the root → infeasible',
    graph: nestedAny,
    results: { u: 'inconclusive', ok: 'fail', n: 'inconclusive:no_capability' },
    states: { root: 'needs_human' },
    root: 'infeasible',
  },
  {
    name: 'all[u, any[ok, n]], ok passing, n still running: the root waits only for u',
    graph: nestedAny,
    results: { u: 'inconclusive', ok: 'pass' },
    running: ['n'],
    states: { root: 'needs_human', n: 'running' },
    root: 'needs_human',
  },
  {
    name: 'all[u, g = any[ok, n]] through a composite → needs_human',
    graph: nestedComposite,
    results: { u: 'inconclusive', ok: 'pass', n: 'inconclusive:no_capability' },
    states: { root: 'needs_human', g: 'success' },
    root: 'needs_human',
  },
  {
    name: 'a required n without a provider is waited for → infeasible',
    graph: flat(all(ref('u'), any(ref('ok'), ref('n'))), { u: {}, ok: {}, n: {} }),
    results: { u: 'inconclusive', ok: 'pass', n: 'inconclusive:no_capability' },
    states: { root: 'needs_human' },
    root: 'infeasible',
  },
];

describe.each([
  ['DESIGN §3 examples', EXAMPLES],
  ['a missing target settles failure whatever its gate says', MISSING_TARGET],
  ['infeasible only when the root waits for a goal without capability', INFEASIBLE],
] as const)('%s', (_title, rows) => {
  test.each(rows.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    const graph = row.graph();
    const statuses = settle(graph, row.results, row.running ?? []);
    expect(statesOf(statuses)).toMatchObject(row.states);
    if (row.root) expect(rootOf(graph, statuses)).toBe(row.root);
  });
});

test('a missing target behind a gate keeps its own error category', () => {
  const statuses = settle(missingBehindGate(), { a: 'inconclusive', b: 'fail:target_missing' });
  expect(statuses.get('b')?.error?.category).toBe('target_missing');
});

describe('an assert starts only after every node of its subtree settled', () => {
  const asserted = {
    target: 'deck.pdf',
    verifier: { mode: 'agentic', instruction: 'Is the deck coherent?' },
  };

  /** c = any[a, s] with both not required and an assert; root = c. */
  function direct(): CompiledGraph {
    return compile(
      doc({
        root: 'c',
        nodes: {
          c: composite(any(ref('a'), ref('s')), { assert: asserted }),
          a: leaf('a.txt'),
          s: leaf('s.txt'),
        },
        contains: [edge('c', 'a', optional), edge('c', 's', optional)],
      }),
    );
  }

  /** c = all[g] with an assert; g = any[a, s], both not required: s sits two levels down. */
  function deep(): CompiledGraph {
    return compile(
      doc({
        root: 'c',
        nodes: {
          c: composite(ref('g'), { assert: asserted }),
          g: composite(any(ref('a'), ref('s'))),
          a: leaf('a.txt'),
          s: leaf('s.txt'),
        },
        contains: [edge('c', 'g'), edge('g', 'a', optional), edge('g', 's', optional)],
      }),
    );
  }

  const ready = (graph: CompiledGraph, statuses: ReturnType<typeof settle>) =>
    readyToStart(graph, graph.workItemByKey.get('c#assert')!, lookupIn(statuses));

  test.each([
    ['a non-required child', direct],
    ['a non-required grandchild under a settled composite', deep],
  ] as const)('not while %s is still running', (_what, build) => {
    const graph = build();
    const statuses = settle(graph, { a: 'pass' }, ['s']);
    expect(statuses.get('c')).toMatchObject({ state: 'pending', subtree: 'success' });
    expect(ready(graph, statuses)).toBe(false);
  });

  test.each([
    ['passed', 'pass'],
    ['failed', 'fail'],
    ['came out inconclusive', 'inconclusive'],
  ] as const)('once the last child %s (propagated incrementally)', (_what, verdict) => {
    for (const build of [direct, deep]) {
      const graph = build();
      const running = new Set(['s']);
      const results = resultsOf({ a: 'pass' });
      const statuses = settle(graph, { a: 'pass' }, ['s']);
      running.delete('s');
      results.set('s', resultsOf({ s: verdict }).get('s')!);
      const changed = propagate(graph, { results, running }, statuses, ['s']);
      expect(changed).toContain('c');
      expect(ready(graph, statuses)).toBe(true);
    }
  });

  test('not before the subtree decided, and not once the assert ran', () => {
    const graph = direct();
    expect(ready(graph, settle(graph, {}, ['a', 's']))).toBe(false);
    expect(ready(graph, settle(graph, { a: 'pass', s: 'pass' }, ['c#assert']))).toBe(false);
    expect(ready(graph, settle(graph, { a: 'pass', s: 'pass' }))).toBe(true);
  });
});
