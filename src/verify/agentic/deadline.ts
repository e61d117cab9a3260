// Wall-clock limits and cancellation of one conversation, as one abort signal that remembers
// why it fired, plus per-call scopes that also end when the model takes too long to answer.
import type { ErrorInfo } from '../../core/types.js';

export type Limit = { ms: number; category: ErrorInfo['category']; message: string };

// setTimeout fires at once for delays beyond a signed 32-bit millisecond count.
const MAX_TIMER_MS = 2 ** 31 - 1;

export type CallScope = {
  signal: AbortSignal;
  /** Settles with the promise, or rejects as soon as the scope is aborted. */
  race<T>(promise: Promise<T>): Promise<T>;
  timedOut(): boolean;
  dispose(): void;
};

export class Deadline {
  private readonly controller = new AbortController();
  private reason: ErrorInfo | undefined;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly onAbort = (): void => this.stop('cancelled', 'the verification was cancelled');

  constructor(
    private readonly cancel: AbortSignal,
    limits: readonly Limit[],
  ) {
    if (cancel.aborted) this.onAbort();
    else cancel.addEventListener('abort', this.onAbort, { once: true });
    for (const limit of limits) {
      if (!Number.isFinite(limit.ms)) continue;
      if (limit.ms <= 0) this.stop(limit.category, limit.message);
      else {
        const stop = (): void => this.stop(limit.category, limit.message);
        this.timers.push(setTimeout(stop, Math.min(limit.ms, MAX_TIMER_MS)));
      }
    }
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Why the conversation must end, once a limit fired or it was cancelled. */
  stopped(): ErrorInfo | undefined {
    return this.reason;
  }

  private stop(category: ErrorInfo['category'], message: string): void {
    if (this.reason) return;
    this.reason = { category, message };
    this.controller.abort();
  }

  /** A scope for one model call, aborted with the conversation or after `ms`. */
  child(ms?: number): CallScope {
    const controller = new AbortController();
    let timedOut = false;
    const abort = (): void => controller.abort();
    if (this.signal.aborted) abort();
    else this.signal.addEventListener('abort', abort, { once: true });
    const timer =
      ms === undefined
        ? undefined
        : setTimeout(
            () => {
              timedOut = true;
              abort();
            },
            Math.min(Math.max(ms, 1), MAX_TIMER_MS),
          );
    const aborted = new Promise<never>((_resolve, reject) => {
      const fail = (): void => reject(new Error('the model call was aborted'));
      if (controller.signal.aborted) fail();
      else controller.signal.addEventListener('abort', fail, { once: true });
    });
    // Nobody may be waiting on it when the call ends normally.
    aborted.catch(() => undefined);
    return {
      signal: controller.signal,
      race: <T>(promise: Promise<T>): Promise<T> => Promise.race([promise, aborted]),
      timedOut: () => timedOut,
      dispose: () => {
        if (timer) clearTimeout(timer);
        this.signal.removeEventListener('abort', abort);
      },
    };
  }

  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.cancel.removeEventListener('abort', this.onAbort);
  }
}
