// Settled runs for the GitHub renderers: compiled graphs, settled from a table of verdicts
// through the real selection shapes, settlement, root state and report builder.
import { sha256Hex, toDigest } from '../../../src/core/digest.js';
import { compileGraph } from '../../../src/core/graph/compile.js';
import type { CompiledGraph, WorkItem } from '../../../src/core/graph/model.js';
import { buildReport, type RunReport } from '../../../src/core/report/model.js';
import { gmDigestOf, type Selection, type Warning } from '../../../src/core/select.js';
import type { ResultInput } from '../../../src/core/settle/evaluate.js';
import { lookupIn, settleAll } from '../../../src/core/settle/propagate.js';
import { rootState } from '../../../src/core/settle/root.js';
import type {
  Digest,
  ErrorInfo,
  EvidenceLocation,
  JsonValue,
  NodeState,
  RerunReason,
  Verdict,
  VerificationRecord,
  VerifierIdentity,
  VoteOutcome,
} from '../../../src/core/types.js';

export const digestOf = (text: string): Digest => toDigest(sha256Hex(text));

export function compile(document: unknown): CompiledGraph {
  return compileGraph(document, {
    source: 'graph.yaml',
    limits: { maxNodes: 20_000, expression: { maxDepth: 64, maxNodes: 512 } },
    host: { hasScript: () => true, hasModel: () => true },
  });
}

export type LeafPlan = {
  /** No verdict: the item never settled (pending). */
  verdict?: Verdict;
  evidence?: JsonValue;
  error?: ErrorInfo;
  locations?: EvidenceLocation[];
  votes?: VoteOutcome[];
  /** Reused from an earlier run with the same GM digest. */
  inherited?: boolean;
  reason?: RerunReason;
  tokens?: number;
};

export type Settled = { graph: CompiledGraph; report: RunReport; states: Map<string, NodeState> };

function identityOf(item: WorkItem): VerifierIdentity {
  const v = item.verifier;
  if (v.mode === 'programmatic') {
    return {
      mode: 'programmatic',
      script: v.script,
      scriptDigest: digestOf(`script:${v.script}`),
      params: v.params ?? null,
    };
  }
  return { mode: 'agentic', instruction: v.instruction, votes: v.votes ?? 1, model: 'test-model' };
}

function record(
  item: WorkItem,
  gm: { captureDigest: Digest; gmDigest: Digest },
  plan: LeafPlan,
  runId: string,
): VerificationRecord {
  return {
    schemaVersion: '1',
    goalId: item.goalId,
    role: item.role,
    runId,
    graphDigest: digestOf('graph'),
    captureDigest: gm.captureDigest,
    gmDigest: gm.gmDigest,
    verifier: identityOf(item),
    verdict: plan.verdict ?? 'pass',
    evidence: plan.evidence ?? { checked: item.target },
    ...(plan.error ? { error: plan.error } : {}),
    ...(plan.locations ? { locations: plan.locations } : {}),
    ...(plan.votes ? { votes: plan.votes } : {}),
    usage: { durationMs: 1000, tokens: plan.tokens ?? 0, costUsd: (plan.tokens ?? 0) / 100_000 },
    attempts: 1,
    isolation: 'none',
    settledAt: '2025-03-01T10:00:00.000Z',
  };
}

export type SettleOptions = {
  allowPartialRoot?: boolean;
  cancelled?: boolean;
  warnings?: Warning[];
};

/** Settles `graph` from a plan per work key (`id` or `id#assert`). */
export function settle(
  graph: CompiledGraph,
  plans: (key: string) => LeafPlan,
  options: SettleOptions = {},
): Settled {
  const selections = new Map<string, Selection>();
  const records = new Map<string, VerificationRecord>();
  const results = new Map<string, ResultInput>();
  for (const item of graph.workItems) {
    const plan = plans(item.key);
    const captureDigest = digestOf(`bytes of ${item.target}`);
    const gm = { captureDigest, gmDigest: gmDigestOf(captureDigest, identityOf(item)) };
    if (plan.inherited) {
      const earlier = record(item, gm, plan, 'run-1');
      selections.set(item.key, { kind: 'inherit', item, ...gm, record: earlier });
      results.set(item.key, { verdict: earlier.verdict });
      continue;
    }
    const reason = plan.reason ?? 'new';
    selections.set(item.key, { kind: 'verify', item, ...gm, identity: identityOf(item), reason });
    if (plan.verdict === undefined) continue;
    records.set(item.key, record(item, gm, plan, 'run-2'));
    results.set(item.key, { verdict: plan.verdict, ...(plan.error ? { error: plan.error } : {}) });
  }
  const statuses = settleAll(graph, { results, running: new Set() });
  const root = rootState(graph, lookupIn(statuses), {
    allowPartialRoot: options.allowPartialRoot ?? true,
    cancelled: options.cancelled ?? false,
  });
  const report = buildReport({
    graph,
    runId: 'run-2',
    startedAt: '2025-03-01T10:00:00.000Z',
    finishedAt: '2025-03-01T10:00:09.000Z',
    wallMs: 9000,
    trigger: { event: 'pull_request', sha: 'abc1234', ref: 'refs/pull/7/merge' },
    rootState: root,
    isolation: { kind: 'none', note: 'isolation: none (explicitly configured)' },
    statuses,
    selections,
    records,
    warnings: options.warnings ?? [],
  });
  return { graph, report, states: new Map([...statuses].map(([id, s]) => [id, s.state])) };
}

type Leaf = { id: string; title: string; target: string };

/**
 * A root over `groups` composites of `perGroup` leaves each (all relations fatal,
 * completion `all`): `groups * perGroup + groups + 1` goals.
 */
export function wideGraph(
  groups: number,
  perGroup: number,
  leaf: (g: number, i: number) => Partial<Leaf> = () => ({}),
): CompiledGraph {
  const nodes: Record<string, unknown> = {};
  const contains: { parent: string; child: string }[] = [];
  const groupIds = Array.from({ length: groups }, (_, g) => `g${g}`);
  nodes.root = {
    kind: 'composite',
    title: 'All groups hold',
    completion: { op: 'all', items: groupIds.map((id) => ({ op: 'ref', id })) },
  };
  for (const [g, groupId] of groupIds.entries()) {
    contains.push({ parent: 'root', child: groupId });
    const leafIds: string[] = [];
    for (let i = 0; i < perGroup; i++) {
      const spec: Leaf = {
        id: `g${g}-leaf${i}`,
        title: `Module ${g} file ${i} passes its check`,
        target: `src/mod${g}/file${i}.ts`,
        ...leaf(g, i),
      };
      leafIds.push(spec.id);
      contains.push({ parent: groupId, child: spec.id });
      nodes[spec.id] = {
        kind: 'leaf',
        title: spec.title,
        target: spec.target,
        verifier: { mode: 'programmatic', script: 'file.exists' },
      };
    }
    nodes[groupId] = {
      kind: 'composite',
      title: `Group ${g}`,
      completion: { op: 'all', items: leafIds.map((id) => ({ op: 'ref', id })) },
    };
  }
  return compile({ schemaVersion: '1', id: 'wide', root: 'root', nodes, contains });
}
