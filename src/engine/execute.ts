// Running one selected verification: materialize its capture once per target, call its
// verifier, and turn the outcome into a record bound to the plan's digests. This is the one
// place an outcome becomes a record (whole runs and split verify jobs alike), so credentials
// are redacted here, before the evidence bound is enforced on what will be stored.
import { join } from 'node:path';
import type { CaptureKind, CaptureResult } from '../capture/types.js';
import type { CompiledGraph, WorkItem } from '../core/graph/model.js';
import { enforceOutcome } from '../core/outcome.js';
import { redactOutcome } from '../core/redactOutcome.js';
import type { VerificationOutcome, VerificationRecord } from '../core/types.js';
import type { Plan } from './plan.js';
import type { EngineDeps, MaterializedCapture, RunOptions } from './ports.js';
import { boundFields, type RecordWriter, type VerifySelection } from './recordOf.js';

export type { VerifySelection } from './recordOf.js';

export type Executor = (
  selection: VerifySelection,
  signal: AbortSignal,
) => Promise<VerificationRecord>;

export function createExecutor(
  graph: CompiledGraph,
  plan: Plan,
  deps: EngineDeps,
  options: RunOptions,
  workDir: string,
): Executor {
  const materialized = new Map<string, Promise<MaterializedCapture>>();
  const capturePath = (target: string): Promise<MaterializedCapture> => {
    let path = materialized.get(target);
    if (!path) {
      const result = plan.captureResults.get(target) as CaptureResult & { ok: true };
      path = deps.captures.materialize(result, join(workDir, `capture-${materialized.size}`));
      materialized.set(target, path);
    }
    return path;
  };
  return async (selection, signal) => {
    const raw = await verifyOne(selection, deps, options, signal, capturePath);
    const outcome = enforceOutcome(redactOutcome(deps.redactor, raw), options.maxEvidenceBytes);
    const capture = plan.captureResults.get(selection.item.target) as CaptureResult & { ok: true };
    const locations = (outcome.locations ?? []).map((l) => ({
      ...l,
      path: workspacePath(selection.item.target, capture.capture.kind, l.path),
    }));
    return toRecord(graph, selection, options, { ...outcome, locations });
  };
}

async function verifyOne(
  selection: VerifySelection,
  deps: EngineDeps,
  options: RunOptions,
  signal: AbortSignal,
  capturePath: (target: string) => Promise<MaterializedCapture>,
): Promise<VerificationOutcome> {
  const { item } = selection;
  const started = Date.now();
  try {
    const capture = await capturePath(item.target);
    return await deps.verifiers.verifierFor(item).verify({
      goalId: item.goalId,
      runId: options.runId,
      captureDigest: selection.captureDigest,
      capturePath: capture.path,
      captureKind: capture.kind,
      verifier: item.verifier,
      timeoutMs: timeoutFor(item, options) * 1000,
      maxEvidenceBytes: options.maxEvidenceBytes,
      signal,
      ...(options.runBudget ? { runBudget: options.runBudget } : {}),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      verdict: 'inconclusive',
      evidence: null,
      error: {
        category: signal.aborted ? 'cancelled' : 'internal',
        message: message.slice(0, 1000),
      },
      usage: { durationMs: Date.now() - started, tokens: 0, costUsd: 0 },
      attempts: 1,
      isolation: deps.isolation.kind,
    };
  }
}

function timeoutFor(item: WorkItem, options: RunOptions): number {
  return item.verifier.mode === 'agentic'
    ? options.timeouts.agenticSeconds
    : options.timeouts.programmaticSeconds;
}

function toRecord(
  graph: CompiledGraph,
  selection: VerifySelection,
  writer: RecordWriter,
  outcome: VerificationOutcome,
): VerificationRecord {
  return {
    ...boundFields(graph, selection, writer),
    verdict: outcome.verdict,
    evidence: outcome.evidence,
    ...(outcome.error ? { error: outcome.error } : {}),
    usage: outcome.usage,
    attempts: outcome.attempts,
    isolation: outcome.isolation,
    ...(outcome.votes ? { votes: outcome.votes } : {}),
    ...(outcome.locations?.length ? { locations: outcome.locations } : {}),
    ...(outcome.audit ? { audit: outcome.audit } : {}),
    settledAt: new Date().toISOString(),
  };
}

/** A capture-relative path as a workspace path: inside a directory target, or the file itself. */
function workspacePath(target: string, kind: CaptureKind, path: string): string {
  if (kind === 'file') return target;
  return target === '.' ? path : `${target}/${path}`;
}
