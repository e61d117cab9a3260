// `GET /repos/{owner}/{repo}/contents/{path}?ref=` over a test-provided tree per commit.
// Raw media types answer the bytes with the media type echoed and `charset=utf-8`, as
// api.github.com does (so Octokit hands back a decoded string, not a Buffer); otherwise a
// file object (base64 content) or, for a directory, the array of its entries.
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson } from './http.js';

/** Files per commit: `ref → (path → bytes)`. Directories are implied by the paths. */
export type RepoFiles = Record<string, Record<string, Buffer | string>>;

export type ContentsRequest = {
  repo: string;
  path: string;
  ref: string | undefined;
  accept: string;
};

export type ContentsSource = { files: RepoFiles; defaultRef?: string; apiUrl: string };

const RAW = /application\/vnd\.github(?:\.v3)?\.raw(?:\+json)?/;

export function gitBlobSha(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

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
  const file = tree[path];
  const json = (entry: Entry) => entryJson(source.apiUrl, request.repo, ref, entry);
  if (file !== undefined) {
    const bytes = Buffer.from(file);
    const raw = RAW.exec(request.accept)?.[0];
    if (raw !== undefined) {
      res.writeHead(200, {
        'content-type': `${raw}; charset=utf-8`,
        'content-length': String(bytes.length),
        etag: `"${gitBlobSha(bytes)}"`,
        'x-github-media-type': 'github.v3; param=raw',
      });
      res.end(bytes);
      return true;
    }
    const entry: Entry = { path, type: 'file', sha: gitBlobSha(bytes), size: bytes.length };
    sendJson(res, 200, { ...json(entry), encoding: 'base64', content: base64Lines(bytes) });
    return true;
  }
  const entries = directoryEntries(tree, path);
  if (entries.length === 0) return false;
  sendJson(res, 200, entries.map(json));
  return true;
}

type Entry = { path: string; type: 'file' | 'dir'; sha: string; size: number };

function directoryEntries(tree: Record<string, Buffer | string>, dir: string): Entry[] {
  const prefix = dir === '' ? '' : `${dir}/`;
  const found = new Map<string, Entry>();
  for (const [path, content] of Object.entries(tree)) {
    if (!path.startsWith(prefix)) continue;
    const [name, ...rest] = path.slice(prefix.length).split('/');
    if (name === undefined || name === '') continue;
    const child = `${prefix}${name}`;
    if (rest.length === 0) {
      const bytes = Buffer.from(content);
      found.set(child, { path: child, type: 'file', sha: gitBlobSha(bytes), size: bytes.length });
    } else if (!found.has(child)) {
      found.set(child, { path: child, type: 'dir', sha: treeShaStandIn(child), size: 0 });
    }
  }
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path));
}

function treeShaStandIn(path: string): string {
  return createHash('sha1').update(`tree ${path}`).digest('hex');
}

function entryJson(apiUrl: string, repo: string, ref: string, entry: Entry): object {
  const { path, type, sha } = entry;
  const self = `${apiUrl}/repos/${repo}/contents/${path}?ref=${ref}`;
  const git = `${apiUrl}/repos/${repo}/git/${type === 'file' ? 'blobs' : 'trees'}/${sha}`;
  const html = `https://github.com/${repo}/${type === 'file' ? 'blob' : 'tree'}/${ref}/${path}`;
  return {
    type,
    name: path.split('/').pop() ?? path,
    path,
    sha,
    size: entry.size,
    url: self,
    git_url: git,
    html_url: html,
    download_url:
      type === 'file' ? `https://raw.githubusercontent.com/${repo}/${ref}/${path}` : null,
    _links: { self, git, html },
  };
}

/** GitHub wraps base64 content at 60 characters per line. */
function base64Lines(bytes: Buffer): string {
  const text = bytes.toString('base64');
  return `${text.replace(/.{60}/g, '$&\n')}\n`;
}
