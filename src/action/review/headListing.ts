// One goal's entries in a commit's tree, as GitHub's git database lists it: a listing is
// checked entry by entry (paths a checkout could write, modes git knows, names that are shas)
// and cut down to the target, so nothing outside the target is fetched or written.
import { UserError } from '../../core/errors.js';
import { GIT_DIR_NAME } from '../../core/graph/targetSyntax.js';

export type ItemKind = 'file' | 'executable' | 'symlink' | 'submodule' | 'directory';

/** One entry of the listing; `size` is 0 for anything but a blob. */
export type TreeItem = { path: string; kind: ItemKind; sha: string; size: number };

/** The target as a checkout would hold it; entries' paths are relative to the target. */
export type SelectedTarget =
  { kind: 'missing' } | { kind: 'file'; item: TreeItem } | { kind: 'directory'; items: TreeItem[] };

const OBJECT_NAME = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** Whether `sha` is a full git object name (SHA-1, or SHA-256 for such repositories). */
export function isObjectName(sha: string): boolean {
  return OBJECT_NAME.test(sha);
}

export type Listing = { items: TreeItem[]; truncated: boolean };

/** The entries of a `GET …/git/trees/{sha}` answer, and whether GitHub left some out. */
export function parseListing(data: unknown, shown: string): Listing {
  const answer = (data ?? {}) as { tree?: unknown; truncated?: unknown };
  if (!Array.isArray(answer.tree) || typeof answer.truncated !== 'boolean')
    throw new UserError(`GitHub's tree of ${shown} is not a git tree listing; try again later`);
  return {
    items: answer.tree.map((entry) => parseItem(entry, shown)),
    truncated: answer.truncated,
  };
}

function parseItem(entry: unknown, shown: string): TreeItem {
  const { path, mode, type, sha, size } = (entry ?? {}) as Record<string, unknown>;
  if (typeof path !== 'string' || typeof sha !== 'string' || !isObjectName(sha))
    throw new UserError(`GitHub's tree of ${shown} holds an entry without a path or sha`);
  const problem = pathProblem(path);
  if (problem !== undefined)
    throw new UserError(
      `GitHub's tree of ${shown} holds ${JSON.stringify(path)}, which ${problem}`,
    );
  const kind = kindOf(mode, type);
  if (kind === undefined)
    throw new UserError(
      `GitHub's tree of ${shown} holds ${JSON.stringify(path)} with mode ${JSON.stringify(mode)} and type ${JSON.stringify(type)}, which git does not check out`,
    );
  const blob = kind === 'file' || kind === 'executable' || kind === 'symlink';
  if (blob && !(typeof size === 'number' && Number.isSafeInteger(size) && size >= 0))
    throw new UserError(`GitHub's tree of ${shown} gives ${JSON.stringify(path)} no size`);
  return { path, kind, sha, size: blob ? (size as number) : 0 };
}

/** Why a listed path is not one a checkout writes inside its directory, or undefined. */
function pathProblem(path: string): string | undefined {
  if (path.includes('\0')) return 'contains a NUL byte';
  if (path.startsWith('/')) return 'is absolute';
  const segments = path.split('/');
  if (segments.some((s) => s === '' || s === '.')) return 'has an empty or "." segment';
  if (segments.includes('..')) return 'has a ".." segment';
  if (segments.includes(GIT_DIR_NAME)) return 'lies inside .git';
  return undefined;
}

function kindOf(mode: unknown, type: unknown): ItemKind | undefined {
  if (typeof mode !== 'string') return undefined;
  if (type === 'tree' && (mode === '040000' || mode === '40000')) return 'directory';
  if (type === 'commit' && mode === '160000') return 'submodule';
  if (type !== 'blob') return undefined;
  if (mode === '120000') return 'symlink';
  // git checks out any 100xxx blob as a regular file, executable when the owner may execute it.
  if (!/^100[0-7]{3}$/.test(mode)) return undefined;
  return Number.parseInt(mode.slice(3), 8) & 0o100 ? 'executable' : 'file';
}

/**
 * What a checkout holds at `target` ('.' for the root): nothing (missing, or below a file),
 * one file, or a directory's entries — a submodule is the empty directory a checkout without
 * submodules leaves. A target that is or lies below a symlink is refused: a checkout would
 * follow it to bytes elsewhere in the tree, which this listing does not resolve.
 */
export function selectTarget(items: readonly TreeItem[], target: string): SelectedTarget {
  if (target === '.') return { kind: 'directory', items: checkedTree(items, target) };
  const byPath = new Map(items.map((item) => [item.path, item]));
  const segments = target.split('/');
  for (let depth = 1; depth <= segments.length; depth += 1) {
    const item = byPath.get(segments.slice(0, depth).join('/'));
    if (item === undefined) return { kind: 'missing' };
    if (item.kind === 'symlink')
      throw new UserError(
        `target ${JSON.stringify(target)} goes through the symlink ${JSON.stringify(item.path)} in the pull request's head; DoG derives a goal's bytes from the head commit only for targets that are real files and directories — point the graph's target at the real path`,
      );
    if (depth === segments.length) return selected(items, item, target);
    if (item.kind !== 'directory') return { kind: 'missing' };
  }
  return { kind: 'missing' };
}

function selected(items: readonly TreeItem[], item: TreeItem, target: string): SelectedTarget {
  if (item.kind === 'file' || item.kind === 'executable') return { kind: 'file', item };
  if (item.kind === 'submodule') return { kind: 'directory', items: [] };
  const prefix = `${target}/`;
  const below = items
    .filter((entry) => entry.path.startsWith(prefix))
    .map((entry) => ({ ...entry, path: entry.path.slice(prefix.length) }));
  return { kind: 'directory', items: checkedTree(below, target) };
}

/** Each path once, each below a listed directory: nothing is ever written through a link. */
function checkedTree(items: TreeItem[] | readonly TreeItem[], target: string): TreeItem[] {
  const kinds = new Map<string, ItemKind>();
  for (const item of items) {
    if (kinds.has(item.path))
      throw new UserError(`GitHub's tree lists ${JSON.stringify(item.path)} twice`);
    kinds.set(item.path, item.kind);
  }
  for (const item of items) {
    const slash = item.path.lastIndexOf('/');
    if (slash < 0 || kinds.get(item.path.slice(0, slash)) === 'directory') continue;
    throw new UserError(
      `GitHub's tree of target ${JSON.stringify(target)} lists ${JSON.stringify(item.path)} without its directory`,
    );
  }
  return [...items];
}
