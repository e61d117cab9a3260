// The report's digest chain (docs/provenance.md): one changed byte in a verdict, evidence,
// capture digest, decision, record or the graph breaks the chain at the node that says it.
import type { CompiledGraph } from '../../../src/core/graph/model.js';
import {
  anchorsOf,
  recordDigestOf,
  sealReport,
  type ChainAnchors,
} from '../../../src/core/report/chain.js';
import { checkChain, type ChainCheck } from '../../../src/core/report/chainCheck.js';
import { resettle } from '../../../src/core/human/resettle.js';
import { buildReport, type RunReport } from '../../../src/core/report/model.js';
import type { Selection } from '../../../src/core/select.js';
import { settleAll } from '../../../src/core/settle/propagate.js';
import type { Digest, Verdict, VerificationRecord } from '../../../src/core/types.js';
import { knownResults } from '../../../src/engine/matrix/waves.js';
import { validateAgainst } from '../../../src/schemas/validate.js';
import { allOf, compile, composite, doc, edge, leaf } from '../fixtures.js';

const CAPTURE: Digest = `sha256:${'1'.repeat(64)}`;
const GM: Digest = `sha256:${'2'.repeat(64)}`;
const COMMIT = 'a'.repeat(40);
const ANCHORS: ChainAnchors = {
  configDigest: `sha256:${'3'.repeat(64)}`,
  trustedCommit: COMMIT,
  headCommit: COMMIT,
};

function graphOf(): CompiledGraph {
  return compile(
    doc({
      nodes: {
        root: composite(allOf('mid', 'c')),
        mid: composite(allOf('a', 'b')),
        a: leaf('targets/a'),
        b: leaf('targets/b'),
        c: leaf('targets/c'),
      },
      contains: [edge('root', 'mid'), edge('root', 'c'), edge('mid', 'a'), edge('mid', 'b')],
    }),
  );
}

function recordOf(goalId: string, verdict: Verdict, runId: string): VerificationRecord {
  return {
    schemaVersion: '1',
    goalId,
    role: 'leaf',
    runId,
    graphDigest: CAPTURE,
    captureDigest: CAPTURE,
    gmDigest: GM,
    verifier: { mode: 'programmatic', script: 'file.exists', scriptDigest: CAPTURE, params: null },
    verdict,
    evidence: { checked: goalId },
    usage: { durationMs: 1, tokens: 0, costUsd: 0 },
    attempts: 1,
    isolation: 'none',
    origin: { kind: 'local', event: 'local', ref: 'refs/heads/main' },
    settledAt: '2026-01-01T00:00:00.000Z',
  };
}

/** a inherited (pass), b verified here (pass), c verified here (fail). */
function sealed(): RunReport {
  const graph = graphOf();
  const selections = new Map<string, Selection>();
  const records = new Map<string, VerificationRecord>();
  const verdicts: Record<string, Verdict> = { a: 'pass', b: 'pass', c: 'fail' };
  for (const item of graph.workItems) {
    const base = { item, captureDigest: CAPTURE, gmDigest: GM };
    const verdict = verdicts[item.key] as Verdict;
    if (item.key === 'a') {
      const earlier = recordOf('a', verdict, 'earlier-run');
      selections.set('a', { kind: 'inherit', ...base, record: earlier });
      records.set('a', earlier);
      continue;
    }
    const identity = {
      mode: 'programmatic' as const,
      script: 'file.exists',
      scriptDigest: CAPTURE,
      params: null,
    };
    selections.set(item.key, { kind: 'verify', ...base, identity, reason: 'new' });
    records.set(item.key, recordOf(item.key, verdict, 'this-run'));
  }
  const results = knownResults(selections);
  for (const [key, r] of records) results.set(key, { verdict: r.verdict });
  const statuses = settleAll(graph, { results, running: new Set() });
  const report = buildReport({
    graph,
    runId: 'this-run',
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
  return sealReport(report, ANCHORS);
}

/** The report after a JSON round trip and one change to it. */
function tampered(change: (report: RunReport) => void): RunReport {
  const copy = JSON.parse(JSON.stringify(sealed())) as RunReport;
  change(copy);
  return copy;
}

function brokenAt(check: ChainCheck): (string | undefined)[] {
  return check.ok ? [] : check.breaks.map((b) => b.node ?? 'rootDigest');
}

test('a sealed report checks, also after a JSON round trip, and validates against its schema', () => {
  const report = sealed();
  expect(validateAgainst('report', report)).toEqual({ ok: true, value: report });
  const check = checkChain(JSON.parse(JSON.stringify(report)) as RunReport);
  expect(check).toEqual({ ok: true, rootDigest: report.rootDigest, nodes: 5 });
  expect(report.provenance).toEqual({ scheme: 'dog/v1', ...ANCHORS });
  // The compiled graph's order: canonical, whatever order the file lists the edges in.
  expect(report.nodes.root?.children).toEqual(['c', 'mid']);
  expect(report.nodes.a?.recordDigest).toBe(recordDigestOf(recordOf('a', 'pass', 'earlier-run')));
  expect(report.nodes.a?.origin).toEqual({ kind: 'local', event: 'local', ref: 'refs/heads/main' });
});

test('sealing is deterministic and every node digest is distinct', () => {
  const one = sealed();
  const two = sealed();
  expect(two.rootDigest).toBe(one.rootDigest);
  const digests = Object.values(one.nodes).map((n) => n.digest);
  expect(new Set(digests).size).toBe(5);
});

test.each<[string, (report: RunReport) => void, string]>([
  ['a verdict', (r) => void (r.nodes.c!.verdict = 'pass'), 'c'],
  ['a state', (r) => void (r.nodes.c!.state = 'success'), 'c'],
  ['evidence', (r) => void (r.nodes.b!.evidence = { checked: 'B' }), 'b'],
  ['a capture digest', (r) => void (r.nodes.a!.captureDigest = `sha256:${'1'.repeat(63)}0`), 'a'],
  ['a GM digest', (r) => void (r.nodes.a!.gmDigest = `sha256:${'2'.repeat(63)}0`), 'a'],
  ['a record digest', (r) => void (r.nodes.b!.recordDigest = `sha256:${'0'.repeat(64)}`), 'b'],
  ['an origin', (r) => void (r.nodes.a!.origin = { kind: 'local', event: 'push' }), 'a'],
  ['a composite state', (r) => void (r.nodes.mid!.state = 'failure'), 'mid'],
  ['the children order', (r) => void (r.nodes.root!.children = ['mid', 'c']), 'root'],
  [
    'a completion expression',
    (r) =>
      void (r.nodes.mid!.completion = {
        op: 'any',
        items: [
          { op: 'ref', id: 'a' },
          { op: 'ref', id: 'b' },
        ],
      }),
    'mid',
  ],
  ['an inherited flag', (r) => void (r.nodes.a!.inherited = false), 'a'],
  ['a title', (r) => void (r.nodes.c!.title = 'Something else'), 'c'],
])('changing %s breaks the chain at that node only', (_what, change, node) => {
  expect(brokenAt(checkChain(tampered(change)))).toEqual([node]);
});

test('a decision added to a node breaks that node', () => {
  const check = checkChain(
    tampered((r) => {
      r.nodes.c!.decidedBy = {
        kind: 'human',
        login: 'mallory',
        at: '2026-01-03T00:00:00Z',
        reason: 'ok',
        run: 'this-run',
      };
    }),
  );
  expect(brokenAt(check)).toEqual(['c']);
});

test('a node whose digest was recomputed after a change breaks its parent', () => {
  const honest = sealed();
  const forged = tampered((r) => {
    r.nodes.c!.verdict = 'pass';
    r.nodes.c!.state = 'success';
  });
  // The forger reseals c alone: c checks, its parent no longer does.
  const resealed = sealReport(forged, anchorsOf(forged));
  forged.nodes.c!.digest = resealed.nodes.c!.digest;
  expect(forged.nodes.c!.digest).not.toBe(honest.nodes.c!.digest);
  expect(brokenAt(checkChain(forged))).toEqual(['root']);
});

test.each<[string, (report: RunReport) => void]>([
  ['the graph digest', (r) => void (r.graph.digest = `sha256:${'9'.repeat(64)}`)],
  ['the root state', (r) => void (r.rootState = 'success')],
  ['the head commit', (r) => void (r.provenance!.headCommit = 'b'.repeat(40))],
  ['the trusted commit', (r) => void (r.provenance!.trustedCommit = null)],
  ['the config digest', (r) => void (r.provenance!.configDigest = null)],
  ['the totals', (r) => void (r.totals.verified = 0)],
  ['the run id', (r) => void (r.runId = 'other-run')],
])('changing %s breaks the root digest', (_what, change) => {
  expect(brokenAt(checkChain(tampered(change)))).toEqual(['rootDigest']);
});

test('a node removed or added is named; a report without a chain does not check', () => {
  expect(brokenAt(checkChain(tampered((r) => void delete r.nodes.b)))).toEqual(['mid']);
  const added = tampered((r) => void (r.nodes.extra = { ...r.nodes.c! }));
  expect(brokenAt(checkChain(added))).toEqual(['extra']);
  const stripped = tampered((r) => void delete r.rootDigest);
  expect(checkChain(stripped)).toMatchObject({
    ok: false,
    breaks: [{ message: expect.stringContaining('no digest chain') }],
  });
});

test('a report settled again with a decision is sealed again, against the same anchors', () => {
  const decision: VerificationRecord = {
    ...recordOf('c', 'pass', 'this-run'),
    verifier: { mode: 'human', binds: 'gm' },
    evidence: { decision: 'approve', reason: 'read it' },
    attempts: 0,
    decidedBy: {
      kind: 'human',
      login: 'alice',
      at: '2026-01-03T00:00:00.000Z',
      reason: 'read it',
      run: 'this-run',
    },
  };
  const before = sealed();
  const after = resettle({
    report: before,
    graph: graphOf(),
    decisions: [decision],
    runId: 'this-run',
    finishedAt: '2026-01-03T00:00:01.000Z',
    allowPartialRoot: false,
  });
  expect(after.nodes.c).toMatchObject({ state: 'success', recordDigest: recordDigestOf(decision) });
  expect(after.provenance).toEqual(before.provenance);
  expect(after.rootDigest).not.toBe(before.rootDigest);
  expect(checkChain(after)).toMatchObject({ ok: true });
});
