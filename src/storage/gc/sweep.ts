// Removes what the plan does not keep, in an order that is safe to interrupt: runs first (the
// roots), then the log lines, records, captures and graphs nothing kept references any more.
// Every step is a rename or an unlink, so a killed collector leaves only unreferenced extras.
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Inventory, StoredFile } from './inventory.js';
import { forEachLogLine } from './inventory.js';
import type { LocalLayout } from './layout.js';
import type { Reach } from './plan.js';

export type SweepResult = {
  removedRuns: string[];
  removed: { records: number; captures: number; graphs: number; logLines: number };
  freedBytes: number;
};

export async function sweep(
  inventory: Inventory,
  keep: Reach,
  layout: LocalLayout,
): Promise<SweepResult> {
  const removedRuns = inventory.runs.slice(keep.runs).map((run) => run.runId);
  for (const runId of removedRuns) await removeRunDir(layout, runId);
  const keptRuns = new Set(inventory.runs.slice(0, keep.runs).map((run) => run.runId));
  const logLines = await rewriteLog(inventory, layout, keptRuns);
  const records =
    (await removeUnkept(inventory.gmRecords, keep.gm)) +
    (await removeUnkept(inventory.goalRecords, keep.goal));
  const captures = await removeUnkept(inventory.captures, keep.captures);
  const graphs = await removeUnkept(inventory.graphs, keep.graphs);
  return {
    removedRuns,
    removed: { records, captures, graphs, logLines },
    freedBytes: Math.max(0, inventory.totalBytes - keep.bytes),
  };
}

/** Moved into tmp/ first, so a run is either all there or not there at all. */
async function removeRunDir(layout: LocalLayout, runId: string): Promise<void> {
  const aside = join(layout.tmpDir, `gc-${process.pid}-${randomBytes(4).toString('hex')}-${runId}`);
  await rename(join(layout.runsDir, runId), aside);
  await rm(aside, { recursive: true, force: true });
}

async function removeUnkept(files: Map<string, StoredFile>, kept: Set<string>): Promise<number> {
  let removed = 0;
  for (const [name, file] of files) {
    if (kept.has(name)) continue;
    await rm(file.path, { force: true });
    removed += 1;
  }
  return removed;
}

/** Keeps the log lines of kept runs; written beside the log and renamed over it. */
async function rewriteLog(
  inventory: Inventory,
  layout: LocalLayout,
  keptRuns: Set<string>,
): Promise<number> {
  const dropped = [...inventory.logBytesByRun.keys()].some((runId) => !keptRuns.has(runId));
  if (!dropped) return 0;
  const temp = join(
    dirname(layout.logFile),
    `.tmp-${process.pid}-${randomBytes(6).toString('hex')}`,
  );
  const handle = await open(temp, 'wx', 0o644);
  let removed = 0;
  try {
    await forEachLogLine(layout.logFile, async (line, runId) => {
      if (runId !== undefined && keptRuns.has(runId)) await handle.write(`${line}\n`);
      else removed += 1;
    });
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temp, layout.logFile);
  return removed;
}
