// What the local store holds and what each run references, read once by the collector.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { isErrnoCode } from '../../capture/captureError.js';
import { digestHex, isDigest } from '../../core/digest.js';
import { workKey } from '../../core/graph/model.js';
import type { ReportSettlement, RunReport } from '../../core/report/model.js';
import { isProcessAlive } from '../lock.js';
import type { LocalStore } from '../localStore.js';
import type { RunMeta } from '../types.js';
import { filesIn, listDir, treeBytes } from './files.js';
import { walkedBytes } from './usage.js';
import type { LocalLayout } from './layout.js';

/** What one run keeps alive: records by GM digest and by work key, captures, graphs. */
export type RunRefs = {
  runId: string;
  /** A run whose process still lives is never removed. */
  live: boolean;
  dirBytes: number;
  gm: Set<string>;
  keys: Set<string>;
  captures: Set<string>;
  graphs: Set<string>;
};

export type StoredFile = { path: string; bytes: number };
export type StoredRecord = StoredFile & { runId?: string; captureHex?: string };

export type Inventory = {
  /** Live runs first, then newest first. */
  runs: RunRefs[];
  gmRecords: Map<string, StoredRecord>;
  goalRecords: Map<string, StoredRecord>;
  captures: Map<string, StoredFile>;
  graphs: Map<string, StoredFile>;
  logBytesByRun: Map<string, number>;
  /** The store's bytes when the inventory was taken (usage.ts, walkedBytes). */
  totalBytes: number;
};

export async function takeInventory(store: LocalStore, layout: LocalLayout): Promise<Inventory> {
  const metas = await store.listRuns();
  const runs = await Promise.all(metas.map((meta) => runRefs(store, layout, meta)));
  const started = new Map(metas.map((m) => [m.runId, Date.parse(m.startedAt) || 0]));
  runs.sort(
    (a, b) =>
      Number(b.live) - Number(a.live) ||
      (started.get(b.runId) ?? 0) - (started.get(a.runId) ?? 0) ||
      b.runId.localeCompare(a.runId),
  );
  const [logBytesByRun, gmRecords, goalRecords, captures, graphs, totalBytes] = await Promise.all([
    logBytes(layout.logFile),
    readRecords(layout.gmDir),
    readRecords(layout.goalDir),
    blobFiles(layout),
    namedFiles(layout.graphsDir),
    walkedBytes(layout),
  ]);
  return { runs, gmRecords, goalRecords, captures, graphs, logBytesByRun, totalBytes };
}

async function runRefs(store: LocalStore, layout: LocalLayout, meta: RunMeta): Promise<RunRefs> {
  const refs: RunRefs = {
    runId: meta.runId,
    live: meta.status === 'running' && isProcessAlive(meta.pid),
    dirBytes: await treeBytes(join(layout.runsDir, meta.runId)),
    gm: new Set(),
    keys: new Set(),
    captures: new Set(),
    graphs: new Set(),
  };
  addDigest(refs.graphs, meta.graphDigest);
  let report: RunReport | undefined;
  try {
    report = await store.readReport(meta.runId);
  } catch {
    // A damaged report references nothing; its run's own records are still found by run id.
  }
  if (report) {
    addDigest(refs.graphs, report.graph.digest);
    for (const [id, node] of Object.entries(report.nodes)) {
      addSettlement(refs, workKey(id, 'leaf'), node);
      if (node.assert) addSettlement(refs, workKey(id, 'assert'), node.assert);
    }
  }
  return refs;
}

function addSettlement(refs: RunRefs, key: string, settlement: ReportSettlement): void {
  refs.keys.add(key);
  addDigest(refs.gm, settlement.gmDigest);
  addDigest(refs.captures, settlement.captureDigest);
}

function addDigest(into: Set<string>, digest: unknown): void {
  if (typeof digest === 'string' && isDigest(digest)) into.add(digestHex(digest));
}

/** Records by file name without `.json`; an unreadable record references nothing. */
async function readRecords(dir: string): Promise<Map<string, StoredRecord>> {
  const records = new Map<string, StoredRecord>();
  for (const file of await filesIn(dir)) {
    if (!file.path.endsWith('.json')) continue;
    const fields = parseRecordFields(await readQuietly(file.path));
    records.set(basename(file.path, '.json'), { path: file.path, bytes: file.bytes, ...fields });
  }
  return records;
}

function parseRecordFields(text: string | undefined): { runId?: string; captureHex?: string } {
  try {
    const value = JSON.parse(text ?? '') as { runId?: unknown; captureDigest?: unknown };
    const captureHex =
      typeof value.captureDigest === 'string' && isDigest(value.captureDigest)
        ? digestHex(value.captureDigest)
        : undefined;
    return {
      ...(typeof value.runId === 'string' ? { runId: value.runId } : {}),
      ...(captureHex ? { captureHex } : {}),
    };
  } catch {
    return {};
  }
}

async function readQuietly(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (isErrnoCode(error, 'ENOENT')) return undefined;
    throw error;
  }
}

async function blobFiles(layout: LocalLayout): Promise<Map<string, StoredFile>> {
  const blobs = new Map<string, StoredFile>();
  for (const shard of await listDir(layout.blobDir)) {
    if (!shard.isDirectory()) continue;
    for (const file of await filesIn(join(layout.blobDir, shard.name)))
      blobs.set(basename(file.path), file);
  }
  return blobs;
}

async function namedFiles(dir: string): Promise<Map<string, StoredFile>> {
  const files = await filesIn(dir);
  return new Map(files.map((file) => [basename(file.path, '.json'), file]));
}

/** Bytes of the verification log by the run that settled each line. */
async function logBytes(logFile: string): Promise<Map<string, number>> {
  const byRun = new Map<string, number>();
  await forEachLogLine(logFile, (line, runId) => {
    if (runId !== undefined)
      byRun.set(runId, (byRun.get(runId) ?? 0) + Buffer.byteLength(line) + 1);
  });
  return byRun;
}

/** Calls `visit` with each line of the log and the run id it names (undefined if torn). */
export async function forEachLogLine(
  logFile: string,
  visit: (line: string, runId: string | undefined) => void | Promise<void>,
): Promise<void> {
  const stream = createReadStream(logFile, { encoding: 'utf8' });
  const opened = new Promise<boolean>((resolve, reject) => {
    stream.once('open', () => resolve(true));
    stream.once('error', (error) =>
      isErrnoCode(error, 'ENOENT') ? resolve(false) : reject(error),
    );
  });
  if (!(await opened)) return;
  for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
    if (line === '') continue;
    await visit(line, parseRecordFields(line).runId);
  }
}
