import { close, closeSync, constants, open, openSync, read, readSync } from 'node:fs';
import { CaptureError, sourceError } from './captureError.js';
import type { ByteSink } from './types.js';

/** A regular file to read, with the size it had when it was listed. */
export type ReadSource = { path: string; size: number; shown: string };

export type ReadAheadOptions = {
  /** Largest chunk handed out; a file is read in chunks of this size. */
  chunkBytes?: number;
  /** Buffers in the pool; at most this many chunks are read ahead of the consumer. */
  buffers?: number;
};

export type Chunk = { data: Buffer; release: () => void };

type Settled = { buffer: Buffer; data: Buffer } | { buffer: Buffer; error: Error };
type OpenFile = { fd: Promise<number | Error>; chunksLeft: number };

const DEFAULT_CHUNK = 1 << 20;
const DEFAULT_BUFFERS = 16;
// Files this small are read inline when they enter the window: on a cached tree a thread-pool
// round trip for each open, read and close costs more than the read itself.
const SYNC_BELOW = 64 * 1024;
// O_NONBLOCK: a file swapped for a FIFO after listing must not block the capture forever.
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * Reads a sequence of files as chunks, in order, with the next chunks (across file boundaries)
 * already being read, in parallel on the thread pool, while the consumer hashes and writes the
 * current one. Memory is bounded by the buffer pool whatever the file sizes.
 */
export class ReadAhead {
  private readonly chunkBytes: number;
  private readonly maxBuffers: number;
  private readonly free: Buffer[] = [];
  private allocated = 0;
  private readonly queue: Promise<Settled>[] = [];
  private readonly files = new Map<number, OpenFile>();
  private source = 0;
  private offset = 0;
  private closed = false;

  constructor(
    private readonly sources: readonly ReadSource[],
    options: ReadAheadOptions = {},
  ) {
    this.chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK;
    this.maxBuffers = Math.max(1, options.buffers ?? DEFAULT_BUFFERS);
    this.skipEmpty();
    this.pump();
  }

  /** Buffers allocated so far (never more than the pool size). */
  get buffersAllocated(): number {
    return this.allocated;
  }

  /** The next chunk in order; its buffer is reused after `release`. */
  async next(): Promise<Chunk> {
    const pending = this.queue.shift();
    if (pending === undefined) {
      throw new Error(
        this.source < this.sources.length
          ? 'every read-ahead buffer is still held: release chunks before asking for more'
          : 'read past the end of the planned files',
      );
    }
    const settled = await pending;
    if ('error' in settled) {
      this.giveBack(settled.buffer);
      throw settled.error;
    }
    return { data: settled.data, release: () => this.giveBack(settled.buffer) };
  }

  /** Stops reading ahead, waits for reads in flight and closes every file. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.queue.splice(0));
    const left = [...this.files.values()];
    this.files.clear();
    await Promise.all(left.map((file) => closeQuietly(file.fd)));
  }

  private giveBack(buffer: Buffer): void {
    this.free.push(buffer);
    this.pump();
  }

  private skipEmpty(): void {
    while (this.source < this.sources.length && this.sources[this.source]?.size === 0)
      this.source += 1;
  }

  private pump(): void {
    while (!this.closed && this.source < this.sources.length) {
      let buffer = this.free.pop();
      if (buffer === undefined) {
        if (this.allocated >= this.maxBuffers) return;
        // One spare byte lets the last read of a file notice that it grew.
        buffer = Buffer.allocUnsafeSlow(this.chunkBytes + 1);
        this.allocated += 1;
      }
      this.issue(buffer);
    }
  }

  private issue(buffer: Buffer): void {
    const index = this.source;
    const source = this.sources[index] as ReadSource;
    const length = Math.min(this.chunkBytes, source.size - this.offset);
    const position = this.offset;
    const last = position + length === source.size;
    const small = position === 0 && last && length <= SYNC_BELOW;
    this.queue.push(
      small
        ? Promise.resolve(readSmallSync(source, buffer))
        : this.readChunk(index, source, buffer, position, length, last),
    );
    this.offset += length;
    if (last) {
      this.source += 1;
      this.offset = 0;
      this.skipEmpty();
    }
  }

  private fileFor(index: number, source: ReadSource): OpenFile {
    let file = this.files.get(index);
    if (file === undefined) {
      const fd = openFd(source.path).catch((error: unknown) => sourceError(error, source.shown));
      file = { fd, chunksLeft: Math.ceil(source.size / this.chunkBytes) };
      this.files.set(index, file);
    }
    return file;
  }

  private async readChunk(
    index: number,
    source: ReadSource,
    buffer: Buffer,
    position: number,
    length: number,
    last: boolean,
  ): Promise<Settled> {
    const file = this.fileFor(index, source);
    try {
      const fd = await file.fd;
      if (fd instanceof Error) return { buffer, error: fd };
      const got = await readFully(fd, buffer, position, last ? length + 1 : length);
      if (got !== length) return { buffer, error: changedWhileReading(source) };
      return { buffer, data: buffer.subarray(0, length) };
    } catch (error) {
      return { buffer, error: sourceError(error, source.shown) };
    } finally {
      file.chunksLeft -= 1;
      if (file.chunksLeft === 0 && this.files.delete(index)) await closeQuietly(file.fd);
    }
  }
}

// Plain descriptors rather than FileHandle objects: far less overhead per small file.
function openFd(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    open(file, OPEN_FLAGS, (error, fd) => (error ? reject(error) : resolve(fd)));
  });
}

function readAt(
  fd: number,
  buffer: Buffer,
  offset: number,
  length: number,
  position: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    read(fd, buffer, offset, length, position, (error, bytesRead) =>
      error ? reject(error) : resolve(bytesRead),
    );
  });
}

async function readFully(
  fd: number,
  buffer: Buffer,
  position: number,
  want: number,
): Promise<number> {
  let got = 0;
  while (got < want) {
    const bytesRead = await readAt(fd, buffer, got, want - got, position + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return got;
}

function readSmallSync(source: ReadSource, buffer: Buffer): Settled {
  let fd: number | undefined;
  try {
    fd = openSync(source.path, OPEN_FLAGS);
    let got = 0;
    for (;;) {
      const bytesRead = readSync(fd, buffer, got, source.size + 1 - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
      if (got > source.size) break;
    }
    if (got !== source.size) return { buffer, error: changedWhileReading(source) };
    return { buffer, data: buffer.subarray(0, got) };
  } catch (error) {
    return { buffer, error: sourceError(error, source.shown) };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function changedWhileReading(source: ReadSource): CaptureError {
  return new CaptureError(
    'target_unsafe',
    `${source.shown} changed size while it was being captured (listed at ${source.size} bytes); capture again once nothing writes to it`,
  );
}

async function closeQuietly(pending: Promise<number | Error>): Promise<void> {
  const fd = await pending;
  if (fd instanceof Error) return;
  await new Promise<void>((resolve) => close(fd, () => resolve()));
}

/** Streams `size` bytes of chunks from `reader` into `sink`, each chunk released once written. */
export async function pipeChunks(reader: ReadAhead, size: number, sink: ByteSink): Promise<void> {
  let left = size;
  while (left > 0) {
    const chunk = await reader.next();
    left -= chunk.data.length;
    await sink.write(chunk.data, chunk.release);
  }
}

/** Streams one file into `sink` with read-ahead; memory stays bounded by the pool. */
export async function streamFile(
  source: ReadSource,
  sink: ByteSink,
  options?: ReadAheadOptions,
): Promise<void> {
  const reader = new ReadAhead([source], options);
  try {
    await pipeChunks(reader, source.size, sink);
  } finally {
    await reader.close();
  }
}
