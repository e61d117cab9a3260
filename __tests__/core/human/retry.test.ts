// `--retry GOAL|failed|needs-human` resolved to work keys of the current graph.
import { UserError } from '../../../src/core/errors.js';
import { retryKeys } from '../../../src/core/human/retry.js';
import { compile, composite, doc, edge, leaf, allOf } from '../fixtures.js';
import { reportWith } from './reportFixture.js';

const graph = compile(
  doc({
    nodes: {
      root: composite(allOf('a', 'b', 'c', 'box', 'plain')),
      a: leaf('t/a'),
      b: leaf('t/b'),
      c: leaf('t/c'),
      box: composite(allOf('d'), {
        assert: { target: 't/box', verifier: { mode: 'programmatic', script: 'file.exists' } },
      }),
      plain: composite(allOf('e')),
      d: leaf('t/d'),
      e: leaf('t/e'),
    },
    contains: ['a', 'b', 'c', 'box', 'plain']
      .map((id) => edge('root', id))
      .concat([edge('box', 'd'), edge('plain', 'e')]),
  }),
);

const last = reportWith({
  a: { state: 'failure', verdict: 'fail' },
  b: { state: 'needs_human', verdict: 'inconclusive' },
  c: { state: 'needs_human', error: { category: 'dependency_needs_human', message: 'waits' } },
  gone: { state: 'failure', verdict: 'fail' },
  box: { kind: 'composite', state: 'failure', assert: { state: 'failure', inherited: false } },
});

describe('retryKeys', () => {
  test('goal ids, a composite by its assert, and the groups from the last report', () => {
    expect([...retryKeys(['b', 'box'], graph, last)]).toEqual(['b', 'box#assert']);
    expect([...retryKeys(['failed'], graph, last)]).toEqual(['a', 'box#assert']);
    expect([...retryKeys(['needs-human'], graph, last)]).toEqual(['b']);
  });

  test.each([
    [['nope'], /no goal "nope"/],
    [['plain'], /composite without an assert/],
    [['bb'], /did you mean "b"/],
  ])('%j is refused', (requests, message) => {
    expect(() => retryKeys(requests, graph, last)).toThrow(UserError);
    expect(() => retryKeys(requests, graph, last)).toThrow(message);
  });

  test('a group needs an earlier run', () => {
    expect(() => retryKeys(['failed'], graph, undefined)).toThrow(/needs an earlier run/);
  });
});
