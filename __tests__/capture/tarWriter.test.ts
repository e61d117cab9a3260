import { execFileSync } from 'node:child_process';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { BLOCK, decodeHeader, isZeroBlock } from '../../src/capture/tarFormat.js';
import { planTar } from '../../src/capture/tarWriter.js';
import { walkTree } from '../../src/capture/treeWalk.js';
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

const longDir = `${'d'.repeat(60)}/${'e'.repeat(60)}`;
const tree: Record<string, Node> = {
  'z.txt': 'last',
  'a-b': 'dash sorts before slash',
  'a/b': 'inside a',
  'a.b': 'dot sorts before slash too',
  'ｚ.txt': 'U+FF5A, before U+1F600 in UTF-8 byte order but after it in UTF-16',
  '😀.txt': 'emoji',
  'exec.sh': { content: '#!/bin/sh\n', mode: 0o700 },
  'empty/': { dir: true },
  [`${longDir}/short-name.txt`]: 'needs the ustar prefix field',
  [`${'f'.repeat(120)}/${'g'.repeat(120)}.txt`]: 'a name part over 100 bytes needs PAX',
  'link-to-a': { link: 'a/b' },
  'link-long': { link: `${longDir}/short-name.txt` },
};

async function blobOf(ws: Workspace, target: string): Promise<string> {
  const { digest } = expectOk(await capture(ws, target));
  const blob = await ws.store.blobPath(digest);
  if (blob === undefined) throw new Error('blob missing');
  return blob;
}

function headers(
  tar: Buffer,
): { type: string; path: string; mode: number; size: number; mtime: string; owner: string }[] {
  const out = [];
  for (let at = 0; ;) {
    const block = tar.subarray(at, at + BLOCK);
    if (isZeroBlock(block)) break;
    const header = decodeHeader(block);
    out.push({
      ...header,
      mtime: block.subarray(136, 148).toString('latin1'),
      owner:
        block.subarray(108, 124).toString('latin1') + block.subarray(265, 329).toString('latin1'),
    });
    at += BLOCK + Math.ceil(header.size / BLOCK) * BLOCK;
  }
  return out;
}

test('entries come sorted by UTF-8 bytes, directories included, with normalised metadata', async () => {
  const ws = await workspace(tree);
  const tar = await readFile(await blobOf(ws, '.'));
  expect(tar.length % BLOCK).toBe(0);
  expect(isZeroBlock(tar.subarray(-2 * BLOCK, -BLOCK)) && isZeroBlock(tar.subarray(-BLOCK))).toBe(
    true,
  );
  const listed = headers(tar).filter((h) => h.type !== 'x');
  const names = listed.map((h) => h.path.replace(/\/$/, ''));
  const sorted = [...names].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
  expect(names).toEqual(sorted);
  expect(names.indexOf('ｚ.txt')).toBeLessThan(names.indexOf('😀.txt'));
  expect(names.indexOf('a-b')).toBeLessThan(names.indexOf('a/b'));
  expect(names).toContain('empty');
  for (const h of headers(tar)) {
    expect(h.mtime).toBe('00000000000\0');
    expect(h.owner).toBe(`0000000\0`.repeat(2) + '\0'.repeat(64));
  }
  const modeOf = (name: string): number | undefined =>
    listed.find((h) => h.path.replace(/\/$/, '') === name)?.mode;
  expect(modeOf('exec.sh')).toBe(0o755);
  expect(modeOf('z.txt')).toBe(0o644);
  expect(modeOf('empty')).toBe(0o755);
  expect(modeOf('link-to-a')).toBe(0o777);
});

test('PAX headers appear only for paths ustar cannot hold', async () => {
  const ws = await workspace(tree);
  const all = headers(await readFile(await blobOf(ws, '.')));
  const paxFor = all.flatMap((h, i) => (h.type === 'x' ? [all[i + 1]?.path.slice(0, 3)] : []));
  // The 121-byte directory, the file under it, and the link whose text is over 100 bytes.
  expect(paxFor).toEqual(['fff', 'fff', 'lin']);
  const prefixed = all.find((h) => h.path.endsWith('short-name.txt'));
  expect(prefixed?.path).toBe(`${longDir}/short-name.txt`);
});

test('GNU tar reads the archive back into the same tree', async () => {
  const ws = await workspace(tree);
  const out = await tempDir();
  const blob = await blobOf(ws, '.');
  execFileSync('tar', ['-xf', blob, '-C', out]);
  expect(await listTree(out)).toEqual(await listTree(ws.root));
  const listing = execFileSync('tar', ['-tvf', blob]).toString();
  expect(listing).toContain('0/0');
  expect(listing).toContain('1970-01-01');
  expect(listing).toMatch(/link-to-a -> a\/b/);
});

test('an empty directory makes an archive of just the end blocks', async () => {
  const ws = await workspace({ 'empty/': { dir: true } });
  const result = expectOk(await capture(ws, 'empty'));
  expect(result).toMatchObject({ kind: 'directory', bytes: 2 * BLOCK, files: 0 });
  const blob = await ws.store.blobPath(result.digest);
  expect(path.basename(blob ?? '')).toBe(result.digest.slice('sha256:'.length));
});

test('the planned size, used to refuse an oversized capture before writing, is exact', async () => {
  const ws = await workspace(tree);
  const plan = planTar(await walkTree(await realpath(ws.root), { paths: new Set() }, (rel) => rel));
  const result = expectOk(await capture(ws, '.'));
  expect(plan.totalBytes).toBe(result.bytes);
  expect(plan.files).toBe(result.files);
});
