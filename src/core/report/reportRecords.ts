// Whether a report's settlements are the records a store holds: each settlement's record
// digest found among them, and the verdict, evidence and capture digest the report shows
// for it the record's own. Pure: the records come in by digest.
import { canonicalJson } from '../digest.js';
import { workKey } from '../graph/model.js';
import type { Digest, JsonValue, VerificationRecord } from '../types.js';
import type { ChainBreak } from './chainCheck.js';
import type { ReportSettlement, RunReport } from './model.js';

/** Each settlement of the report with the work key it settles (a leaf, or a composite's assert). */
export function settlementsOf(report: RunReport): { key: string; settlement: ReportSettlement }[] {
  return Object.entries(report.nodes).flatMap(([id, node]) => [
    ...(node.kind === 'leaf' ? [{ key: id, settlement: node as ReportSettlement }] : []),
    ...(node.assert ? [{ key: workKey(id, 'assert'), settlement: node.assert }] : []),
  ]);
}

export type RecordCheck = { checked: number; breaks: ChainBreak[] };

export function checkRecords(
  report: RunReport,
  records: ReadonlyMap<Digest, VerificationRecord>,
): RecordCheck {
  const breaks: ChainBreak[] = [];
  let checked = 0;
  for (const { key, settlement } of settlementsOf(report)) {
    if (settlement.recordDigest === undefined) continue;
    checked += 1;
    const record = records.get(settlement.recordDigest);
    const problem = record
      ? mismatchOf(settlement, record)
      : `its record ${settlement.recordDigest} is not in the store`;
    if (problem) breaks.push({ node: key, message: problem });
  }
  return { checked, breaks };
}

function mismatchOf(settlement: ReportSettlement, record: VerificationRecord): string | undefined {
  if (record.verdict !== settlement.verdict)
    return `the report says ${String(settlement.verdict)}, its record says ${record.verdict}`;
  if (record.captureDigest !== settlement.captureDigest)
    return `the report's capture digest is not its record's (${record.captureDigest})`;
  const evidence = (value: JsonValue | undefined): string =>
    value === undefined ? '' : canonicalJson(value);
  if (evidence(record.evidence) !== evidence(settlement.evidence))
    return "the report's evidence is not its record's";
  return undefined;
}
