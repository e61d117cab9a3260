// The decisions entry's document: written and read back, merged so that two decide runs at once
// lose nothing, and refusing what no decide run writes (another graph, retry requests dated in
// the future, decisions that fail the one record check).
import { decisionRecord } from '../../../src/core/human/decision.js';
import {
  mergeDecisions,
  readDecisions,
  writeDecisions,
  type Decisions,
  type RetryRequest,
} from '../../../src/storage/github/decisionsDocument.js';
import { CAPTURE, GM, MATRIX } from '../../core/human/reportFixture.js';

const GRAPH_KEY = '0123456789abcdef';
const NOW = new Date('2026-06-01T12:00:00.000Z');

const decision = (key: string, login: string) =>
  decisionRecord({ report: MATRIX, key, decision: 'approve', login, reason: 'fine', at: NOW });

const retry = (at: string, key = 'failed'): RetryRequest => ({
  key,
  captureDigest: CAPTURE,
  gmDigest: GM,
  requestedBy: 'alice',
  at,
  run: 'gh-7-1',
});

function roundTrip(decisions: Decisions, now = NOW): { read: Decisions; warnings: string[] } {
  const warnings: string[] = [];
  const text = writeDecisions(GRAPH_KEY, NOW, decisions);
  return { read: readDecisions(text, GRAPH_KEY, (w) => warnings.push(w), now), warnings };
}

test('a written entry reads back with its decisions, retries and included entries', () => {
  const written: Decisions = {
    decisions: [decision('inconclusive', 'alice')],
    retries: [retry(NOW.toISOString())],
    entries: ['dog-v3-decisions-0123456789abcdef-5-1-' + 'a'.repeat(64)],
  };
  expect(roundTrip(written)).toEqual({ read: written, warnings: [] });
});

test('two entries saved by concurrent decide runs merge without losing either change', () => {
  const first: Decisions = { decisions: [decision('inconclusive', 'alice')], retries: [] };
  const second: Decisions = {
    decisions: [decision('missing', 'bob')],
    retries: [retry(NOW.toISOString())],
  };
  const merged = mergeDecisions(first, second);
  expect(merged.decisions.map((d) => d.goalId).sort()).toEqual(['inconclusive', 'missing']);
  expect(merged.retries).toHaveLength(1);
});

test('a newer decision about the same goal and bytes supersedes the older', () => {
  const older: Decisions = { decisions: [decision('inconclusive', 'alice')], retries: [] };
  const merged = mergeDecisions(older, { decisions: [decision('inconclusive', 'bob')] });
  expect(merged.decisions.map((d) => d.decidedBy?.login)).toEqual(['bob']);
});

test('a retry request dated beyond the clock skew is refused with a warning', () => {
  const soon = new Date(NOW.getTime() + 4 * 60_000).toISOString();
  const tomorrow = new Date(NOW.getTime() + 24 * 3600_000).toISOString();
  const { read, warnings } = roundTrip({
    decisions: [],
    retries: [retry(soon, 'failed'), retry(tomorrow, 'passed')],
  });
  expect(read.retries.map((r) => r.key)).toEqual(['failed']);
  expect(warnings).toEqual([
    expect.stringContaining('a retry request of passed dated in the future'),
  ]);
});

test('an entry of another graph, or not a decisions entry, yields nothing', () => {
  const warnings: string[] = [];
  const text = writeDecisions('fedcba9876543210', NOW, {
    decisions: [decision('inconclusive', 'alice')],
    retries: [],
  });
  expect(readDecisions(text, GRAPH_KEY, (w) => warnings.push(w), NOW).decisions).toEqual([]);
  expect(readDecisions('{"kind":"x"}', GRAPH_KEY, (w) => warnings.push(w), NOW).decisions).toEqual(
    [],
  );
  expect(readDecisions('not json', GRAPH_KEY, (w) => warnings.push(w), NOW).decisions).toEqual([]);
  expect(warnings).toHaveLength(3);
});

test('a decision that fails the record check is dropped, the others kept', () => {
  const good = decision('inconclusive', 'alice');
  const forged = { ...decision('missing', 'mallory'), gmDigest: 'sha256:nothex' };
  const text = JSON.stringify({
    schemaVersion: '1',
    kind: 'dog-decisions',
    graphKey: GRAPH_KEY,
    savedAt: NOW.toISOString(),
    decisions: [forged, good],
    retries: [],
  });
  const warnings: string[] = [];
  const read = readDecisions(text, GRAPH_KEY, (w) => warnings.push(w), NOW);
  expect(read.decisions).toEqual([good]);
  expect(warnings).toHaveLength(1);
});
