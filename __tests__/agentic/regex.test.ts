import fc from 'fast-check';
import { performance } from 'node:perf_hooks';
import { RegexSyntaxError } from '../../src/verify/agentic/regex/parse.js';
import { LinearRegex, StepLimitError, type StepMeter } from '../../src/verify/agentic/regex/vm.js';

function meter(maxSteps = 1e9): StepMeter {
  return { steps: 0, maxSteps, deadline: performance.now() + 10_000 };
}

function matches(pattern: string, line: string): boolean {
  return LinearRegex.compile(pattern).test(line, meter());
}

// Patterns from a grammar both engines share; inputs are short so the backtracking reference
// stays fast.
const atom = fc.constantFrom('a', 'b', '.', '[ab]', '[^a]', '\\d', '\\w', '\\s', 'x', '1', '\\.');
const pattern: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atom,
    fc.tuple(tie('node'), tie('node')).map(([a, b]) => a + b),
    fc.tuple(tie('node'), tie('node')).map(([a, b]) => `(?:${a}|${b})`),
    fc
      .tuple(tie('node'), fc.constantFrom('*', '+', '?', '{2}', '{1,3}', '*?'))
      .map(([a, q]) => `(${a})${q}`),
    fc.constantFrom('^', '$', '\\b'),
  ),
})).node;

describe('the linear-time matcher', () => {
  test('agrees with JavaScript RegExp on the shared subset', () => {
    fc.assert(
      fc.property(pattern, fc.stringMatching(/^[abx1 .\t]{0,12}$/), (source, line) => {
        expect(matches(source, line)).toBe(new RegExp(source, 'u').test(line));
      }),
      { seed: 20240601, numRuns: 1500 },
    );
  });

  test.each([
    ['^abc$', 'abc', true],
    ['^abc$', 'xabc', false],
    ['colou?r', 'my color', true],
    ['\\bfoo\\b', 'a foo.', true],
    ['\\bfoo\\b', 'afoo', false],
    ['[a-c]{2,3}x', 'zbbx', true],
    ['\\d{3}-\\d{4}', 'call 555-1234', true],
    ['(?<year>\\d{4})-\\d\\d', '2024-06', true],
    ['😀+', 'x😀😀', true],
    ['[^\\s]+@', 'me@x', true],
    ['a.c', 'abc', true],
    ['\\x41\\u0042', 'AB', true],
  ])('%s on %j is %s', (source, line, expected) => {
    expect(matches(source, line)).toBe(expected);
  });

  test('catastrophic patterns take linear time', () => {
    const line = `${'a'.repeat(100_000)}!`;
    const started = performance.now();
    expect(matches('(a+)+$', line)).toBe(false);
    expect(matches('(a|aa)*b', line)).toBe(false);
    expect(matches('(a*)*x', line)).toBe(false);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  test('the step meter stops a match that would run too long', () => {
    const compiled = LinearRegex.compile('(a|b|ab)*c');
    expect(() => compiled.test('ab'.repeat(10_000), meter(10_000))).toThrow(StepLimitError);
  });

  test.each([
    ['(?=a)', 'lookaround'],
    ['(?<!a)b', 'lookaround'],
    ['(a)\\1', 'backreferences'],
    ['\\k<x>', 'backreferences'],
    ['(a', 'missing ")"'],
    ['a)', 'unmatched ")"'],
    ['*a', 'nothing to repeat'],
    ['a**', 'nothing to repeat'],
    ['[z-a]', 'invalid range'],
    ['a{2000}', 'repetition counts'],
    ['(a{1000}){1000}', 'too large'],
    ['x'.repeat(513), 'longer than'],
    ['\\p{L}', 'unsupported escape'],
  ])('%j is refused (%s)', (source, message) => {
    expect(() => LinearRegex.compile(source)).toThrow(RegexSyntaxError);
    expect(() => LinearRegex.compile(source)).toThrow(message);
  });
});
