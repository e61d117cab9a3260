// Every tool path is relative to the capture root and confined to it: no absolute paths, no
// `..`, no NUL, and the real path (symlinks resolved) must stay inside the root's real path.
import type { Dirent } from 'node:fs';
import { lstat, readdir, realpath } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import type { CaptureKind } from '../../capture/types.js';

export type CaptureRoot = {
  /** Real path of the root directory. */
  readonly dir: string;
  /** For a file capture: the one entry of the root that is visible. */
  readonly only?: string;
};

export type Resolved = { ok: true; rel: string; abs: string } | { ok: false; message: string };

const MAX_PATH_CHARS = 1024;

/** The capture root of a materialized capture (DESIGN §6): the directory, or the file's parent. */
export async function captureRootOf(capturePath: string, kind: CaptureKind): Promise<CaptureRoot> {
  if (kind === 'directory') return { dir: await realpath(capturePath) };
  return { dir: await realpath(dirname(capturePath)), only: basename(capturePath) };
}

/** Checks the shape of a relative path and returns its segments (`[]` for the root). */
export function splitRelative(
  input: string,
): { ok: true; segments: string[] } | { ok: false; message: string } {
  if (input.length > MAX_PATH_CHARS) return { ok: false, message: 'path is too long' };
  if (input.includes('\u0000')) return { ok: false, message: 'path contains a NUL byte' };
  if (input.startsWith('/')) {
    return {
      ok: false,
      message: 'absolute paths are refused: use a path relative to the capture root',
    };
  }
  const segments = input.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) {
    return { ok: false, message: '".." is refused: paths stay inside the capture root' };
  }
  return { ok: true, segments };
}

function isInside(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

function notFound(rel: string): Resolved {
  return { ok: false, message: `no such file or directory in the capture: ${rel}` };
}

/** Resolves a tool path to a real host path inside the capture, or says why not. */
export async function resolveInside(root: CaptureRoot, input: string): Promise<Resolved> {
  const split = splitRelative(input);
  if (!split.ok) return split;
  const rel = split.segments.join('/') || '.';
  if (root.only !== undefined && split.segments.length > 0 && split.segments[0] !== root.only) {
    return notFound(rel);
  }
  let real: string;
  try {
    real = await realpath(join(root.dir, ...split.segments));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return notFound(rel);
    return { ok: false, message: `${rel} cannot be resolved (${code ?? 'error'})` };
  }
  const allowed =
    root.only === undefined
      ? isInside(real, root.dir)
      : real === root.dir || real === join(root.dir, root.only);
  if (!allowed) {
    return { ok: false, message: `refused: ${rel} leads outside the capture (symlink)` };
  }
  return { ok: true, rel, abs: real };
}

/** Joins capture-relative paths. */
export function childRel(parent: string, name: string): string {
  return parent === '.' ? name : `${parent}/${name}`;
}

/** Directory entries, sorted by name; the root of a file capture shows only its file. */
export async function entriesOf(root: CaptureRoot, abs: string): Promise<Dirent[]> {
  const entries = await readdir(abs, { withFileTypes: true });
  const visible =
    root.only !== undefined && abs === root.dir
      ? entries.filter((entry) => entry.name === root.only)
      : entries;
  return visible.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export type WalkEntry = {
  rel: string;
  abs: string;
  kind: 'file' | 'directory' | 'symlink' | 'other';
  size: number;
};

function kindOf(entry: Dirent): WalkEntry['kind'] {
  if (entry.isFile()) return 'file';
  if (entry.isDirectory()) return 'directory';
  if (entry.isSymbolicLink()) return 'symlink';
  return 'other';
}

/**
 * Everything below a directory, depth first in path order, never following symlinks (a link is
 * reported as such; what it points to inside the capture is reached by its own path).
 */
export async function* walk(
  root: CaptureRoot,
  abs: string,
  rel: string,
): AsyncGenerator<WalkEntry> {
  const pending: WalkEntry[] = (await childrenOf(root, abs, rel)).reverse();
  while (pending.length > 0) {
    const entry = pending.pop() as WalkEntry;
    if (entry.kind === 'file') entry.size = await sizeOf(entry.abs);
    yield entry;
    if (entry.kind === 'directory') {
      pending.push(...(await childrenOf(root, entry.abs, entry.rel)).reverse());
    }
  }
}

async function childrenOf(root: CaptureRoot, abs: string, rel: string): Promise<WalkEntry[]> {
  let entries: Dirent[];
  try {
    entries = await entriesOf(root, abs);
  } catch {
    return [];
  }
  const children: WalkEntry[] = [];
  for (const entry of entries) {
    const kind = kindOf(entry);
    children.push({ abs: join(abs, entry.name), rel: childRel(rel, entry.name), kind, size: 0 });
  }
  return children;
}

async function sizeOf(abs: string): Promise<number> {
  try {
    return (await lstat(abs)).size;
  } catch {
    return 0;
  }
}
