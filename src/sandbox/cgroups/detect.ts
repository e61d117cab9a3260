import { readFile } from 'node:fs/promises';
import { detectV1 } from './detectV1.js';
import { detectV2 } from './detectV2.js';
import { mountsUnder, parseCgroupMounts, parseProcCgroup } from './hierarchy.js';
import type { CgroupManager, CgroupSupport } from './manager.js';

export type { CgroupSupport } from './manager.js';

export type DetectOptions = {
  /** Text of /proc/self/cgroup (read from there when absent). */
  procSelfCgroup?: string;
  /** Text of /proc/self/mountinfo (read from there when absent). */
  mountInfo?: string;
  /** Only cgroup mounts at or below this directory are used (default /sys/fs/cgroup). */
  fsRoot?: string;
};

export const DEFAULT_CGROUP_ROOT = '/sys/fs/cgroup';

function enforcedCount(manager: CgroupManager): number {
  return Number(manager.enforces.memory) + Number(manager.enforces.pids);
}

async function disposeQuietly(manager: CgroupManager): Promise<void> {
  try {
    await manager.dispose();
  } catch {
    // An empty leftover parent is all that can remain of a probe.
  }
}

/**
 * Finds out which limits this process can really impose on the programs it launches, by
 * creating a parent cgroup and a throw-away child in it and writing limits. On success the
 * returned manager owns the parent; call dispose() when done. v2 is preferred; v1 is used when
 * v2 cannot enforce both limits and v1 enforces more.
 */
export async function detectCgroups(options: DetectOptions = {}): Promise<CgroupSupport> {
  const procSelfCgroup = options.procSelfCgroup ?? (await readFile('/proc/self/cgroup', 'utf8'));
  const mountInfo = options.mountInfo ?? (await readFile('/proc/self/mountinfo', 'utf8'));
  const fsRoot = options.fsRoot ?? DEFAULT_CGROUP_ROOT;
  const mounts = mountsUnder(parseCgroupMounts(mountInfo), fsRoot);
  if (mounts.length === 0) {
    return { ok: false, reason: `no cgroup filesystem is mounted at or below ${fsRoot}` };
  }
  const located = { mounts, memberships: parseProcCgroup(procSelfCgroup) };
  const v2 = await detectV2(located);
  if ('manager' in v2 && enforcedCount(v2.manager) === 2) return { ok: true, manager: v2.manager };
  const v2Note = 'reason' in v2 ? `v2 not used: ${v2.reason}` : 'v2 enforces only one limit';
  const v1 = await detectV1(located, [v2Note]);
  if ('manager' in v1 && 'manager' in v2) {
    const [better, worse] =
      enforcedCount(v1.manager) > enforcedCount(v2.manager)
        ? [v1.manager, v2.manager]
        : [v2.manager, v1.manager];
    await disposeQuietly(worse);
    return { ok: true, manager: better };
  }
  if ('manager' in v1) return { ok: true, manager: v1.manager };
  if ('manager' in v2) return { ok: true, manager: v2.manager };
  return { ok: false, reason: `${v2.reason}; ${v1.reason}` };
}
