// Store hygiene for the local store: `dog gc`, and the size cap enforced after every run.
// The caller holds the store's lock, so no run writes while the collector decides and removes.
import { LocalStore } from '../localStore.js';
import { isProcessAlive } from '../lock.js';
import { takeInventory } from './inventory.js';
import { LocalLayout } from './layout.js';
import { planCollection, type GcLimits } from './plan.js';
import { sweep, type SweepResult } from './sweep.js';
import { treeBytes } from './files.js';

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
 * After a run: collects only when the store is over `maxBytes`. The size check walks the store
 * (no ledger: one walk per run, not per write); reading every report happens only when over.
 */
export async function enforceStoreCap(
  store: LocalStore,
  maxBytes: number,
): Promise<GcOutcome | undefined> {
  const layout = new LocalLayout(store.root);
  const bytes = (await treeBytes(layout.root)) - (await treeBytes(layout.tmpDir));
  if (bytes <= maxBytes) return undefined;
  return collectGarbage(store, { maxBytes });
}
