// A directory target in a real git checkout: `.git` (where actions/checkout keeps the job
// token, in .git/config) is never captured — neither the top-level one, nor a worktree's or
// submodule's `.git` file, nor a nested repository's `.git` directory — and a target that
// is, or lies inside, `.git` is refused.
import { execFileSync } from 'node:child_process';
import { readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { materializeCapture } from '../../src/capture/materialize.js';
import { targetSyntaxError } from '../../src/core/graph/targetSyntax.js';
import {
  capture,
  expectOk,
  listTree,
  removeTempDirs,
  tempDir,
  workspace,
  type Workspace,
} from './fixtures.js';

afterEach(removeTempDirs);

const TOKEN = 'ghs_checkoutPersistedToken000000000000';

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'ignore' });
}

/** A checkout as actions/checkout leaves it, with a nested repository and a worktree-style `.git` file. */
async function checkout(): Promise<Workspace> {
  const ws = await workspace({
    'docs/guide.md': '# Guide\n',
    'vendor/lib/README.md': 'lib\n',
    'linked/.git': 'gitdir: /elsewhere/.git/worktrees/linked\n',
    'linked/file.txt': 'linked\n',
  });
  git(ws.root, 'init', '-q');
  git(ws.root, 'config', 'http.https://github.com/.extraheader', `AUTHORIZATION: basic ${TOKEN}`);
  git(path.join(ws.root, 'vendor/lib'), 'init', '-q');
  return ws;
}

async function capturedPaths(ws: Workspace, target: string): Promise<string[]> {
  const result = expectOk(await capture(ws, target));
  const blobPath = (await ws.store.blobPath(result.digest)) ?? '';
  const laid = await materializeCapture({
    blobPath,
    kind: 'directory',
    target,
    destDir: await tempDir('dog-laid-'),
  });
  return (await listTree(laid.path)).map((entry) => entry.rel);
}

test('the workspace root of a git checkout is captured without any .git', async () => {
  const ws = await checkout();
  expect(await readFile(path.join(ws.root, '.git/config'), 'utf8')).toContain(TOKEN);
  const paths = await capturedPaths(ws, '.');
  expect(paths).toEqual(expect.arrayContaining(['docs/guide.md', 'vendor/lib/README.md']));
  expect(paths.filter((p) => p.split('/').includes('.git'))).toEqual([]);
  const result = expectOk(await capture(ws, '.'));
  const blob = await readFile((await ws.store.blobPath(result.digest)) ?? '');
  expect(blob.includes(TOKEN)).toBe(false);
});

test('a subdirectory holding a nested repository or a .git file is captured without them', async () => {
  const ws = await checkout();
  expect(await capturedPaths(ws, 'vendor')).toEqual(['lib', 'lib/README.md']);
  expect(await capturedPaths(ws, 'linked')).toEqual(['file.txt']);
});

test.each(['.git', '.git/config', './.git/', 'vendor/lib/.git', 'linked/.git'])(
  'target %s is refused, by the compiler and at capture',
  async (target) => {
    expect(targetSyntaxError(target)).toMatch(/\.git.*never captured/);
    const result = await capture(await checkout(), target);
    expect(result).toMatchObject({ ok: false, reason: 'target_unsafe' });
    expect(result.ok ? '' : result.message).toMatch(/never captured/);
  },
);

test('a target that reaches .git through a symlink is refused', async () => {
  const ws = await checkout();
  await symlink('../.git', path.join(ws.root, 'docs/repo'));
  await symlink('.git/config', path.join(ws.root, 'config-link'));
  for (const target of ['docs/repo', 'docs/repo/config', 'config-link']) {
    const result = await capture(ws, target);
    expect(result).toMatchObject({ ok: false, reason: 'target_unsafe' });
  }
});
