import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CaptureError } from '../../src/capture/captureError.js';
import { HashingWriter } from '../../src/capture/hashingWriter.js';
import { ReadAhead, streamFile } from '../../src/capture/readAhead.js';
import type { ByteSink } from '../../src/capture/types.js';
import { capture, expectOk, removeTempDirs, tempDir, workspace } from './fixtures.js';

afterEach(removeTempDirs);

const MiB = 1 << 20;

async function bigFile(dir: string, bytes: number): Promise<string> {
  const file = path.join(dir, 'big.bin');
  const handle = await open(file, 'w');
  const block = Buffer.alloc(MiB);
  for (let at = 0; at < bytes; at += MiB) {
    block.fill(at / MiB);
    await handle.write(block, 0, Math.min(MiB, bytes - at));
  }
  await handle.close();
  return file;
}

async function streamedDigest(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return `sha256:${hash.digest('hex')}`;
}

test('a 50 MB file streams through a bounded pool of buffers, never whole', async () => {
  const dir = await tempDir();
  const size = 50 * MiB + 123;
  const file = await bigFile(dir, size);
  const seen = new Set<ArrayBuffer>();
  let chunks = 0;
  let largest = 0;
  let total = 0;
  const baseline = process.memoryUsage().arrayBuffers;
  let peak = baseline;
  const sink: ByteSink = {
    write(chunk, release) {
      chunks += 1;
      total += chunk.length;
      largest = Math.max(largest, chunk.length);
      seen.add(chunk.buffer as ArrayBuffer);
      peak = Math.max(peak, process.memoryUsage().arrayBuffers);
      release?.();
      return Promise.resolve();
    },
  };
  await streamFile({ path: file, size, shown: 'big.bin' }, sink, { chunkBytes: MiB, buffers: 8 });
  expect(total).toBe(size);
  expect(chunks).toBeGreaterThanOrEqual(51);
  expect(largest).toBeLessThanOrEqual(MiB);
  expect(seen.size).toBeLessThanOrEqual(8);
  expect(peak - baseline).toBeLessThan(25 * MiB);
});

test('capturing a 50 MB file stores exactly its bytes under their digest', async () => {
  const ws = await workspace();
  const file = await bigFile(ws.root, 50 * MiB + 1);
  const result = expectOk(await capture(ws, 'big.bin', { maxCaptureBytes: 64 * MiB }));
  expect(result.bytes).toBe(50 * MiB + 1);
  expect(result.digest).toBe(await streamedDigest(file));
  expect(await streamedDigest((await ws.store.blobPath(result.digest)) ?? '')).toBe(result.digest);
});

test('chunks come back in order across many files while later ones are read ahead', async () => {
  const dir = await tempDir();
  const sources = [];
  for (let i = 0; i < 40; i += 1) {
    const body = Buffer.alloc(1000 + i * 50_000, i);
    await writeFile(path.join(dir, `f${i}`), body);
    sources.push({ path: path.join(dir, `f${i}`), size: body.length, shown: `f${i}` });
  }
  const reader = new ReadAhead(sources, { chunkBytes: 64 * 1024, buffers: 6 });
  try {
    for (const [i, source] of sources.entries()) {
      let left = source.size;
      while (left > 0) {
        const chunk = await reader.next();
        expect(chunk.data.every((byte) => byte === i)).toBe(true);
        left -= chunk.data.length;
        chunk.release();
      }
      expect(left).toBe(0);
    }
    expect(reader.buffersAllocated).toBeLessThanOrEqual(6);
  } finally {
    await reader.close();
  }
});

test.each([
  ['grew', 100, 64],
  ['shrank', 300, 64],
  ['grew', 100, MiB],
  ['shrank', 300, MiB],
])(
  'a file that %s since it was listed at %i bytes fails the capture (chunks of %i)',
  async (_, listed, chunkBytes) => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'f'), Buffer.alloc(200));
    const sink: ByteSink = { write: (_chunk, release) => Promise.resolve(release?.()) };
    const run = streamFile({ path: path.join(dir, 'f'), size: listed, shown: '"f"' }, sink, {
      chunkBytes,
    });
    await expect(run).rejects.toThrow(/"f" changed size while it was being captured/);
    await expect(run).rejects.toBeInstanceOf(CaptureError);
  },
);

test('the writer refuses to pass its limit while streaming, before writing the chunk', async () => {
  const dir = await tempDir();
  const handle = await open(path.join(dir, 'out'), 'w');
  const writer = new HashingWriter(handle, 1000, (atLeast) => new Error(`over: ${atLeast}`));
  try {
    await writer.write(Buffer.alloc(600));
    let released = false;
    await expect(writer.write(Buffer.alloc(600), () => (released = true))).rejects.toThrow(
      'over: 1200',
    );
    expect(released).toBe(true);
    expect(writer.bytes).toBe(600);
  } finally {
    await writer.abort();
    await handle.close();
  }
});

test('the writer stores and hashes exactly what it was given, small and large pieces mixed', async () => {
  const dir = await tempDir();
  const out = path.join(dir, 'out');
  const handle = await open(out, 'w');
  const pieces = [
    Buffer.alloc(10, 1),
    Buffer.alloc(3 * MiB, 2),
    Buffer.alloc(512, 3),
    Buffer.alloc(300_000, 4),
  ];
  for (let i = 0; i < 3000; i += 1) pieces.push(Buffer.alloc(700, i % 251));
  const writer = new HashingWriter(handle, Number.MAX_SAFE_INTEGER, () => new Error('limit'));
  for (const piece of pieces) await writer.write(piece);
  const { hex, bytes } = await writer.finish();
  await handle.close();
  const expected = Buffer.concat(pieces);
  expect(bytes).toBe(expected.length);
  expect(`sha256:${hex}`).toBe(await streamedDigest(out));
  expect(hex).toBe(createHash('sha256').update(expected).digest('hex'));
});
