// Which runs the collector keeps: the newest ones, as many as --keep-runs allows and as fit
// under the size cap. Least recently used goes first, as in the host cache, but by run: a
// record or capture is as recent as the newest run that references it, so dropping the oldest
// run frees exactly what no newer run still uses.
import { EVICT_TO_FRACTION } from '../host/eviction.js';
import type { Inventory, RunRefs } from './inventory.js';

export type GcLimits = { keepRuns?: number; maxBytes?: number };

/** What the first `runs` runs of the inventory keep, and how many bytes the store then holds. */
export type Reach = {
  runs: number;
  gm: Set<string>;
  goal: Set<string>;
  captures: Set<string>;
  graphs: Set<string>;
  bytes: number;
};

export type GcPlan = {
  keep: Reach;
  /** Set when even the fewest runs that must stay do not fit under the cap. */
  overCap?: { bytes: number; maxBytes: number };
};

export function planCollection(inventory: Inventory, limits: GcLimits): GcPlan {
  const { runs } = inventory;
  const mustKeep = Math.min(runs.length, Math.max(1, runs.filter((r) => r.live).length));
  const allowed = Math.max(mustKeep, Math.min(runs.length, limits.keepRuns ?? runs.length));
  const reaches = reachesUpTo(inventory, allowed);
  const chosen = reaches[allowed] as Reach;
  const cap = limits.maxBytes;
  if (cap === undefined || chosen.bytes <= cap) return { keep: chosen };
  // Like the host cache: once over the cap, go well below it so the next runs do not collect again.
  const target = Math.floor(cap * EVICT_TO_FRACTION);
  for (let count = allowed; count > mustKeep; count -= 1) {
    const reach = reaches[count - 1] as Reach;
    if (reach.bytes <= target) return { keep: reach };
  }
  const fewest = reaches[mustKeep] as Reach;
  return {
    keep: fewest,
    ...(fewest.bytes > cap ? { overCap: { bytes: fewest.bytes, maxBytes: cap } } : {}),
  };
}

/** reaches[k]: what keeping the first k runs keeps, for k = 0..count. */
function reachesUpTo(inventory: Inventory, count: number): Reach[] {
  const fixed = inventory.totalBytes - removableBytes(inventory);
  const reach: Reach = {
    runs: 0,
    gm: new Set(),
    goal: new Set(),
    captures: new Set(),
    graphs: new Set(),
    bytes: fixed,
  };
  const out: Reach[] = [snapshot(reach)];
  const byRun = recordsByRun(inventory);
  for (const run of inventory.runs.slice(0, count)) {
    addRun(inventory, reach, run, byRun.get(run.runId) ?? { gm: [], goal: [] });
    out.push(snapshot(reach));
  }
  return out;
}

function addRun(
  inventory: Inventory,
  reach: Reach,
  run: RunRefs,
  own: { gm: string[]; goal: string[] },
): void {
  reach.runs += 1;
  reach.bytes += run.dirBytes + (inventory.logBytesByRun.get(run.runId) ?? 0);
  const add = (set: Set<string>, name: string, bytes: number | undefined): boolean => {
    if (bytes === undefined || set.has(name)) return false;
    set.add(name);
    reach.bytes += bytes;
    return true;
  };
  const addRecord = (kind: 'gm' | 'goal', name: string): void => {
    const record = (kind === 'gm' ? inventory.gmRecords : inventory.goalRecords).get(name);
    if (record && add(reach[kind], name, record.bytes) && record.captureHex)
      add(reach.captures, record.captureHex, inventory.captures.get(record.captureHex)?.bytes);
  };
  for (const hex of [...run.gm, ...own.gm]) addRecord('gm', hex);
  for (const key of [...run.keys, ...own.goal]) addRecord('goal', key);
  for (const hex of run.captures) add(reach.captures, hex, inventory.captures.get(hex)?.bytes);
  for (const hex of run.graphs) add(reach.graphs, hex, inventory.graphs.get(hex)?.bytes);
}

/** Records settled by each run: kept with their run even when its report never got written. */
function recordsByRun(inventory: Inventory): Map<string, { gm: string[]; goal: string[] }> {
  const byRun = new Map<string, { gm: string[]; goal: string[] }>();
  const note = (kind: 'gm' | 'goal', records: Inventory['gmRecords']): void => {
    for (const [name, record] of records) {
      if (record.runId === undefined) continue;
      const own = byRun.get(record.runId) ?? { gm: [], goal: [] };
      own[kind].push(name);
      byRun.set(record.runId, own);
    }
  };
  note('gm', inventory.gmRecords);
  note('goal', inventory.goalRecords);
  return byRun;
}

/** Bytes of everything the collector may remove: runs, their log lines, records, captures, graphs. */
function removableBytes(inventory: Inventory): number {
  const sum = (values: Iterable<{ bytes: number } | number>): number => {
    let total = 0;
    for (const value of values) total += typeof value === 'number' ? value : value.bytes;
    return total;
  };
  return (
    sum(inventory.runs.map((run) => run.dirBytes)) +
    sum(inventory.logBytesByRun.values()) +
    sum(inventory.gmRecords.values()) +
    sum(inventory.goalRecords.values()) +
    sum(inventory.captures.values()) +
    sum(inventory.graphs.values())
  );
}

function snapshot(reach: Reach): Reach {
  return {
    runs: reach.runs,
    gm: new Set(reach.gm),
    goal: new Set(reach.goal),
    captures: new Set(reach.captures),
    graphs: new Set(reach.graphs),
    bytes: reach.bytes,
  };
}
