// The tool-call log of one conversation for the audit trail: which tool, with what arguments,
// how many bytes came back, whether it worked. Filled by the agent loop, so every provider kind
// that drives the loop fills it the same way. Never the results' contents.
import {
  boundAuditText,
  MAX_AUDIT_ARGUMENT_CHARS,
  MAX_AUDIT_ERROR_CHARS,
  MAX_AUDIT_TOOL_CALLS,
  MAX_AUDIT_TOOL_CHARS,
} from '../../core/audit.js';
import type { ToolCallAudit, VerificationAudit, Verdict } from '../../core/types.js';
import type { ContentPart, ToolCall } from '../../providers/types.js';

/** Bytes a tool result hands the model: UTF-8 text, and images as their decoded bytes. */
export function bytesOf(content: readonly ContentPart[]): number {
  let total = 0;
  for (const part of content) {
    if (part.type === 'text') total += Buffer.byteLength(part.text, 'utf8');
    else total += Buffer.byteLength(part.base64, 'base64');
  }
  return total;
}

/** The arguments as sent: re-serialized when they parsed, else the raw text. */
function argumentsText(call: ToolCall): string {
  const text = call.arguments === undefined ? call.rawArguments : JSON.stringify(call.arguments);
  return boundAuditText(text, MAX_AUDIT_ARGUMENT_CHARS);
}

export type CallResult = { bytesReturned: number; ok: boolean; error?: string };

export class ToolCallLog {
  private readonly entries: ToolCallAudit[] = [];
  private omitted = 0;

  add(turn: number, call: ToolCall, result: CallResult): void {
    if (this.entries.length >= MAX_AUDIT_TOOL_CALLS) {
      this.omitted += 1;
      return;
    }
    this.entries.push({
      turn,
      tool: boundAuditText(call.name, MAX_AUDIT_TOOL_CHARS),
      arguments: argumentsText(call),
      bytesReturned: result.bytesReturned,
      ok: result.ok,
      ...(result.error === undefined
        ? {}
        : { error: boundAuditText(result.error, MAX_AUDIT_ERROR_CHARS) }),
    });
  }

  audit(verdict: Verdict): VerificationAudit {
    return { verdict, toolCalls: [...this.entries], omittedToolCalls: this.omitted };
  }
}
