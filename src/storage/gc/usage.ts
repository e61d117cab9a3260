// The local store's size between walks: the last walk's total plus what each run wrote since.
//
// Decision: one walk per run costs 0.35 ms per stored run on a 2-CPU VM (700 ms with 2,000
// runs), so after a run the estimate grows by the bytes that run's store object wrote (an
// upper bound: a replaced record counts in full) and the store is walked again only every
// WALK_EVERY_RUNS runs, or when the estimate says it is over its cap. Drift from hand edits is
// bounded by the walk; an estimate that only overcounts can make a collection early, never late.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { statEntry } from '../host/scan.js';
import { readJson } from '../jsonFile.js';
import { treeBytes } from './files.js';
import type { LocalLayout } from './layout.js';

type Usage = { bytes: number; runsSinceWalk: number };

const WALK_EVERY_RUNS = 50;

export function usageFile(layout: LocalLayout): string {
  return join(layout.root, 'usage.json');
}

/** The store's size after a run that wrote `added` bytes; updates the estimate on disk. */
export async function sizeAfterRun(layout: LocalLayout, added: number): Promise<number> {
  const stored = await readUsage(layout);
  const usage =
    stored && stored.runsSinceWalk < WALK_EVERY_RUNS
      ? { bytes: stored.bytes + added, runsSinceWalk: stored.runsSinceWalk + 1 }
      : { bytes: await walkedBytes(layout), runsSinceWalk: 0 };
  await writeUsage(layout, usage);
  return usage.bytes;
}

/** After a collection, which knows the exact size of what it kept. */
export function recordWalk(layout: LocalLayout, bytes: number): Promise<void> {
  return writeUsage(layout, { bytes, runsSinceWalk: 0 });
}

/** Every byte of the store but tmp/, the lock (held by whoever walks) and this estimate. */
export async function walkedBytes(layout: LocalLayout): Promise<number> {
  const [all, tmp, own] = await Promise.all([
    treeBytes(layout.root),
    treeBytes(layout.tmpDir),
    Promise.all([layout.lockFile, usageFile(layout)].map((file) => statEntry(file))),
  ]);
  return all - tmp - own.reduce((sum, entry) => sum + (entry?.bytes ?? 0), 0);
}

async function readUsage(layout: LocalLayout): Promise<Usage | undefined> {
  const read = await readJson(usageFile(layout)).catch(() => ({ kind: 'missing' as const }));
  if (read.kind !== 'ok') return undefined;
  const value = read.value as Partial<Usage> | null;
  const valid = [value?.bytes, value?.runsSinceWalk].every(
    (n) => typeof n === 'number' && Number.isFinite(n) && n >= 0,
  );
  return valid ? (value as Usage) : undefined;
}

/** Rewritten in place under the store lock; a torn estimate is replaced by a walk. */
async function writeUsage(layout: LocalLayout, usage: Usage): Promise<void> {
  await writeFile(usageFile(layout), JSON.stringify(usage));
}
