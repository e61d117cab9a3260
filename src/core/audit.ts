// The audit trail's bounds. The trail is not evidence and has a bound of its own, so a chatty
// agent, hostile tool arguments or fifteen votes cannot push a record past what stores, caches
// and reports carry. Applied where a trail is made and again after redaction (a marker can be
// longer than the secret it replaces).
import type { AuditTrail, ToolCallAudit, VerificationAudit } from './types.js';

/** Tool calls kept per verification; the rest are counted in `omittedToolCalls`. */
export const MAX_AUDIT_TOOL_CALLS = 200;
export const MAX_AUDIT_ARGUMENT_CHARS = 512;
export const MAX_AUDIT_ERROR_CHARS = 300;
export const MAX_AUDIT_TOOL_CHARS = 100;
const MAX_MODEL_KIND_CHARS = 64;
const MAX_MODEL_ID_CHARS = 256;
const MAX_MODEL_ALIAS_CHARS = 128;
/** Serialized tool calls of one record, shared evenly among its verifications. */
export const MAX_AUDIT_BYTES = 256 * 1024;

/** Cuts text to `maxChars`, saying how long it was; never splits a surrogate pair. */
export function boundAuditText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const marker = `…[${text.length} chars]`;
  let cut = text.slice(0, Math.max(0, maxChars - marker.length));
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return cut + marker;
}

function boundEntry(entry: ToolCallAudit): ToolCallAudit {
  return {
    turn: entry.turn,
    tool: boundAuditText(entry.tool, MAX_AUDIT_TOOL_CHARS),
    arguments: boundAuditText(entry.arguments, MAX_AUDIT_ARGUMENT_CHARS),
    bytesReturned: entry.bytesReturned,
    ok: entry.ok,
    ...(entry.error === undefined
      ? {}
      : { error: boundAuditText(entry.error, MAX_AUDIT_ERROR_CHARS) }),
  };
}

function boundVerification(audit: VerificationAudit, maxBytes: number): VerificationAudit {
  if (audit.toolCalls === undefined) return audit;
  const kept: ToolCallAudit[] = [];
  let bytes = 0;
  for (const entry of audit.toolCalls) {
    const bounded = boundEntry(entry);
    const size = Buffer.byteLength(JSON.stringify(bounded), 'utf8');
    if (kept.length >= MAX_AUDIT_TOOL_CALLS || bytes + size > maxBytes) break;
    kept.push(bounded);
    bytes += size;
  }
  const omitted = (audit.omittedToolCalls ?? 0) + audit.toolCalls.length - kept.length;
  return { ...audit, toolCalls: kept, omittedToolCalls: omitted };
}

function boundModel(model: AuditTrail['model']): AuditTrail['model'] {
  const { kind, id, alias, gateway } = model;
  return {
    kind: boundAuditText(kind, MAX_MODEL_KIND_CHARS),
    id: boundAuditText(id, MAX_MODEL_ID_CHARS),
    ...(alias === undefined ? {} : { alias: boundAuditText(alias, MAX_MODEL_ALIAS_CHARS) }),
    ...(gateway === undefined
      ? {}
      : {
          gateway: {
            kind: boundAuditText(gateway.kind, MAX_MODEL_KIND_CHARS),
            id: boundAuditText(gateway.id, MAX_MODEL_ID_CHARS),
          },
        }),
  };
}

/** The trail with every text bounded and each verification's tool calls within its share. */
export function boundAuditTrail(trail: AuditTrail): AuditTrail {
  const share = Math.floor(MAX_AUDIT_BYTES / Math.max(1, trail.verifications.length));
  return {
    ...trail,
    model: boundModel(trail.model),
    verifications: trail.verifications.map((audit) => boundVerification(audit, share)),
  };
}
