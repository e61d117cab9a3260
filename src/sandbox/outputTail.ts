/**
 * Keeps only the last `limit` bytes of a stream. The tail is what matters for a judge line
 * printed last and for the end of a crash message; memory stays bounded whatever is written.
 */
export class OutputTail {
  private chunks: Buffer[] = [];
  private size = 0;
  private dropped = false;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    if (this.limit <= 0) {
      if (chunk.length > 0) this.dropped = true;
      return;
    }
    if (chunk.length >= this.limit) {
      // Copy so the (possibly large) original chunk is not retained through a view.
      this.chunks = [Buffer.from(chunk.subarray(chunk.length - this.limit))];
      this.dropped = this.dropped || chunk.length > this.limit || this.size > 0;
      this.size = this.limit;
      return;
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
    this.trimFront();
  }

  get truncated(): boolean {
    return this.dropped;
  }

  text(): string {
    return Buffer.concat(this.chunks, this.size).toString('utf8');
  }

  private trimFront(): void {
    while (this.size > this.limit) {
      const first = this.chunks[0];
      if (!first) return;
      const excess = this.size - this.limit;
      this.dropped = true;
      if (first.length <= excess) {
        this.chunks.shift();
        this.size -= first.length;
      } else {
        this.chunks[0] = Buffer.from(first.subarray(excess));
        this.size -= excess;
      }
    }
  }
}
