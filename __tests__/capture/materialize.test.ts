import { lstat, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { materializeCapture, removeMaterialized } from '../../src/capture/materialize.js';
import {
  capture,
  expectOk,
  listTree,
  removeTempDirs,
  tempDir,
  workspace,
  type Node,
  type Workspace,
} from './fixtures.js';

afterEach(removeTempDirs);

const source: Record<string, Node> = {
  'deck/index.html': '<h1>deck</h1>',
  'deck/pages/page-01.png': Buffer.from([0, 1, 2, 255]),
  'deck/pages/empty/': { dir: true },
  'deck/tools/build.sh': { content: '#!/bin/sh\n', mode: 0o750 },
  'deck/latest': { link: 'pages/page-01.png' },
  'deck/ünïcode name.txt': 'names survive',
  [`deck/${'n'.repeat(90)}/${'m'.repeat(90)}/${'o'.repeat(110)}.txt`]: 'long path',
};

async function materialize(ws: Workspace, target: string) {
  const result = expectOk(await capture(ws, target));
  const blobPath = (await ws.store.blobPath(result.digest)) ?? '';
  const destDir = path.join(await tempDir(), 'verify-1');
  return {
    result,
    out: await materializeCapture({ blobPath, kind: result.kind, target, destDir }),
    destDir,
  };
}

test('materialize(capture(dir)) reproduces the source tree, read-only', async () => {
  const ws = await workspace(source);
  const { out, destDir } = await materialize(ws, 'deck');
  expect(out).toEqual({
    rootDir: path.join(destDir, 'capture'),
    path: path.join(destDir, 'capture'),
  });
  expect(await listTree(out.rootDir)).toEqual(await listTree(path.join(ws.root, 'deck')));
  const mode = async (rel: string): Promise<number> =>
    (await lstat(path.join(out.rootDir, rel))).mode & 0o777;
  expect(await mode('')).toBe(0o555);
  expect(await mode('pages')).toBe(0o555);
  expect(await mode('pages/empty')).toBe(0o555);
  expect(await mode('index.html')).toBe(0o444);
  expect(await mode('tools/build.sh')).toBe(0o555);
});

test('capturing a materialized tree gives the same digest again', async () => {
  const ws = await workspace(source);
  const { result, out } = await materialize(ws, 'deck');
  const again = await capture({ root: out.rootDir, store: ws.store }, '.');
  expect(expectOk(again).digest).toBe(result.digest);
});

test('a file target becomes a directory holding just that file under its own name', async () => {
  const ws = await workspace({ 'build/pages/page-03.png': 'png bytes' });
  const { out, destDir } = await materialize(ws, './build/pages/page-03.png');
  expect(out).toEqual({
    rootDir: path.join(destDir, 'capture'),
    path: path.join(destDir, 'capture', 'page-03.png'),
  });
  expect(await readdir(out.rootDir)).toEqual(['page-03.png']);
  expect((await stat(out.path)).mode & 0o777).toBe(0o444);
  expect((await stat(out.rootDir)).mode & 0o777).toBe(0o555);
  expect(await listTree(out.rootDir)).toEqual([
    { rel: 'page-03.png', kind: 'file', exec: false, sha: expect.any(String) },
  ]);
});

test('a materialized capture can be removed although it is read-only', async () => {
  const ws = await workspace(source);
  const { destDir } = await materialize(ws, 'deck');
  await removeMaterialized(destDir);
  await expect(lstat(destDir)).rejects.toThrow();
});

test('materializing twice into the same place is refused rather than merged', async () => {
  const ws = await workspace(source);
  const { result, destDir } = await materialize(ws, 'deck');
  const blobPath = (await ws.store.blobPath(result.digest)) ?? '';
  await expect(
    materializeCapture({ blobPath, kind: 'directory', target: 'deck', destDir }),
  ).rejects.toThrow(/EEXIST/);
});
