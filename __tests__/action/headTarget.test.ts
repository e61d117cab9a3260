// A goal's target laid out from GitHub's git database (real Octokit over HTTP against the REST
// stand-in, loaded from a real git repository) captures to the same digest as the target in a
// real checkout of that commit; an API answer that does not hash to its name, a truncated
// listing, a target over the bounds and hostile paths are refused.
import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  materializeTarget,
  type GitDatabaseClient,
  type TargetBounds,
} from '../../src/action/review/headTree.js';
import { captureTarget } from '../../src/capture/capture.js';
import type { CaptureResult } from '../../src/capture/types.js';
import { UserError } from '../../src/core/errors.js';
import { FsBlobStore } from '../../src/storage/blobStore.js';
import { startGitHubApi, type GitHubApi } from '../support/actions/githubApi.js';
import { gitRepo, type GitRepo } from '../support/gitRepo.js';

const REPO = { owner: 'octo-org', repo: 'octo-repo' };
const TOKEN = 'ghs_faketoken000000000000000000000000';
const PINNED = 'c'.repeat(40);

let root: string;
let api: GitHubApi;
let octokit: ReturnType<typeof import('@actions/github').getOctokit>;
let git: GitDatabaseClient;
let repo: GitRepo;
let store: FsBlobStore;
let first: string;
const savedApiUrl = process.env.GITHUB_API_URL;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'dog-head-'));
  store = await FsBlobStore.open(path.join(root, 'store'));
  repo = gitRepo(await made(path.join(root, 'repo')));
  await writeIn(repo.dir, {
    't/a.txt': 'alpha\n',
    't/nested/deep/b.txt': Buffer.alloc(5000, 7),
    'outside.txt': 'not the target\n',
  });
  await writeFile(path.join(repo.dir, 't/run.sh'), '#!/bin/sh\necho hi\n', { mode: 0o755 });
  await symlink('a.txt', path.join(repo.dir, 't/link'));
  await symlink('nested/deep', path.join(repo.dir, 't/dirlink'));
  await symlink('t', path.join(repo.dir, 'tlink'));
  repo.git('add', '-A');
  repo.addGitlink('t/sub', PINNED);
  first = repo.commit('first', 't/a.txt');
  api = await startGitHubApi({ repository: `${REPO.owner}/${REPO.repo}` });
  api.setFiles(first, repo.entriesOf(first));
  process.env.GITHUB_API_URL = api.url;
  const github = await import('@actions/github');
  octokit = github.getOctokit(TOKEN);
  git = octokit.rest.git;
});

afterAll(async () => {
  process.env.GITHUB_API_URL = savedApiUrl;
  await api?.stop();
  await rm(root, { recursive: true, force: true });
});

afterEach(() => {
  api.gitFaults.forgedBlobs.clear();
  api.gitFaults.maxRecursiveEntries = 100_000;
  expect(api.takeViolations()).toEqual([]);
});

async function made(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  return dir;
}

async function writeIn(dir: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), content);
  }
}

/** A commit name of its own for each hostile listing. */
const gitSha = (seed: string) => createHash('sha1').update(seed).digest('hex');

let fresh = 0;
const freshDir = (name: string) => path.join(root, `${name}-${(fresh += 1)}`);

function capture(workspaceRoot: string, target: string): Promise<CaptureResult> {
  const limits = { maxCaptureBytes: 64 * 2 ** 20 };
  return captureTarget({ workspaceRoot, target, store, limits, excludeAbsPaths: [] });
}

async function digest(workspaceRoot: string, target: string): Promise<string> {
  const result = await capture(workspaceRoot, target);
  if (!result.ok) throw new Error(`${result.reason}: ${result.message}`);
  return result.capture.digest;
}

async function fromApi(commit: string, target: string, bounds: Partial<TargetBounds> = {}) {
  return materializeTarget(git, REPO, commit, target, freshDir('api'), bounds);
}

function fromCheckout(commit: string): string {
  const dir = freshDir('checkout');
  repo.checkout(commit, dir);
  return dir;
}

describe('the git database stand-in', () => {
  test('lists a commit as git does: modes, types, shas and sizes of every entry', async () => {
    const { data } = await octokit.rest.git.getTree({ ...REPO, tree_sha: first, recursive: '1' });
    const listed = data.tree.map(
      (e) => `${e.mode} ${e.type} ${e.sha} ${String(e.size ?? '-').padStart(7)}\t${e.path}`,
    );
    expect(listed).toEqual(repo.listing(first));
    expect(data.sha).toBe(repo.git('rev-parse', `${first}^{tree}`).trim());
    expect(data.truncated).toBe(false);
  });

  test('answers a blob in base64 wrapped as GitHub wraps it', async () => {
    const sha = repo.git('rev-parse', `${first}:t/nested/deep/b.txt`).trim();
    const { data } = await octokit.rest.git.getBlob({ ...REPO, file_sha: sha });
    expect(data).toMatchObject({ sha, size: 5000, encoding: 'base64' });
    expect(data.content.split('\n')[0]).toHaveLength(60);
    expect(Buffer.from(data.content, 'base64').equals(Buffer.alloc(5000, 7))).toBe(true);
  });
});

describe('the contents stand-in over the same commit', () => {
  const get = (path: string) =>
    octokit.rest.repos.getContent({ ...REPO, path, ref: first }).then((r) => r.data);

  test('answers symlinks and submodules as GitHub documents', async () => {
    const a = repo.git('rev-parse', `${first}:t/a.txt`).trim();
    expect(await get('t/link')).toMatchObject({ type: 'file', sha: a, encoding: 'base64' });
    expect(await get('tlink')).toMatchObject({ type: 'symlink', target: 't', path: 'tlink' });
    expect(await get('t/sub')).toMatchObject({ type: 'submodule', sha: PINNED });
    const listed = (await get('t')) as { name: string; type: string; sha: string }[];
    const byName = Object.fromEntries(listed.map((e) => [e.name, e]));
    expect(byName).toMatchObject({
      link: { type: 'symlink' },
      sub: { type: 'file', sha: PINNED, download_url: null },
      'run.sh': { type: 'file' },
      nested: { type: 'dir', sha: repo.git('rev-parse', `${first}:t/nested`).trim() },
    });
  });
});

describe('materializeTarget', () => {
  test('a directory target captures to the digest of the same target in a checkout', async () => {
    const checkout = fromCheckout(first);
    const laid = await fromApi(first, 't');
    expect(laid).toMatchObject({ kind: 'directory', target: 't', files: 5 });
    expect(await readdir(path.join(laid.root, 't', 'sub'))).toEqual([]);
    expect(await digest(laid.root, 't')).toBe(await digest(checkout, 't'));
    const blobPaths = api.requests.filter((r) => r.path.includes('/git/blobs/'));
    const outside = repo.git('rev-parse', `${first}:outside.txt`).trim();
    expect(blobPaths.some((r) => r.path.endsWith(outside))).toBe(false);
  });

  test('the repository root and a file target capture as in a checkout too', async () => {
    const checkout = fromCheckout(first);
    for (const target of ['.', '', './t/nested/', 'outside.txt', 't/run.sh']) {
      const laid = await fromApi(first, target);
      const shown = laid.target;
      expect(await digest(laid.root, shown)).toBe(await digest(checkout, shown));
    }
  });

  test('one changed byte, and one changed mode, change the digest as in a checkout', async () => {
    const before = await digest((await fromApi(first, 't')).root, 't');
    await writeFile(path.join(repo.dir, 't/nested/deep/b.txt'), Buffer.alloc(5000, 8));
    const byte = repo.commit('one byte', 't/nested/deep/b.txt');
    await chmod(path.join(repo.dir, 't/run.sh'), 0o644);
    const mode = repo.commit('one mode', 't/run.sh');
    for (const commit of [byte, mode]) {
      api.setFiles(commit, repo.entriesOf(commit));
      const laid = await digest((await fromApi(commit, 't')).root, 't');
      expect(laid).not.toBe(before);
      expect(laid).toBe(await digest(fromCheckout(commit), 't'));
    }
  });

  test('a blob several paths hold is fetched once', async () => {
    await writeFile(path.join(repo.dir, 't/copy.txt'), 'alpha\n');
    const dup = repo.commit('a copy', 't/copy.txt');
    api.setFiles(dup, repo.entriesOf(dup));
    const before = api.requests.length;
    const laid = await fromApi(dup, 't');
    const blobs = api.requests.slice(before).filter((r) => r.path.includes('/git/blobs/'));
    expect(laid.files).toBe(6);
    expect(blobs).toHaveLength(5);
    expect(await digest(laid.root, 't')).toBe(await digest(fromCheckout(dup), 't'));
  });

  test('a missing target leaves the directory empty, and captures as missing', async () => {
    const laid = await fromApi(first, 't/none');
    expect(laid.kind).toBe('missing');
    expect(await readdir(laid.root)).toEqual([]);
    expect(await capture(laid.root, 't/none')).toMatchObject({
      ok: false,
      reason: 'target_missing',
    });
  });

  test('an answer that does not hash to its name is refused and nothing is kept', async () => {
    const sha = repo.git('rev-parse', `${first}:t/a.txt`).trim();
    api.gitFaults.forgedBlobs.set(sha, Buffer.from('omega\n'));
    const dest = freshDir('forged');
    const laying = materializeTarget(git, REPO, first, 't', dest);
    await expect(laying).rejects.toThrow(
      /blob [0-9a-f]{12} \("a\.txt"\) with bytes that do not hash to that name/,
    );
    await expect(laying).rejects.toBeInstanceOf(UserError);
    expect(await readdir(dest)).toEqual([]);
  });

  test('past a truncated listing the target is listed on its own, and captures the same', async () => {
    const checkout = fromCheckout(first);
    api.gitFaults.maxRecursiveEntries = 9; // the commit lists 11 entries, t 8
    const before = api.requests.length;
    for (const target of ['t', 't/nested/deep/b.txt']) {
      const laid = await fromApi(first, target);
      expect(await digest(laid.root, target)).toBe(await digest(checkout, target));
    }
    const trees = api.requests.slice(before).filter((r) => r.path.includes('/git/trees/'));
    // t: the commit (truncated), its root level, t's own tree; the file: the commit, 4 levels.
    expect(trees).toHaveLength(3 + 5);
  });

  test('a truncated listing of the target itself is refused, naming the count', async () => {
    api.gitFaults.maxRecursiveEntries = 3;
    await expect(fromApi(first, 't')).rejects.toThrow(
      /target "t" at commit [0-9a-f]{12} is too large to review from GitHub's API: GitHub listed 3 entries .*truncated/,
    );
    await expect(fromApi(first, '.')).rejects.toThrow(
      /the repository at commit [0-9a-f]{12} is too large .* listed 3 entries/,
    );
  });

  test('a token without contents: read is told which permission it lacks', async () => {
    api.reviewLoop.denied.add('contents:read');
    try {
      await expect(fromApi(first, 't')).rejects.toThrow(
        /cannot read the tree of commit [0-9a-f]{12} .*\(HTTP 403\).*permissions: contents: read/,
      );
    } finally {
      api.reviewLoop.denied.delete('contents:read');
    }
  });

  test('a target over the file or byte bound is refused before any blob is fetched', async () => {
    const before = api.requests.length;
    await expect(fromApi(first, 't', { maxFiles: 4 })).rejects.toThrow(
      /holds 5 files .* over the limit of 4 files/,
    );
    await expect(fromApi(first, '.', { maxBytes: 5000 })).rejects.toThrow(
      /over the limit of 5000 bytes/,
    );
    const blobs = api.requests.slice(before).filter((r) => r.path.includes('/git/blobs/'));
    expect(blobs).toEqual([]);
  });

  test('a target through a symlink is refused: a checkout would follow it elsewhere', async () => {
    await expect(fromApi(first, 'tlink')).rejects.toThrow(/goes through the symlink "tlink"/);
    await expect(fromApi(first, 't/dirlink/b.txt')).rejects.toThrow(/symlink "t\/dirlink"/);
  });

  test.each([
    ['a ".." segment', 't/../../evil', /has a "\.\." segment/],
    ['an absolute path', '/evil', /has an empty or "\." segment/],
    ['a NUL byte', 't/ev\0il', /contains a NUL byte/],
  ])('a listing with %s is refused and nothing is written', async (_, hostile, message) => {
    const commit = gitSha(hostile);
    api.setFiles(commit, { 't/a.txt': 'alpha\n', [hostile]: 'evil\n' });
    const dest = freshDir('hostile');
    await expect(materializeTarget(git, REPO, commit, '.', dest)).rejects.toThrow(message);
    expect(await readdir(root)).not.toContain('evil');
    expect(await readdir(dest).catch(() => [])).toEqual([]);
  });
});
