// The audit trail of an agentic goal in the HTML report: a collapsed section with the
// instruction, the model that judged, and each verification's tool calls. Tool names,
// arguments and errors are model-authored, so every piece is escaped text.
import type { AuditTrail, ToolCallAudit, VerificationAudit } from '../../core/types.js';
import { escapeHtml } from '../escapeHtml.js';

function modelLine(model: AuditTrail['model']): string {
  const alias = model.alias === undefined ? '' : ` (alias ${escapeHtml(model.alias)})`;
  const behind = model.gateway
    ? `, through the gateway to ${escapeHtml(model.gateway.kind)} <code>${escapeHtml(model.gateway.id)}</code>`
    : '';
  return `${escapeHtml(model.kind)} <code>${escapeHtml(model.id)}</code>${alias}${behind}`;
}

function callRow(call: ToolCallAudit): string {
  const result = call.ok ? 'ok' : `error: ${call.error ?? ''}`;
  const cells = [
    escapeHtml(String(call.turn)),
    escapeHtml(call.tool),
    `<code>${escapeHtml(call.arguments)}</code>`,
    escapeHtml(String(call.bytesReturned)),
    escapeHtml(result),
  ];
  return `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
}

function callTable(audit: VerificationAudit): string {
  const calls = audit.toolCalls ?? [];
  const omitted = audit.omittedToolCalls ?? 0;
  const more =
    omitted > 0 ? `<p>${omitted} more tool call${omitted === 1 ? '' : 's'} omitted</p>` : '';
  if (calls.length === 0) return `<p>no tool calls</p>${more}`;
  const head = ['turn', 'tool', 'arguments', 'bytes returned', 'result']
    .map((name) => `<th>${name}</th>`)
    .join('');
  return `<table><tr>${head}</tr>${calls.map(callRow).join('')}</table>${more}`;
}

function verificationPart(audit: VerificationAudit, label: string, visible: boolean): string {
  const heading = `<h4>${escapeHtml(label)}: ${escapeHtml(audit.verdict)}</h4>`;
  const model = audit.modelCalls
    ? `<p>model calls: ${audit.modelCalls.count} (${audit.modelCalls.inputTokens} input, ${audit.modelCalls.outputTokens} output tokens)</p>`
    : '';
  return `${heading}${model}${visible ? callTable(audit) : ''}`;
}

function summaryOf(audit: AuditTrail): string {
  const n = audit.verifications.length;
  const calls = audit.verifications.reduce(
    (sum, v) => sum + (v.toolCalls?.length ?? 0) + (v.omittedToolCalls ?? 0),
    0,
  );
  const votes = `${n} verification${n === 1 ? '' : 's'}`;
  return audit.toolCallsVisible ? `${votes}, ${calls} tool call${calls === 1 ? '' : 's'}` : votes;
}

/** The collapsed audit section of one agentic settlement. */
export function auditSection(audit: AuditTrail): string {
  const single = audit.verifications.length === 1;
  const parts = audit.verifications.map((verification, index) =>
    verificationPart(
      verification,
      single ? 'verification' : `vote ${index + 1}`,
      audit.toolCallsVisible,
    ),
  );
  const hidden = audit.toolCallsVisible
    ? ''
    : '<p>Tool calls are not visible for exec agents: DoG sees the model calls they make through the gateway, not what they do with them.</p>';
  return (
    `<details class="audit"><summary>audit trail: ${escapeHtml(summaryOf(audit))}</summary>` +
    `<p>instruction</p><pre>${escapeHtml(audit.instruction)}</pre>` +
    `<p>model: ${modelLine(audit.model)}</p>${hidden}${parts.join('')}</details>`
  );
}
