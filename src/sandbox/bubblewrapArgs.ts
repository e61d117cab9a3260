import { lstatSync, readlinkSync } from 'node:fs';
import { basename, isAbsolute, join, posix, resolve } from 'node:path';
import type { CaptureKind } from '../capture/types.js';
import type { ReadOnlyBind } from './types.js';
import { SANDBOX_CAPTURE_ROOT } from '../core/captureView.js';

/** Fixed places inside the sandbox. */
export const CAPTURE_MOUNT = SANDBOX_CAPTURE_ROOT;
export const SCRATCH_MOUNT = '/dog/scratch';
export const SANDBOX_TMP = '/tmp';
const SANDBOX_SHM = '/dev/shm';
export const SANDBOX_UID = 65534;

export type BubblewrapMounts = {
  captureHostPath: string;
  captureKind: CaptureKind;
  /** Host directory holding the output files carried back out of the scratch. */
  outputHostDir: string;
  /** Names of files in the scratch that are bound to the same names in `outputHostDir`. */
  outputFiles: readonly string[];
  readOnlyBinds: readonly ReadOnlyBind[];
  tmpfsBytes: number;
  scratchBytes: number;
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
  // bwrap cannot size the root or /dev tmpfs: both become read-only below, so the writable
  // places are exactly these capped tmpfs mounts, the scratch and the output files.
  args.push('--size', String(mounts.tmpfsBytes), '--tmpfs', SANDBOX_SHM);
  args.push('--size', String(mounts.tmpfsBytes), '--tmpfs', SANDBOX_TMP);
  const capture = resolve(mounts.captureHostPath);
  args.push('--ro-bind', capture, captureViewPath(capture, mounts.captureKind));
  // The scratch is memory, capped by its size, and vanishes with the sandbox; only the named
  // output files are host files (pre-created by the caller), so nothing else can land on disk.
  args.push('--size', String(mounts.scratchBytes), '--perms', '0700', '--tmpfs', SCRATCH_MOUNT);
  for (const name of mounts.outputFiles) {
    if (name.includes('/') || name === '.' || name === '..')
      throw new Error(`output file must be a plain name: ${name}`);
    args.push('--bind', join(resolve(mounts.outputHostDir), name), posix.join(SCRATCH_MOUNT, name));
  }
  // Last, so that they stay visible even below /tmp or another mount made above.
  for (const bind of mounts.readOnlyBinds) {
    if (!isAbsolute(bind.source) || !isAbsolute(bind.dest))
      throw new Error(`read-only bind paths must be absolute: ${bind.source} -> ${bind.dest}`);
    args.push('--ro-bind', bind.source, bind.dest);
  }
  // Last: every mount point above is created in them before they turn read-only.
  args.push('--remount-ro', '/dev', '--remount-ro', '/');
  args.push('--chdir', SCRATCH_MOUNT);
  return args;
}

/** The seccomp program arrives on this descriptor of the bwrap process. */
export function seccompArgs(fd: number | undefined): string[] {
  return fd === undefined ? [] : ['--seccomp', String(fd)];
}
