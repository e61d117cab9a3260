// DESIGN §1 (dependencies) and §3 (states and settlement): relation outcomes, composites,
// gates, asserts, the root's terminal state and incremental propagation.
import type { CompiledGraph, Relation } from '../../src/core/graph/model.js';
import type { SettleInput } from '../../src/core/settle/evaluate.js';
import { relationOutcome, type NodeStatus, type Outcome } from '../../src/core/settle/outcome.js';
import { propagate, settleAll } from '../../src/core/settle/propagate.js';
import type { FailurePolicy, NodeState } from '../../src/core/types.js';
import {
  all,
  allOf,
  any,
  atLeast,
  compile,
  composite,
  doc,
  edge,
  flatDoc,
  leaf,
  not,
  ref,
  result,
  resultsOf,
  rootOf,
  settle,
  stateOf,
  statesOf,
  type ResultSpec,
} from './fixtures.js';

const statusTable =
  (states: Record<string, NodeState>) =>
  (id: string): NodeStatus => ({ state: states[id] ?? 'pending' });

// child state → [fatal, tolerable, degrade with stand-in success, failure, pending]
const OUTCOMES: [NodeState, Outcome, Outcome, Outcome, Outcome, Outcome][] = [
  ['success', 'ok', 'ok', 'ok', 'ok', 'ok'],
  ['partial', 'partial', 'partial', 'partial', 'partial', 'partial'],
  ['failure', 'fatal', 'tolerated', 'degraded', 'fatal', 'unknown'],
  ['blocked', 'fatal', 'tolerated', 'degraded', 'fatal', 'unknown'],
  ['needs_human', 'unknown', 'unknown', 'unknown', 'unknown', 'unknown'],
  ['pending', 'unknown', 'unknown', 'unknown', 'unknown', 'unknown'],
  ['running', 'unknown', 'unknown', 'unknown', 'unknown', 'unknown'],
];

describe('relation outcome (one per contains edge)', () => {
  const relation = (failure: FailurePolicy): Relation =>
    failure === 'degrade'
      ? { parent: 'p', child: 'c', required: true, failure, degradeTo: 's' }
      : { parent: 'p', child: 'c', required: true, failure };

  test.each(OUTCOMES)(
    'child %s: fatal → %s, tolerable → %s, degrade (stand-in success/failure/pending) → %s/%s/%s',
    (child, fatal, tolerable, degradeOk, degradeFailed, degradePending) => {
      const outcome = (failure: FailurePolicy, standIn: NodeState = 'success') =>
        relationOutcome(relation(failure), statusTable({ c: child, s: standIn }));
      expect(outcome('fatal')).toBe(fatal);
      expect(outcome('tolerable')).toBe(tolerable);
      expect(outcome('degrade', 'success')).toBe(degradeOk);
      expect(outcome('degrade', 'failure')).toBe(degradeFailed);
      expect(outcome('degrade', 'pending')).toBe(degradePending);
    },
  );

  test.each([
    ['partial', 'fatal'],
    ['blocked', 'fatal'],
    ['running', 'unknown'],
    ['needs_human', 'unknown'],
  ] as [NodeState, Outcome][])(
    'a failed child whose stand-in is %s is %s (only a stand-in success degrades)',
    (standIn, expected) => {
      const status = statusTable({ c: 'failure', s: standIn });
      expect(relationOutcome(relation('degrade'), status)).toBe(expected);
    },
  );
});

/**
 * A root whose completion is `ref c`, with c in the given state under the given policy and,
 * for degrade, a non-required stand-in sibling s in its own state.
 */
function scenario(child: NodeState, failure: FailurePolicy, standIn: NodeState) {
  const nodes: Record<string, Record<string, unknown>> = {};
  const contains: Record<string, unknown>[] = [];
  const dependsOn: Record<string, unknown>[] = [];
  const results: Record<string, ResultSpec> = {};
  const running: string[] = [];
  const make = (id: string, state: NodeState) => {
    nodes[id] = leaf(id);
    if (state === 'success') results[id] = 'pass';
    if (state === 'failure') results[id] = 'fail';
    if (state === 'needs_human') results[id] = 'inconclusive';
    if (state === 'running') running.push(id);
    if (state === 'blocked') {
      // Blocked by a failing gate that the root tolerates and never looks at.
      nodes[`${id}-gate`] = leaf(`${id}-gate`);
      results[`${id}-gate`] = 'fail';
      results[id] = 'pass';
      contains.push(edge('root', `${id}-gate`, { required: false, failure: 'tolerable' }));
      dependsOn.push({ source: id, target: `${id}-gate` });
    }
    if (state === 'partial') {
      nodes[id] = composite(allOf(`${id}-ok`, `${id}-meh`));
      nodes[`${id}-ok`] = leaf(`${id}-ok`);
      nodes[`${id}-meh`] = leaf(`${id}-meh`);
      results[`${id}-ok`] = 'pass';
      results[`${id}-meh`] = 'fail';
      contains.push(edge(id, `${id}-ok`), edge(id, `${id}-meh`, { failure: 'tolerable' }));
    }
  };
  nodes.root = composite(ref('c'));
  make('c', child);
  if (failure === 'degrade') {
    make('s', standIn);
    contains.push(edge('root', 'c', { failure, degradeTo: 's' }));
    contains.push(edge('root', 's', { required: false, failure: 'tolerable' }));
  } else {
    contains.push(edge('root', 'c', { failure }));
  }
  const graph = compile(doc({ nodes, contains, dependsOn }));
  return { graph, statuses: settle(graph, results, running) };
}

describe('relation outcome × failure policy, end to end', () => {
  // What the root (completion `ref c`, c required) becomes for each outcome of its relation.
  const rootFor: Record<Exclude<Outcome, 'unknown'>, NodeState> = {
    ok: 'success',
    partial: 'partial',
    tolerated: 'partial',
    degraded: 'partial',
    fatal: 'failure',
  };
  const rows: [NodeState, FailurePolicy, NodeState, NodeState][] = [];
  for (const [child, fatal, tolerable, degradeOk, degradeFailed] of OUTCOMES) {
    if (child === 'needs_human' || child === 'pending' || child === 'running') {
      // Unknown: the root waits for c, and shows what c is doing.
      for (const policy of ['fatal', 'tolerable', 'degrade'] as const)
        rows.push([child, policy, 'success', child]);
      continue;
    }
    rows.push([child, 'fatal', 'success', rootFor[fatal as Exclude<Outcome, 'unknown'>]]);
    rows.push([child, 'tolerable', 'success', rootFor[tolerable as Exclude<Outcome, 'unknown'>]]);
    rows.push([child, 'degrade', 'success', rootFor[degradeOk as Exclude<Outcome, 'unknown'>]]);
    rows.push([child, 'degrade', 'failure', rootFor[degradeFailed as Exclude<Outcome, 'unknown'>]]);
  }
  // A failed child whose stand-in has not settled: the root waits for the stand-in.
  rows.push(['failure', 'degrade', 'pending', 'pending']);
  rows.push(['blocked', 'degrade', 'running', 'running']);
  rows.push(['failure', 'degrade', 'needs_human', 'needs_human']);
  rows.push(['failure', 'degrade', 'partial', 'failure']);
  rows.push(['blocked', 'degrade', 'blocked', 'failure']);

  test.each(rows)('child %s, %s, stand-in %s → root %s', (child, failure, standIn, root) => {
    const { statuses } = scenario(child, failure, standIn);
    expect(stateOf(statuses, 'c')).toBe(child);
    if (failure === 'degrade') expect(stateOf(statuses, 's')).toBe(standIn);
    expect(stateOf(statuses, 'root')).toBe(root);
  });

  test('the table covers every policy for every child state', () => {
    expect(rows).toHaveLength(7 * 3 + 4 * 1 + 5);
  });
});

describe('the composite examples of DESIGN §3', () => {
  test('any[a, u], both not required, a passing and u inconclusive → success; u stays needs_human', () => {
    const graph = compile(
      flatDoc(['a', 'u'], any(ref('a'), ref('u')), {
        a: { required: false },
        u: { required: false },
      }),
    );
    const statuses = settle(graph, { a: 'pass', u: 'inconclusive' });
    expect(statesOf(statuses)).toEqual({ root: 'success', a: 'success', u: 'needs_human' });
    expect(rootOf(graph, statuses)).toBe('success');
  });

  test('any[a, u] does not wait for u at all once a passes', () => {
    const graph = compile(
      flatDoc(['a', 'u'], any(ref('a'), ref('u')), {
        a: { required: false },
        u: { required: false },
      }),
    );
    expect(stateOf(settle(graph, { a: 'pass' }), 'root')).toBe('success');
    expect(stateOf(settle(graph, { a: 'pass' }, ['u']), 'root')).toBe('success');
  });

  test('all[a, u] with default relations → needs_human', () => {
    const graph = compile(flatDoc(['a', 'u']));
    const statuses = settle(graph, { a: 'pass', u: 'inconclusive' });
    expect(stateOf(statuses, 'root')).toBe('needs_human');
    expect(rootOf(graph, statuses)).toBe('needs_human');
  });

  test('all[a, u, f] with f failing fatally → failure', () => {
    const graph = compile(
      flatDoc(['a', 'u', 'f'], allOf('a', 'u', 'f'), { f: { failure: 'fatal' } }),
    );
    const statuses = settle(graph, { a: 'pass', u: 'inconclusive', f: 'fail' });
    expect(stateOf(statuses, 'root')).toBe('failure');
    expect(rootOf(graph, statuses)).toBe('failure');
  });

  test('atLeast 2 of [a, b, c], all not required, c failing → success', () => {
    const optional = { required: false };
    const graph = compile(
      flatDoc(['a', 'b', 'c'], atLeast(2, ref('a'), ref('b'), ref('c')), {
        a: optional,
        b: optional,
        c: optional,
      }),
    );
    const statuses = settle(graph, { a: 'pass', b: 'pass', c: 'fail' });
    expect(statesOf(statuses)).toEqual({
      root: 'success',
      a: 'success',
      b: 'success',
      c: 'failure',
    });
  });
});

describe('composite settlement', () => {
  test('fatal on a required relation fails at once, whatever else is unsettled', () => {
    const graph = compile(
      flatDoc(['f', 'p', 'u', 'r'], any(ref('f'), ref('p'), ref('u'), ref('r'))),
    );
    const statuses = settle(graph, { f: 'fail', u: 'inconclusive' }, ['r']);
    expect(statesOf(statuses)).toMatchObject({ root: 'failure', p: 'pending', r: 'running' });
  });

  test.each([
    ['fatal first', ['f', 't']],
    ['tolerable first', ['t', 'f']],
  ])('fatal dominates tolerable whatever the edge order (%s)', (_name, order) => {
    const policies = { f: { failure: 'fatal' as const }, t: { failure: 'tolerable' as const } };
    const ids = [...order, 'ok'];
    const graph = compile(flatDoc(ids, any(...ids.map(ref)), policies));
    const statuses = settle(graph, { f: 'fail', t: 'fail', ok: 'pass' });
    expect(stateOf(statuses, 'root')).toBe('failure');
    // Without the fatal failure, the same graph is only partial.
    expect(stateOf(settle(graph, { f: 'pass', t: 'fail', ok: 'pass' }), 'root')).toBe('partial');
  });

  test('a fatal failure on a non-required relation counts only through the expression', () => {
    const optional = { f: { required: false, failure: 'fatal' as const } };
    const lenient = compile(flatDoc(['f', 'a'], any(ref('f'), ref('a')), optional));
    expect(stateOf(settle(lenient, { f: 'fail', a: 'pass' }), 'root')).toBe('success');
    const strict = compile(flatDoc(['f', 'a'], all(ref('f'), ref('a')), optional));
    expect(stateOf(settle(strict, { f: 'fail', a: 'pass' }), 'root')).toBe('failure');
    const negated = compile(flatDoc(['f', 'a'], all(not(ref('f')), ref('a')), optional));
    expect(stateOf(settle(negated, { f: 'fail', a: 'pass' }), 'root')).toBe('success');
  });

  test('a false expression fails the composite even if no relation is fatal', () => {
    const graph = compile(flatDoc(['a', 'b'], not(ref('a')), { a: { failure: 'tolerable' } }));
    expect(stateOf(settle(graph, { a: 'pass', b: 'pass' }), 'root')).toBe('failure');
  });

  test('required relations are awaited even when the expression is already true', () => {
    const graph = compile(flatDoc(['a', 'b'], any(ref('a'), ref('b'))));
    expect(stateOf(settle(graph, { a: 'pass' }), 'root')).toBe('pending');
    expect(stateOf(settle(graph, { a: 'pass' }, ['b']), 'root')).toBe('running');
    expect(stateOf(settle(graph, { a: 'pass', b: 'inconclusive' }), 'root')).toBe('needs_human');
    expect(stateOf(settle(graph, { a: 'pass', b: 'fail' }), 'root')).toBe('failure');
  });

  test('a required tolerated or partial outcome makes the composite partial', () => {
    const graph = compile(flatDoc(['a', 'b'], allOf('a', 'b'), { b: { failure: 'tolerable' } }));
    expect(stateOf(settle(graph, { a: 'pass', b: 'fail' }), 'root')).toBe('partial');
    expect(stateOf(settle(graph, { a: 'pass', b: 'pass' }), 'root')).toBe('success');
  });

  test('a tolerated non-required child does not make the composite partial', () => {
    const graph = compile(
      flatDoc(['a', 'b'], allOf('a', 'b'), { b: { required: false, failure: 'tolerable' } }),
    );
    expect(stateOf(settle(graph, { a: 'pass', b: 'fail' }), 'root')).toBe('success');
  });

  describe('degrade', () => {
    const degradeDoc = () =>
      doc({
        nodes: {
          root: composite(allOf('renders', 'lowres')),
          renders: leaf('build/pages'),
          lowres: leaf('build/pages-lowres'),
        },
        contains: [
          edge('root', 'renders', { failure: 'degrade', degradeTo: 'lowres' }),
          edge('root', 'lowres', { required: false, failure: 'tolerable' }),
        ],
      });

    test('a failing child with a passing fallback degrades: partial', () => {
      const graph = compile(degradeDoc());
      const statuses = settle(graph, { renders: 'fail', lowres: 'pass' });
      expect(stateOf(statuses, 'root')).toBe('partial');
      expect(rootOf(graph, statuses)).toBe('failure');
      expect(rootOf(graph, statuses, { allowPartialRoot: true })).toBe('partial_success');
    });

    test('a failing child with a failing fallback is fatal', () => {
      const graph = compile(degradeDoc());
      expect(stateOf(settle(graph, { renders: 'fail', lowres: 'fail' }), 'root')).toBe('failure');
    });

    test('a failing child waits for its fallback, then follows it', () => {
      const graph = compile(degradeDoc());
      expect(stateOf(settle(graph, { renders: 'fail' }), 'root')).toBe('pending');
      expect(stateOf(settle(graph, { renders: 'fail' }, ['lowres']), 'root')).toBe('running');
      const stuck = settle(graph, { renders: 'fail', lowres: 'inconclusive' });
      expect(stateOf(stuck, 'root')).toBe('needs_human');
    });

    test('a passing child does not need its fallback', () => {
      const graph = compile(degradeDoc());
      const statuses = settle(graph, { renders: 'pass', lowres: 'fail' });
      expect(stateOf(statuses, 'root')).toBe('success');
    });
  });

  test('a shared child may be fatal for one parent and tolerable for another', () => {
    const graph = compile(
      doc({
        nodes: {
          root: composite(allOf('strict', 'lenient')),
          strict: composite(allOf('shared', 'x')),
          lenient: composite(allOf('shared', 'y')),
          shared: leaf('shared'),
          x: leaf('x'),
          y: leaf('y'),
        },
        contains: [
          edge('root', 'strict', { failure: 'tolerable' }),
          edge('root', 'lenient'),
          edge('strict', 'shared', { failure: 'fatal' }),
          edge('strict', 'x'),
          edge('lenient', 'shared', { failure: 'tolerable' }),
          edge('lenient', 'y'),
        ],
      }),
    );
    const statuses = settle(graph, { shared: 'fail', x: 'pass', y: 'pass' });
    expect(statesOf(statuses)).toEqual({
      root: 'partial',
      strict: 'failure',
      lenient: 'partial',
      shared: 'failure',
      x: 'success',
      y: 'success',
    });
    expect(stateOf(settle(graph, { shared: 'pass', x: 'pass', y: 'pass' }), 'root')).toBe(
      'success',
    );
  });
});

describe('dependency gates', () => {
  /** root → {t, s}; s depends on t; t is tolerable for the root. */
  const gated = () =>
    compile(
      doc({
        nodes: { root: composite(allOf('t', 's')), t: leaf('t'), s: leaf('s') },
        contains: [edge('root', 't', { failure: 'tolerable' }), edge('root', 's')],
        dependsOn: [{ source: 's', target: 't' }],
      }),
    );

  test.each([
    ['pass', 'success'],
    ['fail', 'blocked'],
  ] as const)('target %s → source %s', (verdict, expected) => {
    const statuses = settle(gated(), { t: verdict, s: 'pass' });
    expect(stateOf(statuses, 's')).toBe(expected);
  });

  test('a blocked target blocks the source', () => {
    const graph = compile(
      doc({
        nodes: {
          root: composite(allOf('a', 'b', 'c')),
          a: leaf('a'),
          b: leaf('b'),
          c: leaf('c'),
        },
        contains: [
          edge('root', 'a', { failure: 'tolerable' }),
          edge('root', 'b', { failure: 'tolerable' }),
          edge('root', 'c'),
        ],
        dependsOn: [
          { source: 'b', target: 'a' },
          { source: 'c', target: 'b' },
        ],
      }),
    );
    const statuses = settle(graph, { a: 'fail', b: 'pass', c: 'pass' });
    expect(statesOf(statuses)).toEqual({
      root: 'failure',
      a: 'failure',
      b: 'blocked',
      c: 'blocked',
    });
    expect(statuses.get('c')?.reason).toMatch(/dependency "b" ended blocked/);
  });

  test('a target that needs a human leaves the source needs_human (dependency_needs_human)', () => {
    const statuses = settle(gated(), { t: 'inconclusive', s: 'pass' });
    expect(statuses.get('s')).toMatchObject({
      state: 'needs_human',
      error: { category: 'dependency_needs_human', message: expect.stringMatching(/"t"/) },
    });
  });

  test('a partial target lets the source run', () => {
    const graph = compile(
      doc({
        nodes: {
          root: composite(allOf('t', 's')),
          t: composite(allOf('t1', 't2')),
          t1: leaf('t1'),
          t2: leaf('t2'),
          s: leaf('s'),
        },
        contains: [
          edge('root', 't'),
          edge('root', 's'),
          edge('t', 't1'),
          edge('t', 't2', { failure: 'tolerable' }),
        ],
        dependsOn: [{ source: 's', target: 't' }],
      }),
    );
    const statuses = settle(graph, { t1: 'pass', t2: 'fail', s: 'pass' });
    expect(statesOf(statuses)).toMatchObject({ t: 'partial', s: 'success', root: 'partial' });
  });

  test('the source waits (pending) while the target is unsettled, whatever it already has', () => {
    expect(stateOf(settle(gated(), { s: 'pass' }), 's')).toBe('pending');
    expect(stateOf(settle(gated(), { s: 'pass' }, ['t']), 's')).toBe('pending');
  });

  test('an inherited (already known) result behaves like a fresh one behind a gate', () => {
    // Results carry no freshness: the same verdict settles the same way, and a closed gate
    // still blocks a source whose result is already known.
    expect(stateOf(settle(gated(), { t: 'fail', s: 'pass' }), 's')).toBe('blocked');
    expect(stateOf(settle(gated(), { t: 'pass', s: 'fail' }), 's')).toBe('failure');
  });

  test('a failure of a dependency target blocks the source even if another target passed', () => {
    const graph = compile(
      doc({
        nodes: {
          root: composite(allOf('a', 'b', 's')),
          a: leaf('a'),
          b: leaf('b'),
          s: leaf('s'),
        },
        contains: [
          edge('root', 'a', { failure: 'tolerable' }),
          edge('root', 'b', { failure: 'tolerable' }),
          edge('root', 's'),
        ],
        dependsOn: [
          { source: 's', target: 'a' },
          { source: 's', target: 'b' },
        ],
      }),
    );
    expect(stateOf(settle(graph, { a: 'pass', b: 'fail' }), 's')).toBe('blocked');
    expect(stateOf(settle(graph, { a: 'inconclusive', b: 'fail' }), 's')).toBe('blocked');
    expect(stateOf(settle(graph, { a: 'pass' }), 's')).toBe('pending');
  });

  describe('on a composite', () => {
    const compositeGated = () =>
      compile(
        doc({
          nodes: {
            root: composite(allOf('t', 'c')),
            t: leaf('t'),
            c: composite(allOf('c1', 'c2')),
            c1: leaf('c1'),
            c2: leaf('c2'),
          },
          contains: [
            edge('root', 't', { failure: 'tolerable' }),
            edge('root', 'c'),
            edge('c', 'c1'),
            edge('c', 'c2'),
          ],
          dependsOn: [{ source: 'c', target: 't' }],
        }),
      );

    test('gates the composite itself only: its children still run and settle', () => {
      const statuses = settle(compositeGated(), { t: 'fail', c1: 'pass', c2: 'pass' });
      expect(statesOf(statuses)).toEqual({
        root: 'failure',
        t: 'failure',
        c: 'blocked',
        c1: 'success',
        c2: 'success',
      });
    });

    test('a composite whose own subtree failed reports failure even when also blocked', () => {
      const statuses = settle(compositeGated(), { t: 'fail', c1: 'fail', c2: 'pass' });
      expect(stateOf(statuses, 'c')).toBe('failure');
    });

    test('a composite waits for its dependency after its subtree settles', () => {
      const graph = compositeGated();
      expect(stateOf(settle(graph, { c1: 'pass', c2: 'pass' }), 'c')).toBe('pending');
      expect(stateOf(settle(graph, { t: 'pass', c1: 'pass', c2: 'pass' }), 'c')).toBe('success');
      const waiting = settle(graph, { t: 'inconclusive', c1: 'pass', c2: 'pass' });
      expect(waiting.get('c')).toMatchObject({
        state: 'needs_human',
        error: { category: 'dependency_needs_human' },
      });
    });
  });
});

describe('composite assert', () => {
  const asserted = (childPolicy: FailurePolicy = 'fatal') =>
    compile(
      doc({
        nodes: {
          root: composite(allOf('a', 'b'), {
            assert: {
              target: 'build/deck.pdf',
              verifier: { mode: 'agentic', instruction: 'Is the deck coherent?' },
            },
          }),
          a: leaf('a'),
          b: leaf('b'),
        },
        contains: [edge('root', 'a'), edge('root', 'b', { failure: childPolicy })],
      }),
    );

  test.each([
    ['pass', 'success'],
    ['fail', 'failure'],
    ['inconclusive', 'needs_human'],
  ] as const)('a successful subtree with assert %s → %s', (verdict, expected) => {
    const statuses = settle(asserted(), { a: 'pass', b: 'pass', 'root#assert': verdict });
    expect(statuses.get('root')).toMatchObject({ state: expected, subtree: 'success' });
  });

  test('a partial subtree with a passing assert stays partial', () => {
    const statuses = settle(asserted('tolerable'), { a: 'pass', b: 'fail', 'root#assert': 'pass' });
    expect(statuses.get('root')).toMatchObject({ state: 'partial', subtree: 'partial' });
  });

  test('a partial subtree with a failing assert fails', () => {
    const statuses = settle(asserted('tolerable'), { a: 'pass', b: 'fail', 'root#assert': 'fail' });
    expect(stateOf(statuses, 'root')).toBe('failure');
  });

  test('the assert waits for the subtree, and the subtree for the assert', () => {
    const graph = asserted();
    expect(stateOf(settle(graph, { a: 'pass', 'root#assert': 'pass' }), 'root')).toBe('pending');
    expect(settle(graph, { a: 'pass', b: 'pass' }).get('root')).toMatchObject({
      state: 'pending',
      subtree: 'success',
    });
    expect(stateOf(settle(graph, { a: 'pass', b: 'pass' }, ['root#assert']), 'root')).toBe(
      'running',
    );
  });

  test('a failed subtree fails whatever the assert says', () => {
    const statuses = settle(asserted(), { a: 'fail', b: 'pass', 'root#assert': 'pass' });
    expect(stateOf(statuses, 'root')).toBe('failure');
  });

  test('an inconclusive assert with no capability makes the root infeasible', () => {
    const statuses = settle(asserted(), {
      a: 'pass',
      b: 'pass',
      'root#assert': 'inconclusive:no_capability',
    });
    expect(rootOf(asserted(), statuses)).toBe('infeasible');
  });
});

describe('leaf states', () => {
  const graph = () => compile(flatDoc(['a']));
  test.each([
    ['pass', 'success'],
    ['fail', 'failure'],
    ['inconclusive', 'needs_human'],
    ['inconclusive:timeout', 'needs_human'],
    ['fail:target_missing', 'failure'],
    ['inconclusive:cancelled', 'cancelled'],
  ] as [ResultSpec, NodeState][])('%s → %s', (spec, expected) => {
    const statuses = settle(graph(), { a: spec });
    expect(stateOf(statuses, 'a')).toBe(expected);
    expect(statuses.get('a')?.error).toEqual(result(spec).error);
  });

  test('no result is pending; a started one is running', () => {
    expect(stateOf(settle(graph(), {}), 'a')).toBe('pending');
    expect(stateOf(settle(graph(), {}, ['a']), 'a')).toBe('running');
  });
});

describe('root terminal state', () => {
  test('success', () => {
    const graph = compile(flatDoc(['a']));
    expect(rootOf(graph, settle(graph, { a: 'pass' }))).toBe('success');
  });

  test('failure', () => {
    const graph = compile(flatDoc(['a']));
    expect(rootOf(graph, settle(graph, { a: 'fail' }))).toBe('failure');
  });

  test('partial_success only when the host allows partial roots; failure otherwise', () => {
    const graph = compile(flatDoc(['a', 'b'], allOf('a', 'b'), { b: { failure: 'tolerable' } }));
    const statuses = settle(graph, { a: 'pass', b: 'fail' });
    expect(stateOf(statuses, 'root')).toBe('partial');
    expect(rootOf(graph, statuses, { allowPartialRoot: true })).toBe('partial_success');
    expect(rootOf(graph, statuses, { allowPartialRoot: false })).toBe('failure');
    // A successful root is success either way.
    const clean = settle(graph, { a: 'pass', b: 'pass' });
    expect(rootOf(graph, clean, { allowPartialRoot: true })).toBe('success');
  });

  test.each([
    ['inconclusive', 'needs_human'],
    ['inconclusive:timeout', 'needs_human'],
    ['inconclusive:budget_exhausted', 'needs_human'],
    ['inconclusive:no_capability', 'infeasible'],
    ['inconclusive:malformed_output', 'needs_replan'],
    ['inconclusive:script_missing', 'needs_replan'],
  ] as [ResultSpec, string][])('a root waiting for a leaf that is %s → %s', (spec, expected) => {
    const graph = compile(flatDoc(['a', 'b']));
    expect(rootOf(graph, settle(graph, { a: 'pass', b: spec }))).toBe(expected);
  });

  test('no_capability wins over malformed_output, which wins over a plain inconclusive', () => {
    const graph = compile(flatDoc(['a', 'b', 'c']));
    const mixed = (b: ResultSpec, c: ResultSpec) =>
      rootOf(graph, settle(graph, { a: 'inconclusive', b, c }));
    expect(mixed('inconclusive:malformed_output', 'inconclusive:no_capability')).toBe('infeasible');
    expect(mixed('inconclusive:malformed_output', 'inconclusive:timeout')).toBe('needs_replan');
  });

  test('no_capability deep in the graph, reached through a dependency, is infeasible', () => {
    const graph = compile(
      doc({
        nodes: {
          root: composite(allOf('mid', 'model')),
          mid: composite(ref('s')),
          s: leaf('s'),
          model: leaf('model'),
        },
        contains: [
          edge('root', 'mid'),
          edge('root', 'model', { required: false, failure: 'tolerable' }),
          edge('mid', 's'),
        ],
        dependsOn: [{ source: 's', target: 'model' }],
      }),
    );
    const statuses = settle(graph, { model: 'inconclusive:no_capability' });
    expect(statesOf(statuses)).toMatchObject({ s: 'needs_human', mid: 'needs_human' });
    expect(rootOf(graph, statuses)).toBe('infeasible');
  });

  test('no_capability on a node the root no longer waits for does not make it infeasible', () => {
    // any[x, r, n]: x passed, so the expression is true; r is required and inconclusive;
    // n is not required: its value cannot matter any more.
    const graph = compile(
      flatDoc(['x', 'r', 'n'], any(ref('x'), ref('r'), ref('n')), { n: { required: false } }),
    );
    const statuses = settle(graph, {
      x: 'pass',
      r: 'inconclusive:timeout',
      n: 'inconclusive:no_capability',
    });
    expect(stateOf(statuses, 'root')).toBe('needs_human');
    expect(rootOf(graph, statuses)).toBe('needs_human');
    // Once r passes, the root settles without n.
    const done = settle(graph, { x: 'pass', r: 'pass', n: 'inconclusive:no_capability' });
    expect(rootOf(graph, done)).toBe('success');
  });

  test('a stand-in that needs a human is what a degraded root waits for', () => {
    const graph = compile(
      doc({
        nodes: { root: composite(allOf('c', 's')), c: leaf('c'), s: leaf('s') },
        contains: [
          edge('root', 'c', { failure: 'degrade', degradeTo: 's' }),
          edge('root', 's', { required: false, failure: 'tolerable' }),
        ],
      }),
    );
    const statuses = settle(graph, { c: 'fail', s: 'inconclusive:no_capability' });
    expect(stateOf(statuses, 'root')).toBe('needs_human');
    expect(rootOf(graph, statuses)).toBe('infeasible');
  });

  test('cancelled: a cancelled verification the root waits for cancels the root', () => {
    const graph = compile(flatDoc(['a', 'b']));
    const statuses = settle(graph, { a: 'pass', b: 'inconclusive:cancelled' });
    expect(stateOf(statuses, 'root')).toBe('cancelled');
    expect(rootOf(graph, statuses)).toBe('cancelled');
  });

  test('cancelled: a run cancelled before the root settled', () => {
    const graph = compile(flatDoc(['a', 'b']));
    const statuses = settle(graph, { a: 'pass' }, ['b']);
    expect(rootOf(graph, statuses, { cancelled: true })).toBe('cancelled');
    expect(() => rootOf(graph, statuses)).toThrow(/still running/);
  });

  test('a settled failure is a failure even if the run was cancelled afterwards', () => {
    const graph = compile(flatDoc(['a', 'b']));
    const statuses = settle(graph, { a: 'fail' }, ['b']);
    expect(rootOf(graph, statuses, { cancelled: true })).toBe('failure');
  });
});

describe('propagate (incremental) agrees with settleAll', () => {
  function sharedGraph(): CompiledGraph {
    return compile(
      doc({
        nodes: {
          root: composite(all(ref('ui'), atLeast(1, ref('docs'), ref('lint')), ref('pkg')), {
            assert: {
              target: 'dist',
              verifier: { mode: 'programmatic', script: 'dir.non_empty' },
            },
          }),
          ui: composite(any(ref('shot'), ref('shot-lowres'))),
          docs: composite(allOf('readme', 'shot')),
          shot: leaf('shot.png'),
          'shot-lowres': leaf('shot-low.png'),
          readme: leaf('README.md'),
          lint: leaf('src'),
          pkg: leaf('package.json'),
        },
        contains: [
          edge('root', 'ui'),
          edge('root', 'docs', { required: false }),
          edge('root', 'lint', { required: false, failure: 'tolerable' }),
          edge('root', 'pkg', { failure: 'degrade', degradeTo: 'lint' }),
          edge('ui', 'shot', { failure: 'degrade', degradeTo: 'shot-lowres' }),
          edge('ui', 'shot-lowres', { required: false }),
          edge('docs', 'readme', { failure: 'tolerable' }),
          edge('docs', 'shot'),
        ],
        dependsOn: [
          { source: 'shot', target: 'pkg' },
          { source: 'readme', target: 'lint' },
        ],
      }),
    );
  }

  type Step = { start: string } | { settle: string; spec: ResultSpec };
  const sequences: [string, Step[]][] = [
    [
      'mostly passing',
      [
        { start: 'pkg' },
        { start: 'lint' },
        { settle: 'lint', spec: 'pass' },
        { settle: 'pkg', spec: 'fail' },
        { start: 'shot' },
        { settle: 'readme', spec: 'inconclusive' },
        { settle: 'shot', spec: 'pass' },
        { settle: 'shot-lowres', spec: 'fail' },
        { start: 'root#assert' },
        { settle: 'readme', spec: 'pass' },
        { settle: 'root#assert', spec: 'pass' },
      ],
    ],
    [
      'failures and people',
      [
        { settle: 'shot-lowres', spec: 'inconclusive:no_capability' },
        { settle: 'pkg', spec: 'pass' },
        { settle: 'shot', spec: 'fail' },
        { settle: 'lint', spec: 'fail' },
        { settle: 'readme', spec: 'pass' },
        { settle: 'shot-lowres', spec: 'pass' },
        { settle: 'root#assert', spec: 'inconclusive:malformed_output' },
      ],
    ],
  ];

  test.each(sequences)('after every step of a sequence (%s)', (_name, steps) => {
    const graph = sharedGraph();
    const results = new Map<string, ReturnType<typeof result>>();
    const running = new Set<string>();
    const input: SettleInput = { results, running };
    const statuses = settleAll(graph, input);
    const seen = new Set<string>();
    for (const step of steps) {
      const key = 'start' in step ? step.start : step.settle;
      if ('start' in step) running.add(key);
      else {
        running.delete(key);
        results.set(key, result(step.spec));
      }
      propagate(graph, input, statuses, [key.replace(/#assert$/, '')]);
      expect(statuses).toEqual(settleAll(graph, input));
      for (const status of statuses.values()) seen.add(status.state);
    }
    // The sequence really moved the graph through several states.
    expect(seen.size).toBeGreaterThanOrEqual(4);
  });

  test('reports exactly the nodes whose status changed', () => {
    const graph = sharedGraph();
    const results = resultsOf({});
    const input: SettleInput = { results, running: new Set() };
    const statuses = settleAll(graph, input);
    const before = new Map(statuses);
    results.set('lint', result('fail'));
    const changed = propagate(graph, input, statuses, ['lint']);
    const differs = [...statuses.keys()].filter(
      (id) => JSON.stringify(statuses.get(id)) !== JSON.stringify(before.get(id)),
    );
    expect(changed.sort()).toEqual(differs.sort());
    expect(changed).toEqual(expect.arrayContaining(['lint', 'readme']));
    expect(changed).not.toContain('shot');
    expect(stateOf(statuses, 'readme')).toBe('blocked');
    expect(propagate(graph, input, statuses, ['lint'])).toEqual([]);
  });

  test('propagating every node from nothing equals settleAll', () => {
    const graph = sharedGraph();
    const input: SettleInput = {
      results: resultsOf({ pkg: 'pass', lint: 'pass', shot: 'fail', 'shot-lowres': 'pass' }),
      running: new Set(['readme']),
    };
    const statuses = new Map<string, NodeStatus>();
    propagate(graph, input, statuses, graph.order);
    expect(statuses).toEqual(settleAll(graph, input));
  });
});
