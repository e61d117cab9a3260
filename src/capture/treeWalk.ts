import { lstatSync, readlinkSync, type Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { mapBounded } from './bounded.js';
import type { ExcludeMatcher } from '../core/graph/excludeGlob.js';
import { GIT_DIR_NAME } from '../core/graph/targetSyntax.js';
import { CaptureError, isErrnoCode, sourceError } from './captureError.js';
import { linkEscape } from './linkCheck.js';
import { TREE_BOUNDS, treePathProblem } from './treeBounds.js';

/** One path inside a captured directory, with its mode already normalised. */
export type TreeEntry = {
  /** Path relative to the captured directory, '/'-separated, no trailing slash. */
  rel: string;
  abs: string;
  kind: 'file' | 'directory' | 'symlink';
  mode: number;
  size: number;
  /** Symlink text; '' for other kinds. */
  linkText: string;
};

type Dir = { abs: string; rel: string };
type Shown = (rel: string) => string;

/** What a walk leaves out: absolute paths (the store), and the target's exclude patterns. */
export type WalkExclusions = { paths: ReadonlySet<string>; matcher?: ExcludeMatcher };

const DIRECTORY_CONCURRENCY = 8;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Lists everything under `rootAbs` without following symlinks, skipping `excluded` absolute
 * paths, whatever its exclude patterns match (a matched directory with all below it), and every
 * `.git` entry at any depth (a repository's, a submodule's or a worktree's
 * metadata: it may hold credentials, and it is not what a goal verifies), sorted by the UTF-8
 * bytes of the relative path. `shown` renders a relative path for
 * messages. Fails with `target_unsafe` on special files, undecodable names, escaping links and
 * paths past the tree bound (treeBounds.ts), which it meets before it lists anything below them.
 */
export async function walkTree(
  rootAbs: string,
  excluded: WalkExclusions,
  shown: Shown,
): Promise<TreeEntry[]> {
  const entries: TreeEntry[] = [];
  const pending: Dir[] = [{ abs: rootAbs, rel: '' }];
  while (pending.length > 0) {
    const wave = pending.splice(0, pending.length);
    const listed = await mapBounded(wave, DIRECTORY_CONCURRENCY, (dir) =>
      readDirectory(dir, excluded, shown),
    );
    for (const children of listed) {
      for (const child of children) {
        entries.push(child);
        if (child.kind === 'directory') pending.push({ abs: child.abs, rel: child.rel });
      }
    }
  }
  const sorted = sortByUtf8(entries);
  checkLinks(sorted, shown);
  return sorted;
}

function sortByUtf8(entries: TreeEntry[]): TreeEntry[] {
  const keyed = entries.map((entry) => ({ key: Buffer.from(entry.rel), entry }));
  keyed.sort((a, b) => Buffer.compare(a.key, b.key));
  return keyed.map((item) => item.entry);
}

function checkLinks(entries: readonly TreeEntry[], shown: Shown): void {
  const links = new Map<string, string>();
  for (const entry of entries) if (entry.kind === 'symlink') links.set(entry.rel, entry.linkText);
  for (const [rel, text] of links) {
    const escape = linkEscape(rel, text, (candidate) => links.get(candidate));
    if (escape !== undefined) {
      throw new CaptureError(
        'target_unsafe',
        `symlink ${shown(rel)} ${escape}; a captured directory may only hold symlinks that stay inside it — make it relative and inside, or replace it with the file`,
      );
    }
  }
}

async function readDirectory(
  dir: Dir,
  excluded: WalkExclusions,
  shown: Shown,
): Promise<TreeEntry[]> {
  let dirents: Dirent[];
  try {
    dirents = await readdir(dir.abs, { withFileTypes: true });
  } catch (error) {
    throw sourceError(error, shown(dir.rel));
  }
  const entries: TreeEntry[] = [];
  for (const dirent of dirents) {
    if (dirent.name === GIT_DIR_NAME) continue;
    const abs = path.join(dir.abs, dirent.name);
    if (excluded.paths.has(abs)) continue;
    const rel = dir.rel === '' ? dirent.name : `${dir.rel}/${dirent.name}`;
    if (excluded.matcher?.(rel, dirent.isDirectory())) continue;
    checkBounds(rel, shown);
    try {
      entries.push(describe(abs, rel, dirent, shown));
    } catch (error) {
      throw describeError(error, dir, dirent, shown);
    }
  }
  return entries;
}

/** Refuses a path past the tree bound before the system is asked to open anything below it. */
function checkBounds(rel: string, shown: Shown): void {
  const problem = treePathProblem(rel);
  if (problem === undefined) return;
  throw new CaptureError(
    'target_unsafe',
    `target ${shown('')} holds ${shown(rel)}, which ${problem}; a captured directory may be ${TREE_BOUNDS} — flatten it, exclude that path or capture a narrower target`,
  );
}

/**
 * Metadata is read synchronously: on a cached tree an lstat costs a couple of microseconds,
 * far less than a round trip through the thread pool, and thousands of small files add up.
 */
function describe(abs: string, rel: string, dirent: Dirent, shown: Shown): TreeEntry {
  // Names that are not valid UTF-8 come back with U+FFFD and no longer name the file.
  if (dirent.name.includes('\uFFFD')) lstatSync(abs);
  if (dirent.isDirectory())
    return { rel, abs, kind: 'directory', mode: 0o755, size: 0, linkText: '' };
  if (dirent.isSymbolicLink()) {
    const linkText = decodeLink(readlinkSync(abs, { encoding: 'buffer' }), shown(rel));
    return { rel, abs, kind: 'symlink', mode: 0o777, size: 0, linkText };
  }
  if (dirent.isFile()) {
    const stats = lstatSync(abs);
    if (!stats.isFile()) {
      throw new CaptureError(
        'target_unsafe',
        `${shown(rel)} changed type while it was being captured; capture again`,
      );
    }
    const mode = stats.mode & 0o111 ? 0o755 : 0o644;
    return { rel, abs, kind: 'file', mode, size: stats.size, linkText: '' };
  }
  throw new CaptureError(
    'target_unsafe',
    `${shown(rel)} is a ${specialKind(dirent)}; only regular files, directories and symlinks can be captured — remove it or capture a narrower target`,
  );
}

function describeError(error: unknown, dir: Dir, dirent: Dirent, shown: Shown): Error {
  if (dirent.name.includes('\uFFFD') && isErrnoCode(error, 'ENOENT')) {
    return new CaptureError(
      'target_unsafe',
      `a name under ${shown(dir.rel)} is not valid UTF-8 (${JSON.stringify(dirent.name)}); rename it`,
    );
  }
  const rel = dir.rel === '' ? dirent.name : `${dir.rel}/${dirent.name}`;
  return sourceError(error, shown(rel));
}

function decodeLink(raw: Buffer, shown: string): string {
  try {
    return strictUtf8.decode(raw);
  } catch {
    throw new CaptureError(
      'target_unsafe',
      `symlink ${shown} has a target that is not valid UTF-8; fix the link`,
    );
  }
}

function specialKind(dirent: Dirent): string {
  if (dirent.isSocket()) return 'socket';
  if (dirent.isFIFO()) return 'FIFO (named pipe)';
  if (dirent.isCharacterDevice()) return 'character device';
  if (dirent.isBlockDevice()) return 'block device';
  return 'special file';
}
