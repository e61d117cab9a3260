import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import type { ByteSink } from './types.js';

const STAGING_BYTES = 1 << 20;
/** Smaller chunks are copied into a staging buffer (and released at once); larger ones go as is. */
const COPY_BELOW = 256 * 1024;
const MAX_WRITES_IN_FLIGHT = 4;

/**
 * Hashes every chunk as it arrives and writes it to a file with positional writes, several in
 * flight while the next chunks are hashed. Small pieces (tar headers, small files) are coalesced
 * so a tree of tiny files does not cost one write each. Refuses to grow past `limit` bytes.
 * Holds at most MAX_WRITES_IN_FLIGHT producer chunks, so a bounded producer pool never starves.
 */
export class HashingWriter implements ByteSink {
  private readonly hash = createHash('sha256');
  private accepted = 0;
  private position = 0;
  private staging: Buffer | undefined;
  private staged = 0;
  private readonly spareStaging: Buffer[] = [];
  private readonly inFlight: Promise<Error | undefined>[] = [];

  constructor(
    private readonly handle: FileHandle,
    private readonly limit: number,
    private readonly overLimit: (atLeast: number) => Error,
  ) {}

  get bytes(): number {
    return this.accepted;
  }

  async write(chunk: Buffer, release?: () => void): Promise<void> {
    if (this.accepted + chunk.length > this.limit) {
      release?.();
      throw this.overLimit(this.accepted + chunk.length);
    }
    this.hash.update(chunk);
    this.accepted += chunk.length;
    if (chunk.length < COPY_BELOW) {
      if (this.staged + chunk.length > STAGING_BYTES) await this.flushStaging();
      this.staging ??= this.spareStaging.pop() ?? Buffer.allocUnsafeSlow(STAGING_BYTES);
      chunk.copy(this.staging, this.staged);
      this.staged += chunk.length;
      release?.();
      return;
    }
    await this.flushStaging();
    await this.issue(chunk, release);
  }

  /** Writes what is left, waits for every write, and returns the digest of all bytes written. */
  async finish(): Promise<{ hex: string; bytes: number }> {
    await this.flushStaging();
    while (this.inFlight.length > 0) await this.settleOldest();
    return { hex: this.hash.digest('hex'), bytes: this.accepted };
  }

  /** Drops unwritten bytes and waits for writes in flight, ignoring their errors. */
  async abort(): Promise<void> {
    this.staged = 0;
    await Promise.all(this.inFlight.splice(0));
  }

  private async flushStaging(): Promise<void> {
    const staging = this.staging;
    if (staging === undefined || this.staged === 0) return;
    const length = this.staged;
    this.staging = undefined;
    this.staged = 0;
    await this.issue(staging.subarray(0, length), () => this.spareStaging.push(staging));
  }

  private async issue(data: Buffer, release?: () => void): Promise<void> {
    const position = this.position;
    this.position += data.length;
    const written = writeAll(this.handle, data, position).finally(release);
    this.inFlight.push(written);
    if (this.inFlight.length >= MAX_WRITES_IN_FLIGHT) await this.settleOldest();
  }

  private async settleOldest(): Promise<void> {
    const error = await this.inFlight.shift();
    if (error !== undefined) throw error;
  }
}

/** Writes all of `data` at `position`; resolves to the error instead of rejecting. */
async function writeAll(
  handle: FileHandle,
  data: Buffer,
  position: number,
): Promise<Error | undefined> {
  try {
    let done = 0;
    while (done < data.length) {
      const { bytesWritten } = await handle.write(data, done, data.length - done, position + done);
      if (bytesWritten === 0) return new Error('write made no progress');
      done += bytesWritten;
    }
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
