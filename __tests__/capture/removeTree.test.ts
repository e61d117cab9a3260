// removeTree on real trees: one nested 3,000 levels deep (fs.rm fails on it with ENAMETOOLONG),
// with read-only and unreadable directories on the way, and a symlink out that is never followed.
import { chmod, lstat, readdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { removeTree } from '../../src/capture/removeTree.js';
import { makeDeepTree, removeDeepTree } from '../support/deepTree.js';
import { removeTempDirs, tempDir, writeTree } from './fixtures.js';

const leftovers: string[] = [];

afterEach(async () => {
  for (const dir of leftovers.splice(0)) await removeDeepTree(dir);
  await removeTempDirs();
});

test('removes a tree 3,000 levels deep with read-only and unreadable directories in it', async () => {
  const base = await tempDir('dog-remove-');
  const tree = path.join(base, 'tree');
  leftovers.push(tree);
  await writeTree(tree, { 'locked/inner/file.txt': 'kept away', 'readonly/file.txt': 'read only' });
  await makeDeepTree(tree, { depth: 3000, name: 'a', leaf: 'bottom.txt' });
  await chmod(path.join(tree, 'locked'), 0o000);
  await chmod(path.join(tree, 'readonly'), 0o555);
  await removeTree(tree);
  expect(await readdir(base)).toEqual([]);
});

test('removes a symlink out of the tree, never what it points at', async () => {
  const outside = await tempDir('dog-outside-');
  await writeFile(path.join(outside, 'precious.txt'), 'stays');
  const tree = await tempDir('dog-remove-');
  await writeTree(tree, { 'sub/file.txt': 'goes' });
  await symlink(outside, path.join(tree, 'sub', 'out'));
  await removeTree(tree);
  await expect(lstat(tree)).rejects.toThrow(/ENOENT/);
  expect(await readdir(outside)).toEqual(['precious.txt']);
});

test('a path that does not exist is nothing to do', async () => {
  const base = await tempDir('dog-remove-');
  await expect(removeTree(path.join(base, 'never-made'))).resolves.toBeUndefined();
});
