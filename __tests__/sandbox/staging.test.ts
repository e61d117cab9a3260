import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SlotPool } from '../../src/sandbox/slots.js';
import { StagedPaths, reachableByAnyone } from '../../src/sandbox/staging.js';
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
