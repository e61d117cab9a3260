// The git database endpoints over the same per-commit files the contents stand-in serves:
// `GET /repos/{o}/{r}/git/trees/{sha}[?recursive=…]` (a commit's or any subtree's sha) and
// `GET /repos/{o}/{r}/git/blobs/{sha}`, in GitHub's wire format: tree modes `040000`,
// submodules as `type: "commit"` without size or url, base64 wrapped at 60 characters.
// `faults` lets a test make the API lie (a blob answered with other bytes) or truncate a
// recursive listing as GitHub does past its limit.
import type { ServerResponse } from 'node:http';
import { sendJson } from './http.js';
import {
  base64Lines,
  gitTree,
  isBlob,
  leafOf,
  type GitTree,
  type RepoFiles,
  type TreeItem,
} from './repoFiles.js';

export type GitDatabaseFaults = {
  /** Recursive listings stop after this many entries, with `truncated: true` (GitHub: 100,000). */
  maxRecursiveEntries: number;
  /** Blob sha → bytes answered in its place: an API whose answer does not hash to its name. */
  forgedBlobs: Map<string, Buffer>;
};

export type GitDatabaseSource = {
  files: RepoFiles;
  apiUrl: string;
  repo: string;
  faults: GitDatabaseFaults;
};

export function gitDatabaseFaults(): GitDatabaseFaults {
  return { maxRecursiveEntries: 100_000, forgedBlobs: new Map() };
}

/** Answers the tree named by `sha`; `false` when no commit or tree has that sha (caller sends 404). */
export function serveTree(
  res: ServerResponse,
  source: GitDatabaseSource,
  sha: string,
  recursive: boolean,
): boolean {
  const tree = findTree(source.files, sha);
  if (tree === undefined) return false;
  const limit = source.faults.maxRecursiveEntries;
  const items = recursive ? tree.items : direct(tree.items);
  const truncated = recursive && items.length > limit;
  sendJson(res, 200, {
    sha: tree.sha,
    url: `${source.apiUrl}/repos/${source.repo}/git/trees/${tree.sha}`,
    tree: (truncated ? items.slice(0, limit) : items).map((item) => itemJson(source, item)),
    truncated,
  });
  return true;
}

/** Answers the blob named by `sha`; `false` when no commit holds it (caller sends 404). */
export function serveBlob(res: ServerResponse, source: GitDatabaseSource, sha: string): boolean {
  const bytes = source.faults.forgedBlobs.get(sha) ?? findBlob(source.files, sha);
  if (bytes === undefined) return false;
  sendJson(res, 200, {
    sha,
    node_id: Buffer.from(`04:Blob${sha}`).toString('base64'),
    size: bytes.length,
    url: `${source.apiUrl}/repos/${source.repo}/git/blobs/${sha}`,
    content: base64Lines(bytes),
    encoding: 'base64',
  });
  return true;
}

function findTree(files: RepoFiles, sha: string): GitTree | undefined {
  const commit = files[sha];
  if (commit !== undefined) return gitTree(commit);
  for (const tree of Object.values(files).map(gitTree)) {
    if (tree.sha === sha) return tree;
    const at = tree.items.find((item) => item.mode === '040000' && item.sha === sha);
    if (at !== undefined) return subtree(tree, at);
  }
  return undefined;
}

function subtree(tree: GitTree, at: TreeItem): GitTree {
  const prefix = `${at.path}/`;
  const items = tree.items
    .filter((item) => item.path.startsWith(prefix))
    .map((item) => ({ ...item, path: item.path.slice(prefix.length) }));
  return { sha: at.sha, items };
}

function direct(items: TreeItem[]): TreeItem[] {
  return items.filter((item) => !item.path.includes('/'));
}

function findBlob(files: RepoFiles, sha: string): Buffer | undefined {
  for (const commit of Object.values(files))
    for (const value of Object.values(commit)) {
      const leaf = leafOf(value);
      if (isBlob(leaf) && leaf.sha === sha) return leaf.bytes;
    }
  return undefined;
}

function itemJson(source: GitDatabaseSource, item: TreeItem): object {
  const base = `${source.apiUrl}/repos/${source.repo}/git`;
  if (item.mode === '160000')
    return { path: item.path, mode: item.mode, type: 'commit', sha: item.sha };
  if (item.mode === '040000')
    return {
      path: item.path,
      mode: item.mode,
      type: 'tree',
      sha: item.sha,
      url: `${base}/trees/${item.sha}`,
    };
  const { path, mode, sha, size } = item;
  return { path, mode, type: 'blob', sha, size, url: `${base}/blobs/${sha}` };
}
