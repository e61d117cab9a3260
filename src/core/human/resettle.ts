// A run's report settled again with people's decisions: every verification keeps the verdict
// the report shows, a decided goal takes its decision (approve → pass, reject → fail) when
// the decision binds to the digests the report holds for it, and the graph is settled anew.
// Pure. Nothing is verified here: a goal that never ran stays as it was.
import type { CompiledGraph, WorkItem } from '../graph/model.js';
import { anchorsOf, recordDigestOf, sealReport } from '../report/chain.js';
import type { ReportNode, ReportSettlement, RunReport } from '../report/model.js';
import type { ResultInput } from '../settle/evaluate.js';
import type { NodeStatus } from '../settle/outcome.js';
import { lookupIn, settleAll } from '../settle/propagate.js';
import { rootState } from '../settle/root.js';
import type { HumanDecision, VerificationRecord } from '../types.js';

type Decided = ReportSettlement & { decidedBy?: HumanDecision; specDigest?: string };

export type Resettlement = {
  report: RunReport;
  graph: CompiledGraph;
  decisions: readonly VerificationRecord[];
  runId: string;
  finishedAt: string;
  allowPartialRoot: boolean;
};

/** The settlement of `item` in the report (its leaf, or its composite's assert). */
export function settlementFor(report: RunReport, item: WorkItem): Decided | undefined {
  const node = report.nodes[item.goalId];
  return item.role === 'assert' ? node?.assert : node;
}

/** The decision that binds to what the report holds for `item`, if any. */
export function decisionFor(
  settlement: Decided,
  item: WorkItem,
  decisions: readonly VerificationRecord[],
): VerificationRecord | undefined {
  const bound = settlement.gmDigest ?? settlement.specDigest;
  return decisions.find(
    (d) =>
      d.goalId === item.goalId &&
      d.role === item.role &&
      d.decidedBy !== undefined &&
      bound !== undefined &&
      d.gmDigest === bound &&
      d.captureDigest === settlement.captureDigest,
  );
}

export function resettle(input: Resettlement): RunReport {
  const { graph, report } = input;
  const results = new Map<string, ResultInput>();
  const applied = new Map<string, VerificationRecord>();
  for (const item of graph.workItems) {
    const settlement = settlementFor(report, item);
    if (!settlement) continue;
    const decision = decisionFor(settlement, item, input.decisions);
    if (decision) applied.set(item.key, decision);
    const result = decision ? { verdict: decision.verdict } : resultOf(settlement);
    if (result) results.set(item.key, result);
  }
  const statuses = settleAll(graph, { results, running: new Set() });
  const root = rootState(graph, lookupIn(statuses), {
    allowPartialRoot: input.allowPartialRoot,
    cancelled: false,
  });
  const nodes: Record<string, ReportNode> = {};
  for (const [id, node] of Object.entries(report.nodes)) {
    const status = statuses.get(id);
    const own = applied.get(id);
    const assertDecision = applied.get(`${id}#assert`);
    nodes[id] = {
      ...withStatus(node, status, own),
      ...(node.assert ? { assert: withStatus(node.assert, undefined, assertDecision) } : {}),
    };
  }
  const resettled = {
    ...report,
    runId: input.runId,
    finishedAt: input.finishedAt,
    rootState: root,
    nodes,
  };
  // The chain describes what this report now says, against the anchors of the run it settles.
  return sealReport(resettled, anchorsOf(report));
}

/** What settlement needs from a report entry: the verdict it rests on, if it has one. */
function resultOf(s: Decided): ResultInput | undefined {
  if (s.verdict) return { verdict: s.verdict, ...(s.error ? { error: s.error } : {}) };
  if (s.state === 'needs_human' && s.error) return { verdict: 'inconclusive', error: s.error };
  if (s.state === 'failure' && s.error) return { verdict: 'fail', error: s.error };
  return undefined;
}

function withStatus<T extends Decided>(
  s: T,
  status: NodeStatus | undefined,
  decision: VerificationRecord | undefined,
): T {
  const next: T = { ...s };
  if (status && !decision) {
    next.state = status.state;
    if (status.reason !== undefined) next.reason = status.reason;
  }
  if (!decision?.decidedBy) return next;
  const { error: _dropped, origin: _theirs, ...rest } = next;
  void _dropped;
  void _theirs;
  return {
    ...rest,
    recordDigest: recordDigestOf(decision),
    ...(decision.origin ? { origin: decision.origin } : {}),
    state: decision.verdict === 'pass' ? 'success' : 'failure',
    verdict: decision.verdict,
    inherited: false,
    evidence: decision.evidence,
    decidedBy: decision.decidedBy,
  } as T;
}
