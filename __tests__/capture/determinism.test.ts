import { chmod, utimes } from 'node:fs/promises';
import path from 'node:path';
import {
  digestOfTree,
  expectOk,
  capture,
  removeTempDirs,
  workspace,
  writeTree,
} from './fixtures.js';
import type { Node } from './fixtures.js';

afterEach(removeTempDirs);

const base: Record<string, Node> = {
  'README.md': '# deck\n',
  'pages/page-01.txt': 'one',
  'pages/page-02.txt': 'two',
  'pages/nested/deep.txt': 'deep',
  'bin/run.sh': { content: '#!/bin/sh\necho hi\n', mode: 0o755 },
  'empty/': { dir: true },
  'pages/latest': { link: 'page-02.txt' },
};

test('the same bytes give the same digest whatever the mtimes', async () => {
  const ws = await workspace(base);
  const before = expectOk(await capture(ws, '.')).digest;
  await utimes(path.join(ws.root, 'pages/page-01.txt'), 1_000_000, 1_000_000);
  await utimes(path.join(ws.root, 'pages'), 2_000_000, 2_000_000);
  await utimes(path.join(ws.root, 'empty'), new Date(), new Date());
  expect(expectOk(await capture(ws, '.')).digest).toBe(before);
});

test('creation order does not matter', async () => {
  const reversed = Object.fromEntries(Object.entries(base).reverse());
  expect(Object.keys(reversed)[0]).not.toBe(Object.keys(base)[0]);
  expect(await digestOfTree(reversed)).toBe(await digestOfTree(base));
});

test('permission bits other than exec, and the umask, do not matter', async () => {
  const plain = await digestOfTree(base);
  const previous = process.umask(0o077);
  let restricted: string;
  try {
    const ws = await workspace(base);
    await chmod(path.join(ws.root, 'README.md'), 0o600);
    await chmod(path.join(ws.root, 'pages/page-01.txt'), 0o640);
    await chmod(path.join(ws.root, 'bin/run.sh'), 0o700);
    await chmod(path.join(ws.root, 'pages'), 0o700);
    restricted = expectOk(await capture(ws, '.')).digest;
  } finally {
    process.umask(previous);
  }
  expect(restricted).toBe(plain);
});

test('any exec bit counts the same; clearing every exec bit changes the digest', async () => {
  const plain = await digestOfTree(base);
  const userExecOnly = await digestOfTree({
    ...base,
    'bin/run.sh': { content: '#!/bin/sh\necho hi\n', mode: 0o744 },
  });
  expect(userExecOnly).toBe(plain);
  const noExec = await digestOfTree({
    ...base,
    'bin/run.sh': { content: '#!/bin/sh\necho hi\n', mode: 0o644 },
  });
  expect(noExec).not.toBe(plain);
});

test('one changed byte changes the digest', async () => {
  const ws = await workspace(base);
  const before = expectOk(await capture(ws, '.')).digest;
  await writeTree(ws.root, { 'pages/nested/deep.txt': 'deeP' });
  expect(expectOk(await capture(ws, '.')).digest).not.toBe(before);
});

test('names, empty directories and link texts are part of the content', async () => {
  const plain = await digestOfTree(base);
  const { 'pages/page-01.txt': one, ...rest } = base;
  expect(await digestOfTree({ ...rest, 'pages/page-1.txt': one as Node })).not.toBe(plain);
  expect(await digestOfTree({ ...base, 'empty/more/': { dir: true } })).not.toBe(plain);
  expect(await digestOfTree({ ...base, 'pages/latest': { link: 'page-01.txt' } })).not.toBe(plain);
});

test('a file target is digested by its bytes alone', async () => {
  const a = await workspace({ 'x/report.pdf': 'same bytes' });
  const b = await workspace({ 'elsewhere/other-name.bin': 'same bytes' });
  expect(expectOk(await capture(a, 'x/report.pdf')).digest).toBe(
    expectOk(await capture(b, 'elsewhere/other-name.bin')).digest,
  );
});
