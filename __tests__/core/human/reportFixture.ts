// A run report with chosen node settlements, for the decision tests.
import type { ReportNode, RunReport } from '../../../src/core/report/model.js';
import type { Digest } from '../../../src/core/types.js';

export const CAPTURE: Digest = `sha256:${'1'.repeat(64)}`;
export const GM: Digest = `sha256:${'2'.repeat(64)}`;
export const GRAPH: Digest = `sha256:${'3'.repeat(64)}`;

const leafNode = (extra: Partial<ReportNode>): ReportNode => ({
  kind: 'leaf',
  title: 'A goal',
  state: 'needs_human',
  inherited: false,
  target: 'out.txt',
  verifier: { mode: 'programmatic', script: 'lib.check' },
  captureDigest: CAPTURE,
  gmDigest: GM,
  ...extra,
});

export function reportWith(nodes: Record<string, Partial<ReportNode>>): RunReport {
  const built: Record<string, ReportNode> = {};
  for (const [id, extra] of Object.entries(nodes)) built[id] = leafNode(extra);
  return {
    schemaVersion: '1',
    runId: 'run-1',
    graph: { id: 'g', digest: GRAPH },
    rootState: 'needs_human',
    nodes: built,
    totals: { verified: 1, inherited: 0, blocked: 0, tokens: 0, costUsd: 0, wallMs: 1 },
    warnings: [],
  };
}

/** Every way a goal can look in a report, by name. */
export const MATRIX = reportWith({
  inconclusive: { verdict: 'inconclusive', error: { category: 'crash', message: 'it crashed' } },
  missing: {
    verdict: 'inconclusive',
    error: { category: 'record_missing', message: 'no record' },
  },
  budget: {
    verdict: 'inconclusive',
    error: { category: 'budget_exhausted', message: 'out of tokens' },
  },
  nocap: {
    gmDigest: undefined,
    specDigest: `sha256:${'4'.repeat(64)}`,
    verdict: 'inconclusive',
    error: { category: 'no_capability', message: 'no model provider' },
  },
  failed: { state: 'failure', verdict: 'fail', evidence: { why: 'wrong' } },
  passed: { state: 'success', verdict: 'pass', evidence: { ok: true } },
  blocked: { state: 'blocked', gmDigest: undefined },
  dependent: {
    error: { category: 'dependency_needs_human', message: 'waits for "inconclusive"' },
  },
  toolarge: {
    captureDigest: undefined,
    gmDigest: undefined,
    verdict: 'inconclusive',
    error: { category: 'capture_too_large', message: 'over 64 MiB' },
  },
  never: { verdict: 'inconclusive', rerunReason: 'reuse_never' },
  root: {
    kind: 'composite',
    state: 'needs_human',
    target: undefined,
    verifier: undefined,
    captureDigest: undefined,
    gmDigest: undefined,
  },
  checked: {
    kind: 'composite',
    state: 'needs_human',
    target: undefined,
    verifier: undefined,
    captureDigest: undefined,
    gmDigest: undefined,
    assert: {
      state: 'needs_human',
      inherited: false,
      verdict: 'inconclusive',
      captureDigest: CAPTURE,
      gmDigest: GM,
    },
  },
});
