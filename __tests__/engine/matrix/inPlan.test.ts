// Programmatic verifications run in the plan job before any matrix wave, in gate order.
import { agenticLeaf, allOf, compile, composite, doc, edge, leaf } from '../../core/fixtures.js';
import { asserted, flatGraph, plan, waves } from './helpers.js';

describe('programmatic verifications in the plan job', () => {
  // omega ← alpha (programmatic chain), agent ← alpha, late ← agent (programmatic), solo.
  const mixed = () =>
    flatGraph(
      ['alpha', 'omega', 'agent', 'late', 'solo'],
      [
        ['alpha', 'omega'],
        ['agent', 'alpha'],
        ['late', 'agent'],
      ],
      { alpha: 'programmatic', omega: 'programmatic', late: 'programmatic', solo: 'programmatic' },
    );

  test('programmatic items whose needs are known run in the plan job, in gate order', () => {
    const result = plan(mixed(), {}, true);
    expect(result.inPlan).toEqual(['omega', 'solo', 'alpha']);
    expect(waves(result)).toEqual([['agent'], ['late']]);
    expect(result.waveOf.get('alpha')).toBe(0);
  });

  test('without the option every item goes to a matrix wave', () => {
    const result = plan(mixed());
    expect(result.inPlan).toEqual([]);
    expect(waves(result)).toEqual([['omega', 'solo'], ['alpha'], ['agent'], ['late']]);
  });

  test('a programmatic assert joins the plan job after its programmatic subtree', () => {
    const graph = compile(
      doc({
        nodes: {
          root: composite(allOf('b', 'a'), asserted('programmatic')),
          a: leaf('t/a'),
          b: leaf('t/b'),
        },
        contains: [edge('root', 'a'), edge('root', 'b')],
        dependsOn: [{ source: 'a', target: 'b' }],
      }),
    );
    const result = plan(graph, {}, true);
    expect(result.inPlan).toEqual(['b', 'a', 'root#assert']);
    expect(result.waves).toEqual([]);
  });

  test('a programmatic assert over an agentic subtree waits for its wave', () => {
    const graph = compile(
      doc({
        nodes: {
          root: composite(allOf('a', 'p'), asserted('programmatic')),
          a: agenticLeaf('t/a'),
          p: leaf('t/p'),
        },
        contains: [edge('root', 'a'), edge('root', 'p')],
      }),
    );
    const result = plan(graph, {}, true);
    expect(result.inPlan).toEqual(['p']);
    expect(waves(result)).toEqual([['a'], ['root#assert']]);
  });

  test('an in-plan candidate with a closed gate is still never started', () => {
    const result = plan(mixed(), { omega: 'inherit:fail' }, true);
    expect(result.inPlan).toEqual(['solo']);
    expect(result.waves).toEqual([]);
    expect(result.neverStarted.map((entry) => entry.key)).toEqual(['agent', 'alpha', 'late']);
  });
});
