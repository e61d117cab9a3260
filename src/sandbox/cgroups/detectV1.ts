import { join } from 'node:path';
import { controlExists, readControl } from './cgroupfs.js';
import { locateV1, type CgroupMembership, type CgroupMount } from './hierarchy.js';
import { assertReadsBack, PROBE_LIMITS } from './limits.js';
import { probeParent } from './probe.js';
import {
  V1CgroupManager,
  writeV1MemoryLimit,
  writeV1PidsLimit,
  type V1MemoryParent,
} from './v1.js';

type Located = { mounts: readonly CgroupMount[]; memberships: readonly CgroupMembership[] };
type MemoryOutcome = { memory: V1MemoryParent; note?: string } | { reason: string };
type PidsOutcome = { parent: string } | { reason: string };

async function probeV1Memory({ mounts, memberships }: Located): Promise<MemoryOutcome> {
  const located = locateV1('memory', mounts, memberships);
  if ('reason' in located) return located;
  let capSwap = false;
  const outcome = await probeParent(located.dir, 'cgroup', {
    tryLimits: async (probe) => {
      capSwap = await controlExists(join(probe, 'memory.memsw.limit_in_bytes'));
      await writeV1MemoryLimit(probe, PROBE_LIMITS.memoryBytes, capSwap);
      const limitFile = join(probe, 'memory.limit_in_bytes');
      assertReadsBack(limitFile, PROBE_LIMITS.memoryBytes, await readControl(limitFile));
    },
  });
  if ('reason' in outcome) return { reason: `v1 memory: ${outcome.reason}` };
  const memory = { parent: outcome.parent, capSwap };
  if (capSwap) return { memory };
  return {
    memory,
    note: 'v1 memory.memsw.* is absent (swap accounting is off): swap, if any, is not capped',
  };
}

async function probeV1Pids({ mounts, memberships }: Located): Promise<PidsOutcome> {
  const located = locateV1('pids', mounts, memberships);
  if ('reason' in located) return located;
  const outcome = await probeParent(located.dir, 'cgroup', {
    tryLimits: async (probe) => {
      await writeV1PidsLimit(probe, PROBE_LIMITS.pids);
      const maxFile = join(probe, 'pids.max');
      assertReadsBack(maxFile, PROBE_LIMITS.pids, await readControl(maxFile));
    },
  });
  return 'reason' in outcome ? { reason: `v1 pids: ${outcome.reason}` } : outcome;
}

/**
 * Tries the v1 memory and pids hierarchies, each under this process's own cgroup there. Succeeds
 * when at least one of them can really create and limit a child cgroup.
 */
export async function detectV1(
  located: Located,
  notes: readonly string[],
): Promise<{ manager: V1CgroupManager } | { reason: string }> {
  const memory = await probeV1Memory(located);
  const pids = await probeV1Pids(located);
  if ('reason' in memory && 'reason' in pids) return { reason: `${memory.reason}; ${pids.reason}` };
  const reasons: Partial<Record<'memory' | 'pids', string>> = {};
  if ('reason' in memory) reasons.memory = memory.reason;
  if ('reason' in pids) reasons.pids = pids.reason;
  const allNotes = 'note' in memory && memory.note ? [...notes, memory.note] : [...notes];
  const manager = new V1CgroupManager(
    'memory' in memory ? memory.memory : undefined,
    'parent' in pids ? pids.parent : undefined,
    reasons,
    allNotes,
  );
  return { manager };
}
