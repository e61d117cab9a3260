// Which goals a person may approve or reject, and why the others are refused.
import { validateAgainst } from '../../../src/schemas/validate.js';
import { eligibilityOf } from '../../../src/core/human/eligibility.js';
import { MATRIX } from './reportFixture.js';

describe('eligibilityOf', () => {
  test('the report fixture is a valid report', () => {
    expect(validateAgainst('report', MATRIX)).toEqual({ ok: true, value: MATRIX });
  });

  test.each([
    ['inconclusive', 'inconclusive'],
    ['missing', 'missing'],
    ['budget', 'budget'],
    ['nocap', 'nocap'],
    ['checked', 'checked#assert'],
    ['checked#assert', 'checked#assert'],
  ])('%s waits for a person: eligible as %s', (goal, key) => {
    const result = eligibilityOf(MATRIX, goal);
    expect(result).toMatchObject({ ok: true, key });
  });

  test.each([
    ['failed', 'verifier_failure', /failed its verifier.*--retry failed/],
    ['passed', 'not_waiting', /is success, not waiting for a person/],
    ['blocked', 'not_waiting', /is blocked/],
    ['dependent', 'dependency', /decide that goal instead/],
    ['toolarge', 'no_capture', /no capture digest.*over 64 MiB/],
    ['never', 'reuse_never', /reuse: never.*--retry never/],
    ['root', 'composite', /is a composite.*decide the child/],
    ['passed#assert', 'unknown_goal', /has no assert/],
    ['nope', 'unknown_goal', /run run-1 has no goal "nope"/],
    ['faild', 'unknown_goal', /did you mean "failed"/],
    ['__proto__', 'unknown_goal', /no goal/],
  ])('%s is refused: %s', (goal, code, reason) => {
    const result = eligibilityOf(MATRIX, goal);
    expect(result).toMatchObject({ ok: false, code });
    expect(result.ok ? '' : result.reason).toMatch(reason);
  });

  test('a goal that a decision settled may be decided again', () => {
    const decided = structuredClone(MATRIX);
    decided.nodes['failed'] = {
      ...decided.nodes['failed']!,
      decidedBy: {
        kind: 'human',
        login: 'bob',
        at: '2026-01-01T00:00:00.000Z',
        reason: 'no',
        run: 'run-0',
      },
    };
    expect(eligibilityOf(decided, 'failed')).toMatchObject({ ok: true, key: 'failed' });
  });
});
