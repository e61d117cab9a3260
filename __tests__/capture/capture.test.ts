import { execFileSync } from 'node:child_process';
import { readdir, readFile, stat, symlink } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { captureAll } from '../../src/capture/capture.js';
import { FsBlobStore } from '../../src/storage/blobStore.js';
import type { Digest } from '../../src/core/types.js';
import {
  capture,
  expectOk,
  removeTempDirs,
  sha256,
  tempDir,
  workspace,
  writeTree,
} from './fixtures.js';

afterEach(removeTempDirs);

async function tempFiles(store: FsBlobStore): Promise<string[]> {
  return readdir(path.join(store.root, 'tmp'));
}

test('a file target is stored under the sha256 of its bytes, read-only', async () => {
  const ws = await workspace({ 'build/page-03.png': 'pixels' });
  const result = expectOk(await capture(ws, 'build/page-03.png'));
  const hex = sha256('pixels');
  expect(result).toEqual({
    target: 'build/page-03.png',
    kind: 'file',
    digest: `sha256:${hex}`,
    bytes: 6,
    files: 1,
  });
  const blob = path.join(ws.store.root, 'captures/sha256', hex.slice(0, 2), hex);
  expect(await ws.store.blobPath(result.digest)).toBe(blob);
  expect((await readFile(blob)).toString()).toBe('pixels');
  expect((await stat(blob)).mode & 0o777).toBe(0o444);
  expect(await tempFiles(ws.store)).toEqual([]);
});

test('a directory target is stored as its tar and counts its files', async () => {
  const ws = await workspace({
    'pages/a.txt': 'a',
    'pages/sub/b.txt': 'b',
    'pages/empty/': { dir: true },
  });
  const result = expectOk(await capture(ws, 'pages'));
  expect(result).toMatchObject({ kind: 'directory', files: 2 });
  const blob = await ws.store.blobPath(result.digest);
  const bytes = await readFile(blob ?? '');
  expect(`sha256:${sha256(bytes)}`).toBe(result.digest);
  expect(bytes.length).toBe(result.bytes);
});

test.each([
  ['missing.txt', 'target_missing'],
  ['pages/missing/', 'target_missing'],
  ['../outside', 'target_unsafe'],
  ['/etc/passwd', 'target_unsafe'],
  ['pages\0', 'target_unsafe'],
])('target %j fails with %s and names the target', async (target, reason) => {
  const ws = await workspace({ 'pages/a.txt': 'a' });
  const result = await capture(ws, target);
  expect(result).toMatchObject({ ok: false, target, reason });
  if (!result.ok) expect(result.message).toContain(JSON.stringify(target));
});

describe('symlinks', () => {
  test('a symlink target that leaves the workspace is refused', async () => {
    const ws = await workspace({ 'inside.txt': 'x' });
    const outside = await tempDir();
    await writeTree(outside, { 'secret.txt': 'secret' });
    await symlink(path.join(outside, 'secret.txt'), path.join(ws.root, 'leak.txt'));
    await symlink(outside, path.join(ws.root, 'leakdir'));
    expect(await capture(ws, 'leak.txt')).toMatchObject({ ok: false, reason: 'target_unsafe' });
    expect(await capture(ws, 'leakdir')).toMatchObject({ ok: false, reason: 'target_unsafe' });
  });

  test.each([
    ['relative escape', { 'site/escape': { link: '../secret.txt' } }],
    ['absolute link', { 'site/abs': { link: '/etc/passwd' } }],
    ['absolute link to inside', { 'site/abs': { link: '/tmp' } }],
    [
      'escape through a link to the root',
      { 'site/s': { link: '.' }, 'site/t': { link: 's/../secret.txt' } },
    ],
  ])('a directory holding a %s is refused whole', async (_, links) => {
    const ws = await workspace({ 'secret.txt': 'secret', 'site/index.html': '<p>', ...links });
    const result = await capture(ws, 'site');
    expect(result).toMatchObject({ ok: false, reason: 'target_unsafe' });
    if (!result.ok) expect(result.message).toMatch(/symlink "site\/\w+"/);
    expect(await tempFiles(ws.store)).toEqual([]);
  });

  test('a symlink that stays inside is kept as a link, not followed', async () => {
    const ws = await workspace({
      'site/index.html': '<p>',
      'site/docs/home': { link: '../index.html' },
    });
    const result = expectOk(await capture(ws, 'site'));
    const listing = execFileSync('tar', [
      '-tvf',
      (await ws.store.blobPath(result.digest)) ?? '',
    ]).toString();
    expect(listing).toMatch(/^l.* docs\/home -> \.\.\/index\.html$/m);
    expect(result.files).toBe(1);
  });
});

test('FIFOs and sockets inside a directory make it unsafe', async () => {
  const ws = await workspace({ 'dir/a.txt': 'a' });
  execFileSync('mkfifo', [path.join(ws.root, 'dir/pipe')]);
  const fifo = await capture(ws, 'dir');
  expect(fifo).toMatchObject({ ok: false, reason: 'target_unsafe' });
  if (!fifo.ok) expect(fifo.message).toMatch(/"dir\/pipe" is a FIFO/);

  const ws2 = await workspace({ 'dir/a.txt': 'a' });
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(path.join(ws2.root, 'dir/sock'), resolve));
  try {
    const socket = await capture(ws2, 'dir');
    expect(socket).toMatchObject({ ok: false, reason: 'target_unsafe' });
    if (!socket.ok) expect(socket.message).toMatch(/"dir\/sock" is a socket/);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('size limit', () => {
  test('a file over the limit fails with size, limit and the key that raises it, leaving no temp file', async () => {
    const ws = await workspace({ 'big.bin': Buffer.alloc(10_000, 7) });
    const result = await capture(ws, 'big.bin', { maxCaptureBytes: 9_999 });
    expect(result).toMatchObject({ ok: false, reason: 'capture_too_large' });
    if (!result.ok) {
      expect(result.message).toContain('10000 bytes');
      expect(result.message).toContain('9999 bytes');
      expect(result.message).toContain('limits.maxCaptureBytes');
    }
    expect(await tempFiles(ws.store)).toEqual([]);
    expect(expectOk(await capture(ws, 'big.bin', { maxCaptureBytes: 10_000 })).bytes).toBe(10_000);
  });

  test('a directory whose tar exceeds the limit fails and leaves nothing behind', async () => {
    const ws = await workspace({ 'd/a.bin': Buffer.alloc(5_000), 'd/b.bin': Buffer.alloc(5_000) });
    const result = await capture(ws, 'd', { maxCaptureBytes: 10_000 });
    expect(result).toMatchObject({ ok: false, reason: 'capture_too_large' });
    if (!result.ok) expect(result.message).toMatch(/tar of 12288 bytes.*limits\.maxCaptureBytes/);
    expect(await tempFiles(ws.store)).toEqual([]);
    expect(await readdir(path.join(ws.store.root, 'captures/sha256'))).toEqual([]);
  });
});

describe('excluded paths', () => {
  test('the store inside the workspace is never captured, so its growth does not change the digest', async () => {
    const root = await tempDir();
    await writeTree(root, { 'src/a.txt': 'a', '.dog/graph.yaml': 'id: x' });
    const storeDir = path.join(root, '.dog/store');
    const ws = { root, store: await FsBlobStore.open(storeDir) };
    const opts = { excludeAbsPaths: [storeDir] };
    const first = expectOk(await capture(ws, '.', opts));
    const second = expectOk(await capture(ws, '.', opts));
    expect(second.digest).toBe(first.digest);
    const listing = execFileSync('tar', [
      '-tf',
      (await ws.store.blobPath(first.digest)) ?? '',
    ]).toString();
    expect(listing.split('\n')).toEqual(['.dog/', '.dog/graph.yaml', 'src/', 'src/a.txt', '']);
    const unexcluded = await capture(ws, '.');
    expect(expectOk(unexcluded).digest).not.toBe(first.digest);
  });

  test.each(['.dog/store', '.dog/store/tmp', '.dog/./store/'])(
    'target %j inside an excluded path is refused',
    async (target) => {
      const root = await tempDir();
      const storeDir = path.join(root, '.dog/store');
      const ws = { root, store: await FsBlobStore.open(storeDir) };
      const result = await capture(ws, target, { excludeAbsPaths: [storeDir] });
      expect(result).toMatchObject({ ok: false, reason: 'target_unsafe' });
      if (!result.ok) expect(result.message).toContain('never captured');
    },
  );
});

test('captureAll captures each distinct target once and answers for every spelling', async () => {
  const ws = await workspace({ 'pages/a.txt': 'a', 'pages/b.txt': 'b', 'logo.svg': '<svg/>' });
  const targets = ['pages', './pages/', 'pages', 'logo.svg', 'missing', '../up'];
  let commits = 0;
  const counting = {
    tempPath: () => ws.store.tempPath(),
    blobPath: (digest: Digest) => ws.store.blobPath(digest),
    commitBlob: (temp: string, digest: Digest) => {
      commits += 1;
      return ws.store.commitBlob(temp, digest);
    },
  };
  const results = await captureAll({
    workspaceRoot: ws.root,
    targets,
    store: counting,
    limits: { maxCaptureBytes: 1 << 20 },
    excludeAbsPaths: [],
    concurrency: 3,
  });
  expect([...results.keys()].sort()).toEqual([...new Set(targets)].sort());
  const pages = expectOk(results.get('pages') as never);
  expect(expectOk(results.get('./pages/') as never)).toEqual({ ...pages, target: './pages/' });
  expect(expectOk(results.get('logo.svg') as never).kind).toBe('file');
  expect(results.get('missing')).toMatchObject({
    ok: false,
    reason: 'target_missing',
    target: 'missing',
  });
  expect(results.get('../up')).toMatchObject({
    ok: false,
    reason: 'target_unsafe',
    target: '../up',
  });
  expect(commits).toBe(2);
});
