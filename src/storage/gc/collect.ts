// Store hygiene for the local store: `dog gc`, and the size cap enforced after every run.
// The caller holds the store's lock, so no run writes while the collector decides and removes.
import { LocalStore } from '../localStore.js';
import { isProcessAlive } from '../lock.js';
import { takeInventory } from './inventory.js';
import { LocalLayout } from './layout.js';
import { planCollection, type GcLimits } from './plan.js';
import { sweep, type SweepResult } from './sweep.js';
import { recordWalk, sizeAfterRun } from './usage.js';

export type { GcLimits } from './plan.js';

export type GcOutcome = SweepResult & {
  keptRuns: string[];
  kept: { records: number; captures: number; graphs: number; bytes: number };
  /** The fewest runs that must stay (the newest, and any still running) exceed the cap. */
  overCap?: { bytes: number; maxBytes: number };
};

export async function collectGarbage(store: LocalStore, limits: GcLimits): Promise<GcOutcome> {
  await store.recover(isProcessAlive);
  const layout = new LocalLayout(store.root);
  const inventory = await takeInventory(store, layout);
  const plan = planCollection(inventory, limits);
  const swept = await sweep(inventory, plan.keep, layout);
  await recordWalk(layout, plan.keep.bytes);
  return {
    ...swept,
    keptRuns: inventory.runs.slice(0, plan.keep.runs).map((run) => run.runId),
    kept: {
      records: plan.keep.gm.size + plan.keep.goal.size,
      captures: plan.keep.captures.size,
      graphs: plan.keep.graphs.size,
      bytes: plan.keep.bytes,
    },
    ...(plan.overCap ? { overCap: plan.overCap } : {}),
  };
}

/**
 * After a run, under the lock it holds: collects only when the store is over `maxBytes`
 * (estimated as in usage.ts); reading every report happens only then.
 */
export async function enforceStoreCap(
  store: LocalStore,
  maxBytes: number,
): Promise<GcOutcome | undefined> {
  const layout = new LocalLayout(store.root);
  if ((await sizeAfterRun(layout, store.bytesWritten)) <= maxBytes) return undefined;
  return collectGarbage(store, { maxBytes });
}
