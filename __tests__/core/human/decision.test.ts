// A decision becomes a schema-valid human record bound to the report's digests, which the one
// record check accepts only for that goal and those digests.
import { decisionRecord } from '../../../src/core/human/decision.js';
import { parseLogin, parseReason } from '../../../src/core/human/input.js';
import { acceptRecord } from '../../../src/core/records/accept.js';
import { UserError } from '../../../src/core/errors.js';
import { validateAgainst } from '../../../src/schemas/validate.js';
import { CAPTURE, GM, MATRIX } from './reportFixture.js';

const AT = '2026-02-03T04:05:06.000Z';
const approve = (key = 'inconclusive', reason = 'looked at it') =>
  decisionRecord({ report: MATRIX, key, decision: 'approve', login: 'alice', reason, at: AT });
const goal = { goalId: 'inconclusive', role: 'leaf' as const };

describe('decisionRecord', () => {
  test('approve makes a pass record that names the person and binds the report digests', () => {
    const record = approve();
    expect(validateAgainst('record', record).ok).toBe(true);
    expect(record).toMatchObject({
      goalId: 'inconclusive',
      role: 'leaf',
      runId: 'run-1',
      captureDigest: CAPTURE,
      gmDigest: GM,
      verifier: { mode: 'human', binds: 'gm' },
      verdict: 'pass',
      evidence: { decision: 'approve', reason: 'looked at it' },
      usage: { durationMs: 0, tokens: 0, costUsd: 0 },
      decidedBy: { kind: 'human', login: 'alice', at: AT, reason: 'looked at it', run: 'run-1' },
    });
  });

  test('reject makes a fail record; an assert is decided under its own role', () => {
    const record = decisionRecord({
      report: MATRIX,
      key: 'checked',
      decision: 'reject',
      login: 'bob',
      reason: 'no',
      at: new Date(AT),
    });
    expect(record).toMatchObject({ goalId: 'checked', role: 'assert', verdict: 'fail' });
  });

  test('a goal without a verifier identity binds to its spec digest', () => {
    const record = approve('nocap');
    expect(record.verifier).toEqual({ mode: 'human', binds: 'spec' });
    expect(record.gmDigest).toBe(MATRIX.nodes['nocap']?.specDigest);
  });

  test('acceptRecord takes it only as a decision for its goal and digests', () => {
    const record = approve();
    const expected = { goal, gmDigest: GM, captureDigest: CAPTURE, decision: true };
    expect(acceptRecord(record, expected).ok).toBe(true);
    const other = `sha256:${'9'.repeat(64)}` as const;
    expect(acceptRecord(record, { ...expected, gmDigest: other })).toMatchObject({ ok: false });
    expect(acceptRecord(record, { ...expected, captureDigest: other })).toMatchObject({
      ok: false,
    });
    expect(
      acceptRecord(record, { ...expected, goal: { goalId: 'missing', role: 'leaf' } }),
    ).toMatchObject({ ok: false });
    // As a verification record (inheritance by GM digest), a decision is never shared.
    expect(acceptRecord(record, { gmDigest: GM, inheritable: true })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/applies only to the goal/),
    });
  });

  test('a tampered decision fails the record schema', () => {
    const record = { ...approve(), verdict: 'inconclusive' };
    expect(validateAgainst('record', record).ok).toBe(false);
    const withVerifier = { ...approve(), verifier: { mode: 'programmatic' } };
    expect(validateAgainst('record', withVerifier).ok).toBe(false);
    const reason = { ...approve(), decidedBy: { ...approve().decidedBy, reason: 'a\nb' } };
    expect(validateAgainst('record', reason).ok).toBe(false);
  });

  test('shell metacharacters in a reason are kept as plain text', () => {
    const text = '$(rm -rf ~); `id` && echo "x" | tee > /tmp/y';
    expect(approve('inconclusive', text).evidence).toEqual({ decision: 'approve', reason: text });
  });

  test.each([
    ['failed', /failed its verifier/],
    ['dependent', /decide that goal instead/],
    ['nope', /has no goal/],
  ])('deciding %s is a UserError', (key, message) => {
    expect(() => approve(key)).toThrow(UserError);
    expect(() => approve(key)).toThrow(message);
  });
});

describe('parseReason and parseLogin', () => {
  test('a reason is trimmed, one line, at most 500 characters', () => {
    expect(parseReason('  fine by me  ')).toBe('fine by me');
    expect(parseReason('é'.repeat(500))).toHaveLength(500);
    expect(() => parseReason('   ')).toThrow(/needs a reason/);
    expect(() => parseReason('one\ntwo')).toThrow(/U\+000A at character 4/);
    expect(() => parseReason('tab\there')).toThrow(/U\+0009/);
    expect(() => parseReason('bidi \u202e txt')).toThrow(/U\+202E/);
    expect(() => parseReason('x'.repeat(501))).toThrow(/501 characters/);
  });

  test('a login has GitHub login syntax', () => {
    expect(parseLogin('alice-2')).toBe('alice-2');
    for (const bad of ['', '-alice', 'a'.repeat(40), 'al ice', 'a/b', '@alice', 'ali_ce'])
      expect(() => parseLogin(bad)).toThrow(/not a valid login/);
  });
});
