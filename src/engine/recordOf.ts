// The one place a record is bound to the plan's selection of its work item: goal, role, run,
// graph, capture and GM digests and verifier identity are copied from the selection, never
// from what a verifier or an artifact says.
import type { CompiledGraph } from '../core/graph/model.js';
import type { Selection } from '../core/select.js';
import type { JsonValue, ErrorInfo, RecordOrigin, VerificationRecord } from '../core/types.js';

export type VerifySelection = Selection & { kind: 'verify' };

/** The run a record is written for, and where it is written (absent: an unknown place). */
export type RecordWriter = { readonly runId: string; readonly origin?: RecordOrigin };

type BoundFields = Pick<
  VerificationRecord,
  | 'schemaVersion'
  | 'goalId'
  | 'role'
  | 'runId'
  | 'graphDigest'
  | 'captureDigest'
  | 'gmDigest'
  | 'verifier'
  | 'origin'
>;

export function boundFields(
  graph: CompiledGraph,
  selection: VerifySelection,
  { runId, origin }: RecordWriter,
): BoundFields {
  return {
    schemaVersion: '1',
    goalId: selection.item.goalId,
    role: selection.item.role,
    runId,
    graphDigest: graph.digest,
    captureDigest: selection.captureDigest,
    gmDigest: selection.gmDigest,
    verifier: selection.identity,
    ...(origin ? { origin } : {}),
  };
}

/** A record that settles a work item no verification answered for (missing, refused). */
export function unverifiedRecord(
  graph: CompiledGraph,
  selection: VerifySelection,
  writer: RecordWriter,
  settled: { verdict: 'fail' | 'inconclusive'; evidence: JsonValue; error: ErrorInfo },
): VerificationRecord {
  return {
    ...boundFields(graph, selection, writer),
    verdict: settled.verdict,
    evidence: settled.evidence,
    error: { ...settled.error, message: settled.error.message.slice(0, 4096) },
    usage: { durationMs: 0, tokens: 0, costUsd: 0 },
    attempts: 0,
    isolation: 'none',
    settledAt: new Date().toISOString(),
  };
}
