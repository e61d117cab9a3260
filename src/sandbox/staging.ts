// Making host paths visible to a sandbox that runs as another uid. bubblewrap resolves every
// bind source as that uid, so a path below a private directory (a home directory, a runner's
// work dir) cannot be mounted as it is; such a path is copied once into the launcher's work
// directory, readable by all, and mounted from there at its original place.
import { createHash } from 'node:crypto';
import { constants, statSync } from 'node:fs';
import { chmod, copyFile, cp, mkdir, readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

const OTHERS_SEARCH = 0o001;
const OTHERS_READ = 0o004;

/** Whether any uid can reach `path` through its ancestors and read (and run) it. */
export function reachableByAnyone(path: string): boolean {
  const absolute = resolve(path);
  try {
    for (let dir = dirname(absolute); ; dir = dirname(dir)) {
      if ((statSync(dir).mode & OTHERS_SEARCH) === 0) return false;
      if (dir === '/') break;
    }
    const own = statSync(absolute);
    if ((own.mode & OTHERS_READ) === 0) return false;
    if (own.isDirectory() || (own.mode & 0o100) !== 0) return (own.mode & OTHERS_SEARCH) !== 0;
    return true;
  } catch {
    return false;
  }
}

/** Copies of unreachable paths, made once per launcher and kept until its work dir goes. */
export class StagedPaths {
  private readonly staged = new Map<string, Promise<string>>();

  constructor(private readonly stageDir: string) {}

  /** A path any uid can read holding the same bytes as `path` (itself when already reachable). */
  reachable(path: string): Promise<string> {
    const absolute = resolve(path);
    if (reachableByAnyone(absolute)) return Promise.resolve(absolute);
    // A file edited since it was staged (same path, new bytes) must be staged again.
    const version = versionOf(absolute);
    const key = `${absolute}\0${version}`;
    let copy = this.staged.get(key);
    if (!copy) {
      copy = this.stage(absolute, version);
      this.staged.set(key, copy);
    }
    return copy;
  }

  private async stage(source: string, version: string): Promise<string> {
    const name = createHash('sha256').update(source).update(version).digest('hex').slice(0, 16);
    const holder = join(this.stageDir, name);
    await mkdir(holder, { recursive: true, mode: 0o711 });
    await chmod(holder, 0o711);
    const dest = join(holder, basename(source));
    const info = await stat(source);
    if (info.isDirectory()) {
      await cp(source, dest, { recursive: true, dereference: false, errorOnExist: false });
      await openUp(dest);
    } else {
      await copyBytes(source, dest);
      await chmod(dest, executable(info.mode) ? 0o555 : 0o444);
    }
    return dest;
  }
}

/** Identity and change marks of a path: any edit or replacement changes it. */
function versionOf(path: string): string {
  try {
    const info = statSync(path, { bigint: true });
    return [info.dev, info.ino, info.size, info.mtimeNs, info.ctimeNs].join(':');
  } catch {
    return 'missing';
  }
}

// Never a hard link: it shares the inode, so opening up its mode would open up the original.
async function copyBytes(source: string, dest: string): Promise<void> {
  await copyFile(source, dest, constants.COPYFILE_FICLONE);
}

async function openUp(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await openUp(path);
    else if (entry.isFile()) await chmod(path, executable((await stat(path)).mode) ? 0o555 : 0o444);
  }
  await chmod(dir, 0o555);
}

function executable(mode: number): boolean {
  return (mode & 0o111) !== 0;
}
