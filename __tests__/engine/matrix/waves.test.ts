// Wave layering for the Action front: dependency gates, inheritance and closed gates, and
// selections that do not match the graph.
import { planWaves } from '../../../src/engine/matrix/waves.js';
import { agenticLeaf, allOf, compile, composite, doc, edge } from '../../core/fixtures.js';
import { flatGraph, plan, selectionsFor, waves } from './helpers.js';

describe('dependency gates', () => {
  test('a chain a → b → c takes three waves, targets first', () => {
    const result = plan(
      flatGraph(
        ['a', 'b', 'c'],
        [
          ['a', 'b'],
          ['b', 'c'],
        ],
      ),
    );
    expect(waves(result)).toEqual([['c'], ['b'], ['a']]);
    expect(result.waves.map((wave) => wave.index)).toEqual([1, 2, 3]);
    expect(result.inPlan).toEqual([]);
    expect(result.neverStarted).toEqual([]);
  });

  test('a diamond takes three waves with both middle goals together', () => {
    const deps: [string, string][] = [
      ['a', 'b'],
      ['a', 'c'],
      ['b', 'd'],
      ['c', 'd'],
    ];
    expect(waves(plan(flatGraph(['a', 'b', 'c', 'd'], deps)))).toEqual([['d'], ['b', 'c'], ['a']]);
  });

  test('an uneven diamond places each goal right after its latest target', () => {
    // a needs b (after c after d) and e (no needs): a goes after b, e goes first.
    const deps: [string, string][] = [
      ['a', 'b'],
      ['a', 'e'],
      ['b', 'c'],
      ['c', 'd'],
    ];
    const result = plan(flatGraph(['a', 'b', 'c', 'd', 'e'], deps));
    expect(waves(result)).toEqual([['d', 'e'], ['c'], ['b'], ['a']]);
    expect(Object.fromEntries(result.waveOf)).toEqual({ a: 4, b: 3, c: 2, d: 1, e: 1 });
  });

  test('independent goals share one wave', () => {
    expect(waves(plan(flatGraph(['e', 'a', 'd', 'b', 'c'])))).toEqual([['a', 'b', 'c', 'd', 'e']]);
  });

  test('a goal that depends on a composite waits for its whole subtree', () => {
    const graph = compile(
      doc({
        nodes: {
          root: composite(allOf('group', 's', 'z')),
          group: composite(allOf('x', 'y')),
          x: agenticLeaf('t/x'),
          y: agenticLeaf('t/y'),
          z: agenticLeaf('t/z'),
          s: agenticLeaf('t/s'),
        },
        contains: [
          edge('root', 'group'),
          edge('root', 's'),
          edge('root', 'z'),
          edge('group', 'x'),
          edge('group', 'y'),
        ],
        dependsOn: [
          { source: 's', target: 'group' },
          { source: 'y', target: 'z' },
        ],
      }),
    );
    // s needs x, y and (through y's gate) z.
    expect(waves(plan(graph))).toEqual([['x', 'z'], ['y'], ['s']]);
  });
});

describe('inheritance and known results', () => {
  test('inherited dependency targets do not add waves', () => {
    const graph = flatGraph(
      ['a', 'b', 'c'],
      [
        ['a', 'b'],
        ['b', 'c'],
      ],
    );
    const result = plan(graph, { b: 'inherit:pass', c: 'inherit:pass' });
    expect(waves(result)).toEqual([['a']]);
    expect(result.neverStarted).toEqual([]);
  });

  test('an inherited target still waits for what its own gate needs', () => {
    const graph = flatGraph(
      ['a', 'b', 'c'],
      [
        ['a', 'b'],
        ['b', 'c'],
      ],
    );
    expect(waves(plan(graph, { b: 'inherit:pass' }))).toEqual([['c'], ['a']]);
  });

  test('a failed inherited target puts its dependents, direct and transitive, in neverStarted', () => {
    const graph = flatGraph(
      ['a', 'b', 'c', 'u'],
      [
        ['a', 'b'],
        ['b', 'c'],
      ],
    );
    const result = plan(graph, { c: 'inherit:fail' });
    expect(waves(result)).toEqual([['u']]);
    expect(result.neverStarted).toEqual([
      { key: 'a', state: 'blocked', reason: 'blocked: dependency "b" ended blocked' },
      { key: 'b', state: 'blocked', reason: 'blocked: dependency "c" ended failure' },
    ]);
    expect(result.waveOf.has('a')).toBe(false);
  });

  test('a capture failure closes the gate like a failure', () => {
    const result = plan(flatGraph(['a', 'b'], [['a', 'b']]), { b: 'settled:fail' });
    expect(result.waves).toEqual([]);
    expect(result.neverStarted).toEqual([
      { key: 'a', state: 'blocked', reason: 'blocked: dependency "b" ended failure' },
    ]);
  });

  test('a target that already needs a person leaves its source needs_human, never started', () => {
    const result = plan(flatGraph(['a', 'b', 'c'], [['a', 'b']]), { b: 'settled:inconclusive' });
    expect(waves(result)).toEqual([['c']]);
    expect(result.neverStarted).toEqual([
      {
        key: 'a',
        state: 'needs_human',
        reason: 'dependency "b" needs a person before this goal can be verified',
      },
    ]);
  });

  test('only verify items are planned: inherited and settled ones appear nowhere', () => {
    const graph = flatGraph(['a', 'b', 'c', 'd']);
    const result = plan(graph, { a: 'inherit:pass', b: 'inherit:fail', c: 'settled:fail' });
    expect(waves(result)).toEqual([['d']]);
    expect(result.neverStarted).toEqual([]);
    expect([...result.waveOf.keys()]).toEqual(['d']);
  });
});

describe('selections must match the graph', () => {
  test('a work item without a selection is an error', () => {
    const graph = flatGraph(['a', 'b']);
    const selections = selectionsFor(graph);
    selections.delete('b');
    expect(() => planWaves(graph, selections)).toThrow('no selection for work item "b"');
  });

  test("a selection stored under another item's key is an error", () => {
    const graph = flatGraph(['a', 'b']);
    const selections = selectionsFor(graph);
    selections.set('b', selections.get('a')!);
    expect(() => planWaves(graph, selections)).toThrow('the selection stored under "b" is for "a"');
  });

  test('a selection for an unknown key is an error', () => {
    const graph = flatGraph(['a']);
    const selections = selectionsFor(graph);
    selections.set('ghost', selections.get('a')!);
    expect(() => planWaves(graph, selections)).toThrow('"ghost" is not a work item of the graph');
  });
});
