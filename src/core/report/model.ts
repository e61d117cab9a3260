// The run report (schemas/report.schema.json) and how it is built from a settled run.
import type { RunBudgetShare } from '../budget/types.js';
import type { CompiledGraph, WorkItem } from '../graph/model.js';
import { workKey } from '../graph/model.js';
import { specDigestOf } from '../human/binding.js';
import type { Selection, Warning } from '../select.js';
import type { NodeStatus } from '../settle/outcome.js';
import { notStartedForBudget, type RunBudgetTotals } from './budgetLine.js';
import { recordDigestOf, type ReportProvenance } from './chain.js';
import type {
  AuditTrail,
  Digest,
  ErrorInfo,
  EvidenceLocation,
  Expression,
  HumanDecision,
  IsolationInfo,
  IsolationKind,
  JsonValue,
  NodeState,
  RecordOrigin,
  RerunReason,
  RootState,
  Usage,
  Verdict,
  VerificationRecord,
  VoteOutcome,
} from '../types.js';

export type ReportSettlement = {
  state: NodeState;
  inherited: boolean;
  verdict?: Verdict;
  inheritedFrom?: { runId: string; settledAt: string };
  rerunReason?: RerunReason;
  target?: string;
  verifier?: { mode: 'programmatic' | 'agentic'; script?: string; model?: string; votes?: number };
  captureDigest?: Digest;
  gmDigest?: Digest;
  /** A goal without a verifier identity: what a decision about it binds to (core/human/binding.ts). */
  specDigest?: Digest;
  /** The person whose decision settled the goal (a human record): never a plain pass. */
  decidedBy?: HumanDecision;
  evidence?: JsonValue;
  error?: ErrorInfo;
  usage?: Usage;
  isolation?: IsolationKind;
  reason?: string;
  votes?: VoteOutcome[];
  locations?: EvidenceLocation[];
  audit?: AuditTrail;
  /** The digest of the record this settlement rests on, as stored (core/report/chain.ts). */
  recordDigest?: Digest;
  /** Where that record was written (an inherited verdict: the run it came from). */
  origin?: RecordOrigin;
};

export type ReportNode = ReportSettlement & {
  kind: 'leaf' | 'composite';
  title: string;
  assert?: ReportSettlement;
  /** A composite's children in the graph's order, and its completion expression. */
  children?: string[];
  completion?: Expression;
  /** This node's link in the digest chain (docs/provenance.md). */
  digest?: Digest;
};

export type RunReport = {
  schemaVersion: '1';
  runId: string;
  startedAt?: string;
  finishedAt?: string;
  graph: { id: string; digest: Digest; title?: string; root?: string };
  trigger?: { event: string; sha?: string; ref?: string };
  rootState: RootState;
  isolation?: IsolationInfo;
  nodes: Record<string, ReportNode>;
  partition?: { rerun: string[]; inherited: string[]; decided?: string[] };
  totals: {
    verified: number;
    inherited: number;
    /** Goals settled by a person's approval or rejection, not counted as inherited. */
    approved?: number;
    rejected?: number;
    blocked: number;
    tokens: number;
    costUsd: number;
    /** Copilot's AI credits and premium requests, when any verification reported them. */
    aiCredits?: number;
    premiumRequests?: number;
    wallMs: number;
    /** The configured budget.run, when there is one, and the verifications it kept from starting. */
    runBudget?: RunBudgetTotals;
  };
  warnings: Warning[];
  /** The anchors the root digest binds (graph, configuration, trusted and head commits). */
  provenance?: ReportProvenance;
  /** The digest chain's root over the anchors and the root node (docs/provenance.md). */
  rootDigest?: Digest;
};

export type ReportInput = {
  graph: CompiledGraph;
  runId: string;
  startedAt: string;
  finishedAt: string;
  wallMs: number;
  trigger: { event: string; sha?: string; ref?: string };
  rootState: RootState;
  isolation: IsolationInfo;
  statuses: ReadonlyMap<string, NodeStatus>;
  selections: ReadonlyMap<string, Selection>;
  /** Records settled in this run, by work key. */
  records: ReadonlyMap<string, VerificationRecord>;
  warnings: readonly Warning[];
  /** The configured budget.run (tokens, cost), stated against the spend in the totals. */
  runBudget?: RunBudgetShare;
};

export function buildReport(input: ReportInput): RunReport {
  const nodes: Record<string, ReportNode> = {};
  for (const id of [...input.graph.nodes.keys()].sort()) nodes[id] = reportNode(id, input);
  const selections = [...input.selections.values()];
  const rerun = selections
    .filter((s) => s.kind === 'verify' && ranHere(s.item, input))
    .map((s) => s.item.key)
    .sort();
  const used = selections.filter((s) => s.kind === 'inherit' && isUsed(s.item, input));
  const decided = used.filter((s) => s.kind === 'inherit' && s.record.decidedBy);
  const inherited = used
    .filter((s) => !decided.includes(s))
    .map((s) => s.item.key)
    .sort();
  const decidedAs = (verdict: Verdict): number =>
    decided.filter((s) => s.kind === 'inherit' && s.record.verdict === verdict).length;
  // Present only in runs a person decided something in, so other reports keep their shape.
  const decisions =
    decided.length === 0
      ? { partition: {}, totals: {} }
      : {
          partition: { decided: decided.map((s) => s.item.key).sort() },
          totals: { approved: decidedAs('pass'), rejected: decidedAs('fail') },
        };
  const fresh = [...input.records.values()].filter((r) => r.runId === input.runId);
  // A verification whose record never arrived (its job failed) was not verified.
  const arrived = fresh.filter((r) => r.error?.category !== 'record_missing');
  return {
    schemaVersion: '1',
    runId: input.runId,
    startedAt: input.startedAt,
    finishedAt: input.finishedAt,
    graph: {
      id: input.graph.id,
      digest: input.graph.digest,
      root: input.graph.root,
      ...(input.graph.title === undefined ? {} : { title: input.graph.title }),
    },
    trigger: input.trigger,
    rootState: input.rootState,
    isolation: input.isolation,
    nodes,
    partition: { rerun, inherited, ...decisions.partition },
    totals: {
      verified: arrived.length,
      inherited: inherited.length,
      ...decisions.totals,
      blocked: [...input.statuses.values()].filter((s) => s.state === 'blocked').length,
      tokens: fresh.reduce((sum, r) => sum + r.usage.tokens, 0),
      costUsd: fresh.reduce((sum, r) => sum + r.usage.costUsd, 0),
      ...optionalTotal('aiCredits', fresh),
      ...optionalTotal('premiumRequests', fresh),
      wallMs: Math.round(input.wallMs),
      ...(input.runBudget
        ? { runBudget: { ...input.runBudget, notStarted: notStarted(nodes) } }
        : {}),
    },
    warnings: [...input.warnings],
  };
}

/** Verifications (leaves and asserts) refused for budget before any model call. */
function notStarted(nodes: Record<string, ReportNode>): number {
  const settlements = Object.values(nodes).flatMap((node) => [
    ...(node.kind === 'leaf' ? [node] : []),
    ...(node.assert ? [node.assert] : []),
  ]);
  return settlements.filter((settlement) => notStartedForBudget(settlement.error)).length;
}

function reportNode(id: string, input: ReportInput): ReportNode {
  const node = input.graph.nodes.get(id);
  if (!node) throw new Error(`unknown node ${id}`);
  const status = input.statuses.get(id) ?? { state: 'pending' as const };
  if (node.kind === 'leaf') {
    const item = input.graph.workItemByKey.get(id) as WorkItem;
    return { kind: 'leaf', title: node.title, ...settlementOf(item, status, input) };
  }
  const base: ReportNode = {
    kind: 'composite',
    title: node.title,
    children: node.children.map((relation) => relation.child),
    completion: node.completion,
    state: status.state,
    inherited: false,
    ...(status.reason === undefined ? {} : { reason: status.reason }),
    ...(status.error === undefined ? {} : { error: status.error }),
  };
  if (!node.assert) return base;
  const item = input.graph.workItemByKey.get(workKey(id, 'assert')) as WorkItem;
  return { ...base, assert: settlementOf(item, assertStatusOf(item, status, input), input) };
}

/** The state a node's settlement rests on its own verification (ran or inherited), or not. */
function isUsed(item: WorkItem, input: ReportInput): boolean {
  return input.statuses.get(item.goalId)?.fromVerdict === true;
}

/** A verification of this run settled the item (its goal's state rests on it). */
function ranHere(item: WorkItem, input: ReportInput): boolean {
  return isUsed(item, input) && input.records.get(item.key)?.runId === input.runId;
}

const REASON_CHARS = 1024;

/** An assert that never ran says why, in the terms of its composite's final state. */
function assertStatusOf(item: WorkItem, composite: NodeStatus, input: ReportInput): NodeStatus {
  if (isUsed(item, input)) return { state: verdictState(item.key, input) };
  const { state } = composite;
  if (state === 'pending' || state === 'running') return { state };
  const why = composite.reason ?? composite.error?.message;
  const reason = `not run: an assert needs its subtree to settle success or partial, and "${item.goalId}" ended ${state}${why ? ` (${why})` : ''}`;
  const skipped = state === 'failure' || state === 'blocked' ? 'blocked' : state;
  return { state: skipped, reason: reason.slice(0, REASON_CHARS) };
}

function verdictState(key: string, input: ReportInput): NodeState {
  const record = input.records.get(key);
  const selection = input.selections.get(key);
  const verdict =
    record?.verdict ?? (selection?.kind === 'settled' ? selection.verdict : undefined);
  if (verdict === 'pass') return 'success';
  if (verdict === 'fail') return 'failure';
  if (verdict === 'inconclusive')
    return record?.error?.category === 'cancelled' ? 'cancelled' : 'needs_human';
  return 'pending';
}

function settlementOf(item: WorkItem, status: NodeStatus, input: ReportInput): ReportSettlement {
  const selection = input.selections.get(item.key);
  const used = isUsed(item, input);
  const record = used ? input.records.get(item.key) : undefined;
  const inherited = used && selection?.kind === 'inherit';
  const settledError = selection?.kind === 'settled' ? selection.error : undefined;
  const error = status.error ?? (used ? (record?.error ?? settledError) : undefined);
  return {
    state: status.state,
    inherited,
    target: item.target,
    verifier: verifierSummary(item),
    ...(record ? verificationFields(record) : {}),
    ...(used && selection?.kind === 'settled' ? { verdict: selection.verdict } : {}),
    ...(inherited
      ? { inheritedFrom: { runId: selection.record.runId, settledAt: selection.record.settledAt } }
      : {}),
    ...(selection?.kind === 'verify' && ranHere(item, input)
      ? { rerunReason: selection.reason }
      : {}),
    ...(selection ? bindingFields(selection) : {}),
    ...(selection?.captureDigest ? { captureDigest: selection.captureDigest } : {}),
    ...(error ? { error } : {}),
    ...(status.reason === undefined ? {} : { reason: status.reason }),
  };
}

function verificationFields(record: VerificationRecord): Partial<ReportSettlement> {
  return {
    verdict: record.verdict,
    evidence: record.evidence,
    usage: record.usage,
    isolation: record.isolation,
    ...(record.votes ? { votes: record.votes } : {}),
    ...(record.locations ? { locations: record.locations } : {}),
    ...(record.audit ? { audit: record.audit } : {}),
    ...(record.decidedBy ? { decidedBy: record.decidedBy } : {}),
    ...(record.origin ? { origin: record.origin } : {}),
    recordDigest: recordDigestOf(record),
  };
}

/** The GM digest, or for a goal without a verifier identity the digest a decision binds to. */
function bindingFields(selection: Selection): Partial<ReportSettlement> {
  if (selection.kind === 'settled') {
    if (!selection.captureDigest) return {};
    return { specDigest: specDigestOf(selection.captureDigest, selection.item.verifier) };
  }
  const spec =
    selection.kind === 'inherit' &&
    selection.record.verifier.mode === 'human' &&
    selection.record.verifier.binds === 'spec';
  return spec ? { specDigest: selection.gmDigest } : { gmDigest: selection.gmDigest };
}

function verifierSummary(item: WorkItem): NonNullable<ReportSettlement['verifier']> {
  const verifier = item.verifier;
  if (verifier.mode === 'programmatic') return { mode: 'programmatic', script: verifier.script };
  return {
    mode: 'agentic',
    votes: verifier.votes ?? 1,
    ...(verifier.model === undefined ? {} : { model: verifier.model }),
  };
}

/** A usage figure only some providers report: summed where reported, absent when none did. */
function optionalTotal(
  name: 'aiCredits' | 'premiumRequests',
  records: readonly { usage: Usage }[],
): Partial<Record<typeof name, number>> {
  const reported = records.flatMap((record) =>
    record.usage[name] === undefined ? [] : [record.usage[name]],
  );
  if (reported.length === 0) return {};
  return { [name]: reported.reduce((sum, value) => sum + value, 0) };
}
