import { lstatSync, readlinkSync } from 'node:fs';
import { basename, isAbsolute, posix, resolve } from 'node:path';
import type { CaptureKind } from '../capture/types.js';

/** Fixed places inside the sandbox. */
export const CAPTURE_MOUNT = '/dog/capture';
export const SCRATCH_MOUNT = '/dog/scratch';
export const SANDBOX_TMP = '/tmp';
export const SANDBOX_UID = 65534;

export type BubblewrapMounts = {
  captureHostPath: string;
  captureKind: CaptureKind;
  scratchHostPath: string;
  readOnlyPaths: readonly string[];
  tmpfsBytes: number;
};

// Loader and program-linkage files only: no passwd, hostname, resolver or credentials.
const ETC_FILES = [
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/alternatives',
  '/etc/localtime',
];
const ROOT_LINK_DIRS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

let rootLinkArgs: string[] | undefined;

/** Recreates /bin, /lib… as on the host: symlinks into /usr (merged /usr) or read-only binds. */
function hostRootLinks(): string[] {
  if (rootLinkArgs) return rootLinkArgs;
  const args: string[] = [];
  for (const dir of ROOT_LINK_DIRS) {
    try {
      const stat = lstatSync(dir);
      if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
      else if (stat.isDirectory()) args.push('--ro-bind', dir, dir);
    } catch {
      // Absent on this host: nothing to recreate.
    }
  }
  rootLinkArgs = args;
  return args;
}

/** Where the capture appears inside: a directory at the mount, a file under its own name. */
export function captureViewPath(hostPath: string, kind: CaptureKind): string {
  return kind === 'directory' ? CAPTURE_MOUNT : posix.join(CAPTURE_MOUNT, basename(hostPath));
}

/** Namespaces, identity and privileges: everything unshared, an unprivileged uid, no caps. */
export function isolationArgs(): string[] {
  const id = String(SANDBOX_UID);
  return [
    '--unshare-all',
    // --disable-userns needs an explicit user namespace when the caller is root.
    '--unshare-user',
    '--disable-userns',
    '--uid',
    id,
    '--gid',
    id,
    '--cap-drop',
    'ALL',
    '--new-session',
    '--die-with-parent',
  ];
}

export function envArgs(env: Readonly<Record<string, string>>): string[] {
  const args = ['--clearenv'];
  for (const [key, value] of Object.entries(env)) args.push('--setenv', key, value);
  return args;
}

export function mountArgs(mounts: BubblewrapMounts): string[] {
  const args = ['--ro-bind', '/usr', '/usr', ...hostRootLinks()];
  for (const file of ETC_FILES) args.push('--ro-bind-try', file, file);
  args.push('--proc', '/proc', '--dev', '/dev');
  args.push('--size', String(mounts.tmpfsBytes), '--tmpfs', SANDBOX_TMP);
  const capture = resolve(mounts.captureHostPath);
  args.push('--ro-bind', capture, captureViewPath(capture, mounts.captureKind));
  args.push('--bind', resolve(mounts.scratchHostPath), SCRATCH_MOUNT);
  // Last, so that they stay visible even below /tmp or another mount made above.
  for (const path of mounts.readOnlyPaths) {
    if (!isAbsolute(path)) throw new Error(`read-only path must be absolute: ${path}`);
    args.push('--ro-bind', path, path);
  }
  args.push('--chdir', SCRATCH_MOUNT);
  return args;
}
