// DESIGN §3/§7: in the report a node's verdict, inherited and rerunReason describe a
// verification that ran or was inherited for it; totals count each goal once.
import type { CompiledGraph, WorkItem } from '../../src/core/graph/model.js';
import { buildReport, type RunReport } from '../../src/core/report/model.js';
import type { Selection } from '../../src/core/select.js';
import { settleAll } from '../../src/core/settle/propagate.js';
import type {
  Digest,
  RerunReason,
  Usage,
  Verdict,
  VerificationRecord,
} from '../../src/core/types.js';
import { knownResults } from '../../src/engine/matrix/waves.js';
import { validateAgainst } from '../../src/schemas/validate.js';
import { allOf, compile, composite, doc, edge, leaf } from './fixtures.js';

const DIGEST: Digest = `sha256:${'1'.repeat(64)}`;
const RUN = 'this-run';

function record(item: WorkItem, verdict: Verdict, runId: string): VerificationRecord {
  return {
    schemaVersion: '1',
    goalId: item.goalId,
    role: item.role,
    runId,
    graphDigest: DIGEST,
    captureDigest: DIGEST,
    gmDigest: DIGEST,
    verifier: { mode: 'programmatic', script: 'file.exists', scriptDigest: DIGEST, params: null },
    verdict,
    evidence: { verdict },
    usage: { durationMs: 1, tokens: 0, costUsd: 0 },
    attempts: 1,
    isolation: 'none',
    settledAt: '2026-01-01T00:00:00.000Z',
  };
}

type Plan = Record<string, { inherit: Verdict } | { verify: RerunReason; ran?: Verdict }>;

/**
 * Settles `graph` as a finished run would: inherited records, and records of this run for
 * the verifications that ran (`ran`); the others never started.
 */
function reportFor(graph: CompiledGraph, plan: Plan, usage?: Usage): RunReport {
  const selections = new Map<string, Selection>();
  const records = new Map<string, VerificationRecord>();
  for (const item of graph.workItems) {
    const spec = plan[item.key] ?? { verify: 'new', ran: 'pass' };
    const base = { item, captureDigest: DIGEST, gmDigest: DIGEST };
    if ('inherit' in spec) {
      const earlier = record(item, spec.inherit, 'earlier-run');
      selections.set(item.key, { kind: 'inherit', ...base, record: earlier });
      records.set(item.key, earlier);
      continue;
    }
    const identity = { mode: 'agentic' as const, instruction: 'x', votes: 1, model: null };
    selections.set(item.key, { kind: 'verify', ...base, identity, reason: spec.verify });
    if (spec.ran)
      records.set(item.key, { ...record(item, spec.ran, RUN), ...(usage && { usage }) });
  }
  const results = knownResults(selections);
  for (const [key, r] of records) results.set(key, { verdict: r.verdict });
  const statuses = settleAll(graph, { results, running: new Set() });
  return buildReport({
    graph,
    runId: RUN,
    startedAt: '2026-01-02T00:00:00.000Z',
    finishedAt: '2026-01-02T00:00:01.000Z',
    wallMs: 1000,
    trigger: { event: 'test' },
    rootState: 'failure',
    isolation: { kind: 'none' },
    statuses,
    selections,
    records,
    warnings: [],
  });
}

/** root all[a, b, g, h, u]; b needs a, h needs u; g all[x] with an assert. */
const graph = () =>
  compile(
    doc({
      nodes: {
        root: composite(allOf('a', 'b', 'g', 'h', 'u')),
        a: leaf('a.txt'),
        b: leaf('b.txt'),
        h: leaf('h.txt'),
        u: leaf('u.txt'),
        x: leaf('x.txt'),
        g: composite(allOf('x'), {
          assert: { target: 'g.txt', verifier: { mode: 'programmatic', script: 'file.exists' } },
        }),
      },
      contains: ['a', 'b', 'g', 'h', 'u'].map((id) => edge('root', id)).concat(edge('g', 'x')),
      dependsOn: [
        { source: 'b', target: 'a' },
        { source: 'h', target: 'u' },
      ],
    }),
  );

const PLAN: Plan = {
  a: { verify: 'capture_changed', ran: 'fail' },
  b: { inherit: 'pass' },
  u: { verify: 'new', ran: 'inconclusive' },
  h: { verify: 'fresh_requested' },
  x: { verify: 'new', ran: 'fail' },
  'g#assert': { verify: 'new' },
};

describe('report fields agree with the state', () => {
  const report = reportFor(graph(), PLAN);

  test('a leaf blocked by its gate shows no verdict and is not inherited', () => {
    const b = report.nodes.b;
    expect(b).toMatchObject({ state: 'blocked', inherited: false });
    for (const field of ['verdict', 'inheritedFrom', 'rerunReason', 'evidence', 'usage'])
      expect(b).not.toHaveProperty(field);
  });

  test('a leaf that waits for a person behind its gate never ran: no rerunReason', () => {
    const h = report.nodes.h;
    expect(h).toMatchObject({
      state: 'needs_human',
      inherited: false,
      error: { category: 'dependency_needs_human' },
    });
    expect(h).not.toHaveProperty('rerunReason');
    expect(h).not.toHaveProperty('verdict');
  });

  test('an assert skipped because its subtree failed is not left pending and has no rerunReason', () => {
    const assert = report.nodes.g?.assert;
    expect(report.nodes.g?.state).toBe('failure');
    expect(assert).toMatchObject({ state: 'blocked', inherited: false });
    expect(assert).not.toHaveProperty('rerunReason');
    expect(assert).not.toHaveProperty('verdict');
    expect(assert?.reason).toMatch(/subtree/);
  });

  test('verifications that ran keep their verdict and why they ran', () => {
    expect(report.nodes.a).toMatchObject({
      state: 'failure',
      verdict: 'fail',
      rerunReason: 'capture_changed',
    });
    expect(report.nodes.u).toMatchObject({ state: 'needs_human', verdict: 'inconclusive' });
  });

  test('totals and the partition count each goal once', () => {
    expect(report.totals).toMatchObject({ verified: 3, inherited: 0, blocked: 1 });
    expect(report.partition).toEqual({ rerun: ['a', 'u', 'x'], inherited: [] });
  });

  test('the report matches its schema', () => {
    expect(validateAgainst('report', report).ok).toBe(true);
  });
});

test('an inherited leaf whose gate is open stays inherited and is counted once', () => {
  const report = reportFor(graph(), { ...PLAN, a: { inherit: 'pass' } });
  expect(report.nodes.b).toMatchObject({
    state: 'success',
    inherited: true,
    verdict: 'pass',
    inheritedFrom: { runId: 'earlier-run' },
  });
  expect(report.totals).toMatchObject({ inherited: 2, blocked: 0 });
  expect(report.partition?.inherited).toEqual(['a', 'b']);
});

test("totals sum Copilot's AI credits and premium requests where verifications reported them", () => {
  const usage = { durationMs: 1, tokens: 30, costUsd: 0, aiCredits: 0.5, premiumRequests: 2 };
  const report = reportFor(graph(), PLAN, usage);
  expect(report.totals).toMatchObject({ verified: 3, aiCredits: 1.5, premiumRequests: 6 });
  expect(validateAgainst('report', report).ok).toBe(true);
  expect(reportFor(graph(), PLAN).totals).not.toHaveProperty('aiCredits');
});
