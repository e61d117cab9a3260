// Exclusive verification slots shared by every dog process on this host. When the launcher is
// root, a slot is also an identity: slot N runs as uid/gid `uidBase + N`, so two verifications
// never share a uid and per-user limits (RLIMIT_NPROC) count one verification only.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { tryAcquireLock } from '../storage/lock.js';

export type SlotIdentity = { uid: number; gid: number };

export type Slot = {
  index: number;
  /** The host identity the sandbox runs as; undefined when the launcher is not root. */
  identity: SlotIdentity | undefined;
  release(): Promise<void>;
};

const POLL_MS = 50;

export class SlotPool {
  private readonly held = new Set<number>();

  constructor(
    private readonly options: {
      /** Directory of the slot lock files; shared by every launcher on the host. */
      lockDir: string;
      slots: number;
      uidBase: number;
      /** Whether to switch identity per slot (only possible as root). */
      dropPrivileges: boolean;
    },
  ) {}

  /** Waits for a free slot; rejects with the signal's reason when aborted. */
  async acquire(signal?: AbortSignal): Promise<Slot> {
    await mkdir(this.options.lockDir, { recursive: true, mode: 0o700 });
    for (;;) {
      signal?.throwIfAborted();
      const slot = await this.tryAcquire();
      if (slot) return slot;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  private async tryAcquire(): Promise<Slot | undefined> {
    for (let index = 0; index < this.options.slots; index += 1) {
      if (this.held.has(index)) continue;
      this.held.add(index);
      const lock = await tryAcquireLock(join(this.options.lockDir, `${index}.lock`), 'slot');
      if (lock) return this.slot(index, () => lock.release());
      this.held.delete(index);
    }
    return undefined;
  }

  private slot(index: number, unlock: () => Promise<void>): Slot {
    const id = this.options.uidBase + index;
    return {
      index,
      identity: this.options.dropPrivileges ? { uid: id, gid: id } : undefined,
      release: async () => {
        await unlock();
        this.held.delete(index);
      },
    };
  }
}
