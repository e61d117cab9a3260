// Capture throughput: DoG's captureAll (hash + store) against a single sha256sum over the same files.
import { execFile } from 'node:child_process';
import { createCipheriv, createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { captureAll } from '../src/capture/capture.js';
import { FsBlobStore } from '../src/storage/blobStore.js';
import { markdownTable } from './markdown.js';

const run = promisify(execFile);
const DEFAULT_TOTAL = 500_000_000;
const TIMED_RUNS = 3;

type Corpus = { root: string; files: string[]; bytes: number; targets: string[] };

/** Deterministic PRNG (mulberry32) for the corpus layout. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeded pseudo-random bytes: AES-CTR over zeros, keyed by the seed. */
function contentStream(seed: number): (size: number) => Buffer {
  const key = createHash('sha256').update(`dog-bench-${seed}`).digest().subarray(0, 16);
  const cipher = createCipheriv('aes-128-ctr', key, Buffer.alloc(16));
  return (size) => cipher.update(Buffer.alloc(size));
}

function between(random: () => number, low: number, high: number): number {
  return Math.floor(low + random() * (high - low));
}

/** A few large files (file targets), many medium and many small files (directory targets). */
async function makeCorpus(totalBytes: number, seed = 42): Promise<Corpus> {
  const random = prng(seed);
  const bytesOf = contentStream(seed);
  const root = await mkdtemp(path.join(os.tmpdir(), 'dog-bench-capture-'));
  const corpus: Corpus = { root, files: [], bytes: 0, targets: [] };
  const add = async (rel: string, size: number): Promise<void> => {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), bytesOf(size));
    corpus.files.push(rel);
    corpus.bytes += size;
  };
  const large = 3;
  for (let i = 0; i < large; i += 1) {
    const rel = `large/blob-${i}.bin`;
    await add(rel, Math.floor((totalBytes * 0.4) / large));
    corpus.targets.push(rel);
  }
  const trees = 4;
  for (let t = 0; t < trees; t += 1) corpus.targets.push(`tree-${t}`);
  const fill = async (budget: number, low: number, high: number, kind: string): Promise<void> => {
    for (let used = 0, n = 0; used < budget; n += 1) {
      const size = Math.min(between(random, low, high), budget - used);
      const tree = between(random, 0, trees);
      await add(`tree-${tree}/${kind}-${n % 7}/${kind}-${n}.dat`, size);
      used += size;
    }
  };
  await fill(totalBytes * 0.4, 256 * 1024, 4 * 1024 * 1024, 'medium');
  await fill(totalBytes * 0.2, 1024, 16 * 1024, 'small');
  return corpus;
}

/** Best wall time of each action; runs alternate so a noisy neighbour hurts both alike. */
async function bestTimes(actions: (() => Promise<void>)[]): Promise<number[]> {
  for (const action of actions) await action();
  const best = actions.map(() => Infinity);
  for (let round = 0; round < TIMED_RUNS; round += 1) {
    for (const [i, action] of actions.entries()) {
      const start = performance.now();
      await action();
      best[i] = Math.min(best[i] ?? Infinity, (performance.now() - start) / 1000);
    }
  }
  return best;
}

async function sha256sumAll(corpus: Corpus): Promise<void> {
  await run('sha256sum', ['--', ...corpus.files], {
    cwd: corpus.root,
    maxBuffer: 256 * 1024 * 1024,
  });
}

async function dogCaptureAll(corpus: Corpus, storeRoot: string): Promise<void> {
  await rm(storeRoot, { recursive: true, force: true });
  const store = await FsBlobStore.open(storeRoot);
  const results = await captureAll({
    workspaceRoot: corpus.root,
    targets: corpus.targets,
    store,
    limits: { maxCaptureBytes: Number.MAX_SAFE_INTEGER },
    excludeAbsPaths: [],
    concurrency: 4,
  });
  for (const result of results.values()) {
    if (!result.ok) throw new Error(`bench capture failed: ${result.message}`);
  }
}

export async function runCaptureBench(
  opts: { totalBytes?: number } = {},
): Promise<{ rows: string[][]; notes: string[] }> {
  const corpus = await makeCorpus(opts.totalBytes ?? DEFAULT_TOTAL);
  const storeRoot = await mkdtemp(path.join(os.tmpdir(), 'dog-bench-store-'));
  try {
    const [shaSeconds = NaN, dogSeconds = NaN] = await bestTimes([
      () => sha256sumAll(corpus),
      () => dogCaptureAll(corpus, storeRoot),
    ]);
    const mbps = (seconds: number): string => (corpus.bytes / 1e6 / seconds).toFixed(0);
    const rows = [
      [
        'bytes',
        'files',
        'sha256sum s',
        'sha256sum MB/s',
        'DoG s',
        'DoG MB/s',
        'DoG speed ÷ sha256sum speed',
      ],
      [
        String(corpus.bytes),
        String(corpus.files.length),
        shaSeconds.toFixed(3),
        mbps(shaSeconds),
        dogSeconds.toFixed(3),
        mbps(dogSeconds),
        `${(shaSeconds / dogSeconds).toFixed(2)}×`,
      ],
    ];
    const notes = [
      `Corpus: ${corpus.files.length} files, ${corpus.targets.length} targets (3 large file targets, 4 directory targets of medium and small files), seeded.`,
      'sha256sum: one process over every file (execFile, no shell). DoG: captureAll (concurrency 4) hashing and storing every byte into a fresh FsBlobStore.',
      `Page cache warm for both; best of ${TIMED_RUNS} alternating runs after a warm-up run of each. ${os.cpus().length} CPUs, Node ${process.version}.`,
    ];
    return { rows, notes };
  } finally {
    await rm(storeRoot, { recursive: true, force: true });
    await rm(corpus.root, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { rows, notes } = await runCaptureBench();
  process.stdout.write(`${markdownTable(rows)}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`);
}
