import { join } from 'node:path';
import { describeLeftovers, killAndRemoveCgroups, killCgroups } from './kill.js';
import type { CgroupHandle, CgroupStats } from './manager.js';

/** A per-verification cgroup: its directories (one per v1 hierarchy, one for v2) and its stats. */
export class CgroupDirsHandle implements CgroupHandle {
  readonly procsFiles: readonly string[];

  constructor(
    readonly paths: readonly string[],
    private readonly readStats: () => Promise<CgroupStats>,
  ) {
    this.procsFiles = paths.map((path) => join(path, 'cgroup.procs'));
  }

  stats(): Promise<CgroupStats> {
    return this.readStats();
  }

  async killAll(): Promise<void> {
    const survivors = await killCgroups(this.paths);
    if (survivors.length > 0) throw new Error(describeLeftovers(survivors, []));
  }

  remove(): Promise<void> {
    return killAndRemoveCgroups(this.paths);
  }
}
