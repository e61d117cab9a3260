import { join } from 'node:path';
import {
  CgroupWriteError,
  errorCode,
  listProcs,
  makeUniqueCgroup,
  readControl,
  removeCgroupDir,
  writeControl,
} from './cgroupfs.js';

export type Placement = { notes: string[] } | { reason: string };

function enableLine(controllers: readonly string[]): string {
  return controllers.map((controller) => `+${controller}`).join(' ');
}

async function enabledForChildren(dir: string): Promise<string[]> {
  return ((await readControl(join(dir, 'cgroup.subtree_control'))) ?? '').split(/\s+/);
}

// v2's "no internal processes" rule: a non-root cgroup with member processes cannot enable
// controllers for its children. When this process is the only member, it moves itself into a
// leaf child so that its cgroup may; it never moves processes it does not own.
async function moveSelfAside(ownDir: string, controllers: readonly string[]): Promise<Placement> {
  const others = (await listProcs(ownDir)).filter((pid) => pid !== process.pid);
  if (others.length > 0) {
    return {
      reason:
        `cgroup v2 cannot enable ${controllers.join('+')} for children of ${ownDir}: it holds ` +
        `${others.length} other process(es) (e.g. ${others.slice(0, 5).join(', ')}) and the ` +
        'no-internal-processes rule forbids controllers there; DoG moves only itself',
    };
  }
  const leaf = await makeUniqueCgroup(ownDir, `dog-launcher-${process.pid}`);
  await writeControl(join(leaf, 'cgroup.procs'), String(process.pid));
  try {
    await writeControl(join(ownDir, 'cgroup.subtree_control'), enableLine(controllers));
  } catch (error) {
    await writeControl(join(ownDir, 'cgroup.procs'), String(process.pid));
    await removeCgroupDir(leaf);
    return { reason: `even after moving this process aside: ${errorCode(error)}` };
  }
  return {
    notes: [`moved this process (${process.pid}) into leaf cgroup ${leaf}, where it stays`],
  };
}

/** Makes ownDir able to give the controllers to a new child (our sandbox parent). */
export async function makeRoomForChildren(
  ownDir: string,
  controllers: readonly string[],
): Promise<Placement> {
  const enabled = await enabledForChildren(ownDir);
  const missing = controllers.filter((controller) => !enabled.includes(controller));
  if (missing.length === 0) return { notes: [] };
  try {
    await writeControl(join(ownDir, 'cgroup.subtree_control'), enableLine(missing));
    return { notes: [] };
  } catch (error) {
    const code = error instanceof CgroupWriteError ? error.code : errorCode(error);
    if (code === 'EBUSY') return moveSelfAside(ownDir, missing);
    const hint = code === 'EACCES' || code === 'EPERM' ? ' (not delegated to this user)' : '';
    return {
      reason: `cannot enable ${missing.join('+')} for children of ${ownDir}: ${code}${hint}`,
    };
  }
}
