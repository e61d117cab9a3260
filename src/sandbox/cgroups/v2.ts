import { join } from 'node:path';
import {
  controlExists,
  makeUniqueCgroup,
  parseFlatKeyed,
  parseNumber,
  readControl,
  writeControl,
} from './cgroupfs.js';
import { CgroupDirsHandle } from './handle.js';
import { killAndRemoveCgroups } from './kill.js';
import { assertValidLimits } from './limits.js';
import type {
  CgroupControllers,
  CgroupHandle,
  CgroupLimits,
  CgroupManager,
  CgroupStats,
} from './manager.js';

/** Writes the limits the parent's controllers allow; swap is set to zero so it cannot extend memory. */
export async function writeV2Limits(
  dir: string,
  limits: CgroupLimits,
  enforces: CgroupControllers,
): Promise<void> {
  if (enforces.memory) {
    await writeControl(join(dir, 'memory.max'), String(limits.memoryBytes));
    const swapMax = join(dir, 'memory.swap.max');
    if (await controlExists(swapMax)) await writeControl(swapMax, '0');
  }
  if (enforces.pids) await writeControl(join(dir, 'pids.max'), String(limits.pids));
}

export async function readV2Stats(dir: string, enforces: CgroupControllers): Promise<CgroupStats> {
  const stats: CgroupStats = {
    memoryLimitHit: false,
    memoryLimitReached: false,
    pidsLimitHit: false,
  };
  if (enforces.memory) {
    const events = parseFlatKeyed(await readControl(join(dir, 'memory.events')));
    stats.memoryLimitHit = (events.get('oom') ?? 0) + (events.get('oom_kill') ?? 0) > 0;
    stats.memoryLimitReached = stats.memoryLimitHit || (events.get('max') ?? 0) > 0;
    const peak = parseNumber(await readControl(join(dir, 'memory.peak')));
    if (peak !== undefined) stats.peakMemoryBytes = peak;
  }
  if (enforces.pids) {
    const events = parseFlatKeyed(await readControl(join(dir, 'pids.events')));
    stats.pidsLimitHit = (events.get('max') ?? 0) > 0;
  }
  return stats;
}

/** cgroup v2: one parent with the controllers enabled for its children. */
export class V2CgroupManager implements CgroupManager {
  readonly version = 'v2';
  readonly parentPaths: readonly string[];

  constructor(
    private readonly parent: string,
    readonly enforces: CgroupControllers,
    readonly unenforcedReasons: Readonly<Partial<Record<keyof CgroupControllers, string>>>,
    readonly notes: readonly string[],
  ) {
    this.parentPaths = [parent];
  }

  async create(limits: CgroupLimits): Promise<CgroupHandle> {
    assertValidLimits(limits);
    const dir = await makeUniqueCgroup(this.parent, 'verify');
    try {
      await writeV2Limits(dir, limits, this.enforces);
    } catch (error) {
      await killAndRemoveCgroups([dir]).catch(() => undefined);
      throw error;
    }
    return new CgroupDirsHandle([dir], () => readV2Stats(dir, this.enforces));
  }

  dispose(): Promise<void> {
    return killAndRemoveCgroups(this.parentPaths);
  }
}
