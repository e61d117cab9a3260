import { spawn } from 'node:child_process';
import {
  mkdir,
  readFile,
  readlink,
  stat,
  symlink,
  writeFile,
  chmod,
  access,
} from 'node:fs/promises';
import { join } from 'node:path';
import { captureViewFor } from '../../src/sandbox/captureView.js';
import { removeTempDirs, tempDir } from './support.js';

const SLOT = { uid: 1500905, gid: 1500905 };
const asRoot = process.getuid?.() === 0;

afterAll(removeTempDirs);

function readsAs(uid: number, path: string): Promise<boolean> {
  const id = String(uid);
  const argv = ['--reuid', id, '--regid', id, '--clear-groups', '--', '/usr/bin/cat', path];
  const child = spawn('/usr/bin/setpriv', argv, { stdio: 'ignore' });
  return new Promise((resolve) => child.on('close', (code) => resolve(code === 0)));
}

async function readOnlyCapture(): Promise<string> {
  const root = join(await tempDir(), 'capture');
  await mkdir(join(root, 'nested'), { recursive: true });
  await writeFile(join(root, 'nested', 'a.txt'), 'nested bytes');
  await writeFile(join(root, 'run.sh'), '#!/bin/sh\n');
  await symlink('nested/a.txt', join(root, 'link'));
  await chmod(join(root, 'nested', 'a.txt'), 0o444);
  await chmod(join(root, 'run.sh'), 0o555);
  await chmod(join(root, 'nested'), 0o555);
  await chmod(root, 0o555);
  return root;
}

describe('the capture view of a slot', () => {
  test('without a slot identity the capture is used as it is', async () => {
    const capture = await readOnlyCapture();
    const view = await captureViewFor(capture, await tempDir(), undefined);
    expect(view.path).toBe(capture);
    await view.remove();
    expect((await stat(capture)).isDirectory()).toBe(true);
  });

  (asRoot ? test : test.skip)(
    'is the same tree, in a 0700 holder of the slot uid that only it can read, removed after',
    async () => {
      const capture = await readOnlyCapture();
      const parent = await tempDir();
      await chmod(parent, 0o711);
      const view = await captureViewFor(capture, parent, SLOT);
      const holder = join(view.path, '..');
      const info = await stat(holder);
      expect([info.uid, info.gid, info.mode & 0o777]).toEqual([SLOT.uid, SLOT.gid, 0o700]);
      expect(await readFile(join(view.path, 'nested', 'a.txt'), 'utf8')).toBe('nested bytes');
      expect(await readlink(join(view.path, 'link'))).toBe('nested/a.txt');
      expect((await stat(join(view.path, 'run.sh'))).mode & 0o777).toBe(0o555);
      expect((await stat(join(view.path, 'nested'))).mode & 0o777).toBe(0o555);
      // A hard link, not a copy: the view costs no bytes.
      expect((await stat(join(view.path, 'run.sh'))).ino).toBe(
        (await stat(join(capture, 'run.sh'))).ino,
      );
      expect(await readsAs(SLOT.uid, join(view.path, 'nested', 'a.txt'))).toBe(true);
      expect(await readsAs(SLOT.uid + 1, join(view.path, 'nested', 'a.txt'))).toBe(false);
      await view.remove();
      await expect(access(holder)).rejects.toThrow(/ENOENT/);
      expect(await readFile(join(capture, 'nested', 'a.txt'), 'utf8')).toBe('nested bytes');
    },
  );
});
