// `GET /repos/{owner}/{repo}/contents/{path}?ref=` over a test-provided tree per commit.
// Raw media types answer the bytes with the media type echoed and `charset=utf-8`, as
// api.github.com does (so Octokit hands back a decoded string, not a Buffer); otherwise a
// file object (base64 content) or, for a directory, the array of its entries. As documented:
// a symlink to a regular file answers that file, any other symlink an object naming its
// target, a submodule a `submodule` object; in a listing a submodule is typed `file`.
import type { ServerResponse } from 'node:http';
import { posix } from 'node:path';
import { sendJson } from './http.js';
import {
  base64Lines,
  gitTree,
  leafOf,
  type Leaf,
  type RepoEntry,
  type RepoFiles,
} from './repoFiles.js';

export type ContentsRequest = {
  repo: string;
  path: string;
  ref: string | undefined;
  accept: string;
};

export type ContentsSource = { files: RepoFiles; defaultRef?: string; apiUrl: string };

const RAW = /application\/vnd\.github(?:\.v3)?\.raw(?:\+json)?/;

type Tree = Record<string, Buffer | string | RepoEntry>;

/** Answers the request; `false` when the path does not exist at that ref (caller sends 404). */
export function serveContents(
  res: ServerResponse,
  source: ContentsSource,
  request: ContentsRequest,
): boolean {
  const ref = request.ref ?? source.defaultRef;
  const tree = ref === undefined ? undefined : source.files[ref];
  if (ref === undefined || tree === undefined) return false;
  const path = request.path.replace(/^\/+|\/+$/g, '');
  const json = (entry: Entry) => entryJson(source.apiUrl, request.repo, ref, entry);
  const value = tree[path];
  const leaf = value === undefined ? undefined : followLink(tree, path, leafOf(value));
  if (leaf !== undefined && leaf.mode !== '100644' && leaf.mode !== '100755') {
    sendJson(res, 200, special(json, path, leaf));
    return true;
  }
  if (leaf !== undefined) {
    const { bytes } = leaf;
    const raw = RAW.exec(request.accept)?.[0];
    if (raw !== undefined) {
      res.writeHead(200, {
        'content-type': `${raw}; charset=utf-8`,
        'content-length': String(bytes.length),
        etag: `"${leaf.sha}"`,
        'x-github-media-type': 'github.v3; param=raw',
      });
      res.end(bytes);
      return true;
    }
    const entry: Entry = { path, type: 'file', sha: leaf.sha, size: bytes.length };
    sendJson(res, 200, { ...json(entry), encoding: 'base64', content: base64Lines(bytes) });
    return true;
  }
  const entries = directoryEntries(tree, path);
  if (entries.length === 0) return false;
  sendJson(res, 200, entries.map(json));
  return true;
}

type Entry = {
  path: string;
  type: 'file' | 'dir' | 'symlink';
  sha: string;
  size: number;
  submodule?: true;
};

/** A symlink whose target is a regular file of the tree stands for that file. */
function followLink(tree: Tree, path: string, leaf: Leaf): Leaf {
  if (leaf.mode !== '120000') return leaf;
  const target = posix.normalize(posix.join(posix.dirname(path), leaf.bytes.toString('utf8')));
  const value = tree[target];
  const file = value === undefined ? undefined : leafOf(value);
  return file !== undefined && (file.mode === '100644' || file.mode === '100755') ? file : leaf;
}

function special(json: (entry: Entry) => object, path: string, leaf: Leaf): object {
  if (leaf.mode === '120000') {
    const entry: Entry = { path, type: 'symlink', sha: leaf.sha, size: leaf.bytes.length };
    return { ...json(entry), target: leaf.bytes.toString('utf8') };
  }
  const entry: Entry = { path, type: 'file', sha: leaf.sha, size: 0, submodule: true };
  // GitHub takes the URL from .gitmodules; the stand-in does not read it.
  const submodule_git_url = `https://github.com/${path}.git`;
  return { ...json(entry), type: 'submodule', submodule_git_url };
}

function directoryEntries(tree: Tree, dir: string): Entry[] {
  const prefix = dir === '' ? '' : `${dir}/`;
  const found = new Map<string, Entry>();
  const treeShas = new Map(gitTree(tree).items.map((item) => [item.path, item.sha]));
  for (const [path, content] of Object.entries(tree)) {
    if (!path.startsWith(prefix)) continue;
    const [name, ...rest] = path.slice(prefix.length).split('/');
    if (name === undefined || name === '') continue;
    const child = `${prefix}${name}`;
    if (rest.length === 0) {
      const { mode, bytes, sha } = leafOf(content);
      const type = mode === '120000' ? 'symlink' : 'file';
      const entry: Entry = { path: child, type, sha, size: bytes.length };
      found.set(child, mode === '160000' ? { ...entry, size: 0, submodule: true } : entry);
    } else if (!found.has(child)) {
      found.set(child, { path: child, type: 'dir', sha: treeShas.get(child) ?? '', size: 0 });
    }
  }
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path));
}

function entryJson(apiUrl: string, repo: string, ref: string, entry: Entry): object {
  const { path, type, sha } = entry;
  const tree = type === 'dir' || entry.submodule === true;
  const self = `${apiUrl}/repos/${repo}/contents/${path}?ref=${ref}`;
  const git = `${apiUrl}/repos/${repo}/git/${tree ? 'trees' : 'blobs'}/${sha}`;
  const html = `https://github.com/${repo}/${tree ? 'tree' : 'blob'}/${ref}/${path}`;
  return {
    type,
    name: path.split('/').pop() ?? path,
    path,
    sha,
    size: entry.size,
    url: self,
    git_url: git,
    html_url: html,
    download_url: tree ? null : `https://raw.githubusercontent.com/${repo}/${ref}/${path}`,
    _links: { self, git, html },
  };
}
