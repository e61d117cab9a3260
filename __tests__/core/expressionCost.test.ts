// Checking a completion expression costs time linear in its size: a deep or oversized
// expression fails fast with the compiler's message, and a deep valid one compiles quickly.
import { performance } from 'node:perf_hooks';
import type { Expression } from '../../src/core/types.js';
import { validateAgainst } from '../../src/schemas/validate.js';
import { DEFAULT_COMPILE_LIMITS } from '../../src/core/graph/compile.js';
import { composite, doc, edge, leaf, problemsOf, ref } from './fixtures.js';

/** `depth` levels: alternating all/any around one ref (depth 1 is the ref itself). */
function nested(depth: number): Expression {
  let expression: Expression = ref('a');
  for (let level = 1; level < depth; level += 1) {
    expression = { op: level % 2 === 1 ? 'all' : 'any', items: [expression] };
  }
  return expression;
}

function deepDoc(depth: number): Record<string, unknown> {
  return doc({
    nodes: { root: composite(nested(depth)), a: leaf('a.txt') },
    contains: [edge('root', 'a')],
  });
}

function timed<T>(work: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = work();
  return { value, ms: performance.now() - started };
}

// Exponential checking took about 2 s at depth 24 and doubles per level: depth 40 would take
// days. Linear checking takes milliseconds; the bound leaves room for a loaded machine.
const FAST_MS = 1500;

describe('the cost of checking completion expressions', () => {
  test('a valid expression nested 40 deep compiles in linear time', () => {
    const { value, ms } = timed(() => problemsOf(deepDoc(40)));
    expect(value).toEqual([]);
    expect(ms).toBeLessThan(FAST_MS);
  });

  test('an expression deeper than limits.maxExpressionDepth fails fast with the precise error', () => {
    const limits = { ...DEFAULT_COMPILE_LIMITS, expression: { maxDepth: 16, maxNodes: 512 } };
    const { value, ms } = timed(() => problemsOf(deepDoc(40), limits));
    expect(value).toEqual([
      {
        pointer: `/nodes/root/completion${'/items/0'.repeat(16)}`,
        subject: 'root',
        message: 'expression is nested deeper than 16 (limits.maxExpressionDepth)',
      },
    ]);
    expect(ms).toBeLessThan(FAST_MS);
  });

  test('an expression with more nodes than limits.maxExpressionNodes fails fast', () => {
    const limits = { ...DEFAULT_COMPILE_LIMITS, expression: { maxDepth: 64, maxNodes: 30 } };
    const { value, ms } = timed(() => problemsOf(deepDoc(40), limits));
    expect(value).toEqual([
      {
        pointer: '/nodes/root/completion',
        subject: 'root',
        message: 'expression has 40 nodes, more than the limit of 30 (limits.maxExpressionNodes)',
      },
    ]);
    expect(ms).toBeLessThan(FAST_MS);
  });

  test('the graph schema alone checks a deep expression in linear time and still locates mistakes', () => {
    const document = deepDoc(40) as { nodes: { root: { completion: Expression } } };
    let innermost = document.nodes.root.completion as { items?: unknown[] };
    for (let level = 0; level < 30; level += 1)
      innermost = innermost.items?.[0] as typeof innermost;
    Object.assign(innermost, { extra: true });
    const { value, ms } = timed(() => validateAgainst('graph', document));
    expect(ms).toBeLessThan(FAST_MS);
    expect(value.ok).toBe(false);
    if (!value.ok) {
      expect(value.problems).toEqual([
        {
          pointer: `/nodes/root/completion${'/items/0'.repeat(30)}`,
          message: 'unknown field "extra" (remove it or check its spelling)',
        },
      ]);
    }
  });
});
