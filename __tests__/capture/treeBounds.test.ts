// The tree bound on real directories: a capture right at the bound is taken (and laid out again
// exactly), one level or one byte past it fails its goal as target_unsafe before the system is
// asked to open it, and a path the system itself refuses (a long workspace path) fails the goal too.
import path from 'node:path';
import { materializeCapture } from '../../src/capture/materialize.js';
import { MAX_TREE_DEPTH, MAX_TREE_PATH_BYTES } from '../../src/capture/treeBounds.js';
import type { CaptureResult } from '../../src/capture/types.js';
import { FsBlobStore } from '../../src/storage/blobStore.js';
import { makeDeepTree, removeDeepTree } from '../support/deepTree.js';
import {
  capture,
  expectOk,
  listTree,
  removeTempDirs,
  tempDir,
  workspace,
  writeTree,
} from './fixtures.js';

const deepDirs: string[] = [];

afterEach(async () => {
  for (const dir of deepDirs.splice(0)) await removeDeepTree(dir);
  await removeTempDirs();
});

function expectRefused(result: CaptureResult, ...parts: string[]): void {
  if (result.ok) throw new Error('expected the capture to be refused');
  expect(result.reason).toBe('target_unsafe');
  for (const part of parts) expect(result.message).toContain(part);
  expect(result.message).not.toContain('\n');
}

test(`a tree ${MAX_TREE_DEPTH} levels deep is captured and materialized as it is`, async () => {
  const ws = await workspace({ 'tree/top.txt': 'top' });
  // 255 directories and a file in the last: the file is 256 levels below the target.
  await makeDeepTree(path.join(ws.root, 'tree'), {
    depth: MAX_TREE_DEPTH - 1,
    name: 'd',
    leaf: 'f',
  });
  const result = expectOk(await capture(ws, 'tree'));
  expect(result.files).toBe(2);
  const blobPath = (await ws.store.blobPath(result.digest)) ?? '';
  const destDir = path.join(await tempDir(), 'verify');
  const laid = await materializeCapture({ blobPath, kind: 'directory', target: 'tree', destDir });
  expect(await listTree(laid.rootDir)).toEqual(await listTree(path.join(ws.root, 'tree')));
});

test(`one level more than ${MAX_TREE_DEPTH} fails the goal, naming the target and the limit`, async () => {
  const ws = await workspace({ 'tree/top.txt': 'top' });
  await makeDeepTree(path.join(ws.root, 'tree'), { depth: MAX_TREE_DEPTH, name: 'd', leaf: 'f' });
  expectRefused(
    await capture(ws, 'tree'),
    'target "tree"',
    `lies ${MAX_TREE_DEPTH + 1} levels deep, over the limit of ${MAX_TREE_DEPTH} levels`,
  );
});

test(`a path of ${MAX_TREE_PATH_BYTES} bytes is captured; one byte more fails the goal`, async () => {
  // Eight names of 250 bytes and their slashes make 2,008 bytes; the last name makes up the rest.
  const dirs = Array.from({ length: 8 }, (_, i) => String(i).repeat(250)).join('/');
  const last = (extra: number) => 'z'.repeat(MAX_TREE_PATH_BYTES - dirs.length - 1 + extra);
  const fits = await workspace({ [`tree/${dirs}/${last(0)}`]: 'at the bound' });
  expect(expectOk(await capture(fits, 'tree')).files).toBe(1);
  const over = await workspace({ [`tree/${dirs}/${last(1)}`]: 'one byte over' });
  expectRefused(
    await capture(over, 'tree'),
    'target "tree"',
    `is a path of ${MAX_TREE_PATH_BYTES + 1} bytes, over the limit of ${MAX_TREE_PATH_BYTES} bytes`,
  );
});

test('a path the system refuses (ENAMETOOLONG under a long workspace path) fails the goal', async () => {
  const base = await tempDir('dog-long-');
  deepDirs.push(base);
  // A workspace 2,211 bytes below the temp directory, holding a tree within the bound whose
  // absolute paths still pass PATH_MAX.
  const name = 'w'.repeat(200);
  await makeDeepTree(base, { depth: 11, name, leaf: 'marker' });
  const root = path.join(base, ...Array.from({ length: 11 }, () => name));
  await writeTree(root, { 'tree/top.txt': 'top' });
  await makeDeepTree(path.join(root, 'tree'), { depth: 10, name: 'y'.repeat(200), leaf: 'f' });
  const store = await FsBlobStore.open(await tempDir('dog-store-'));
  expectRefused(
    await capture({ root, store }, 'tree'),
    'ENAMETOOLONG',
    'use a workspace with a shorter path',
  );
});
