import { join } from 'node:path';
import {
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

export type V1MemoryParent = {
  parent: string;
  /** memory.memsw.limit_in_bytes works here, so swap cannot extend the limit. */
  capSwap: boolean;
};

export async function writeV1MemoryLimit(dir: string, bytes: number, capSwap: boolean) {
  // memsw (memory + swap) may never be below the memory limit, so the memory limit goes first.
  await writeControl(join(dir, 'memory.limit_in_bytes'), String(bytes));
  if (capSwap) await writeControl(join(dir, 'memory.memsw.limit_in_bytes'), String(bytes));
}

export async function writeV1PidsLimit(dir: string, pids: number): Promise<void> {
  await writeControl(join(dir, 'pids.max'), String(pids));
}

async function readV1MemoryStats(dir: string): Promise<Omit<CgroupStats, 'pidsLimitHit'>> {
  const read = (name: string): Promise<string | undefined> => readControl(join(dir, name));
  const [failcnt, swapFailcnt, oomControl, maxUsage] = await Promise.all([
    read('memory.failcnt'),
    read('memory.memsw.failcnt'),
    read('memory.oom_control'),
    read('memory.max_usage_in_bytes'),
  ]);
  const failures = parseNumber(failcnt) ?? 0;
  const swapFailures = parseNumber(swapFailcnt) ?? 0;
  const oom = parseFlatKeyed(oomControl);
  const reached = failures + swapFailures > 0;
  const oomKills = oom.get('oom_kill');
  // Kernels before 4.13 do not count OOM kills; there, reaching the limit is all we can know.
  const hit = oomKills === undefined ? reached : oomKills + (oom.get('under_oom') ?? 0) > 0;
  const peak = parseNumber(maxUsage);
  return {
    memoryLimitHit: hit,
    memoryLimitReached: reached || hit,
    ...(peak === undefined ? {} : { peakMemoryBytes: peak }),
  };
}

async function readV1PidsLimitHit(dir: string): Promise<boolean> {
  return (parseFlatKeyed(await readControl(join(dir, 'pids.events'))).get('max') ?? 0) > 0;
}

export async function readV1Stats(
  memoryDir: string | undefined,
  pidsDir: string | undefined,
): Promise<CgroupStats> {
  const [memory, pidsLimitHit] = await Promise.all([
    memoryDir
      ? readV1MemoryStats(memoryDir)
      : Promise.resolve({ memoryLimitHit: false, memoryLimitReached: false }),
    pidsDir ? readV1PidsLimitHit(pidsDir) : Promise.resolve(false),
  ]);
  return { ...memory, pidsLimitHit };
}

/** cgroup v1: a parent in the memory hierarchy and/or one in the pids hierarchy. */
export class V1CgroupManager implements CgroupManager {
  readonly version = 'v1';
  readonly enforces: CgroupControllers;
  readonly parentPaths: readonly string[];

  constructor(
    private readonly memory: V1MemoryParent | undefined,
    private readonly pidsParent: string | undefined,
    readonly unenforcedReasons: Readonly<Partial<Record<keyof CgroupControllers, string>>>,
    readonly notes: readonly string[],
  ) {
    this.enforces = { memory: memory !== undefined, pids: pidsParent !== undefined };
    this.parentPaths = [memory?.parent, pidsParent].filter((path) => path !== undefined);
  }

  async create(limits: CgroupLimits): Promise<CgroupHandle> {
    assertValidLimits(limits);
    const created: string[] = [];
    try {
      const memoryDir = await this.createMemoryChild(limits.memoryBytes, created);
      const pidsDir = await this.createPidsChild(limits.pids, created);
      return new CgroupDirsHandle(created, () => readV1Stats(memoryDir, pidsDir));
    } catch (error) {
      await killAndRemoveCgroups(created).catch(() => undefined);
      throw error;
    }
  }

  private async createMemoryChild(bytes: number, created: string[]) {
    if (!this.memory) return undefined;
    const dir = await makeUniqueCgroup(this.memory.parent, 'verify');
    created.push(dir);
    await writeV1MemoryLimit(dir, bytes, this.memory.capSwap);
    return dir;
  }

  private async createPidsChild(pids: number, created: string[]) {
    if (!this.pidsParent) return undefined;
    const dir = await makeUniqueCgroup(this.pidsParent, 'verify');
    created.push(dir);
    await writeV1PidsLimit(dir, pids);
    return dir;
  }

  dispose(): Promise<void> {
    return killAndRemoveCgroups(this.parentPaths);
  }
}
