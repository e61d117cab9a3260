// What a checked `/dog` command changes: a decision bound to the report's digests, or retry
// requests for the goals it names, bound to their bytes and to the run the person looked at.
import { changeOf, type ChangeRequest } from '../../../src/core/human/change.js';
import type { DogCommand } from '../../../src/core/human/command.js';
import { compile, composite, doc, edge, leaf, allOf } from '../fixtures.js';
import { CAPTURE, GM, reportWith } from './reportFixture.js';

const graph = compile(
  doc({
    nodes: {
      root: composite(allOf('waits', 'failed', 'passed', 'uncaptured')),
      waits: leaf('t/w'),
      failed: leaf('t/f'),
      passed: leaf('t/p'),
      uncaptured: leaf('t/u'),
    },
    contains: ['waits', 'failed', 'passed', 'uncaptured'].map((id) => edge('root', id)),
  }),
);

const report = reportWith({
  waits: { verdict: 'inconclusive' },
  failed: { state: 'failure', verdict: 'fail', captureDigest: `sha256:${'5'.repeat(64)}` },
  passed: { state: 'success', verdict: 'pass' },
  uncaptured: {
    state: 'failure',
    captureDigest: undefined,
    gmDigest: undefined,
    error: { category: 'target_missing', message: 'no such file' },
  },
});

const AT = '2026-12-04T10:00:00.000Z';

function change(command: DogCommand) {
  const request: ChangeRequest = {
    command,
    report,
    reportRun: 'gh-41-1',
    graph,
    login: 'alice',
    at: AT,
  };
  return changeOf(request);
}

describe('changeOf', () => {
  test('an approval is one decision record bound to the digests the report holds', () => {
    const made = change({ kind: 'approve', goal: 'waits', reason: 'read it myself' });
    if (typeof made === 'string') throw new Error(made);
    expect(made.retries).toBeUndefined();
    expect(made.decisions).toHaveLength(1);
    expect(made.decisions?.[0]).toMatchObject({
      goalId: 'waits',
      captureDigest: CAPTURE,
      gmDigest: GM,
      verdict: 'pass',
      decidedBy: { login: 'alice' },
    });
  });

  test('a goal the command does not apply to is refused with the reason', () => {
    expect(change({ kind: 'approve', goal: 'failed', reason: 'looks fine' })).toMatch(/failure/);
    expect(change({ kind: 'reject', goal: 'nosuch', reason: 'not good' })).toMatch(/no goal/);
  });

  test('a retry of a goal is bound to its bytes and to the run the person looked at', () => {
    expect(change({ kind: 'retry', target: { goal: 'passed' } })).toEqual({
      retries: [
        {
          key: 'passed',
          captureDigest: CAPTURE,
          gmDigest: GM,
          requestedBy: 'alice',
          at: AT,
          run: 'gh-41-1',
        },
      ],
    });
  });

  test('retry failed takes the failed goals that were captured, through the one retry rule', () => {
    const made = change({ kind: 'retry', target: { group: 'failed' } });
    if (typeof made === 'string') throw new Error(made);
    expect(made.retries?.map((r) => [r.key, r.captureDigest])).toEqual([
      ['failed', `sha256:${'5'.repeat(64)}`],
    ]);
  });

  test('nothing to retry, and an unknown goal, are sentences without the CLI flag', () => {
    expect(change({ kind: 'retry', target: { goal: 'uncaptured' } })).toMatch(
      /nothing to retry: the report shows no verification of uncaptured/,
    );
    expect(change({ kind: 'retry', target: { group: 'needs-human' } })).toEqual({
      retries: [expect.objectContaining({ key: 'waits' })],
    });
    const unknown = change({ kind: 'retry', target: { goal: 'wait' } });
    expect(unknown).toMatch(/^the graph has no goal "wait" \(did you mean "waits"\?\)/);
  });
});
