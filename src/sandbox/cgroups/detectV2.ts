import { join } from 'node:path';
import { isCgroupFilesystem, readControl, writeControl } from './cgroupfs.js';
import { locateV2, type CgroupMembership, type CgroupMount } from './hierarchy.js';
import { assertReadsBack, PROBE_LIMITS } from './limits.js';
import { probeParent } from './probe.js';
import type { CgroupControllers } from './manager.js';
import { V2CgroupManager, writeV2Limits } from './v2.js';
import { makeRoomForChildren } from './v2Placement.js';

type Located = { mounts: readonly CgroupMount[]; memberships: readonly CgroupMembership[] };

async function proveLimits(probe: string, enforces: CgroupControllers): Promise<void> {
  await writeV2Limits(probe, PROBE_LIMITS, enforces);
  if (enforces.memory) {
    const file = join(probe, 'memory.max');
    assertReadsBack(file, PROBE_LIMITS.memoryBytes, await readControl(file));
  }
  if (enforces.pids) {
    const file = join(probe, 'pids.max');
    assertReadsBack(file, PROBE_LIMITS.pids, await readControl(file));
  }
}

function unenforced(enforces: CgroupControllers, ownDir: string) {
  const reasons: Partial<Record<keyof CgroupControllers, string>> = {};
  for (const controller of ['memory', 'pids'] as const) {
    if (!enforces[controller]) {
      reasons[controller] = `cgroup v2: ${controller} is not offered to ${ownDir}`;
    }
  }
  return reasons;
}

/**
 * Where our sandbox parent goes: under our own cgroup when it can give children the
 * controllers; otherwise, for root only, under the hierarchy's root cgroup (exempt from the
 * no-internal-processes rule), as a runner service whose cgroup holds other processes needs.
 */
async function placeParent(
  ownDir: string,
  mount: CgroupMount,
  wanted: readonly ('memory' | 'pids')[],
): Promise<{ dir: string; placement: { notes: string[] } } | { reason: string }> {
  const placement = await makeRoomForChildren(ownDir, wanted);
  if (!('reason' in placement)) return { dir: ownDir, placement };
  const rootDir = mount.root === '/' ? mount.mountPoint : undefined;
  if (process.getuid?.() !== 0 || rootDir === undefined || rootDir === ownDir) return placement;
  const atRoot = await makeRoomForChildren(rootDir, wanted);
  if ('reason' in atRoot) return { reason: `${placement.reason}; at the root: ${atRoot.reason}` };
  return {
    dir: rootDir,
    placement: { notes: [...atRoot.notes, `parent under the root cgroup: ${placement.reason}`] },
  };
}

/**
 * Tries the unified hierarchy: the memory and pids controllers must be available to our cgroup
 * and enableable for a child of it, and a grandchild must accept limits.
 */
export async function detectV2({
  mounts,
  memberships,
}: Located): Promise<{ manager: V2CgroupManager } | { reason: string }> {
  const located = locateV2(mounts, memberships);
  if ('reason' in located) return located;
  const ownDir = located.dir;
  if (!(await isCgroupFilesystem(ownDir, 'cgroup2'))) {
    return { reason: `${ownDir} is not a directory on a cgroup2 filesystem` };
  }
  const offered = ((await readControl(join(ownDir, 'cgroup.controllers'))) ?? '').split(/\s+/);
  const enforces = { memory: offered.includes('memory'), pids: offered.includes('pids') };
  const wanted = (['memory', 'pids'] as const).filter((controller) => enforces[controller]);
  if (wanted.length === 0) {
    const available = offered.filter(Boolean).join(' ') || 'none';
    return { reason: `cgroup v2 offers ${ownDir} neither memory nor pids (only: ${available})` };
  }
  const placed = await placeParent(ownDir, located.mount, wanted);
  if ('reason' in placed) return placed;
  const { dir: parentDir, placement } = placed;
  const outcome = await probeParent(parentDir, 'cgroup2', {
    prepareParent: (parent) =>
      writeControl(join(parent, 'cgroup.subtree_control'), wanted.map((c) => `+${c}`).join(' ')),
    tryLimits: (probe) => proveLimits(probe, enforces),
  });
  if ('reason' in outcome) return { reason: `cgroup v2: ${outcome.reason}` };
  const reasons = unenforced(enforces, ownDir);
  return { manager: new V2CgroupManager(outcome.parent, enforces, reasons, placement.notes) };
}
