// Selection with decisions and retries: a decision settles its goal while the bytes and the
// verifier are the ones it was made for, a newer verification of those bytes wins, and a
// retry ignores both once.
import { specDigestOf } from '../../../src/core/human/binding.js';
import { decisionRecord } from '../../../src/core/human/decision.js';
import {
  gmDigestOf,
  select,
  type IdentityOutcome,
  type SelectionInput,
} from '../../../src/core/select.js';
import type { Digest, VerificationRecord, VerifierIdentity } from '../../../src/core/types.js';
import { compile, flatDoc } from '../fixtures.js';
import { reportWith } from './reportFixture.js';

const graph = compile(flatDoc(['a', 'b']));
const BYTES: Digest = `sha256:${'a'.repeat(64)}`;
const NEW_BYTES: Digest = `sha256:${'b'.repeat(64)}`;
const identity = (scriptDigest = `sha256:${'c'.repeat(64)}`): VerifierIdentity => ({
  mode: 'programmatic',
  script: 'file.exists',
  scriptDigest: scriptDigest as Digest,
  params: null,
});
const GM = gmDigestOf(BYTES, identity());

function decided(goal: string, gmDigest: Digest = GM, decision: 'approve' | 'reject' = 'approve') {
  const report = reportWith({
    [goal]: { captureDigest: BYTES, gmDigest, verdict: 'inconclusive' },
  });
  return decisionRecord({
    report,
    key: goal,
    decision,
    login: 'alice',
    reason: 'looked at it',
    at: '2026-01-02T00:00:00.000Z',
  });
}

function verified(goal: string, settledAt: string, verdict: 'pass' | 'fail'): VerificationRecord {
  return {
    schemaVersion: '1',
    goalId: goal,
    role: 'leaf',
    runId: 'later',
    graphDigest: graph.digest,
    captureDigest: BYTES,
    gmDigest: GM,
    verifier: identity(),
    verdict,
    evidence: { ok: true },
    usage: { durationMs: 1, tokens: 0, costUsd: 0 },
    attempts: 1,
    isolation: 'none',
    settledAt,
  };
}

function selectWith(extra: Partial<SelectionInput> & { bytes?: Digest; ident?: IdentityOutcome }) {
  const bytes = extra.bytes ?? BYTES;
  const ident = extra.ident ?? { ok: true, identity: identity() };
  const result = select({
    graph,
    captures: new Map(graph.targets.map((t) => [t, { ok: true, digest: bytes }])),
    identities: new Map(graph.workItems.map((item) => [item.key, ident])),
    recordsByGm: new Map(),
    newestByKey: new Map(),
    fresh: false,
    revalidateThreshold: 0,
    ...extra,
  });
  return (key: string) => result.selections.get(key);
}

describe('selection with decisions', () => {
  const decisions = new Map([['a', decided('a')]]);

  test('a decision on the same bytes and verifier settles its goal, and only that goal', () => {
    const of = selectWith({ decisions });
    expect(of('a')).toMatchObject({ kind: 'inherit', record: { decidedBy: { login: 'alice' } } });
    expect(of('b')).toMatchObject({ kind: 'verify', reason: 'new' });
  });

  test('a decision is dropped when the bytes change', () => {
    expect(selectWith({ decisions, bytes: NEW_BYTES })('a')).toMatchObject({ kind: 'verify' });
  });

  test('a decision is dropped when the verifier changes', () => {
    const ident: IdentityOutcome = { ok: true, identity: identity(`sha256:${'d'.repeat(64)}`) };
    expect(selectWith({ decisions, ident })('a')).toMatchObject({ kind: 'verify' });
  });

  test('a decision under another goal key is never used', () => {
    const moved = new Map([['b', decided('a')]]);
    expect(selectWith({ decisions: moved })('b')).toMatchObject({ kind: 'verify' });
  });

  test("a verifier's pass or fail of those bytes settles the goal whatever the decision's date", () => {
    // A decision dated after the verdict (even in the future) never outranks it: a person
    // resolves only what no verifier could.
    for (const settledAt of ['2026-01-03T00:00:00.000Z', '2026-01-01T00:00:00.000Z']) {
      const failed = new Map([[GM, verified('a', settledAt, 'fail')]]);
      const selection = selectWith({ decisions, recordsByGm: failed })('a');
      expect(selection).toMatchObject({ kind: 'inherit', record: { verdict: 'fail' } });
      expect(selection?.kind === 'inherit' && selection.record.decidedBy).toBeFalsy();
    }
    const future = new Map([['a', { ...decided('a'), settledAt: '2999-01-01T00:00:00.000Z' }]]);
    const failed = new Map([[GM, verified('a', '2026-01-01T00:00:00.000Z', 'fail')]]);
    expect(selectWith({ decisions: future, recordsByGm: failed })('a')).toMatchObject({
      kind: 'inherit',
      record: { verdict: 'fail' },
    });
  });

  test('retry ignores the decision and the inherited record once: retry_requested', () => {
    const records = new Map([[GM, verified('b', '2026-01-03T00:00:00.000Z', 'pass')]]);
    const of = selectWith({ decisions, recordsByGm: records, retry: new Set(['a']) });
    expect(of('a')).toMatchObject({ kind: 'verify', reason: 'retry_requested' });
    expect(of('b')).toMatchObject({ kind: 'inherit', record: { verdict: 'pass' } });
  });

  test('fresh ignores decisions too', () => {
    expect(selectWith({ decisions, fresh: true })('a')).toMatchObject({
      kind: 'verify',
      reason: 'fresh_requested',
    });
  });

  test('a goal without a verifier identity is settled by a decision bound to its spec', () => {
    const item = graph.workItemByKey.get('a');
    if (!item) throw new Error('no item a');
    const spec = specDigestOf(BYTES, item.verifier);
    const ident: IdentityOutcome = {
      ok: false,
      error: { category: 'no_capability', message: 'no provider' },
    };
    const onSpec = new Map([['a', specDecided(spec)]]);
    expect(selectWith({ decisions: onSpec, ident })('a')).toMatchObject({
      kind: 'inherit',
      gmDigest: spec,
    });
    expect(selectWith({ decisions: onSpec, ident, bytes: NEW_BYTES })('a')).toMatchObject({
      kind: 'settled',
      verdict: 'inconclusive',
    });
    // A GM-bound decision never stands in for a spec-bound one.
    expect(selectWith({ decisions, ident })('a')).toMatchObject({ kind: 'settled' });
  });
});

function specDecided(specDigest: Digest): VerificationRecord {
  const report = reportWith({
    a: { captureDigest: BYTES, gmDigest: undefined, specDigest, verdict: 'inconclusive' },
  });
  return decisionRecord({
    report,
    key: 'a',
    decision: 'approve',
    login: 'alice',
    reason: 'no model here; read it myself',
    at: '2026-01-02T00:00:00.000Z',
  });
}
