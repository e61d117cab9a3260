// Captures travel between phases in a bounded number of bundles (GitHub: at most 500
// artifacts per job). Each matrix job reads one bundle: its own when there are at most
// `maxBundles` jobs, else a bundle shared by consecutive jobs in plan order. A bundle holds
// the distinct captures its jobs verify, nothing else. Pure.
import type { Selection } from '../../core/select.js';
import type { Digest } from '../../core/types.js';
import type { PlanJob } from './assignment.js';

export type BundlePlan = {
  /** Job label → bundle name. */
  bundleOf: Record<string, string>;
  /** Bundle name → the capture digests it holds, each once, sorted. */
  bundles: Map<string, Digest[]>;
};

export function planBundles(
  jobs: readonly PlanJob[],
  selections: ReadonlyMap<string, Selection>,
  maxBundles: number,
): BundlePlan {
  if (!Number.isInteger(maxBundles) || maxBundles < 1)
    throw new RangeError(`maxBundles must be a positive integer, got ${maxBundles}`);
  const count = Math.min(jobs.length, maxBundles);
  const perBundle = Math.ceil(jobs.length / Math.max(1, count));
  const bundleOf: Record<string, string> = {};
  const contents = new Map<string, Set<Digest>>();
  jobs.forEach((job, index) => {
    const name = jobs.length <= maxBundles ? job.job : `b${Math.floor(index / perBundle) + 1}`;
    bundleOf[job.job] = name;
    const held = contents.get(name) ?? new Set<Digest>();
    for (const digest of capturesOf(job.keys, selections)) held.add(digest);
    contents.set(name, held);
  });
  const bundles = new Map([...contents].map(([name, held]) => [name, [...held].sort()]));
  return { bundleOf, bundles };
}

/** The capture digests the verifications among `keys` read. */
export function capturesOf(
  keys: readonly string[],
  selections: ReadonlyMap<string, Selection>,
): Digest[] {
  const digests = new Set<Digest>();
  for (const key of keys) {
    const selection = selections.get(key);
    if (selection?.kind === 'verify') digests.add(selection.captureDigest);
  }
  return [...digests];
}
