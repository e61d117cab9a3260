import { spawnSync } from 'node:child_process';
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sha256Hex, toDigest } from '../../src/core/digest.js';
import { FsBlobStore } from '../../src/storage/blobStore.js';
import { removeTempDirs, tempDir } from './fixtures.js';

afterEach(removeTempDirs);

async function stage(store: FsBlobStore, content: string): Promise<string> {
  const temp = store.tempPath();
  await writeFile(temp, content);
  return temp;
}

test('commit moves a temp file to its content address, read-only', async () => {
  const store = await FsBlobStore.open(await tempDir());
  const digest = toDigest(sha256Hex('bytes'));
  expect(await store.blobPath(digest)).toBeUndefined();
  await store.commitBlob(await stage(store, 'bytes'), digest);
  const hex = sha256Hex('bytes');
  const blob = path.join(store.root, 'captures/sha256', hex.slice(0, 2), hex);
  expect(await store.blobPath(digest)).toBe(blob);
  expect((await readFile(blob)).toString()).toBe('bytes');
  expect((await stat(blob)).mode & 0o777).toBe(0o444);
  expect(await readdir(path.join(store.root, 'tmp'))).toEqual([]);
});

test('committing the same digest again is idempotent, also concurrently', async () => {
  const store = await FsBlobStore.open(await tempDir());
  const digest = toDigest(sha256Hex('same'));
  await store.commitBlob(await stage(store, 'same'), digest);
  const before = await stat((await store.blobPath(digest)) ?? '');
  await store.commitBlob(await stage(store, 'same'), digest);
  await Promise.all([
    store.commitBlob(await stage(store, 'same'), digest),
    store.commitBlob(await stage(store, 'same'), digest),
  ]);
  const after = await stat((await store.blobPath(digest)) ?? '');
  expect((await readFile((await store.blobPath(digest)) ?? '')).toString()).toBe('same');
  expect(after.ino).toBe(before.ino);
  expect(await readdir(path.join(store.root, 'tmp'))).toEqual([]);
  const shard = path.dirname((await store.blobPath(digest)) ?? '');
  expect(await readdir(shard)).toHaveLength(1);
});

test('commit refuses a file that is not one of its temp files', async () => {
  const store = await FsBlobStore.open(await tempDir());
  const elsewhere = path.join(await tempDir(), 'file');
  await writeFile(elsewhere, 'x');
  await expect(store.commitBlob(elsewhere, toDigest(sha256Hex('x')))).rejects.toThrow(
    /not a temp file/,
  );
});

test('verifyBlob re-hashes and fails closed on a damaged or missing blob', async () => {
  const store = await FsBlobStore.open(await tempDir());
  const digest = toDigest(sha256Hex('good'));
  await store.commitBlob(await stage(store, 'good'), digest);
  expect(await store.verifyBlob(digest)).toEqual({ ok: true, path: await store.blobPath(digest) });

  const blob = (await store.blobPath(digest)) ?? '';
  await chmod(blob, 0o644);
  await writeFile(blob, 'evil');
  const damaged = await store.verifyBlob(digest);
  expect(damaged).toMatchObject({ ok: false, reason: 'digest_mismatch' });
  if (!damaged.ok) expect(damaged.message).toContain(toDigest(sha256Hex('evil')));

  expect(await store.verifyBlob(toDigest(sha256Hex('absent')))).toMatchObject({
    ok: false,
    reason: 'missing',
  });
});

test('cleanTemp removes leftovers of dead processes only', async () => {
  const store = await FsBlobStore.open(await tempDir());
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  const deadPid = Number(child.stdout.toString());
  const tmp = path.join(store.root, 'tmp');
  const dead = `${deadPid}.00000000-0000-4000-8000-000000000000.part`;
  await writeFile(path.join(tmp, dead), 'left over');
  const mine = await stage(store, 'in progress');
  await mkdir(path.join(tmp, 'work'));
  await writeFile(path.join(tmp, 'notes.txt'), 'not ours');
  expect(await store.cleanTemp()).toBe(1);
  expect((await readdir(tmp)).sort()).toEqual([path.basename(mine), 'notes.txt', 'work'].sort());
});

test('rejects something that is not a digest', async () => {
  const store = await FsBlobStore.open(await tempDir());
  expect(() => store.pathOf('sha256:../../etc')).toThrow(TypeError);
});
