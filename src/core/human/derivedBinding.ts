// Whether a report's digests describe bytes decide derived itself. The report is an artifact;
// what a decision or retry request binds to must be the digest of bytes read from the commit
// the run captured, identified with the trusted graph's verifier. Pure: the caller derives.
import { quoted } from '../echo.js';
import { workKey, type CompiledGraph } from '../graph/model.js';
import type { ReportSettlement, RunReport } from '../report/model.js';
import { gmDigestOf, type CaptureOutcome, type IdentityOutcome } from '../select.js';
import type { Digest } from '../types.js';
import { specDigestOf } from './binding.js';
import type { ReviewChange } from './change.js';

/** What decide derived for one work item: its capture and its verifier's identity. */
export type Derived = { capture: CaptureOutcome; identity: IdentityOutcome };

/** The work keys a change binds to something: its decisions' and its retries'. */
export function boundKeys(change: ReviewChange): string[] {
  const keys = (change.decisions ?? []).map((d) => workKey(d.goalId, d.role));
  return [...new Set([...keys, ...(change.retries ?? []).map((r) => r.key)])];
}

/**
 * The first work key whose report digests differ from what was derived, as a sentence, or
 * undefined when every key the change binds describes the derived bytes.
 */
export function unboundProblem(
  report: RunReport,
  graph: CompiledGraph,
  derived: ReadonlyMap<string, Derived>,
): string | undefined {
  for (const [key, { capture, identity }] of derived) {
    const item = graph.workItemByKey.get(key);
    const settled = settlementOf(report, key);
    if (!item || !settled) return `${quoted(key)} is not a goal of the report`;
    const captureDigest = capture.ok ? capture.digest : undefined;
    const gm =
      captureDigest && identity.ok ? gmDigestOf(captureDigest, identity.identity) : undefined;
    const spec = captureDigest && specDigestOf(captureDigest, item.verifier);
    const differs =
      settled.captureDigest !== captureDigest ||
      (settled.gmDigest !== undefined && settled.gmDigest !== gm) ||
      (settled.specDigest !== undefined && settled.specDigest !== spec);
    if (differs) return mismatch(key, settled.captureDigest, captureDigest, capture);
  }
  return undefined;
}

function mismatch(
  key: string,
  reported: Digest | undefined,
  derived: Digest | undefined,
  capture: CaptureOutcome,
): string {
  const read = capture.ok
    ? `captures to ${short(derived)}`
    : `could not be captured (${capture.error.message})`;
  return `the report's digests for ${quoted(key)} (capture ${short(reported)}) are not those of the commit DoG's run checked out, whose target ${read}: the report does not describe these bytes; re-run DoG's workflow for this pull request and decide on its new report`;
}

function short(digest: Digest | undefined): string {
  return digest === undefined ? 'none' : digest.slice(0, 19);
}

function settlementOf(report: RunReport, key: string): ReportSettlement | undefined {
  return key.endsWith('#assert') ? report.nodes[key.slice(0, -7)]?.assert : report.nodes[key];
}
