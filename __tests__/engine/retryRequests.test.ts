// Stored retry requests (a reviewer's `/dog retry`): a request re-verifies its goal once, and
// only while the goal has the bytes and verifier the person looked at.
import type { CaptureOutcome, IdentityOutcome } from '../../src/core/select.js';
import { gmDigestOf } from '../../src/core/select.js';
import type { Digest, VerificationRecord, VerifierIdentity } from '../../src/core/types.js';
import { retriesDue, type RetryLookup } from '../../src/engine/decisions.js';
import type { RetryBinding } from '../../src/engine/ports.js';
import { agenticLeaf, allOf, compile, composite, doc, edge } from '../core/fixtures.js';

const digest = (n: number): Digest => `sha256:${String(n).repeat(64).slice(0, 64)}`;
const identity: VerifierIdentity = { mode: 'agentic', instruction: 'x', votes: 1, model: null };
const graph = compile(
  doc({
    nodes: { root: composite(allOf('a', 'b')), a: agenticLeaf('t/a'), b: agenticLeaf('t/b') },
    contains: [edge('root', 'a'), edge('root', 'b')],
  }),
);
const ASKED = '2026-12-01T10:00:00.000Z';

function lookup(records: Partial<Pick<RetryLookup, 'newestByKey' | 'recordsByGm'>> = {}) {
  const captures = new Map<string, CaptureOutcome>([
    ['t/a', { ok: true, digest: digest(1) }],
    ['t/b', { ok: true, digest: digest(2) }],
  ]);
  const identities = new Map<string, IdentityOutcome>([
    ['a', { ok: true, identity }],
    ['b', { ok: true, identity }],
  ]);
  return { captures, identities, newestByKey: new Map(), recordsByGm: new Map(), ...records };
}

function request(overrides: Partial<RetryBinding> = {}): RetryBinding {
  return {
    key: 'a',
    captureDigest: digest(1),
    gmDigest: gmDigestOf(digest(1), identity),
    at: ASKED,
    ...overrides,
  };
}

function settledAt(at: string): VerificationRecord {
  return { settledAt: at } as VerificationRecord;
}

test('a request bound to the current digests is due', () => {
  expect([...retriesDue(graph, [request()], lookup())]).toEqual(['a']);
});

test.each([
  ['other bytes', request({ captureDigest: digest(3) })],
  ['another verifier', request({ gmDigest: digest(4) })],
  ['a goal the graph does not have', request({ key: 'gone' })],
])('a request about %s is not', (_what, stale) => {
  expect(retriesDue(graph, [stale], lookup()).size).toBe(0);
});

test('a request is spent once a record of the goal settled after it', () => {
  const later = new Map([['a', settledAt('2026-12-01T11:00:00.000Z')]]);
  expect(retriesDue(graph, [request()], lookup({ newestByKey: later })).size).toBe(0);
  const earlier = new Map([['a', settledAt('2026-12-01T09:00:00.000Z')]]);
  expect([...retriesDue(graph, [request()], lookup({ newestByKey: earlier }))]).toEqual(['a']);
});
