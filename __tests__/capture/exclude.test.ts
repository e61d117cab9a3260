// A directory target's exclude patterns: what the glob subset matches, that the capture leaves
// matched paths out (a matched directory with everything below it), that the list is part of
// the capture's bytes (so of its digest) without changing the extracted tree, and that a file
// target with exclude is refused.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { captureTarget } from '../../src/capture/capture.js';
import { materializeCapture } from '../../src/capture/materialize.js';
import { excludeMatcher, excludeSyntaxError } from '../../src/core/graph/excludeGlob.js';
import type { CaptureResult } from '../../src/capture/types.js';
import {
  expectOk,
  listTree,
  removeTempDirs,
  tempDir,
  workspace,
  type Workspace,
} from './fixtures.js';

afterEach(removeTempDirs);

function captureWith(ws: Workspace, target: string, exclude: string[]): Promise<CaptureResult> {
  return captureTarget({
    workspaceRoot: ws.root,
    target,
    store: ws.store,
    limits: { maxCaptureBytes: 64 * 2 ** 20 },
    excludeAbsPaths: [],
    exclude,
  });
}

async function laidOut(ws: Workspace, result: CaptureResult): Promise<string[]> {
  const captured = expectOk(result);
  const blobPath = await ws.store.blobPath(captured.digest);
  if (!blobPath) throw new Error('capture missing from the store');
  const dest = await tempDir('dog-laid-');
  const laid = await materializeCapture({
    blobPath,
    kind: captured.kind,
    target: captured.target,
    destDir: dest,
  });
  return (await listTree(laid.path)).map((entry) => entry.rel);
}

const TREE = {
  'src/index.ts': 'export {}\n',
  'src/index.test.ts': 'test\n',
  'src/deep/app.log': 'log\n',
  'node_modules/pkg/index.js': 'module\n',
  'packages/a/node_modules/dep/x.js': 'dep\n',
  'build/out.bin': 'bin\n',
  'build.txt': 'a file named like the directory\n',
  'debug.log': 'top-level log\n',
};

describe('the exclude glob subset', () => {
  test.each([
    ['node_modules', 'node_modules', true, true],
    ['node_modules', 'packages/a/node_modules', true, false],
    ['**/node_modules', 'packages/a/node_modules', true, true],
    ['**/node_modules', 'node_modules', true, true],
    ['*.log', 'debug.log', false, true],
    ['*.log', 'src/deep/app.log', false, false],
    ['**/*.log', 'src/deep/app.log', false, true],
    ['src/*.test.ts', 'src/index.test.ts', false, true],
    ['src/*.test.ts', 'src/index.ts', false, false],
    ['build/', 'build', true, true],
    ['build/', 'build.txt', false, false],
    ['build/', 'build', false, false],
    ['a/**/z', 'a/z', false, true],
    ['a/**/z', 'a/b/c/z', false, true],
    ['a/**/z', 'a/b/c/y', false, false],
    ['?.md', 'a.md', false, true],
    ['?.md', 'ab.md', false, false],
    ['*', 'anything', false, true],
    ['*', 'a/b', false, false],
    ['é?', 'éé', false, true],
  ] as const)('%j against %j (directory: %s) → %s', (pattern, rel, isDirectory, expected) => {
    expect(excludeMatcher([pattern])(rel, isDirectory)).toBe(expected);
  });

  test.each([
    ['', 'empty'],
    ['/abs', 'absolute'],
    ['C:/x', 'absolute'],
    ['../up', '".." segment'],
    ['a/../b', '".." segment'],
    ['a//b', 'empty or "." segment'],
    ['./a', 'empty or "." segment'],
    ['!keep', 'negation is not supported'],
    ['[ab].txt', 'not supported'],
    ['{a,b}', 'not supported'],
    ['a\\b', 'not supported'],
    ['a**', '** inside a segment'],
    ['x'.repeat(257), 'longer than 256'],
  ])('%j is refused (%s)', (pattern, fragment) => {
    expect(excludeSyntaxError(pattern)).toContain(fragment);
  });

  test('matching stays linear: many ** and * against a deep path answer at once', () => {
    const pattern = `${'**/'.repeat(60)}${'*a'.repeat(30)}b`;
    expect(excludeSyntaxError(pattern)).toBeUndefined();
    const rel = Array.from({ length: 400 }, () => 'a'.repeat(200)).join('/');
    const started = process.hrtime.bigint();
    expect(excludeMatcher([pattern])(rel, false)).toBe(false);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    expect(ms).toBeLessThan(2000);
  });
});

describe('capturing a directory with exclude', () => {
  test('matched files and directories (with everything below) are left out', async () => {
    const ws = await workspace(TREE);
    const result = await captureWith(ws, '.', ['**/node_modules/', '**/*.log', 'build/']);
    expect(await laidOut(ws, result)).toEqual([
      'build.txt',
      'packages',
      'packages/a',
      'src',
      'src/deep',
      'src/index.test.ts',
      'src/index.ts',
    ]);
    expect(expectOk(result).files).toBe(3);
  });

  test('the list is part of the capture: same tree, different list → different digest, same files', async () => {
    const ws = await workspace({ 'a.txt': 'a\n' });
    const plain = expectOk(await captureWith(ws, '.', []));
    const unmatched = await captureWith(ws, '.', ['nothing-here/']);
    expect(expectOk(unmatched).digest).not.toBe(plain.digest);
    expect(await laidOut(ws, unmatched)).toEqual(['a.txt']);
    const other = expectOk(await captureWith(ws, '.', ['other/']));
    expect(other.digest).not.toBe(expectOk(unmatched).digest);
  });

  test('order and repeats in the list do not change the capture', async () => {
    const ws = await workspace(TREE);
    const one = expectOk(await captureWith(ws, '.', ['build/', '**/*.log']));
    const two = expectOk(await captureWith(ws, '.', ['**/*.log', 'build/', 'build/']));
    expect(two.digest).toBe(one.digest);
  });

  test('the tar records the list in a PAX global header that tar itself reads and skips', async () => {
    const ws = await workspace(TREE);
    const captured = expectOk(await captureWith(ws, 'src', ['**/*.log']));
    const blob = (await ws.store.blobPath(captured.digest)) as string;
    expect((await readFile(blob)).toString('latin1')).toContain('DOG.exclude=["**/*.log"]');
    const listed = execFileSync('tar', ['-tf', blob], { encoding: 'utf8' }).trim().split('\n');
    expect(listed.sort()).toEqual(['deep/', 'index.test.ts', 'index.ts']);
  });

  test('patterns are relative to the target directory', async () => {
    const ws = await workspace(TREE);
    const result = await captureWith(ws, 'packages/a', ['node_modules']);
    expect(await laidOut(ws, result)).toEqual([]);
    const miss = await captureWith(ws, 'packages', ['node_modules']);
    expect(await laidOut(ws, miss)).toContain('a/node_modules/dep/x.js');
  });

  test('a file target with exclude is refused with the fix', async () => {
    const ws = await workspace(TREE);
    const result = await captureWith(ws, 'build.txt', ['*.log']);
    expect(result).toMatchObject({ ok: false, reason: 'target_unsafe' });
    if (result.ok) return;
    expect(result.message).toContain(
      'is a file, but exclude applies only to a directory target; remove exclude or target the directory',
    );
  });

  test('.git stays out whatever the patterns say', async () => {
    const ws = await workspace({ 'a.txt': 'a\n' });
    execFileSync('git', ['init', '-q'], { cwd: ws.root });
    expect(await laidOut(ws, await captureWith(ws, '.', ['*.md']))).toEqual(['a.txt']);
    expect(path.isAbsolute(ws.root)).toBe(true);
  });
});
