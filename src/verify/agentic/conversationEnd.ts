// How a verifier conversation ends, the same whoever runs the loop (our agent loop or the
// Copilot runtime): only an accepted submit_verdict settles a verdict, with proof of reading
// from results the model saw before it decided; every other ending is inconclusive.
import { performance } from 'node:perf_hooks';
import type { Digest, ErrorInfo, Usage, VerificationAudit, VoteOutcome } from '../../core/types.js';
import type { ToolCall } from '../../providers/types.js';
import type { VerificationMeter } from './budget.js';
import { checkSubmission, extractLocations, type EvidenceLocation } from './submission.js';
import type { CaptureRoot } from './paths.js';
import type { ToolCallLog } from './toolAudit.js';

/** What the tool log keeps of one call: never file contents. */
export type ToolLogEntry = {
  turn: number;
  tool: string;
  path?: string;
  ok: boolean;
  /** The result showed capture bytes (read_file content or summary, search_text that scanned). */
  observed: boolean;
  error?: string;
};

export type ConversationResult = VoteOutcome & {
  locations: EvidenceLocation[];
  toolLog: ToolLogEntry[];
  /** The bounded tool-call log of the audit trail (arguments, bytes returned). */
  audit: VerificationAudit;
};

export type Ending = {
  verdict: VoteOutcome['verdict'];
  evidence: VoteOutcome['evidence'];
  error?: ErrorInfo;
};

const MAX_ERROR_CHARS = 500;

export function fault(category: ErrorInfo['category'], message: string): Ending {
  return {
    verdict: 'inconclusive',
    evidence: null,
    error: { category, message: message.slice(0, MAX_ERROR_CHARS) },
  };
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export type Transcript = {
  toolLog: readonly ToolLogEntry[];
  calls: ToolCallLog;
};

/** Checks a submit_verdict made in `turn`; returns the ending and the evidence's locations. */
export async function settleSubmission(
  call: ToolCall,
  turn: number,
  transcript: Transcript,
  rules: {
    captureDigest: Digest;
    maxEvidenceBytes: number;
    tools: { context: { root: CaptureRoot } };
  },
): Promise<{ ending: Ending; locations: EvidenceLocation[] }> {
  const readCapture = transcript.toolLog.some((entry) => entry.observed && entry.turn < turn);
  const checked = checkSubmission(call.arguments, call.rawArguments, {
    captureDigest: rules.captureDigest,
    maxEvidenceBytes: rules.maxEvidenceBytes,
    readCapture,
  });
  transcript.calls.add(turn, call, {
    bytesReturned: 0,
    ok: checked.ok,
    ...(checked.ok ? {} : { error: checked.error.message }),
  });
  if (!checked.ok)
    return {
      ending: { verdict: 'inconclusive', evidence: null, error: checked.error },
      locations: [],
    };
  const { verdict, evidence } = checked.output;
  return {
    ending: { verdict, evidence },
    locations: await extractLocations(evidence, rules.tools.context.root),
  };
}

/** The conversation's result: its ending, the meter's usage and the audit trail. */
export function conversationResult(
  ending: Ending,
  parts: {
    started: number;
    meter: VerificationMeter;
    usage: Partial<Usage>;
    locations: EvidenceLocation[];
    transcript: { toolLog: ToolLogEntry[]; calls: ToolCallLog };
  },
): ConversationResult {
  const { meter } = parts;
  return {
    verdict: ending.verdict,
    evidence: ending.evidence,
    ...(ending.error ? { error: ending.error } : {}),
    usage: {
      durationMs: Math.round(performance.now() - parts.started),
      tokens: meter.tokens,
      costUsd: meter.costUsd,
      inputTokens: meter.inputTokens,
      outputTokens: meter.outputTokens,
      turns: meter.turns,
      ...parts.usage,
    },
    locations: parts.locations,
    toolLog: parts.transcript.toolLog,
    audit: parts.transcript.calls.audit(ending.verdict),
  };
}
