// What counts as evidence: at least one observation — a non-blank string anywhere, or a number
// or boolean named by an object key. Containers of nothing, bare scalars and null say nothing.
import { enforceOutcome, isEmptyEvidence } from '../../src/core/outcome.js';
import type { JsonValue, VerificationOutcome } from '../../src/core/types.js';

const EMPTY: [string, JsonValue][] = [
  ['null', null],
  ['a blank string', ' \n\t'],
  ['false', false],
  ['true', true],
  ['0', 0],
  ['a bare number', 42],
  ['an empty array', []],
  ['an array of empty arrays', [[]]],
  ['an array of bare scalars', [0, 1, true, false, null]],
  ['an empty object', {}],
  ['a member whose value is null', { a: null }],
  ['a member whose value is blank', { a: '  ' }],
  ['members that hold only empty containers', { a: [], b: {}, c: [[{}]] }],
  ['a number under a blank key', { ' ': 0 }],
  ['nesting of nothing', { a: { b: { c: [null, [false]] } } }],
];

const OBSERVATIONS: [string, JsonValue][] = [
  ['a non-blank string', 'page 3 renders'],
  ['a string inside an array', [[], ['found it']]],
  ['a named zero', { errors: 0 }],
  ['a named false', { exists: false }],
  ['a named true', { matched: true }],
  ['a string deep inside', { a: { b: [null, { c: 'x' }] } }],
];

describe('evidence that carries something', () => {
  test.each(EMPTY)('%s is empty evidence', (_what, evidence) => {
    expect(isEmptyEvidence(evidence)).toBe(true);
  });

  test.each(OBSERVATIONS)('%s is evidence', (_what, evidence) => {
    expect(isEmptyEvidence(evidence)).toBe(false);
  });

  test('deep nesting and long arrays are walked without recursion or spreading', () => {
    let deep: JsonValue = 'bottom';
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(isEmptyEvidence(deep)).toBe(false);
    let hollow: JsonValue = [];
    for (let level = 0; level < 200_000; level += 1) hollow = [hollow];
    expect(isEmptyEvidence(hollow)).toBe(true);
    expect(isEmptyEvidence(new Array<JsonValue>(500_000).fill(0))).toBe(true);
  });

  test.each(['pass', 'fail'] as const)(
    'a %s whose evidence is [[]] settles inconclusive empty_evidence',
    (verdict) => {
      const outcome: VerificationOutcome = {
        verdict,
        evidence: [[]],
        usage: { durationMs: 1, tokens: 0, costUsd: 0 },
        attempts: 1,
        isolation: 'none',
      };
      expect(enforceOutcome(outcome, 65_536)).toMatchObject({
        verdict: 'inconclusive',
        error: { category: 'empty_evidence' },
      });
    },
  );
});
