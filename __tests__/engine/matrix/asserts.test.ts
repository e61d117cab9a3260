// Wave layering of composite asserts: after their subtree, nested ones first, and what an
// already decided node no longer holds back.
import { agenticLeaf, allOf, compile, composite, doc, edge } from '../../core/fixtures.js';
import { asserted, plan, waves } from './helpers.js';

describe('composite asserts', () => {
  test('an assert runs after every work item of its subtree', () => {
    const graph = compile(
      doc({
        nodes: { root: composite(allOf('a', 'b'), asserted()), a: agenticLeaf(), b: agenticLeaf() },
        contains: [edge('root', 'a'), edge('root', 'b')],
        dependsOn: [{ source: 'b', target: 'a' }],
      }),
    );
    expect(waves(plan(graph))).toEqual([['a'], ['b'], ['root#assert']]);
  });

  const nested = () =>
    compile(
      doc({
        nodes: {
          root: composite(allOf('mid', 's', 'z'), asserted()),
          mid: composite(allOf('x', 'y'), asserted()),
          x: agenticLeaf('t/x'),
          y: agenticLeaf('t/y'),
          z: agenticLeaf('t/z'),
          s: agenticLeaf('t/s'),
        },
        contains: [
          edge('root', 'mid'),
          edge('root', 's'),
          edge('root', 'z'),
          edge('mid', 'x'),
          edge('mid', 'y'),
        ],
        dependsOn: [{ source: 's', target: 'mid' }],
      }),
    );

  test('a nested composite asserts first; its dependents and the outer assert follow', () => {
    expect(waves(plan(nested()))).toEqual([
      ['x', 'y', 'z'],
      ['mid#assert'],
      ['s'],
      ['root#assert'],
    ]);
  });

  test('an assert whose subtree is inherited runs in the first wave', () => {
    const result = plan(nested(), { x: 'inherit:pass', y: 'inherit:pass' });
    expect(waves(result)).toEqual([['mid#assert', 'z'], ['s'], ['root#assert']]);
  });

  test('an assert whose subtree already failed never starts, and neither do its dependents', () => {
    const result = plan(nested(), { x: 'inherit:fail' });
    expect(waves(result)).toEqual([['y', 'z']]);
    expect(result.neverStarted).toEqual([
      {
        key: 'mid#assert',
        state: 'failure',
        reason:
          'an assert runs only after its subtree settles success or partial, and "mid" is already failure (required child "x" failed fatally)',
      },
      {
        key: 'root#assert',
        state: 'failure',
        reason:
          'an assert runs only after its subtree settles success or partial, and "root" is already failure (required child "mid" failed fatally)',
      },
      { key: 's', state: 'blocked', reason: 'blocked: dependency "mid" ended failure' },
    ]);
  });
});

describe('nodes already decided at plan time', () => {
  test('a composite that already failed still holds back the assert of its parent until its nodes ran', () => {
    // group fails now (f inherited a fatal failure) and root tolerates it; root's assert
    // still starts only after every node of its subtree settled, x and y included.
    const graph = compile(
      doc({
        nodes: {
          root: composite(allOf('group'), asserted()),
          group: composite(allOf('f', 'x', 'y')),
          f: agenticLeaf('t/f'),
          x: agenticLeaf('t/x'),
          y: agenticLeaf('t/y'),
        },
        contains: [
          edge('root', 'group', { failure: 'tolerable' }),
          edge('group', 'f'),
          edge('group', 'x'),
          edge('group', 'y'),
        ],
        dependsOn: [{ source: 'x', target: 'y' }],
      }),
    );
    const result = plan(graph, { f: 'inherit:fail' });
    expect(waves(result)).toEqual([['y'], ['x'], ['root#assert']]);
    expect(result.neverStarted).toEqual([]);
  });
});
