// Decide runs without a checkout of the pull request's head, yet must bind a person's decision
// to the head's own bytes, never to digests a report artifact claims (anyone can upload one).
// This lays out one goal's target at a commit from GitHub's git database, so that capturing
// `target` in `root` hashes exactly what capturing it in a checkout of that commit would.
// Every blob must hash to its git name before it is written; capture's own rules (links that
// stay inside, tree bounds) stay the authority on what the laid-out tree may hold.
import { chmod, mkdir, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mapBounded } from '../../capture/bounded.js';
import { linkTextProblem, treePathProblem } from '../../capture/treeBounds.js';
import { UserError } from '../../core/errors.js';
import { normalizeTarget, targetSyntaxError } from '../../core/graph/targetSyntax.js';
import { listTarget, readBlob, type Fetch, type GitDatabaseClient } from './headFetch.js';
import { isObjectName, selectTarget, type SelectedTarget, type TreeItem } from './headListing.js';

export type TargetBounds = {
  /** Blobs (files and symlinks) a target may hold. */
  maxFiles: number;
  /** Bytes of all its blobs together. */
  maxBytes: number;
  /** Blob requests in flight at once. */
  concurrency: number;
};

export const DEFAULT_TARGET_BOUNDS: TargetBounds = {
  maxFiles: 2000,
  maxBytes: 64 * 2 ** 20,
  concurrency: 8,
};

export type MaterializedTarget = {
  /** Capture `target` with this as the workspace root. */
  root: string;
  /** The target as normalised ('.' for the repository root). */
  target: string;
  /** What the commit holds there; `missing` leaves `root` empty, as a checkout would. */
  kind: 'file' | 'directory' | 'missing';
  /** Blobs written (files and symlinks) and their bytes. */
  files: number;
  bytes: number;
};

export type { GitDatabaseClient } from './headFetch.js';

type Repo = { owner: string; repo: string };

/**
 * Writes what commit `commitSha` holds at `targetPath` into `destDir` (created, must be empty)
 * at the same relative path: `GET …/git/trees/{commit}?recursive=1` (one level at a time down
 * to the target when GitHub truncates it), then one `GET …/git/blobs/{sha}` per file,
 * `bounds.concurrency` at a time. Refusals are UserErrors; on one, `destDir` is left empty.
 */
export async function materializeTarget(
  client: GitDatabaseClient,
  repo: Repo,
  commitSha: string,
  targetPath: string,
  destDir: string,
  bounds: Partial<TargetBounds> = {},
): Promise<MaterializedTarget> {
  const limits = { ...DEFAULT_TARGET_BOUNDS, ...bounds };
  if (!isObjectName(commitSha))
    throw new UserError(`${JSON.stringify(commitSha)} is not a full commit sha`);
  const syntax = targetPath === '' ? undefined : targetSyntaxError(targetPath);
  if (syntax !== undefined) throw new UserError(syntax);
  const target = normalizeTarget(targetPath);
  const fetch: Fetch = { client, repo, commit: commitSha };
  const selection = selectTarget(await listTarget(fetch, target), target);
  await emptyDirectory(destDir);
  try {
    return await layOut(fetch, selection, { root: destDir, target }, limits);
  } catch (error) {
    // Half a tree must never be captured by mistake.
    for (const name of await readdir(destDir))
      await rm(path.join(destDir, name), { recursive: true, force: true });
    throw error;
  }
}

async function layOut(
  fetch: Fetch,
  selection: SelectedTarget,
  made: { root: string; target: string },
  limits: TargetBounds,
): Promise<MaterializedTarget> {
  const { root, target } = made;
  const at = target === '.' ? root : path.join(root, target);
  if (selection.kind === 'missing') return { ...made, kind: 'missing', files: 0, bytes: 0 };
  if (selection.kind === 'file') {
    const item = { ...selection.item, path: path.basename(at) };
    checkBounds([item], limits, target);
    await mkdir(path.dirname(at), { recursive: true });
    await writeBlobs(fetch, path.dirname(at), [item], limits.concurrency);
    return { ...made, kind: 'file', files: 1, bytes: item.size };
  }
  const blobs = checkBounds(selection.items, limits, target);
  await mkdir(at, { recursive: true });
  await writeTree(fetch, at, selection.items, limits.concurrency);
  const bytes = blobs.reduce((sum, item) => sum + item.size, 0);
  return { ...made, kind: 'directory', files: blobs.length, bytes };
}

/** The target's blobs, when within the bounds (checked before any blob is fetched). */
function checkBounds(items: readonly TreeItem[], limits: TargetBounds, target: string): TreeItem[] {
  const shown = JSON.stringify(target);
  for (const item of items) {
    const problem = treePathProblem(item.path);
    if (problem !== undefined)
      throw new UserError(`target ${shown} holds ${JSON.stringify(item.path)}, which ${problem}`);
  }
  const blobs = items.filter((i) => i.kind !== 'directory' && i.kind !== 'submodule');
  if (blobs.length > limits.maxFiles)
    throw new UserError(
      `target ${shown} holds ${blobs.length} files at the pull request's head, over the limit of ${limits.maxFiles} files DoG reads from GitHub's API to review a goal; narrow the goal's target`,
    );
  const bytes = blobs.reduce((sum, item) => sum + item.size, 0);
  if (bytes > limits.maxBytes)
    throw new UserError(
      `target ${shown} holds ${bytes} bytes at the pull request's head, over the limit of ${limits.maxBytes} bytes (${limits.maxBytes / 2 ** 20} MiB) DoG reads from GitHub's API to review a goal; narrow the goal's target`,
    );
  return blobs;
}

async function emptyDirectory(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new Error(`materializeTarget: ${dir} is not empty`);
}

/** Directories first, then files, symlinks last: no write ever goes through a link. */
async function writeTree(
  fetch: Fetch,
  at: string,
  items: readonly TreeItem[],
  concurrency: number,
): Promise<void> {
  const dirs = items.filter((i) => i.kind === 'directory' || i.kind === 'submodule');
  for (const dir of dirs) await mkdir(path.join(at, dir.path), { recursive: true });
  const blobs = items.filter((i) => i.kind !== 'directory' && i.kind !== 'submodule');
  await writeBlobs(fetch, at, blobs, concurrency);
}

/** Each distinct blob is fetched once (requests count against the token's hourly limit). */
async function writeBlobs(
  fetch: Fetch,
  at: string,
  blobs: readonly TreeItem[],
  concurrency: number,
): Promise<void> {
  const bySha = new Map<string, TreeItem[]>();
  for (const item of blobs) bySha.set(item.sha, [...(bySha.get(item.sha) ?? []), item]);
  const links: { abs: string; text: Buffer }[] = [];
  await mapBounded([...bySha.values()], concurrency, async (same) => {
    const bytes = await readBlob(fetch, same[0] as TreeItem);
    for (const item of same) {
      if (item.size !== bytes.length)
        throw new UserError(`GitHub's tree gives ${JSON.stringify(item.path)} the wrong size`);
      const abs = path.join(at, item.path);
      if (item.kind === 'symlink') links.push({ abs, text: linkText(item, bytes) });
      else await writeBlob(abs, bytes, item.kind === 'executable' ? 0o755 : 0o644);
    }
  });
  for (const link of links) await symlink(link.text, link.abs);
}

async function writeBlob(abs: string, bytes: Buffer, mode: number): Promise<void> {
  await writeFile(abs, bytes, { flag: 'wx', mode });
  await chmod(abs, mode);
}

function linkText(item: TreeItem, bytes: Buffer): Buffer {
  const shown = JSON.stringify(item.path);
  const problem =
    bytes.length === 0
      ? 'has an empty target'
      : bytes.includes(0)
        ? 'has a target with a NUL byte'
        : linkTextProblem(bytes.toString('utf8'));
  if (problem !== undefined) throw new UserError(`the symlink ${shown} ${problem}`);
  return bytes;
}
