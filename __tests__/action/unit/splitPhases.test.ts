// The split phases the Action runs across jobs: a record binds to the plan or is refused,
// a verification without a record waits for a person (never passes), and what depends on
// it follows through the ordinary gates.
import type { CompiledGraph } from '../../../src/core/graph/model.js';
import { noRedaction } from '../../../src/core/redact.js';
import { gmDigestOf, type Selection } from '../../../src/core/select.js';
import type { Digest, VerificationRecord, VerifierIdentity } from '../../../src/core/types.js';
import { foldWaves } from '../../../src/engine/matrix/index.js';
import { acceptDeliveredRecord } from '../../../src/engine/session/acceptDelivered.js';
import { reportOf, settleMissing, stateFrom } from '../../../src/engine/split.js';
import { agenticLeaf, allOf, compile, composite, doc, edge } from '../../core/fixtures.js';

const capture = (n: number): Digest => `sha256:${String(n).repeat(64).slice(0, 64)}`;
const identity: VerifierIdentity = { mode: 'agentic', instruction: 'x', votes: 1, model: null };

function graphAndPlan(): { graph: CompiledGraph; selections: Map<string, Selection> } {
  const graph = compile(
    doc({
      nodes: {
        root: composite(allOf('a', 'b', 'c')),
        a: agenticLeaf('t/a'),
        b: agenticLeaf('t/b'),
        c: agenticLeaf('t/c'),
      },
      contains: [edge('root', 'a'), edge('root', 'b'), edge('root', 'c')],
      dependsOn: [{ source: 'b', target: 'a' }],
    }),
  );
  const selections = new Map<string, Selection>();
  graph.workItems.forEach((item, index) => {
    const captureDigest = capture(index + 1);
    const gmDigest = gmDigestOf(captureDigest, identity);
    selections.set(item.key, {
      kind: 'verify',
      item,
      captureDigest,
      gmDigest,
      identity,
      reason: 'new',
    });
  });
  return { graph, selections };
}

function recordFor(
  graph: CompiledGraph,
  selection: Selection,
  verdict: 'pass' | 'fail',
): VerificationRecord {
  if (selection.kind !== 'verify') throw new Error('test needs a verify selection');
  return {
    schemaVersion: '1',
    goalId: selection.item.goalId,
    role: selection.item.role,
    runId: 'gh-1-1',
    graphDigest: graph.digest,
    captureDigest: selection.captureDigest,
    gmDigest: selection.gmDigest,
    verifier: identity,
    verdict,
    evidence: { checked: true },
    usage: { durationMs: 5, tokens: 10, costUsd: 0 },
    attempts: 1,
    isolation: 'none',
    settledAt: '2026-12-01T00:00:00.000Z',
  };
}

describe('binding records to the plan', () => {
  const { graph, selections } = graphAndPlan();
  const assignment = {
    jobs: new Map([['w1-1', { job: 'w1-1', wave: 1, keys: ['a', 'b', 'c'] }]]),
    ownerOf: new Map(['a', 'b', 'c', 'root'].map((key) => [key, 'w1-1'])),
  };
  const context = { graph, selections, runId: 'gh-1-1', assignment };
  const good = recordFor(graph, selections.get('a')!, 'pass');
  const bind = (key: string, value: unknown): string | undefined => {
    const accepted = acceptDeliveredRecord('w1-1', key, value, context);
    return accepted.ok ? undefined : accepted.reason;
  };

  it('accepts a record that matches the plan exactly', () => {
    expect(bind('a', good)).toBeUndefined();
  });

  it.each([
    ['a wrong capture digest', { ...good, captureDigest: capture(9) }, 'wrong capture digest'],
    ['another GM digest', { ...good, gmDigest: capture(8) }, 'GM digest'],
    [
      'another verifier with the same GM digest',
      { ...good, verifier: { ...identity, instruction: 'y' } },
      'do not hash to',
    ],
    ['another run', { ...good, runId: 'gh-2-1' }, 'belongs to run gh-2-1'],
    ['another goal', { ...good, goalId: 'b' }, 'is for b'],
    ['an extra key', { ...good, approvedBy: 'me' }, 'not a valid record'],
    ['a verdict outside the schema', { ...good, verdict: 'PASS' }, 'not a valid record'],
  ])('refuses %s', (_, record, reason) => {
    expect(bind('a', record)).toContain(reason);
  });

  it('refuses a record for a work item the plan does not verify', () => {
    expect(bind('root', good)).toContain('does not verify');
  });
});

describe('settling what has no record', () => {
  it('makes a missing verification wait for a person and gates what depends on it', async () => {
    const { graph, selections } = graphAndPlan();
    const records = new Map([['c', recordFor(graph, selections.get('c')!, 'pass')]]);
    const state = stateFrom(graph, selections, records);
    const missing = await settleMissing(
      graph,
      selections,
      state,
      { runId: 'gh-1-1' },
      () => 'job failed',
    );
    expect(missing).toEqual(['a']);
    expect(state.records.get('a')).toMatchObject({
      verdict: 'inconclusive',
      error: { category: 'record_missing', message: 'job failed' },
    });
    expect(state.statuses.get('a')?.state).toBe('needs_human');
    expect(state.statuses.get('b')?.state).toBe('needs_human');
    expect(state.records.has('b')).toBe(false);
    const report = reportOf(graph, selections, state, {
      runId: 'gh-1-1',
      startedAt: '2026-12-01T00:00:00.000Z',
      trigger: { event: 'pull_request' },
      allowPartialRoot: false,
      isolation: { kind: 'none' },
      warnings: [],
      redactor: noRedaction,
    });
    expect(report.rootState).not.toBe('success');
    expect(report.nodes.c?.state).toBe('success');
  });

  it('leaves a verification blocked, not missing, when its dependency failed', async () => {
    const { graph, selections } = graphAndPlan();
    const records = new Map([
      ['a', recordFor(graph, selections.get('a')!, 'fail')],
      ['c', recordFor(graph, selections.get('c')!, 'pass')],
    ]);
    const state = stateFrom(graph, selections, records);
    expect(await settleMissing(graph, selections, state, { runId: 'gh-1-1' }, () => 'x')).toEqual(
      [],
    );
    expect(state.statuses.get('b')?.state).toBe('blocked');
    expect(state.statuses.get('root')?.state).toBe('failure');
  });
});

describe('folding waves into the waves a workflow wires', () => {
  const plan = {
    inPlan: ['p'],
    waves: [
      { index: 1, jobs: [['a'], ['b']] },
      { index: 2, jobs: [['c'], ['d']] },
      { index: 3, jobs: [['e']] },
    ],
    neverStarted: [],
  };

  it('keeps a plan that fits', () => {
    expect(foldWaves(plan, 3)).toBe(plan);
  });

  it('puts the last waves into one job of the last wired wave, in wave order', () => {
    expect(foldWaves(plan, 2).waves).toEqual([
      { index: 1, jobs: [['a'], ['b']] },
      { index: 2, jobs: [['c', 'd', 'e']] },
    ]);
    expect(foldWaves(plan, 1).waves).toEqual([{ index: 1, jobs: [['a', 'b', 'c', 'd', 'e']] }]);
  });

  it('rejects a wave count below one', () => {
    expect(() => foldWaves(plan, 0)).toThrow(RangeError);
  });
});
