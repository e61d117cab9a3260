// Completion expressions in Kleene three-valued logic (DESIGN §3, step 1).
import fc from 'fast-check';
import { DEFAULT_COMPILE_LIMITS } from '../../src/core/graph/compile.js';
import { checkExpression, evaluate, type Tri } from '../../src/core/expression.js';
import type { Expression } from '../../src/core/types.js';
import { all, any, atLeast, not, ref } from './fixtures.js';

const T = true;
const F = false;
const U = 'unknown';
const TRI: readonly Tri[] = [T, F, U];

const SEED = Number(process.env.DOG_PROPERTY_SEED ?? 20240917);

function lookupFrom(values: Record<string, Tri>): (id: string) => Tri {
  return (id) => {
    const value = values[id];
    if (value === undefined) throw new Error(`no value for ${id}`);
    return value;
  };
}

/** Evaluates `op` over items whose values are given positionally (ids i0, i1, ...). */
function over(op: (...items: Expression[]) => Expression, values: readonly Tri[]): Tri {
  const ids = values.map((_, i) => `i${i}`);
  const lookup = lookupFrom(Object.fromEntries(ids.map((id, i) => [id, values[i] as Tri])));
  return evaluate(op(...ids.map(ref)), lookup);
}

function refsOf(expression: Expression): string[] {
  switch (expression.op) {
    case 'ref':
      return [expression.id];
    case 'not':
      return refsOf(expression.item);
    default:
      return expression.items.flatMap(refsOf);
  }
}

/** Two-valued evaluation: the oracle the three-valued one must agree with. */
function evaluate2(expression: Expression, values: Record<string, boolean>): boolean {
  switch (expression.op) {
    case 'ref':
      return values[expression.id] as boolean;
    case 'not':
      return !evaluate2(expression.item, values);
    case 'all':
      return expression.items.every((item) => evaluate2(item, values));
    case 'any':
      return expression.items.some((item) => evaluate2(item, values));
    case 'atLeast':
      return expression.items.filter((item) => evaluate2(item, values)).length >= expression.count;
  }
}

/** What every two-valued completion of the unknowns agrees on, else 'unknown'. */
function supervaluation(expression: Expression, values: Record<string, Tri>): Tri {
  const unknowns = Object.keys(values).filter((id) => values[id] === U);
  const outcomes = new Set<boolean>();
  for (let mask = 0; mask < 1 << unknowns.length; mask++) {
    const completion: Record<string, boolean> = {};
    for (const [id, value] of Object.entries(values)) completion[id] = value === T;
    unknowns.forEach((id, bit) => (completion[id] = (mask & (1 << bit)) !== 0));
    outcomes.add(evaluate2(expression, completion));
  }
  return outcomes.size === 2 ? U : (outcomes.values().next().value as boolean);
}

describe('ref and not', () => {
  test.each(TRI)('ref is the child value (%p)', (value) => {
    expect(evaluate(ref('a'), lookupFrom({ a: value }))).toBe(value);
  });

  test.each([
    [T, F],
    [F, T],
    [U, U],
  ] as const)('not %p is %p', (value, expected) => {
    expect(evaluate(not(ref('a')), lookupFrom({ a: value }))).toBe(expected);
    expect(evaluate(not(not(ref('a'))), lookupFrom({ a: value }))).toBe(value);
  });
});

describe('truth tables over two items', () => {
  // [left, right, all, any]
  const table: [Tri, Tri, Tri, Tri][] = [
    [T, T, T, T],
    [T, F, F, T],
    [T, U, U, T],
    [F, T, F, T],
    [F, F, F, F],
    [F, U, F, U],
    [U, T, U, T],
    [U, F, F, U],
    [U, U, U, U],
  ];

  test.each(table)('all[%p, %p] is %p', (left, right, expected) => {
    expect(over(all, [left, right])).toBe(expected);
  });

  test.each(table)('any[%p, %p] is …, %p', (left, right, _all, expected) => {
    expect(over(any, [left, right])).toBe(expected);
  });

  test.each(table)('atLeast 2 of [%p, %p] is all, atLeast 1 is any', (left, right, a, o) => {
    expect(over((...items) => atLeast(2, ...items), [left, right])).toBe(a);
    expect(over((...items) => atLeast(1, ...items), [left, right])).toBe(o);
  });
});

describe('named cases of DESIGN §3', () => {
  test('any of true and unknown is true', () => {
    expect(over(any, [T, U])).toBe(T);
  });
  test('all of true and unknown is unknown', () => {
    expect(over(all, [T, U])).toBe(U);
  });
  test('all of false and unknown is false', () => {
    expect(over(all, [U, F])).toBe(F);
  });
  test('any of false and unknown is unknown', () => {
    expect(over(any, [F, U])).toBe(U);
  });
  test('a single unknown among many decides nothing on its own', () => {
    expect(over(all, [T, T, T, U])).toBe(U);
    expect(over(any, [F, F, F, U])).toBe(U);
  });
});

describe('atLeast is decided as soon as the known items decide it', () => {
  test.each<[number, Tri[], Tri, string]>([
    [2, [T, T, U], T, 'two trues already reach the count'],
    [2, [T, U, U], U, 'one true, two unknowns: could go either way'],
    [2, [F, F, U], F, 'two falses leave too few items to reach the count'],
    [2, [T, F, U], U, 'the unknown decides'],
    [3, [T, T, U], U, 'needs every item'],
    [3, [T, T, F], F, 'one false is enough to fail a full count'],
    [1, [U, U, T], T, 'one true is enough for count 1'],
    [1, [F, F, F], F, 'no true at all'],
    [3, [T, T, T], T, 'every item true'],
    [2, [U, U, U], U, 'nothing known'],
  ])('atLeast %i of %p is %p (%s)', (count, values, expected) => {
    expect(over((...items) => atLeast(count, ...items), values)).toBe(expected);
  });

  test('exhaustively over three items and every count, it agrees with all completions', () => {
    for (const a of TRI)
      for (const b of TRI)
        for (const c of TRI)
          for (const count of [1, 2, 3]) {
            const expression = atLeast(count, ref('a'), ref('b'), ref('c'));
            const values = { a, b, c };
            expect([count, values, evaluate(expression, lookupFrom(values))]).toEqual([
              count,
              values,
              supervaluation(expression, values),
            ]);
          }
  });
});

describe('nested expressions', () => {
  const expression = all(any(ref('a'), not(ref('b'))), atLeast(2, ref('c'), ref('d'), ref('e')));

  test.each([
    [{ a: T, b: U, c: T, d: T, e: U }, T],
    [{ a: U, b: F, c: T, d: U, e: T }, T],
    [{ a: U, b: U, c: T, d: T, e: T }, U],
    [{ a: F, b: T, c: U, d: U, e: U }, F],
    [{ a: T, b: T, c: F, d: F, e: U }, F],
    [{ a: T, b: U, c: T, d: F, e: U }, U],
  ] as const)('all[any[a, not b], atLeast 2 of [c, d, e]] with %p is %p', (values, expected) => {
    expect(evaluate(expression, lookupFrom(values))).toBe(expected);
  });

  test('not over a compound expression flips its decided value only', () => {
    const inner = any(ref('a'), ref('b'));
    expect(evaluate(not(inner), lookupFrom({ a: T, b: U }))).toBe(F);
    expect(evaluate(not(inner), lookupFrom({ a: F, b: U }))).toBe(U);
    expect(evaluate(not(inner), lookupFrom({ a: F, b: F }))).toBe(T);
  });

  test('the logic is Kleene, not exhaustive search: any[a, not a] with a unknown is unknown', () => {
    expect(evaluate(any(ref('a'), not(ref('a'))), lookupFrom({ a: U }))).toBe(U);
  });
});

describe('properties', () => {
  const IDS = ['a', 'b', 'c', 'd', 'e'] as const;

  /** Expressions over IDS, each id used at most once when `readOnce`. */
  function expressionArbitrary(readOnce: boolean): fc.Arbitrary<Expression> {
    const { expr } = fc.letrec<{ expr: Expression }>((tie) => ({
      expr: fc.oneof(
        { maxDepth: 4, depthIdentifier: 'expr' },
        fc.constantFrom(...IDS).map(ref),
        tie('expr').map(not),
        fc.array(tie('expr'), { minLength: 1, maxLength: 4 }).map((items) => all(...items)),
        fc.array(tie('expr'), { minLength: 1, maxLength: 4 }).map((items) => any(...items)),
        fc
          .array(tie('expr'), { minLength: 1, maxLength: 4 })
          .chain((items) =>
            fc.integer({ min: 1, max: items.length }).map((count) => atLeast(count, ...items)),
          ),
      ),
    }));
    if (!readOnce) return expr;
    return expr.filter((expression) => {
      const refs = refsOf(expression);
      return new Set(refs).size === refs.length;
    });
  }

  const valuesArbitrary = fc.record(
    Object.fromEntries(IDS.map((id) => [id, fc.constantFrom<Tri>(T, F, U)])) as Record<
      (typeof IDS)[number],
      fc.Arbitrary<Tri>
    >,
  );

  test(`a decided value holds for every completion of the unknowns (seed ${SEED})`, () => {
    fc.assert(
      fc.property(expressionArbitrary(false), valuesArbitrary, (expression, values) => {
        const value = evaluate(expression, lookupFrom(values));
        if (value !== U) expect(supervaluation(expression, values)).toBe(value);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  test(`when each child is named once, unknown means the unknowns decide (seed ${SEED})`, () => {
    fc.assert(
      fc.property(expressionArbitrary(true), valuesArbitrary, (expression, values) => {
        expect(evaluate(expression, lookupFrom(values))).toBe(supervaluation(expression, values));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  test(`learning a value never undoes a decision (seed ${SEED})`, () => {
    fc.assert(
      fc.property(
        expressionArbitrary(false),
        valuesArbitrary,
        fc.constantFrom(...IDS),
        fc.boolean(),
        (expression, values, id, learned) => {
          const before = evaluate(expression, lookupFrom(values));
          if (values[id] !== U || before === U) return;
          const after = evaluate(expression, lookupFrom({ ...values, [id]: learned }));
          expect(after).toBe(before);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});

describe('checking an expression', () => {
  const limits = DEFAULT_COMPILE_LIMITS.expression;
  const children = new Set(['a', 'b', 'c']);

  test('a valid expression has no problems and reports the ids it names', () => {
    const result = checkExpression(
      all(ref('a'), not(ref('b')), atLeast(1, ref('a'), ref('c'))),
      '/nodes/p/completion',
      'p',
      children,
      limits,
    );
    expect(result.problems).toEqual([]);
    expect([...result.refs].sort()).toEqual(['a', 'b', 'c']);
  });

  test('every problem is found in one pass, each at its own pointer', () => {
    const value = {
      op: 'all',
      items: [
        { op: 'ref', id: 'z' },
        { op: 'not' },
        { op: 'atLeast', count: 5, items: [ref('a')] },
        { op: 'xor', items: [] },
        { op: 'any', items: [], extra: true },
      ],
    };
    const { problems } = checkExpression(value, '/c', 'p', children, limits);
    expect(problems.map((p) => p.pointer)).toEqual([
      '/c/items/0/id',
      '/c/items/1',
      '/c/items/2/count',
      '/c/items/3/op',
      '/c/items/4/extra',
      '/c/items/4/items',
    ]);
    expect(problems.every((p) => p.subject === 'p')).toBe(true);
  });

  test('pointer segments are escaped', () => {
    const { problems } = checkExpression(
      { op: 'ref', id: 'a', 'x/y~z': 1 },
      '/c',
      'p',
      children,
      limits,
    );
    expect(problems.map((p) => p.pointer)).toEqual(['/c/x~1y~0z']);
  });
});
