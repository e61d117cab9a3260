import { mkdir, mkdtemp, realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseWorkspace } from '../../src/cli/workspace.js';
import { allOf, dog, put, workspace } from '../e2e/harness.js';

const graph = allOf({ readme: { target: 'README.md', script: 'file.non_empty' } });

test('dog run from a subdirectory uses the nearest .dog/ above it and says so', async () => {
  const ws = await workspace({ 'README.md': 'hello', 'src/deep/er/file.txt': 'x' }, graph);
  await mkdir(join(ws, '.git'));
  const deep = join(ws, 'src/deep/er');
  const run = await dog(['run', '--json'], deep);
  expect(run.code).toBe(0);
  expect(run.stderr).toContain(`dog: workspace ${ws} (the nearest .dog/ above ${deep})`);
  const listed = await dog(['status', '--list', '--json'], join(ws, 'src'));
  expect((JSON.parse(listed.stdout) as { store: string }).store).toBe(join(ws, '.dog/store'));
  expect((await dog(['validate'], deep)).code).toBe(0);
  expect((await dog(['graph', '--format', 'json'], deep)).code).toBe(0);
});

test('--workspace wins over the walk, and the current directory is not announced', async () => {
  const ws = await workspace({ 'README.md': 'hello' }, graph);
  const other = await workspace({ 'sub/README.md': 'x' });
  const run = await dog(['run', '--workspace', ws], join(other, 'sub'));
  expect(run.code).toBe(0);
  expect(run.stderr).not.toContain('dog: workspace');
  expect((await dog(['run'], ws)).stderr).not.toContain('dog: workspace');
});

test('the walk stops at the repository top (.git) and never picks up an enclosing .dog/', async () => {
  const outer = await workspace({ 'README.md': 'hello' }, graph);
  const repo = join(outer, 'vendor/repo');
  await mkdir(join(repo, '.git'), { recursive: true });
  await put(repo, 'lib/a.txt', 'a');
  expect(await chooseWorkspace(join(repo, 'lib'), undefined)).toEqual({
    dir: join(repo, 'lib'),
    from: 'cwd',
  });
  // A .git file (a worktree or submodule) is a boundary too.
  const worktree = join(outer, 'wt');
  await put(worktree, '.git', 'gitdir: /elsewhere\n');
  await put(worktree, 'x/y.txt', 'y');
  expect((await chooseWorkspace(join(worktree, 'x'), undefined)).dir).toBe(join(worktree, 'x'));
  // Without a boundary the walk reaches the enclosing .dog/.
  await put(outer, 'plain/z.txt', 'z');
  expect(await chooseWorkspace(join(outer, 'plain'), undefined)).toEqual({
    dir: outer,
    from: 'ancestor',
  });
});

test('with no .dog/ anywhere up to the filesystem root the current directory is the workspace', async () => {
  const bare = await realpath(await mkdtemp(join(tmpdir(), 'dog-nodog-')));
  expect(await chooseWorkspace(bare, undefined)).toEqual({ dir: bare, from: 'cwd' });
  const result = await dog(['validate'], bare);
  expect(result.code).toBe(2);
  expect(result.stderr).not.toContain('dog: workspace');
});
