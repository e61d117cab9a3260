// The repository the REST stand-ins serve: per commit, its paths and what each holds, and the
// git objects they make (blob and tree shas computed as git computes them), so the contents
// and git database stand-ins answer the same names real GitHub would for the same commit.
import { createHash } from 'node:crypto';

/** A git mode for a non-directory entry: a file, an executable, a symlink or a submodule. */
export type GitMode = '100644' | '100755' | '120000' | '160000';

/**
 * A path with its git mode: a symlink's content is its target, a submodule's the 40-hex commit
 * it pins. A plain `Buffer | string` is a regular file (100644).
 */
export type RepoEntry = { mode: GitMode; content: Buffer | string };

/** Files per commit: `ref → (path → content)`. Directories are implied by the paths. */
export type RepoFiles = Record<string, Record<string, Buffer | string | RepoEntry>>;

export type Leaf = { mode: GitMode; bytes: Buffer; sha: string };

/** One entry of a tree listing, in git's order (`git ls-tree -r -t`). */
export type TreeItem = { path: string; mode: GitMode | '040000'; sha: string; size?: number };

export type GitTree = { sha: string; items: TreeItem[] };

export function gitBlobSha(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

export function leafOf(value: Buffer | string | RepoEntry): Leaf {
  if (typeof value === 'string' || Buffer.isBuffer(value)) {
    const bytes = Buffer.from(value);
    return { mode: '100644', bytes, sha: gitBlobSha(bytes) };
  }
  const bytes = Buffer.from(value.content);
  const sha = value.mode === '160000' ? bytes.toString('utf8') : gitBlobSha(bytes);
  return { mode: value.mode, bytes, sha };
}

/** Whether a path holds a blob (a file, executable or symlink), not a submodule. */
export function isBlob(leaf: Leaf): boolean {
  return leaf.mode !== '160000';
}

type Dir = { dirs: Map<string, Dir>; leaves: Map<string, Leaf> };

function nest(files: Record<string, Buffer | string | RepoEntry>): Dir {
  const root: Dir = { dirs: new Map(), leaves: new Map() };
  for (const [path, value] of Object.entries(files)) {
    const names = path.split('/');
    const last = names.pop() as string;
    let dir = root;
    for (const name of names) {
      const next = dir.dirs.get(name) ?? { dirs: new Map(), leaves: new Map() };
      dir.dirs.set(name, next);
      dir = next;
    }
    dir.leaves.set(last, leafOf(value));
  }
  return root;
}

/** The commit's root tree: its sha and its recursive listing, parents before children. */
export function gitTree(files: Record<string, Buffer | string | RepoEntry>): GitTree {
  return hashDir(nest(files), '');
}

function hashDir(dir: Dir, prefix: string): GitTree {
  type Child = { name: string; sortKey: string; mode: string; sha: string; items: TreeItem[] };
  const children: Child[] = [];
  for (const [name, sub] of dir.dirs) {
    const path = `${prefix}${name}`;
    const tree = hashDir(sub, `${path}/`);
    const item: TreeItem = { path, mode: '040000', sha: tree.sha };
    children.push({
      name,
      sortKey: `${name}/`,
      mode: '40000',
      sha: tree.sha,
      items: [item, ...tree.items],
    });
  }
  for (const [name, leaf] of dir.leaves) {
    const item: TreeItem = { path: `${prefix}${name}`, mode: leaf.mode, sha: leaf.sha };
    if (isBlob(leaf)) item.size = leaf.bytes.length;
    children.push({ name, sortKey: name, mode: leaf.mode, sha: leaf.sha, items: [item] });
  }
  // git orders a tree's entries by name bytes, a subtree's name compared as if it ended in '/'.
  children.sort((a, b) => Buffer.compare(Buffer.from(a.sortKey), Buffer.from(b.sortKey)));
  const body = Buffer.concat(
    children.map((c) =>
      Buffer.concat([Buffer.from(`${c.mode} ${c.name}\0`), Buffer.from(c.sha, 'hex')]),
    ),
  );
  const sha = createHash('sha1').update(`tree ${body.length}\0`).update(body).digest('hex');
  return { sha, items: children.flatMap((c) => c.items) };
}

/** GitHub wraps base64 content at 60 characters per line. */
export function base64Lines(bytes: Buffer): string {
  const text = bytes.toString('base64');
  return `${text.replace(/.{60}/g, '$&\n')}\n`;
}
