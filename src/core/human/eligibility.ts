// Which goals of a run's report a person may approve or reject (DESIGN §3): only a goal that
// waits for a person because of its own verification. Each refusal says why and what to do.
import { quoted } from '../echo.js';
import type { ReportNode, ReportSettlement, RunReport } from '../report/model.js';
import { closest } from '../suggest.js';

export type IneligibleCode =
  | 'unknown_goal'
  | 'composite'
  | 'not_waiting'
  | 'verifier_failure'
  | 'dependency'
  | 'no_capture'
  | 'reuse_never';

export type Eligibility =
  | {
      ok: true;
      /** The work key decided: the goal id, or `id#assert` for a composite's assert. */
      key: string;
      goalId: string;
      role: 'leaf' | 'assert';
      node: ReportSettlement;
    }
  | { ok: false; code: IneligibleCode; reason: string };

const ASSERT_SUFFIX = '#assert';

/** Whether the goal `goalKey` (an id, or `id#assert`) of `report` may be decided now. */
export function eligibilityOf(report: RunReport, goalKey: string): Eligibility {
  const asAssert = goalKey.endsWith(ASSERT_SUFFIX);
  const goalId = asAssert ? goalKey.slice(0, -ASSERT_SUFFIX.length) : goalKey;
  const node = Object.hasOwn(report.nodes, goalId) ? report.nodes[goalId] : undefined;
  if (!node) return unknownGoal(report, goalKey);
  const settlement = settlementOf(node, asAssert);
  if (!settlement) return compositeRefusal(goalId, node, asAssert);
  const role = settlement === node ? 'leaf' : 'assert';
  const key = role === 'assert' ? `${goalId}${ASSERT_SUFFIX}` : goalId;
  const refusal = refusalOf(key, settlement, report.runId);
  return refusal ?? { ok: true, key, goalId, role, node: settlement };
}

function settlementOf(node: ReportNode, asAssert: boolean): ReportSettlement | undefined {
  if (node.kind === 'leaf') return asAssert ? undefined : node;
  return node.assert;
}

function refusalOf(
  key: string,
  node: ReportSettlement,
  runId: string,
): Extract<Eligibility, { ok: false }> | undefined {
  const subject = `goal ${quoted(key)} in run ${runId}`;
  // A decision about a decision: the person who decided, or another, may change it.
  if (node.decidedBy) return undefined;
  if (node.state === 'failure' && node.verdict === 'fail')
    return refuse(
      'verifier_failure',
      `${subject} failed its verifier: a failure is fixed by new bytes, a retry (dog run --retry ${key}) or a change of the graph, not by a decision`,
    );
  if (node.state !== 'needs_human')
    return refuse(
      'not_waiting',
      `${subject} is ${node.state}, not waiting for a person: only a goal that needs a person (an inconclusive verdict, a missing record, an exhausted budget, no capability) can be approved or rejected`,
    );
  if (node.error?.category === 'dependency_needs_human')
    return refuse(
      'dependency',
      `${subject} waits only because a goal it depends on waits for a person (${node.error.message}); decide that goal instead`,
    );
  if (node.rerunReason === 'reuse_never')
    return refuse(
      'reuse_never',
      `${subject} says reuse: never, so every run verifies it again and a decision would never be used; retry it instead (dog run --retry ${key})`,
    );
  if (!node.captureDigest || (!node.gmDigest && !node.specDigest))
    return refuse(
      'no_capture',
      `${subject} has no capture digest to bind a decision to (${node.error?.message ?? 'its target was not captured'}); fix the target or the limits, then run again`,
    );
  return undefined;
}

function compositeRefusal(
  goalId: string,
  node: ReportNode,
  asAssert: boolean,
): Extract<Eligibility, { ok: false }> {
  if (asAssert)
    return refuse(
      'unknown_goal',
      `goal ${quoted(goalId)} has no assert: decide ${node.kind === 'leaf' ? quoted(goalId) : 'the child that waits'} instead`,
    );
  return refuse(
    'composite',
    `goal ${quoted(goalId)} is a composite: it settles from its children, so decide the child that waits for a person instead`,
  );
}

function unknownGoal(report: RunReport, goalKey: string): Extract<Eligibility, { ok: false }> {
  const hint = closest(goalKey, Object.keys(report.nodes));
  return refuse(
    'unknown_goal',
    `run ${report.runId} has no goal ${quoted(goalKey)}${hint ? ` (did you mean ${quoted(hint)}?)` : ''}`,
  );
}

function refuse(code: IneligibleCode, reason: string): Extract<Eligibility, { ok: false }> {
  return { ok: false, code, reason };
}
