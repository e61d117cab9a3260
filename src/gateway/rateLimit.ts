// A token bucket: `perMinute` requests a minute on average, refilled continuously, with bursts
// up to a full minute's worth (an agent's calls come in bursts between long generations).

const MINUTE_MS = 60_000;

export class TokenBucket {
  private tokens: number;
  private updated: number;
  private readonly capacity: number;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.capacity = Math.max(1, perMinute);
    this.tokens = this.capacity;
    this.updated = now();
  }

  /** Takes one token: 0 when granted, else the milliseconds until one will be available. */
  take(): number {
    const now = this.now();
    const elapsed = Math.max(0, now - this.updated);
    this.tokens = Math.min(this.capacity, this.tokens + (elapsed * this.perMinute) / MINUTE_MS);
    this.updated = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil(((1 - this.tokens) * MINUTE_MS) / this.perMinute));
  }
}
