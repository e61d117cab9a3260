// The dog-plan artifact (schemas/plan.schema.json): what the plan step decided, so the
// verify and aggregate steps of the same run settle exactly that plan.
import type { CaptureFailureReason, CaptureResult } from '../../capture/types.js';
import { DocumentError } from '../../core/errors.js';
import type { CompiledGraph } from '../../core/graph/model.js';
import type { Selection, Warning } from '../../core/select.js';
import type {
  Digest,
  ErrorInfo,
  RerunReason,
  Verdict,
  VerificationRecord,
  VerifierIdentity,
} from '../../core/types.js';
import type { DispatchPlan } from '../matrix/index.js';
import { validateAgainst } from '../../schemas/validate.js';

export type TrustedFiles = {
  /** Where they were read from, for people: "base commit abc123 (contents API)". */
  source: string;
  graphPath: string;
  graph: string;
  configPath: string;
  config: string | null;
  scripts: { name: string; content: string }[];
};

export type StoredSelection =
  | { kind: 'inherit'; record: VerificationRecord }
  | {
      kind: 'verify';
      captureDigest: Digest;
      gmDigest: Digest;
      identity: VerifierIdentity;
      reason: RerunReason;
    }
  | { kind: 'settled'; captureDigest?: Digest; verdict: Verdict; error: ErrorInfo };

export type StoredCapture =
  | {
      target: string;
      ok: true;
      kind: 'file' | 'directory';
      digest: Digest;
      bytes: number;
      files: number;
    }
  | { target: string; ok: false; reason: CaptureFailureReason; message: string };

export type PlanDocument = {
  schemaVersion: '1';
  runId: string;
  startedAt: string;
  graphDigest: Digest;
  trigger: { event: string; sha?: string; ref?: string };
  trusted: TrustedFiles;
  captures: StoredCapture[];
  selections: Record<string, StoredSelection>;
  dispatch: Pick<DispatchPlan, 'inPlan' | 'waves'>;
  /** At most this many jobs in one wave: a job label beyond it names no job of any plan. */
  jobsPerWave: number;
  /** The capture bundle each matrix job reads its captures from (job label → bundle name). */
  bundleOf: Record<string, string>;
  /** Each job's share of the run budget, a hard cap for that job's verifications. */
  budget: { shares: Record<string, RunBudget>; note?: string };
  warnings: Warning[];
};

export type RunBudget = { tokens?: number; costUsd?: number };

export type PlanDocumentParts = {
  runId: string;
  startedAt: string;
  graph: CompiledGraph;
  trusted: TrustedFiles;
  trigger: PlanDocument['trigger'];
  captureResults: ReadonlyMap<string, CaptureResult>;
  selections: ReadonlyMap<string, Selection>;
  dispatch: Pick<DispatchPlan, 'inPlan' | 'waves'>;
  jobsPerWave: number;
  bundleOf?: Record<string, string>;
  budget?: PlanDocument['budget'];
  warnings: Warning[];
};

/** The one way a plan document is written, for every front. */
export function planDocumentOf(parts: PlanDocumentParts): PlanDocument {
  const { event, sha, ref } = parts.trigger;
  return {
    schemaVersion: '1',
    runId: parts.runId,
    startedAt: parts.startedAt,
    graphDigest: parts.graph.digest,
    trigger: {
      event: event.slice(0, 64),
      ...(sha ? { sha: sha.slice(0, 64) } : {}),
      ...(ref ? { ref: ref.slice(0, 512) } : {}),
    },
    trusted: parts.trusted,
    captures: [...parts.captureResults.values()].map(storeCapture),
    selections: Object.fromEntries(
      [...parts.selections].map(([key, selection]) => [key, storeSelection(selection)]),
    ),
    dispatch: { inPlan: parts.dispatch.inPlan, waves: parts.dispatch.waves },
    jobsPerWave: parts.jobsPerWave,
    bundleOf: parts.bundleOf ?? {},
    budget: parts.budget ?? { shares: {} },
    warnings: parts.warnings,
  };
}

export function storeSelection(selection: Selection): StoredSelection {
  switch (selection.kind) {
    case 'inherit':
      return { kind: 'inherit', record: selection.record };
    case 'verify': {
      const { captureDigest, gmDigest, identity, reason } = selection;
      return { kind: 'verify', captureDigest, gmDigest, identity, reason };
    }
    case 'settled': {
      const { captureDigest, verdict, error } = selection;
      return { kind: 'settled', ...(captureDigest ? { captureDigest } : {}), verdict, error };
    }
  }
}

export function storeCapture(result: CaptureResult): StoredCapture {
  if (!result.ok)
    return { target: result.target, ok: false, reason: result.reason, message: result.message };
  const { target, kind, digest, bytes, files } = result.capture;
  return { target, ok: true, kind, digest, bytes, files };
}

export function capturesOf(document: PlanDocument): Map<string, CaptureResult> {
  const results = new Map<string, CaptureResult>();
  for (const stored of document.captures) {
    if (stored.ok) {
      const { target, kind, digest, bytes, files } = stored;
      results.set(target, { ok: true, capture: { target, kind, digest, bytes, files } });
    } else {
      const { target, reason, message } = stored;
      results.set(target, { ok: false, target, reason, message });
    }
  }
  return results;
}

/** The plan's selections bound to the compiled graph's work items; both must agree exactly. */
export function selectionsOf(document: PlanDocument, graph: CompiledGraph): Map<string, Selection> {
  if (document.graphDigest !== graph.digest)
    throw new DocumentError('dog-plan', [
      {
        pointer: '/graphDigest',
        message: `the plan is for graph ${document.graphDigest}, not ${graph.digest}`,
      },
    ]);
  const selections = new Map<string, Selection>();
  for (const item of graph.workItems) {
    const stored = document.selections[item.key];
    if (!stored)
      throw new DocumentError('dog-plan', [
        { pointer: '/selections', message: `work item ${item.key} is missing from the plan` },
      ]);
    selections.set(item.key, restore(stored, item));
  }
  const extra = Object.keys(document.selections).filter((key) => !selections.has(key));
  if (extra.length > 0)
    throw new DocumentError('dog-plan', [
      { pointer: '/selections', message: `unknown work items: ${extra.slice(0, 5).join(', ')}` },
    ]);
  return selections;
}

function restore(stored: StoredSelection, item: CompiledGraph['workItems'][number]): Selection {
  switch (stored.kind) {
    case 'inherit':
      return {
        kind: 'inherit',
        item,
        captureDigest: stored.record.captureDigest,
        gmDigest: stored.record.gmDigest,
        record: stored.record,
      };
    case 'verify':
      return { ...stored, item };
    case 'settled':
      return { ...stored, item };
  }
}

/** Parses and validates the plan artifact's text; any deviation is refused. */
export function parsePlanDocument(text: string, source: string): PlanDocument {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DocumentError(source, [{ pointer: '', message: `not JSON: ${String(error)}` }]);
  }
  const result = validateAgainst<PlanDocument>('plan', value);
  if (!result.ok) throw new DocumentError(source, result.problems);
  return result.value;
}
