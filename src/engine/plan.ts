// Cycle steps 3–4: capture every distinct target once, resolve verifier identities, look
// up earlier records, and select what to inherit and what to verify again.
import type { CaptureResult } from '../capture/types.js';
import type { CompiledGraph } from '../core/graph/model.js';
import { runLimited } from '../core/limit.js';
import {
  gmDigestOf,
  select,
  type CaptureOutcome,
  type IdentityOutcome,
  type SelectionResult,
} from '../core/select.js';
import type { Digest, VerificationRecord } from '../core/types.js';
import { lookUpDecisions, retriesDue, type RetryLookup } from './decisions.js';
import type { EngineDeps, RunOptions } from './ports.js';

const LOOKUP_CONCURRENCY = 8;

export type Plan = SelectionResult & {
  captureResults: ReadonlyMap<string, CaptureResult>;
};

export async function planRun(
  graph: CompiledGraph,
  deps: EngineDeps,
  options: RunOptions,
): Promise<Plan> {
  const captureResults = await deps.captures.captureAll(graph.targets, graph.excludes);
  const captures = new Map<string, CaptureOutcome>();
  for (const target of graph.targets) {
    const result = captureResults.get(target);
    if (!result) throw new Error(`capture of ${target} returned nothing`);
    captures.set(target, toCaptureOutcome(result));
  }
  const identities = new Map<string, IdentityOutcome>();
  for (const item of graph.workItems)
    identities.set(item.key, await deps.verifiers.identityOf(item));
  const recordsByGm = new Map<Digest, VerificationRecord>();
  const newestByKey = new Map<string, VerificationRecord>();
  const lookups = graph.workItems.map((item) => async () => {
    const capture = captures.get(item.target);
    const identity = identities.get(item.key);
    if (!capture?.ok || !identity?.ok) return;
    const gm = gmDigestOf(capture.digest, identity.identity);
    const record = await deps.store.findByGm(gm);
    // The newest record only explains a re-run; an inherited item is its own earlier record.
    const newest = record ?? (await deps.store.newestForKey(item.key));
    if (record) recordsByGm.set(gm, record);
    if (newest) newestByKey.set(item.key, newest);
  });
  // Remote stores (the Actions cache) answer slowly but in parallel.
  await runLimited(lookups, LOOKUP_CONCURRENCY);
  // People's decisions, per goal (never by GM digest) — see core/human.
  const people = await lookUpDecisions(graph, deps.store, captures, identities);
  const retry = retryKeys(graph, options, { captures, identities, newestByKey, recordsByGm });
  const selection = select({
    graph,
    captures,
    identities,
    recordsByGm,
    newestByKey,
    fresh: options.fresh,
    revalidateThreshold: options.revalidateThreshold,
    decisions: people.decisions,
    ...(retry.size > 0 ? { retry } : {}),
  });
  return {
    ...selection,
    warnings: [...selection.warnings, ...people.warnings],
    captureResults,
  };
}

/** What the caller asked to retry, and the stored retry requests that are due. */
function retryKeys(graph: CompiledGraph, options: RunOptions, lookup: RetryLookup): Set<string> {
  const due = retriesDue(graph, options.retryRequests ?? [], lookup);
  return new Set([...(options.retry ?? []), ...due]);
}

/** A target that cannot be captured settles its goals without running a verifier. */
export function toCaptureOutcome(result: CaptureResult): CaptureOutcome {
  if (result.ok) return { ok: true, digest: result.capture.digest };
  const error = { category: result.reason, message: result.message };
  // Too large is a limit of this host, not a fact about the artifact: a person decides.
  const verdict = result.reason === 'capture_too_large' ? 'inconclusive' : 'fail';
  return { ok: false, verdict, error };
}
