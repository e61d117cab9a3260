import { lstat, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { extractTar, TarRefusedError } from '../../src/capture/tarReader.js';
import {
  BLOCK,
  encodeHeader,
  END_OF_ARCHIVE,
  zeroPadding,
  type TarHeaderFields,
} from '../../src/capture/tarFormat.js';
import { MAX_TREE_DEPTH } from '../../src/capture/treeBounds.js';
import { listTree, removeTempDirs, tempDir } from './fixtures.js';

afterEach(removeTempDirs);

type Crafted = Partial<TarHeaderFields> & { rel: string; body?: string; type?: string };

/** Builds a tar byte by byte, with whatever paths and types the test asks for. */
function craft(entries: Crafted[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.body ?? '');
    const header = encodeHeader({
      kind: entry.kind ?? 'file',
      mode: entry.mode ?? 0o644,
      size: entry.kind === undefined || entry.kind === 'file' ? body.length : 0,
      linkText: entry.linkText ?? '',
      rel: entry.rel,
    });
    if (entry.type !== undefined) retype(header.subarray(header.length - BLOCK), entry.type);
    parts.push(header, body, zeroPadding(body.length));
  }
  parts.push(END_OF_ARCHIVE);
  return Buffer.concat(parts);
}

function retype(block: Buffer, type: string): void {
  block.write(type, 156, 1, 'latin1');
  block.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
}

async function extractCrafted(
  entries: Crafted[] | Buffer,
): Promise<{ run: Promise<unknown>; base: string; dest: string }> {
  const base = await tempDir();
  const tar = path.join(base, 'crafted.tar');
  await writeFile(tar, Buffer.isBuffer(entries) ? entries : craft(entries));
  const dest = path.join(base, 'dest');
  return { run: extractTar(tar, dest), base, dest };
}

test('extracts files, directories and links that stay inside', async () => {
  const { run, dest } = await extractCrafted([
    { rel: 'a', kind: 'directory', mode: 0o755 },
    { rel: 'a/x.txt', body: 'x' },
    { rel: 'a/run.sh', body: '#!/bin/sh', mode: 0o755 },
    { rel: 'b', kind: 'symlink', linkText: 'a/x.txt' },
  ]);
  await expect(run).resolves.toEqual({ files: 2, directories: 1, symlinks: 1, bytes: 10 });
  expect(await listTree(dest)).toEqual([
    { rel: 'a', kind: 'directory' },
    { rel: 'a/run.sh', kind: 'file', exec: true, sha: expect.any(String) },
    { rel: 'a/x.txt', kind: 'file', exec: false, sha: expect.any(String) },
    { rel: 'b', kind: 'symlink', link: 'a/x.txt' },
  ]);
});

test.each([
  ['a parent escape', [{ rel: '../evil', body: 'pwned' }]],
  ['a nested parent escape', [{ rel: 'ok/../../evil', body: 'pwned' }]],
  ['an absolute path', [{ rel: '/tmp/dog-evil-absolute', body: 'pwned' }]],
  ['a PAX path escape', [{ rel: `${'x'.repeat(120)}/../../evil`, body: 'pwned' }]],
])('refuses %s and writes nothing outside', async (_, entries) => {
  const { run, base } = await extractCrafted(entries);
  await expect(run).rejects.toBeInstanceOf(TarRefusedError);
  expect((await readdir(base)).sort()).toEqual(['crafted.tar', 'dest']);
  await expect(lstat('/tmp/dog-evil-absolute')).rejects.toThrow();
});

test.each([
  ['a link out of the tree', [{ rel: 'l', kind: 'symlink', linkText: '../../etc' }], /outside/],
  ['an absolute link', [{ rel: 'l', kind: 'symlink', linkText: '/etc' }], /absolute/],
  [
    'a link escaping through a link to the root',
    [
      { rel: 's', kind: 'symlink', linkText: '.' },
      { rel: 't', kind: 'symlink', linkText: 's/../escaped' },
    ],
    /outside/,
  ],
] as const)('refuses %s', async (_, entries, why) => {
  const { run, dest } = await extractCrafted(entries.map((e) => ({ ...e })));
  await expect(run).rejects.toThrow(why);
  expect(await readdir(dest)).toEqual([]);
});

test('refuses an entry written through a symlink of the archive, in either order', async () => {
  const outside = await tempDir();
  for (const entries of [
    [
      { rel: 'l', kind: 'symlink' as const, linkText: outside },
      { rel: 'l/planted', body: 'pwned' },
    ],
    [
      { rel: 'l/planted', body: 'pwned' },
      { rel: 'l', kind: 'symlink' as const, linkText: 'elsewhere' },
    ],
  ]) {
    const { run } = await extractCrafted(entries);
    await expect(run).rejects.toThrow(/through the symlink/);
  }
  expect(await readdir(outside)).toEqual([]);
});

test.each([
  ['a hard link', '1'],
  ['a character device', '3'],
  ['a FIFO', '6'],
  ['a global PAX header', 'g'],
])('refuses %s entry', async (_, type) => {
  const { run } = await extractCrafted([{ rel: 'x', type }]);
  await expect(run).rejects.toThrow(/only files, directories and symlinks/);
});

test('refuses duplicates, bad checksums and truncation', async () => {
  const duplicate = await extractCrafted([
    { rel: 'x', body: '1' },
    { rel: 'x', body: '2' },
  ]);
  await expect(duplicate.run).rejects.toThrow(/appears twice/);

  const good = craft([{ rel: 'x', body: 'hello' }]);
  const corrupt = Buffer.from(good);
  corrupt[0] = 'y'.charCodeAt(0);
  await expect((await extractCrafted(corrupt)).run).rejects.toThrow(/checksum/);

  await expect((await extractCrafted(good.subarray(0, BLOCK + 3))).run).rejects.toThrow(
    /truncated/,
  );
  await expect((await extractCrafted(good.subarray(0, 2 * BLOCK))).run).rejects.toThrow(
    /truncated/,
  );
});

test.each([
  ['one level past the depth bound', 'd/'.repeat(MAX_TREE_DEPTH) + 'f', /levels deep/],
  ['a path past the length bound', `${'p'.repeat(200)}/`.repeat(10) + 'q'.repeat(60), /bytes/],
  ['a name longer than NAME_MAX', 'n'.repeat(256), /name of 256 bytes/],
])('refuses %s before writing anything', async (_, rel, why) => {
  const { run, dest } = await extractCrafted([{ rel, body: 'deep' }]);
  await expect(run).rejects.toThrow(why);
  await expect(run).rejects.toBeInstanceOf(TarRefusedError);
  expect(await readdir(dest)).toEqual([]);
});

test('refuses a symlink whose text the system cannot hold', async () => {
  const { run } = await extractCrafted([
    { rel: 'l', kind: 'symlink', linkText: `${'s/'.repeat(2100)}x` },
  ]);
  await expect(run).rejects.toThrow(/symlink "l" has a target of 4201 bytes/);
});
