// Verification records from the host cache first, then from a second level (the Actions
// cache). The host level only saves round trips: losing it never loses a record.
import type { Digest, VerificationRecord } from '../../core/types.js';
import type { RecordStore } from '../types.js';
import type { HostCache } from './hostCache.js';
import { checkRecord, settledTime } from './recordCheck.js';

export class TieredRecordStore implements RecordStore {
  private readonly warnings: string[] = [];

  constructor(
    private readonly first: HostCache,
    private readonly second: RecordStore,
  ) {}

  /** Host first; a second-level hit is checked, then kept on this host for the next run. */
  async findByGm(gmDigest: Digest): Promise<VerificationRecord | undefined> {
    const local = await this.fromHost('look up', () => this.first.getRecord(gmDigest));
    if (local) return local;
    const remote = await this.second.findByGm(gmDigest);
    if (!remote) return undefined;
    const check = checkRecord(remote);
    if (!check.ok || remote.gmDigest !== gmDigest || remote.verdict === 'inconclusive') {
      this.warn(
        `a second-level record for ${gmDigest} was not used: it ${check.ok ? 'is not a pass or fail record of that GM digest' : check.problem}`,
      );
      return undefined;
    }
    await this.onHost('keep', () => this.first.putRecord(remote));
    return remote;
  }

  /** The later-settled of the two levels' newest records; the host's wins a tie. */
  async newestForKey(key: string): Promise<VerificationRecord | undefined> {
    const [local, remote] = await Promise.all([
      this.fromHost('look up', () => this.first.newestForKey(key)),
      this.second.newestForKey(key),
    ]);
    if (!local) return remote;
    if (!remote) return local;
    return settledTime(remote) > settledTime(local) ? remote : local;
  }

  /** Saved to both; a host failure becomes a warning and never stops the second-level save. */
  async saveRecord(key: string, record: VerificationRecord): Promise<void> {
    // Concurrent, so the host cache's size update is shared by both writes.
    await Promise.all([
      record.verdict === 'inconclusive'
        ? Promise.resolve()
        : this.onHost('save', () => this.first.putRecord(record)),
      this.onHost('save', () => this.first.putNewest(key, record)),
    ]);
    await this.second.saveRecord(key, record);
  }

  /** This store's warnings and the host cache's. */
  drainWarnings(): string[] {
    return [...this.warnings.splice(0), ...this.first.drainWarnings()];
  }

  private async fromHost(
    what: string,
    read: () => Promise<VerificationRecord | undefined>,
  ): Promise<VerificationRecord | undefined> {
    try {
      return await read();
    } catch (error) {
      this.warn(`host cache ${what} failed, using the second level: ${messageOf(error)}`);
      return undefined;
    }
  }

  private async onHost(what: string, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.warn(`host cache ${what} failed: ${messageOf(error)}`);
    }
  }

  private warn(message: string): void {
    if (this.warnings.length < 100) this.warnings.push(message);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
