// DESIGN §4 step 4: why a goal is verified again, from its key parts against the newest
// earlier record. The agent harness is part of the verifier, not of the model.
import { gmDigestOf, rerunReason } from '../../src/core/select.js';
import type { Digest, VerificationRecord, VerifierIdentity } from '../../src/core/types.js';

const CAPTURE: Digest = `sha256:${'a'.repeat(64)}`;
const HARNESS: Digest = `sha256:${'b'.repeat(64)}`;
const OTHER_HARNESS: Digest = `sha256:${'c'.repeat(64)}`;

const agentic = (
  extra: Partial<VerifierIdentity & { mode: 'agentic' }> = {},
): VerifierIdentity => ({
  mode: 'agentic',
  instruction: 'Is it right?',
  votes: 1,
  model: { provider: 'openai', model: 'm1' },
  harness: HARNESS,
  ...extra,
});

function earlier(verifier: VerifierIdentity): VerificationRecord {
  return {
    schemaVersion: '1',
    goalId: 'g',
    role: 'leaf',
    runId: 'earlier',
    graphDigest: CAPTURE,
    captureDigest: CAPTURE,
    gmDigest: gmDigestOf(CAPTURE, verifier),
    verifier,
    verdict: 'pass',
    evidence: { ok: true },
    usage: { durationMs: 1, tokens: 0, costUsd: 0 },
    attempts: 1,
    isolation: 'none',
    settledAt: '2026-01-01T00:00:00.000Z',
  };
}

function reasonFor(before: VerifierIdentity, now: VerifierIdentity) {
  return rerunReason(earlier(before), CAPTURE, gmDigestOf(CAPTURE, now), now);
}

describe('rerunReason for agentic verifiers', () => {
  const newModel = { model: { provider: 'openai', model: 'm2' } };
  test.each([
    ['only the model changed', 'model_changed', agentic(), agentic(newModel)],
    ['the harness changed', 'verifier_changed', agentic(), agentic({ harness: OTHER_HARNESS })],
    [
      'the harness and the model changed',
      'verifier_changed',
      agentic(),
      agentic({ ...newModel, harness: OTHER_HARNESS }),
    ],
    [
      'the earlier record predates the harness version',
      'verifier_changed',
      agentic({ harness: undefined }),
      agentic(),
    ],
    ['the instruction changed', 'verifier_changed', agentic(), agentic({ instruction: 'Other?' })],
  ] as const)('%s → %s', (_what, expected, before, now) => {
    expect(reasonFor(before, now)).toBe(expected);
  });

  test('the harness version is part of the GM digest', () => {
    expect(gmDigestOf(CAPTURE, agentic())).not.toBe(
      gmDigestOf(CAPTURE, agentic({ harness: OTHER_HARNESS })),
    );
  });
});
