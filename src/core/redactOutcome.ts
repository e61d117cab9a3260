// Where redaction is applied: to a verifier's outcome before it becomes a record (every
// model- or script-authored text in it), and to a report before it is stored or rendered
// (a record inherited from an older store may predate redaction, or a key may have been
// added since). Texts are cut back to their schema bounds afterwards, since a marker can be
// longer than the short secret it replaces.
import { boundAuditTrail } from './audit.js';
import type { RunReport, ReportSettlement } from './report/model.js';
import type { Redactor } from './redact.js';
import type {
  AuditTrail,
  ErrorInfo,
  EvidenceLocation,
  ToolCallAudit,
  VerificationOutcome,
  VoteOutcome,
} from './types.js';

const MAX_ERROR_CHARS = 4096;
const MAX_PATH_CHARS = 4096;
const MAX_LOCATION_MESSAGE_CHARS = 2048;
const MAX_REASON_CHARS = 1024;
const MAX_WARNING_CHARS = 4096;

function bounded(redactor: Redactor, text: string, maxChars: number): string {
  return redactor.text(text).slice(0, maxChars);
}

function redactError(redactor: Redactor, error: ErrorInfo): ErrorInfo {
  return { category: error.category, message: bounded(redactor, error.message, MAX_ERROR_CHARS) };
}

function redactVote(redactor: Redactor, vote: VoteOutcome): VoteOutcome {
  return {
    ...vote,
    evidence: redactor.json(vote.evidence),
    ...(vote.error ? { error: redactError(redactor, vote.error) } : {}),
  };
}

function redactLocation(redactor: Redactor, location: EvidenceLocation): EvidenceLocation {
  return {
    path: bounded(redactor, location.path, MAX_PATH_CHARS),
    line: location.line,
    message: bounded(redactor, location.message, MAX_LOCATION_MESSAGE_CHARS),
  };
}

function redactToolCall(redactor: Redactor, call: ToolCallAudit): ToolCallAudit {
  return {
    ...call,
    tool: redactor.text(call.tool),
    arguments: redactor.text(call.arguments),
    ...(call.error === undefined ? {} : { error: redactor.text(call.error) }),
  };
}

/** The trail's model-authored texts (tool names, arguments, errors) redacted, then re-bounded. */
function redactAudit(redactor: Redactor, audit: AuditTrail): AuditTrail {
  return boundAuditTrail({
    ...audit,
    instruction: redactor.text(audit.instruction),
    verifications: audit.verifications.map((verification) =>
      verification.toolCalls === undefined
        ? verification
        : {
            ...verification,
            toolCalls: verification.toolCalls.map((call) => redactToolCall(redactor, call)),
          },
    ),
  });
}

/** The outcome with its evidence, error, votes, locations and audit trail redacted. */
export function redactOutcome(
  redactor: Redactor,
  outcome: VerificationOutcome,
): VerificationOutcome {
  if (redactor.secrets.length === 0) return outcome;
  return {
    ...outcome,
    evidence: redactor.json(outcome.evidence),
    ...(outcome.error ? { error: redactError(redactor, outcome.error) } : {}),
    ...(outcome.votes ? { votes: outcome.votes.map((v) => redactVote(redactor, v)) } : {}),
    ...(outcome.locations
      ? { locations: outcome.locations.map((l) => redactLocation(redactor, l)) }
      : {}),
    ...(outcome.audit ? { audit: redactAudit(redactor, outcome.audit) } : {}),
  };
}

function redactSettlement<T extends ReportSettlement>(redactor: Redactor, node: T): T {
  const out: T = { ...node };
  if (node.evidence !== undefined) out.evidence = redactor.json(node.evidence);
  if (node.error) out.error = redactError(redactor, node.error);
  if (node.reason !== undefined) out.reason = bounded(redactor, node.reason, MAX_REASON_CHARS);
  if (node.votes) out.votes = node.votes.map((v) => redactVote(redactor, v));
  if (node.locations) out.locations = node.locations.map((l) => redactLocation(redactor, l));
  if (node.audit) out.audit = redactAudit(redactor, node.audit);
  return out;
}

/** The report with every node's evidence, errors, reasons, votes, locations and audit trail, and every warning, redacted. */
export function redactReport(redactor: Redactor, report: RunReport): RunReport {
  if (redactor.secrets.length === 0) return report;
  const nodes: RunReport['nodes'] = {};
  for (const [id, node] of Object.entries(report.nodes)) {
    const redacted = redactSettlement(redactor, node);
    if (node.assert) redacted.assert = redactSettlement(redactor, node.assert);
    nodes[id] = redacted;
  }
  return {
    ...report,
    nodes,
    warnings: report.warnings.map((w) => ({
      ...w,
      message: bounded(redactor, w.message, MAX_WARNING_CHARS),
    })),
  };
}
