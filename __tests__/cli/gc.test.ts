import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { access, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunReport } from '../../src/core/report/model.js';
import { treeBytes } from '../../src/storage/gc/files.js';
import { dogProcess } from '../e2e/cliProcess.js';
import { allOf, dog, put, runJson, workspace } from '../e2e/harness.js';

const graph = allOf({ readme: { target: 'README.md', script: 'file.non_empty' } });

type GcJson = {
  removedRuns: string[];
  keptRuns: string[];
  removed: { records: number; captures: number; graphs: number; logLines: number };
  kept: { records: number; captures: number; graphs: number; bytes: number };
  freedBytes: number;
  overCap?: { bytes: number; maxBytes: number };
};

const hex = (digest: string | undefined): string => (digest ?? '').replace(/^sha256:/, '');
const blob = (ws: string, digest: string | undefined): string =>
  join(ws, '.dog/store/captures/sha256', hex(digest).slice(0, 2), hex(digest));
const gmRecord = (ws: string, digest: string | undefined): string =>
  join(ws, '.dog/store/records/gm', `${hex(digest)}.json`);
const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );
/** Everything in the store but tmp/ and the collector's size estimate (the lock is released). */
async function storeBytes(ws: string): Promise<number> {
  const estimate = await stat(join(ws, '.dog/store/usage.json')).then(
    (stats) => stats.size,
    () => 0,
  );
  const tmp = await treeBytes(join(ws, '.dog/store/tmp'));
  return (await treeBytes(join(ws, '.dog/store'))) - tmp - estimate;
}

async function runWith(ws: string, readme: string): Promise<RunReport> {
  await put(ws, 'README.md', readme);
  const { code, report } = await runJson(ws);
  expect(code).toBe(0);
  return report;
}

async function gc(ws: string, ...flags: string[]): Promise<GcJson> {
  const result = await dog(['gc', '--json', ...flags], ws);
  expect(result).toMatchObject({ code: 0 });
  return JSON.parse(result.stdout) as GcJson;
}

test('dog gc --keep-runs keeps what the newest runs reference and removes what only older runs did', async () => {
  const ws = await workspace({}, graph);
  const one = await runWith(ws, 'one');
  const two = await runWith(ws, 'two');
  const again = await runWith(ws, 'one'); // inherits the first run's record
  expect(again.nodes.readme?.inheritedFrom?.runId).toBe(one.runId);

  const outcome = await gc(ws, '--keep-runs', '1');
  expect(outcome.keptRuns).toEqual([again.runId]);
  expect(outcome.removedRuns.sort()).toEqual([one.runId, two.runId].sort());
  expect(await readdir(join(ws, '.dog/store/runs'))).toEqual(
    expect.not.arrayContaining([one.runId, two.runId]),
  );
  // The record the kept run inherited stays, with its capture; the second run's do not.
  expect(await exists(gmRecord(ws, again.nodes.readme?.gmDigest))).toBe(true);
  expect(await exists(blob(ws, again.nodes.readme?.captureDigest))).toBe(true);
  expect(await exists(gmRecord(ws, two.nodes.readme?.gmDigest))).toBe(false);
  // The goal's newest record (for rerun reasons) is the second run's: it and its capture stay.
  const newest = JSON.parse(
    await readFile(join(ws, '.dog/store/records/goal/readme.json'), 'utf8'),
  ) as { runId: string };
  expect(newest.runId).toBe(two.runId);
  expect(await exists(blob(ws, two.nodes.readme?.captureDigest))).toBe(true);
  expect(outcome.kept).toMatchObject({ records: 2, captures: 2, graphs: 1 });
  const log = (await readFile(join(ws, '.dog/store/log/verifications.jsonl'), 'utf8')).trim();
  // The log keeps the lines of kept runs; this one inherited everything, so none are left.
  expect(log).toBe('');

  const next = await runWith(ws, 'one');
  expect(next.totals).toMatchObject({ verified: 0, inherited: 1 });
  expect((await dog(['status', again.runId], ws)).code).toBe(0);
  const text = await dog(['gc'], ws);
  expect(text.stdout).toMatch(/^removed 0 runs, .*\nkept 2 runs, /);
});

test('dog gc with no limits removes only captures and records no run references', async () => {
  const ws = await workspace({}, graph);
  const report = await runWith(ws, 'kept');
  const orphanBlob = join(ws, '.dog/store/captures/sha256/ab', 'ab'.padEnd(64, '0'));
  await put(ws, orphanBlob.slice(ws.length + 1), 'orphan bytes');
  const outcome = await gc(ws);
  expect(outcome.removedRuns).toEqual([]);
  expect(outcome.removed.captures).toBeGreaterThanOrEqual(1);
  expect(await exists(orphanBlob)).toBe(false);
  expect(await exists(blob(ws, report.nodes.readme?.captureDigest))).toBe(true);
  expect(await exists(gmRecord(ws, report.nodes.readme?.gmDigest))).toBe(true);
});

test('dog gc --max-bytes keeps the newest runs that fit, down to 90% of the bound', async () => {
  const ws = await workspace({}, graph);
  const reports: RunReport[] = [];
  for (let i = 0; i < 5; i += 1)
    reports.push(await runWith(ws, randomBytes(150_000).toString('hex')));
  const before = await storeBytes(ws);
  expect(before).toBeGreaterThan(1_500_000);
  const outcome = await gc(ws, '--max-bytes', '800K');
  const after = await storeBytes(ws);
  expect(after).toBeLessThanOrEqual(0.9 * 800 * 1024);
  expect(after).toBe(outcome.kept.bytes);
  expect(outcome.freedBytes).toBe(before - after);
  expect(JSON.parse(await readFile(join(ws, '.dog/store/usage.json'), 'utf8'))).toEqual({
    bytes: outcome.kept.bytes,
    runsSinceWalk: 0,
  });
  const newest = reports[4] as RunReport;
  expect(outcome.keptRuns[0]).toBe(newest.runId);
  expect(outcome.keptRuns).toHaveLength(2);
  expect(await exists(blob(ws, newest.nodes.readme?.captureDigest))).toBe(true);
  expect(await exists(blob(ws, reports[0]?.nodes.readme?.captureDigest))).toBe(false);
});

test('the newest run is kept even when it alone is over the bound, with a warning', async () => {
  const ws = await workspace({}, graph);
  const report = await runWith(ws, randomBytes(600_000).toString('hex'));
  const result = await dog(['gc', '--max-bytes', '1M'], ws);
  expect(result.code).toBe(0);
  expect(result.stderr).toMatch(
    /the newest run alone needs 1\.\d MiB, more than the store's cap of 1\.0 MiB/,
  );
  expect(await exists(blob(ws, report.nodes.readme?.captureDigest))).toBe(true);
});

test('by default the store stays under its configured cap after every run (oldest runs go first)', async () => {
  const cap = 1024 * 1024;
  const ws = await workspace({}, graph, { store: { maxBytes: cap } });
  let last: RunReport | undefined;
  let collected = '';
  for (let i = 0; i < 6; i += 1) {
    await put(ws, 'README.md', randomBytes(120_000).toString('hex'));
    const result = await dog(['run', '--json'], ws);
    expect(result.code).toBe(0);
    last = JSON.parse(result.stdout) as RunReport;
    collected += result.stderr;
    expect(await storeBytes(ws)).toBeLessThanOrEqual(cap);
  }
  expect(collected).toMatch(
    /dog: the store was over its cap of 1\.0 MiB; removed [1-9]\d* runs? \(/,
  );
  const runs = (await readdir(join(ws, '.dog/store/runs'))).filter((name) => name !== 'latest');
  expect(runs.length).toBeLessThan(6);
  expect(runs).toContain(last?.runId);
  const again = await runJson(ws);
  expect(again.report.totals).toMatchObject({ verified: 0, inherited: 1 });
});

test('the default cap is 1 GiB and a cap below 1 MiB is a configuration error', async () => {
  const ws = await workspace({ 'README.md': 'x' }, graph, { store: { maxBytes: 1000 } });
  const result = await dog(['run'], ws);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('/store/maxBytes');
  const plain = await workspace({ 'README.md': 'x' }, graph);
  expect((await dog(['run'], plain)).code).toBe(0);
  const big = await dog(['gc', '--max-bytes', '1G', '--json'], plain);
  expect((JSON.parse(big.stdout) as GcJson).removedRuns).toEqual([]);
});

test('dog gc exits 2 on bad flags and on a workspace that has no store', async () => {
  const ws = await workspace({ 'README.md': 'x' }, graph);
  const none = await dog(['gc'], ws);
  expect(none.code).toBe(2);
  expect(none.stderr).toContain('no store at');
  for (const flags of [
    ['--keep-runs', '0'],
    ['--keep-runs', 'x'],
    ['--max-bytes', '12Q'],
    ['--max-bytes', '0'],
    ['nope'],
  ]) {
    const bad = await dog(['gc', ...flags], ws);
    expect(bad.code).toBe(2);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  }
  expect((await dog(['gc', '--max-bytes', '1x'], ws)).stderr).toContain(
    '--max-bytes: expected a size',
  );
});

test('a dog gc started during a dog run waits for its lock; the run and its records survive', async () => {
  const ws = await workspace(
    { 'README.md': 'hello', 'slow.txt': 'slow' },
    allOf({
      readme: { target: 'README.md', script: 'file.non_empty' },
      slow: { target: 'slow.txt', script: 'slow' },
    }),
  );
  await put(
    ws,
    '.dog/scripts/slow',
    '#!/bin/sh\nsleep 6\necho \'{"verdict":"pass","evidence":"slept"}\'\n',
    0o755,
  );
  const older = await runJson(ws, '--fresh');
  expect(older.code).toBe(0);
  await put(ws, 'slow.txt', 'slower');
  const running = dog(['run', '--json'], ws);
  const lock = join(ws, '.dog/store/lock');
  for (let i = 0; i < 200 && !(await exists(lock)); i += 1)
    await new Promise((r) => setTimeout(r, 25));
  expect(await exists(lock)).toBe(true);
  const spawnedAt = Date.now();
  const collecting = dogProcess(['gc', '--keep-runs', '1', '--json', '--workspace', ws], {
    PATH: process.env.PATH ?? '',
  });
  const [run, collected] = await Promise.all([running, collecting]);
  expect(run.code).toBe(0);
  expect(collected.code).toBe(0);
  const report = JSON.parse(run.stdout) as RunReport;
  const outcome = JSON.parse(collected.stdout) as GcJson;
  // The run went on well after gc started (a process starts in under 3 s here), so gc met its
  // lock; it ran after the run: the run is the newest, kept, and the older one is what went.
  expect(Date.parse(report.finishedAt ?? '') - spawnedAt).toBeGreaterThan(3000);
  expect(outcome.keptRuns).toEqual([report.runId]);
  expect(outcome.removedRuns).toEqual([older.report.runId]);
  for (const id of ['readme', 'slow']) {
    expect(await exists(gmRecord(ws, report.nodes[id]?.gmDigest))).toBe(true);
    expect(await exists(blob(ws, report.nodes[id]?.captureDigest))).toBe(true);
  }
  expect((await stat(join(ws, '.dog/store/runs', report.runId, 'report.json'))).isFile()).toBe(
    true,
  );
  const next = await runJson(ws);
  expect(next.report.totals).toMatchObject({ verified: 0, inherited: 2 });
}, 60_000);

test('dog gc leaves the store alone and exits 2 when a live process keeps the lock', async () => {
  const ws = await workspace({}, graph);
  const report = await runWith(ws, 'held');
  const lock = {
    pid: process.ppid,
    host: hostname(),
    since: new Date().toISOString(),
    purpose: 'dog run',
  };
  await put(ws, '.dog/store/lock', JSON.stringify(lock));
  const started = Date.now();
  const result = await dog(['gc', '--keep-runs', '1', '--max-bytes', '1M'], ws);
  expect(result.code).toBe(2);
  expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
  expect(result.stderr).toContain(`store is locked by process ${process.ppid}`);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(await exists(gmRecord(ws, report.nodes.readme?.gmDigest))).toBe(true);
  expect(await readFile(join(ws, '.dog/store/lock'), 'utf8')).toBe(JSON.stringify(lock));
}, 30_000);
