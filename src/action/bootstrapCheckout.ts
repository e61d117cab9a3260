// The pull request's checkout as a tree to read DoG's own files from (graph, configuration,
// scripts) when they are data to validate, not trusted inputs. The PR authored every byte
// and every link here, so only regular files inside the checkout are read: a symbolic link
// (or a linked parent directory) could point at the runner's own files.
import { constants } from 'node:fs';
import { lstat, open, readdir, realpath } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { UserError } from '../core/errors.js';
import { normalize, type TreeReader } from './trusted.js';

const MAX_FILE_BYTES = 4 * 1024 * 1024;

export class CheckoutTree implements TreeReader {
  readonly description = "this pull request's checkout";

  constructor(private readonly root: string) {}

  async read(path: string): Promise<Buffer | undefined> {
    const relative = normalize(path);
    const full = join(this.root, relative);
    const info = await lstat(full).catch(() => undefined);
    if (info === undefined) return undefined;
    if (info.isSymbolicLink()) throw linkError(relative);
    if (!info.isFile()) return undefined;
    if (!(await this.isInside(posix.dirname(relative)))) throw linkError(relative);
    if (info.size > MAX_FILE_BYTES)
      throw new UserError(`${relative} is larger than ${MAX_FILE_BYTES} bytes`);
    const bytes = await readBounded(full).catch((error: unknown) => {
      throw unreadable(relative, error);
    });
    if (bytes.length > MAX_FILE_BYTES)
      throw new UserError(`${relative} is larger than ${MAX_FILE_BYTES} bytes`);
    return bytes;
  }

  async listFiles(dir: string): Promise<string[] | undefined> {
    const relative = normalize(dir);
    const info = await lstat(join(this.root, relative)).catch(() => undefined);
    if (info === undefined || !info.isDirectory()) return undefined;
    if (!(await this.isInside(relative))) return undefined;
    const entries = await readdir(join(this.root, relative), { withFileTypes: true }).catch(
      (error: unknown) => {
        throw unreadable(relative, error);
      },
    );
    return entries.filter((e) => e.isFile()).map((e) => e.name);
  }

  /** The directory's real path is exactly where it appears to be: no linked component. */
  async isInside(relativeDir: string): Promise<boolean> {
    const root = await realpath(this.root);
    const expected = relativeDir === '.' || relativeDir === '' ? root : join(root, relativeDir);
    const actual = await realpath(join(this.root, relativeDir)).catch(() => undefined);
    return actual === expected;
  }

  /**
   * Absolute path of `dir` in the checkout (which may not exist), or undefined when something
   * other than a real directory of the checkout is there.
   */
  async directory(dir: string): Promise<string | undefined> {
    const relative = normalize(dir);
    const info = await lstat(join(this.root, relative)).catch(() => undefined);
    if (info === undefined) return join(this.root, relative);
    if (!info.isDirectory() || !(await this.isInside(relative))) return undefined;
    return join(this.root, relative);
  }
}

/** At most one byte more than the limit, without following a link at the last component. */
async function readBounded(path: string): Promise<Buffer> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const buffer = Buffer.alloc(MAX_FILE_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function unreadable(path: string, error: unknown): UserError {
  const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
  return new UserError(`cannot read ${path} in the checkout (${code})`);
}

function linkError(path: string): UserError {
  return new UserError(
    `${path} is a symbolic link or lies under one; DoG reads the pull request's graph, configuration and scripts only from regular files inside the checkout`,
  );
}
