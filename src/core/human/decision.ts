// A person's decision about one goal of a run's report, as the human record it makes
// (DESIGN §1, §3). It binds only to digests the report itself holds, never to anything the
// person typed except the validated login and reason.
import { UserError } from '../errors.js';
import type { RunReport } from '../report/model.js';
import type { RecordOrigin, VerificationRecord } from '../types.js';
import { validateAgainst } from '../../schemas/validate.js';
import { bindingOf } from './binding.js';
import { eligibilityOf } from './eligibility.js';
import { parseLogin, parseReason } from './input.js';

export type DecisionKind = 'approve' | 'reject';

export type DecisionRequest = {
  report: RunReport;
  /** The goal id (or `id#assert`) as the person named it. */
  key: string;
  decision: DecisionKind;
  login: string;
  reason: string;
  at: Date | string;
  /** Where the decision is recorded (the CI run, or `local`). */
  origin?: RecordOrigin;
};

/** The human record for `request`; a UserError says why when the goal cannot be decided. */
export function decisionRecord(request: DecisionRequest): VerificationRecord {
  const eligibility = eligibilityOf(request.report, request.key);
  if (!eligibility.ok) throw new UserError(eligibility.reason);
  const login = parseLogin(request.login);
  const reason = parseReason(request.reason);
  const at = timestampOf(request.at);
  const { node, goalId, role } = eligibility;
  const binding = bindingOf(node);
  // Eligibility has checked both; a report without them cannot reach this point.
  if (!binding || !node.captureDigest) throw new Error(`no digests to bind ${request.key} to`);
  const run = request.report.runId;
  const record: VerificationRecord = {
    schemaVersion: '1',
    goalId,
    role,
    runId: run,
    graphDigest: request.report.graph.digest,
    captureDigest: node.captureDigest,
    gmDigest: binding.digest,
    verifier: binding.verifier,
    verdict: request.decision === 'approve' ? 'pass' : 'fail',
    evidence: { decision: request.decision, reason },
    usage: { durationMs: 0, tokens: 0, costUsd: 0 },
    attempts: 0,
    isolation: 'none',
    decidedBy: { kind: 'human', login, at, reason, run },
    ...(request.origin ? { origin: request.origin } : {}),
    settledAt: at,
  };
  const valid = validateAgainst('record', record);
  if (!valid.ok)
    throw new Error(`a decision record failed its schema: ${valid.problems[0]?.message}`);
  return record;
}

/** The person who decided a record, or undefined for a verifier's record. */
export function isDecision(record: VerificationRecord): boolean {
  return record.decidedBy?.kind === 'human';
}

function timestampOf(at: Date | string): string {
  const time = typeof at === 'string' ? Date.parse(at) : at.getTime();
  if (!Number.isFinite(time)) throw new UserError(`${String(at)} is not a valid time`);
  return new Date(time).toISOString();
}
