import { posix } from 'node:path';

/** One line of /proc/<pid>/cgroup: which cgroup the process is in, per hierarchy. */
export type CgroupMembership = {
  hierarchyId: string;
  /** v1 controllers bound to the hierarchy (`name=…` entries included); empty for v2. */
  controllers: readonly string[];
  /** Path relative to the hierarchy's root. */
  path: string;
};

/** One cgroup or cgroup2 mount from /proc/<pid>/mountinfo. */
export type CgroupMount = {
  fsType: 'cgroup' | 'cgroup2';
  mountPoint: string;
  /** The directory of the hierarchy that is mounted there (`/` unless a subtree is bound). */
  root: string;
  superOptions: readonly string[];
};

export function parseProcCgroup(text: string): CgroupMembership[] {
  const memberships: CgroupMembership[] = [];
  for (const line of text.split('\n')) {
    const first = line.indexOf(':');
    const second = line.indexOf(':', first + 1);
    if (first < 0 || second < 0) continue;
    const list = line.slice(first + 1, second);
    memberships.push({
      hierarchyId: line.slice(0, first),
      controllers: list === '' ? [] : list.split(','),
      path: line.slice(second + 1),
    });
  }
  return memberships;
}

// mountinfo escapes space, tab, newline and backslash as three octal digits.
function unescapeMountField(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) =>
    String.fromCharCode(parseInt(octal, 8)),
  );
}

function parseMountLine(line: string): CgroupMount | undefined {
  const fields = line.split(' ');
  const separator = fields.indexOf('-');
  if (separator < 6) return undefined;
  const fsType = fields[separator + 1];
  if (fsType !== 'cgroup' && fsType !== 'cgroup2') return undefined;
  return {
    fsType,
    root: unescapeMountField(fields[3] ?? ''),
    mountPoint: unescapeMountField(fields[4] ?? ''),
    superOptions: (fields[separator + 3] ?? '').split(','),
  };
}

export function parseCgroupMounts(mountInfo: string): CgroupMount[] {
  return mountInfo
    .split('\n')
    .map(parseMountLine)
    .filter((mount): mount is CgroupMount => mount !== undefined);
}

function isWithin(path: string, dir: string): boolean {
  return dir === '/' ? path.startsWith('/') : path === dir || path.startsWith(`${dir}/`);
}

/**
 * Where the process's own cgroup appears under the mount, or undefined when that mount does not
 * show it (a subtree of the hierarchy that does not contain it).
 */
export function ownCgroupDir(mount: CgroupMount, membershipPath: string): string | undefined {
  const path = posix.normalize(membershipPath);
  if (!path.startsWith('/') || !isWithin(path, mount.root)) return undefined;
  const relative = posix.relative(mount.root, path);
  if (relative.startsWith('..')) return undefined;
  return posix.join(mount.mountPoint, relative);
}

/** Mounts at or below fsRoot, so that only the expected place for cgroups is ever written. */
export function mountsUnder(mounts: readonly CgroupMount[], fsRoot: string): CgroupMount[] {
  const root = posix.normalize(fsRoot);
  return mounts.filter((mount) => isWithin(posix.normalize(mount.mountPoint), root));
}

/** The v1 mount whose hierarchy has this controller, with this process's cgroup directory in it. */
export function locateV1(
  controller: string,
  mounts: readonly CgroupMount[],
  memberships: readonly CgroupMembership[],
): { mount: CgroupMount; dir: string } | { reason: string } {
  const membership = memberships.find((entry) => entry.controllers.includes(controller));
  if (!membership) return { reason: `/proc/self/cgroup lists no v1 ${controller} hierarchy` };
  const candidates = mounts.filter(
    (mount) => mount.fsType === 'cgroup' && mount.superOptions.includes(controller),
  );
  if (candidates.length === 0) return { reason: `no v1 ${controller} hierarchy is mounted` };
  for (const mount of candidates) {
    const dir = ownCgroupDir(mount, membership.path);
    if (dir !== undefined) return { mount, dir };
  }
  return {
    reason: `our ${controller} cgroup ${membership.path} is not visible under any mount of it`,
  };
}

/** The cgroup2 mount and this process's directory in it. */
export function locateV2(
  mounts: readonly CgroupMount[],
  memberships: readonly CgroupMembership[],
): { mount: CgroupMount; dir: string; path: string } | { reason: string } {
  const membership = memberships.find((entry) => entry.hierarchyId === '0');
  if (!membership) return { reason: '/proc/self/cgroup has no cgroup v2 entry' };
  const candidates = mounts.filter((mount) => mount.fsType === 'cgroup2');
  if (candidates.length === 0) return { reason: 'no cgroup2 filesystem is mounted' };
  for (const mount of candidates) {
    const dir = ownCgroupDir(mount, membership.path);
    if (dir !== undefined) return { mount, dir, path: posix.normalize(membership.path) };
  }
  return { reason: `our v2 cgroup ${membership.path} is not visible under any cgroup2 mount` };
}
