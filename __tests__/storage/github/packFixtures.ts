// Records for record-pack tests: distinct captures, each bound to its own GM digest.
import { workKey } from '../../../src/core/graph/model.js';
import { gmDigestOf } from '../../../src/core/select.js';
import type { Digest, VerificationRecord, VerifierIdentity } from '../../../src/core/types.js';

export const identity: VerifierIdentity = {
  mode: 'programmatic',
  script: 'file.exists',
  scriptDigest: `sha256:${'a'.repeat(64)}`,
  params: null,
};

export function captureOf(i: number): Digest {
  return `sha256:${i.toString(16).padStart(64, '0')}`;
}

export type RecordOptions = {
  verdict?: 'pass' | 'fail' | 'inconclusive';
  runId?: string;
  settledAt?: string;
  role?: 'leaf' | 'assert';
};

/** The record of goal `g<i>` over capture `i`. */
export function recordOf(i: number, options: RecordOptions = {}): VerificationRecord {
  const verdict = options.verdict ?? 'pass';
  const captureDigest = captureOf(i);
  return {
    schemaVersion: '1',
    goalId: `g${i}`,
    role: options.role ?? 'leaf',
    runId: options.runId ?? 'gh-1-1',
    graphDigest: `sha256:${'d'.repeat(64)}`,
    captureDigest,
    gmDigest: gmDigestOf(captureDigest, identity),
    verifier: identity,
    verdict,
    evidence: { ok: verdict },
    ...(verdict === 'inconclusive'
      ? { error: { category: 'timeout' as const, message: 'slow' } }
      : {}),
    usage: { durationMs: 3, tokens: 0, costUsd: 0 },
    attempts: 1,
    isolation: 'none',
    settledAt: options.settledAt ?? '2026-12-01T00:00:00.000Z',
  };
}

export const keyOf = (record: VerificationRecord): string => workKey(record.goalId, record.role);

export function range(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => from + i);
}
