import { errorCode, isCgroupFilesystem, makeUniqueCgroup, removeCgroupDir } from './cgroupfs.js';

export type ProbeOutcome = { parent: string } | { reason: string };

export type ProbeSteps = {
  /** Run on the new parent before a child is made (v2 enables controllers for children here). */
  prepareParent?: (parent: string) => Promise<void>;
  /** Writes limits into the throw-away child and checks them; throws to say why not. */
  tryLimits: (probe: string) => Promise<void>;
};

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function removeQuietly(dir: string): Promise<void> {
  try {
    await removeCgroupDir(dir);
  } catch {
    // Detection already failed; a leftover empty cgroup is all that can remain.
  }
}

/**
 * Creates this launcher's parent cgroup `dog-<pid>-<random>` under ownDir and proves that a child
 * can be made in it and limited. Keeps the parent on success, removes everything otherwise.
 */
export async function probeParent(
  ownDir: string,
  fsType: 'cgroup' | 'cgroup2',
  steps: ProbeSteps,
): Promise<ProbeOutcome> {
  if (!(await isCgroupFilesystem(ownDir, fsType))) {
    return { reason: `${ownDir} is not a directory on a ${fsType} filesystem` };
  }
  let parent: string;
  try {
    parent = await makeUniqueCgroup(ownDir, `dog-${process.pid}`);
  } catch (error) {
    return { reason: `cannot create a cgroup under ${ownDir}: ${errorCode(error)}` };
  }
  try {
    await steps.prepareParent?.(parent);
    const probe = await makeUniqueCgroup(parent, 'probe');
    try {
      await steps.tryLimits(probe);
    } finally {
      await removeCgroupDir(probe);
    }
    return { parent };
  } catch (error) {
    await removeQuietly(parent);
    return { reason: messageOf(error) };
  }
}
