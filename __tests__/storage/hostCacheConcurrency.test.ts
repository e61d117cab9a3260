import { spawn } from 'node:child_process';
import { lstat, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256Hex } from '../../src/core/digest.js';
import { HostCache } from '../../src/storage/host/hostCache.js';
import { checkRecord, workKeyOf } from '../../src/storage/host/recordCheck.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const WRITER = join(REPO, '__tests__/storage/fixtures/hostCacheWriter.ts');
const WORKERS = 4;
const PER_WORKER = 200;
const MAX_BYTES = 100_000;

let root: string;

afterAll(async () => {
  if (root) await rm(join(root, '..'), { recursive: true, force: true });
});

type Outcome = { code: number | null; stdout: string; stderr: string };

function runWriter(worker: number): Promise<Outcome> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', WRITER, root, String(MAX_BYTES), String(worker), String(PER_WORKER)],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

test('four processes writing, reading and evicting at once leave a sound, bounded cache', async () => {
  root = join(await mkdtemp(join(tmpdir(), 'dog-host-procs-')), 'host');
  const outcomes = await Promise.all(Array.from({ length: WORKERS }, (_, w) => runWriter(w)));
  for (const outcome of outcomes) {
    expect(outcome.stderr).toBe('');
    expect(outcome.code).toBe(0);
    // A reader that ever saw a torn or foreign entry would have reported it.
    expect(JSON.parse(outcome.stdout)).toMatchObject({ warnings: [] });
  }

  const cache = await HostCache.open({ root, maxBytes: MAX_BYTES });
  const usage = await cache.usage();
  expect(usage.bytes).toBeLessThanOrEqual(MAX_BYTES);
  expect(usage.entries).toBeGreaterThan(0);
  expect(await readdir(join(root, 'tmp'))).toEqual([]);
  expect(await readdir(root)).not.toContain('lock');

  const blobs = await filesUnder(join(root, 'blobs'));
  for (const blob of blobs) {
    expect(sha256Hex(await readFile(blob))).toBe(basename(blob));
    expect((await lstat(blob)).mode & 0o777).toBe(0o444);
  }
  const gmRecords = await filesUnder(join(root, 'records', 'gm'));
  for (const file of gmRecords) {
    const check = checkRecord(JSON.parse(await readFile(file, 'utf8')));
    expect(check.ok && `sha256:${basename(file, '.json')}` === check.record.gmDigest).toBe(true);
  }
  const newest = await filesUnder(join(root, 'records', 'newest'));
  for (const file of newest) {
    const check = checkRecord(JSON.parse(await readFile(file, 'utf8')));
    expect(check.ok && sha256Hex(workKeyOf(check.record)) === basename(file, '.json')).toBe(true);
  }
  expect(blobs.length + gmRecords.length + newest.length).toBe(usage.entries);
}, 120_000);
