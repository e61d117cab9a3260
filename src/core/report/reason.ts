// A goal's one-line reason: what every renderer (terminal, HTML, job summary, check run,
// annotations) shows for a goal that failed or waits. One function, so they never disagree.
import { decisionLine } from '../human/words.js';
import type { JsonValue } from '../types.js';
import { firstMeaningfulLine } from './firstLine.js';
import type { ReportSettlement } from './model.js';

/** A table cell, not a paragraph: longer reasons are cut with "…". */
export const REASON_LINE_CHARS = 200;
/** Evidence without a summary is a hint, not the reason: it gets less room. */
const EVIDENCE_LINE_CHARS = 100;

/** States that have a reason worth reading; success and the unsettled states have none. */
const EXPLAINED = new Set<ReportSettlement['state']>([
  'failure',
  'needs_human',
  'blocked',
  'cancelled',
  'partial',
  'invalidated',
]);

/**
 * One line: control characters (C0 and C1, so no terminal escape survives) and runs of
 * blanks become one space; bounded.
 */
export function oneLine(text: string, max = REASON_LINE_CHARS): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
  if (flat.length <= max) return flat;
  let end = max - 1;
  const last = flat.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${flat.slice(0, end)}…`;
}

function field(evidence: JsonValue | undefined, key: string): string | undefined {
  if (evidence === null || typeof evidence !== 'object' || Array.isArray(evidence))
    return undefined;
  const value = evidence[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * What the verifier itself said, by the evidence convention (docs/scripts.md): a string
 * `summary`, else an `expected` / `found` pair (the built-in scripts' shape). Agentic
 * verifiers are asked for the same `summary`.
 */
export function evidenceSummary(evidence: JsonValue | undefined): string | undefined {
  const summary = field(evidence, 'summary');
  if (summary !== undefined) return firstMeaningfulLine(summary);
  const expected = said(evidence, 'expected');
  const found = said(evidence, 'found');
  if (expected !== undefined && found !== undefined) return `expected ${expected}, found ${found}`;
  return undefined;
}

/** A string as it is, anything else but null as compact JSON (`{"includes":"DoG"}`). */
function said(evidence: JsonValue | undefined, key: string): string | undefined {
  if (evidence === null || typeof evidence !== 'object' || Array.isArray(evidence))
    return undefined;
  const value = evidence[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  return JSON.stringify(value);
}

function errorLine(settlement: ReportSettlement): string | undefined {
  const error = settlement.error;
  if (!error) return undefined;
  const line = firstMeaningfulLine(error.message);
  return line === undefined ? error.category : `${error.category}: ${line}`;
}

/** A verdict without a summary shows its evidence itself, compacted to one line. */
function evidenceLine(settlement: ReportSettlement): string | undefined {
  const evidence = settlement.evidence;
  if (settlement.verdict === undefined || evidence === undefined || evidence === null) {
    return undefined;
  }
  const text = typeof evidence === 'string' ? evidence : JSON.stringify(evidence);
  return `evidence: ${oneLine(text, EVIDENCE_LINE_CHARS)}`;
}

function stateFallback(settlement: ReportSettlement): string {
  if (settlement.reason !== undefined && settlement.reason.trim() !== '') {
    return firstMeaningfulLine(settlement.reason) ?? settlement.reason;
  }
  switch (settlement.state) {
    case 'failure':
      return settlement.verdict === 'fail' ? 'the verifier said fail' : 'failed';
    case 'needs_human':
      return 'waiting for a person: the verifier was inconclusive';
    case 'blocked':
      return 'blocked by a goal it depends on';
    case 'cancelled':
      return 'cancelled before it settled';
    default:
      return settlement.state;
  }
}

/**
 * The one-line reason of a goal that failed, waits or did not run; undefined for success
 * and for goals still pending or running. Order: the evidence's own summary, the error's
 * first meaningful line (with its category), the evidence itself, the settlement's reason
 * ("blocked: dependency … ended failure"), the state.
 */
export function reasonOf(settlement: ReportSettlement): string | undefined {
  // A person's decision is never a plain pass: whatever its state, it says who and why.
  if (settlement.decidedBy) return oneLine(decisionLine(settlement.decidedBy, settlement.verdict));
  if (!EXPLAINED.has(settlement.state)) return undefined;
  const line =
    evidenceSummary(settlement.evidence) ??
    errorLine(settlement) ??
    evidenceLine(settlement) ??
    stateFallback(settlement);
  return oneLine(line);
}
