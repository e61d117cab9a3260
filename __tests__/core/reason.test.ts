// The one line a table shows for a failed or waiting goal, and the next step it suggests.
import { firstMeaningfulLine } from '../../src/core/report/firstLine.js';
import type { ReportSettlement } from '../../src/core/report/model.js';
import { nextStepOf } from '../../src/core/report/nextStep.js';
import { oneLine, reasonOf, REASON_LINE_CHARS } from '../../src/core/report/reason.js';
import type { ErrorCategory } from '../../src/core/types.js';

const NODE_CRASH = [
  'script "links.check" exited with code 1, writing to stderr:',
  'file:///lib/links.check:3',
  "throw new TypeError('params.base must be a URL');",
  '^',
  '',
  'TypeError: params.base must be a URL',
  '    at file:///lib/links.check:3:7',
  '    at ModuleJob.run (node:internal/modules/esm/module_job:234:25)',
  '',
  'Node.js v20.11.1',
].join('\n');

describe('firstMeaningfulLine', () => {
  it.each([
    [
      'a Node crash',
      NODE_CRASH,
      'script "links.check" exited with code 1, writing to stderr: TypeError: params.base must be a URL',
    ],
    [
      'a Go panic',
      'script "x" exited with code 2, writing to stderr:\npanic: runtime error: index out of range\n\ngoroutine 1 [running]:\nmain.main()',
      'script "x" exited with code 2, writing to stderr: panic: runtime error: index out of range',
    ],
    [
      'stderr without an exception line',
      'script "x" exited with code 1, writing to stderr:\n\n   cannot open README.md\nsecond line',
      'script "x" exited with code 1, writing to stderr: cannot open README.md',
    ],
    [
      'a cut tail',
      'script "x" exited with code 1, writing to stderr:\n…ed\nValueError: bad',
      'script "x" exited with code 1, writing to stderr: ValueError: bad',
    ],
    [
      'a headline with nothing after it',
      'script "x" was killed by SIGKILL, writing to stderr:\n\n',
      'script "x" was killed by SIGKILL, writing to stderr',
    ],
    [
      'a stack as the message',
      'Error: boom\n    at f (a.js:1:1)\n    at g (a.js:2:2)',
      'Error: boom',
    ],
    ['blank lines first', '\n\n  the run was cancelled  \n', 'the run was cancelled'],
  ])('keeps the headline and the exception of %s', (_what, message, line) => {
    expect(firstMeaningfulLine(message)).toBe(line);
  });

  it('has nothing to say of blanks and frames alone', () => {
    expect(firstMeaningfulLine('\n  \n    at f (a.js:1:1)\n')).toBeUndefined();
  });
});

function settlement(fields: Partial<ReportSettlement>): ReportSettlement {
  return { state: 'failure', inherited: false, ...fields };
}

describe('reasonOf', () => {
  it('is one bounded line with no control characters, whatever the evidence says', () => {
    const summary = `\u001b[31mred\u001b[0m \u009b2J ${'x'.repeat(500)}\nsecond line`;
    const reason = reasonOf(settlement({ verdict: 'fail', evidence: { summary } })) ?? '';
    // eslint-disable-next-line no-control-regex
    expect(reason).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(reason.length).toBeLessThanOrEqual(REASON_LINE_CHARS);
    expect(reason.endsWith('…')).toBe(true);
    expect(reason).not.toContain('second line');
  });

  it('is undefined for success and for goals still running', () => {
    expect(
      reasonOf(settlement({ state: 'success', evidence: { summary: 'fine' } })),
    ).toBeUndefined();
    expect(reasonOf(settlement({ state: 'running' }))).toBeUndefined();
  });

  it('falls back to the evidence, then to the settlement reason, then to the state', () => {
    expect(reasonOf(settlement({ verdict: 'fail', evidence: { todoLines: 3 } }))).toBe(
      'evidence: {"todoLines":3}',
    );
    expect(
      reasonOf(settlement({ state: 'blocked', reason: 'blocked: dependency "a" ended failure' })),
    ).toBe('blocked: dependency "a" ended failure');
    expect(reasonOf(settlement({ state: 'needs_human' }))).toBe(
      'waiting for a person: the verifier was inconclusive',
    );
  });

  it('keeps the ends of a long line apart from its middle', () => {
    expect(oneLine('a\tb\r\nc', 10)).toBe('a b c');
    expect(oneLine('x'.repeat(20), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('nextStepOf', () => {
  const categories: ErrorCategory[] = [
    'target_missing',
    'target_unsafe',
    'capture_too_large',
    'crash',
    'timeout',
    'malformed_output',
    'unverified_pass',
    'provider_error',
    'empty_evidence',
    'evidence_too_large',
    'digest_mismatch',
    'no_capability',
    'budget_exhausted',
    'dependency_needs_human',
    'sandbox_unavailable',
    'script_missing',
    'cancelled',
    'record_missing',
    'record_integrity',
    'internal',
  ];

  it.each(categories)('has a step for %s', (category) => {
    const step = nextStepOf(settlement({ error: { category, message: 'm' }, target: 'a/b' }));
    expect(step).toMatch(/^[a-z]/);
  });

  it('names the missing target and suggests a fresh re-run for an inconclusive verdict', () => {
    expect(
      nextStepOf(
        settlement({ error: { category: 'target_missing', message: 'm' }, target: 'out/x' }),
      ),
    ).toBe("create out/x (build it before DoG runs) or fix the goal's target");
    expect(nextStepOf(settlement({ state: 'needs_human', verdict: 'inconclusive' }))).toBe(
      're-run with fresh verification (dog run --fresh, or the Action input fresh: true), or fix the verifier',
    );
    expect(nextStepOf(settlement({ state: 'success' }))).toBeUndefined();
  });
});
