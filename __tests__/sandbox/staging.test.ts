import { chmod, chown, mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SlotPool } from '../../src/sandbox/slots.js';
import { StagedPaths, reachableByAnyone } from '../../src/sandbox/staging.js';
import { ensureWorkRoot } from '../../src/sandbox/workRoot.js';
import { removeTempDirs, tempDir } from './support.js';

afterAll(removeTempDirs);

describe('staging paths for a sandbox that runs as another uid', () => {
  test('a file below a private directory is unreachable; below an open one it is reachable', async () => {
    const root = await tempDir();
    const closed = join(root, 'closed');
    const open = join(root, 'open');
    await mkdir(closed, { mode: 0o700 });
    await mkdir(open, { mode: 0o755 });
    await writeFile(join(closed, 'script'), 'x', { mode: 0o755 });
    await writeFile(join(open, 'script'), 'x', { mode: 0o755 });
    await writeFile(join(open, 'private'), 'x', { mode: 0o600 });
    await chmod(root, 0o755);
    expect(reachableByAnyone(join(closed, 'script'))).toBe(false);
    expect(reachableByAnyone(join(open, 'script'))).toBe(true);
    expect(reachableByAnyone(join(open, 'private'))).toBe(false);
  });

  test('an unreachable file is copied readable and executable, and copied again after an edit', async () => {
    const root = await tempDir();
    const closed = join(root, 'closed');
    await mkdir(closed, { mode: 0o700 });
    const script = join(closed, 'check');
    await writeFile(script, '#!/bin/sh\necho one\n', { mode: 0o700 });
    const stageRoot = join(await tempDir(), 'stage');
    const staged = new StagedPaths(stageRoot);
    const first = await staged.reachable(script);
    expect(first).not.toBe(script);
    expect(await readFile(first, 'utf8')).toBe('#!/bin/sh\necho one\n');
    expect((await stat(first)).mode & 0o777).toBe(0o555);
    expect(await staged.reachable(script)).toBe(first);
    await writeFile(script, '#!/bin/sh\necho two\n');
    const second = await staged.reachable(script);
    expect(second).not.toBe(first);
    expect(await readFile(second, 'utf8')).toBe('#!/bin/sh\necho two\n');
    // The original keeps its own mode: staging never links to it.
    expect((await stat(script)).mode & 0o777).toBe(0o700);
  });
});

describe('verification slots', () => {
  test('two pools on one lock directory never hand out the same slot', async () => {
    const lockDir = join(await tempDir(), 'slots');
    const options = { lockDir, slots: 2, uidBase: 1_500_000, dropPrivileges: true };
    const a = new SlotPool(options);
    const b = new SlotPool(options);
    const first = await a.acquire();
    const second = await b.acquire();
    expect(new Set([first.index, second.index]).size).toBe(2);
    expect(second.identity).toEqual({
      uid: 1_500_000 + second.index,
      gid: 1_500_000 + second.index,
    });
    const waiting = a.acquire();
    let settled = false;
    void waiting.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(settled).toBe(false);
    await first.release();
    const third = await waiting;
    expect(third.index).toBe(first.index);
    await Promise.all([second.release(), third.release()]);
  });

  test('waiting for a slot ends when the verification is cancelled', async () => {
    const lockDir = join(await tempDir(), 'slots');
    const pool = new SlotPool({ lockDir, slots: 1, uidBase: 1_500_000, dropPrivileges: false });
    const held = await pool.acquire();
    expect(held.identity).toBeUndefined();
    const controller = new AbortController();
    const waiting = pool.acquire(controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
    await held.release();
  });
});

describe('the sandbox work root', () => {
  test('is created private: traversable, not listable, not writable by others', async () => {
    const root = join(await tempDir(), 'work');
    await ensureWorkRoot(root);
    expect((await stat(root)).mode & 0o777).toBe(0o711);
    await ensureWorkRoot(root);
  });

  test('a planted symlink, a directory others can write, or a file is refused', async () => {
    const base = await tempDir();
    const target = join(base, 'elsewhere');
    await mkdir(target);
    await symlink(target, join(base, 'link'));
    await expect(ensureWorkRoot(join(base, 'link'))).rejects.toThrow(/is a symbolic link/);
    const open = join(base, 'open');
    await mkdir(open);
    await chmod(open, 0o777);
    await expect(ensureWorkRoot(open)).rejects.toThrow(/can be written by others \(mode 777\)/);
    await writeFile(join(base, 'file'), '');
    await expect(ensureWorkRoot(join(base, 'file'))).rejects.toThrow();
  });

  test("another user's directory is refused", async () => {
    if (process.getuid?.() !== 0) {
      console.warn('SKIPPED: needs root to make a directory of another user');
      return;
    }
    const theirs = join(await tempDir(), 'theirs');
    await mkdir(theirs, { mode: 0o755 });
    await chown(theirs, 1_500_321, 1_500_321);
    await expect(ensureWorkRoot(theirs)).rejects.toThrow(/belongs to uid 1500321/);
  });
});
