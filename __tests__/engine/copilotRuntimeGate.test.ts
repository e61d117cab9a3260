// Copilot goals wait for their runtime once, settle no_capability when there is none, and a
// token the Copilot API refuses is explained (permission, organisation policy, alternative).
import type { VerificationOutcome } from '../../src/core/types.js';
import { UserError } from '../../src/core/errors.js';
import { COPILOT_ACCESS_HELP, isAccessRefusal } from '../../src/engine/host/copilotAccess.js';
import { copilotVerifier, runtimePreparation } from '../../src/engine/host/copilotRuntimeGate.js';
import type { VerificationRequest, Verifier } from '../../src/verify/types.js';

/** What the real runtime reported when the fake Copilot API answered 401 or 403. */
const RUNTIME_REFUSAL =
  'the Copilot runtime failed: Authorization error. Your credentials may be expired or invalid.';

const request = { goalId: 'g' } as unknown as VerificationRequest;

function outcome(partial: Partial<VerificationOutcome>): VerificationOutcome {
  return {
    verdict: 'inconclusive',
    evidence: null,
    usage: { durationMs: 1, tokens: 0, costUsd: 0 },
    attempts: 1,
    isolation: 'none',
    ...partial,
  };
}

/** A verifier that answers `result` and counts its calls. */
class Answering implements Verifier {
  calls = 0;
  constructor(private readonly result: VerificationOutcome) {}
  verify(): Promise<VerificationOutcome> {
    this.calls += 1;
    return Promise.resolve(this.result);
  }
}

test('the runtime is asked once, before the first copilot verification, and its path handed on', async () => {
  const asked: string[] = [];
  const ready: string[] = [];
  const prepare = runtimePreparation(
    () => {
      asked.push('asked');
      return Promise.resolve('/tool-cache/copilot-runtime');
    },
    (path) => ready.push(path),
  );
  const inner = new Answering(outcome({ verdict: 'pass', evidence: 'ok' }));
  const verifier = copilotVerifier({ kind: 'copilot' }, inner, prepare);
  expect(asked).toEqual([]);
  await Promise.all([verifier.verify(request), verifier.verify(request)]);
  expect((await verifier.verify(request)).verdict).toBe('pass');
  expect(asked).toEqual(['asked']);
  expect(ready).toEqual(['/tool-cache/copilot-runtime']);
  expect(inner.calls).toBe(3);
});

test('without a runtime every copilot goal settles no_capability with what to do', async () => {
  const prepare = runtimePreparation(
    () => Promise.reject(new UserError('no Copilot runtime is published for darwin-arm64')),
    () => undefined,
  );
  const inner = new Answering(outcome({ verdict: 'pass' }));
  const verifier = copilotVerifier({ kind: 'copilot' }, inner, prepare);
  for (let i = 0; i < 2; i += 1) {
    const settled = await verifier.verify(request);
    expect(settled.verdict).toBe('inconclusive');
    expect(settled.error).toEqual({
      category: 'no_capability',
      message: 'no Copilot runtime: no Copilot runtime is published for darwin-arm64',
    });
  }
  expect(inner.calls).toBe(0);
});

test('a configured runtimePath needs no preparation', async () => {
  let asked = 0;
  const prepare = runtimePreparation(
    () => {
      asked += 1;
      return Promise.resolve('/x');
    },
    () => undefined,
  );
  const verifier = copilotVerifier(
    { kind: 'copilot', runtimePath: '/opt/copilot' },
    new Answering(outcome({ verdict: 'fail', evidence: 'no' })),
    prepare,
  );
  expect((await verifier.verify(request)).verdict).toBe('fail');
  expect(asked).toBe(0);
});

test('a token the Copilot API refuses settles no_capability naming the permission, the policy and the alternative', async () => {
  const inner = new Answering(
    outcome({ error: { category: 'provider_error', message: RUNTIME_REFUSAL } }),
  );
  const settled = await copilotVerifier({ kind: 'copilot' }, inner, undefined).verify(request);
  expect(settled.verdict).toBe('inconclusive');
  expect(settled.error?.category).toBe('no_capability');
  expect(settled.error?.message).toContain('permissions: copilot-requests: write');
  expect(settled.error?.message).toContain('"Allow use of Copilot CLI billed to the organization"');
  expect(settled.error?.message).toMatch(/provider with an API key in a secret/);
  expect(settled.error?.message).toContain(RUNTIME_REFUSAL);
  expect(settled.error?.message.startsWith(COPILOT_ACCESS_HELP)).toBe(true);
});

test('other failures and reached verdicts are left as they are', async () => {
  const other = outcome({
    error: { category: 'provider_error', message: 'the Copilot runtime failed: connection reset' },
  });
  expect(
    await copilotVerifier({ kind: 'copilot' }, new Answering(other), undefined).verify(request),
  ).toEqual(other);
  const failed = outcome({
    verdict: 'fail',
    evidence: 'the page returns 403 Forbidden',
    error: { category: 'provider_error', message: RUNTIME_REFUSAL },
  });
  expect(
    await copilotVerifier({ kind: 'copilot' }, new Answering(failed), undefined).verify(request),
  ).toEqual(failed);
  expect(isAccessRefusal({ category: 'crash', message: 'HTTP 403' })).toBe(false);
  expect(isAccessRefusal({ category: 'provider_error', message: 'HTTP 403 from the API' })).toBe(
    true,
  );
});
