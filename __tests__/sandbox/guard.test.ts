import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  chmod,
  lchown,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectCgroups } from '../../src/sandbox/cgroups/detect.js';
import { launcherShellArgv } from '../../src/sandbox/launcherShell.js';
import { CleanupGuard, GUARD_SCRIPT_PATH } from '../../src/sandbox/guard.js';
import { describeWithCgroups, pathExists, processEnded, waitUntil } from './cgroupTestSupport.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const MiB = 1024 * 1024;

const support = await detectCgroups();
const manager = support.ok ? support.manager : undefined;
const created: string[] = [];
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(created.map((dir) => rm(dir, { recursive: true, force: true })));
  await manager?.dispose();
});

/** A directory with nested content, a read-only subdirectory and a symlink out of it. */
async function populatedDir(outsideTarget: string, parent = tmpdir()): Promise<string> {
  const dir = await mkdtemp(join(parent, 'dog-guarded-'));
  created.push(dir);
  await mkdir(join(dir, 'a', 'b'), { recursive: true });
  await writeFile(join(dir, 'a', 'b', 'file.txt'), 'content');
  await mkdir(join(dir, 'locked'));
  await writeFile(join(dir, 'locked', 'inner.txt'), 'inner');
  await chmod(join(dir, 'locked'), 0o500);
  await symlink(outsideTarget, join(dir, 'link-out'));
  return dir;
}

const NOBODY = 65534;

async function chownTree(path: string, uid: number): Promise<void> {
  await lchown(path, uid, uid);
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (entry.isDirectory()) await chownTree(join(path, entry.name), uid);
    else await lchown(join(path, entry.name), uid, uid);
  }
}

async function canary(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dog-canary-'));
  created.push(dir);
  await writeFile(join(dir, 'keep.txt'), 'keep me');
  return dir;
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const end = text.indexOf('\n');
      if (end >= 0) resolve(text.slice(0, end));
    });
    child.once('close', (code) => reject(new Error(`exited (${code}) before a line: ${text}`)));
  });
}

function pidEnded(pid: number): () => Promise<boolean> {
  return () => processEnded(pid);
}

function pathGone(path: string): () => Promise<boolean> {
  return async () => !(await pathExists(path));
}

describeWithCgroups('cleanup guard when its launcher is SIGKILLed', support, ['pids'], () => {
  test('kills the cgroup processes and removes the cgroups, the dir and itself', async () => {
    const outside = await canary();
    const dir = await populatedDir(outside);
    const handle = await manager!.create({ memoryBytes: 64 * MiB, pids: 10 });
    const launcher = spawn(
      '/usr/bin/node',
      [join(FIXTURES, 'guard-launcher.mjs'), GUARD_SCRIPT_PATH, dir, ...handle.paths],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(launcher);
    const { guardPid, sleepPid } = JSON.parse(await firstLine(launcher)) as {
      guardPid: number;
      sleepPid: number;
    };
    expect(await processEnded(sleepPid)).toBe(false);
    launcher.kill('SIGKILL');
    await waitUntil('the sleep in the cgroup is killed', pidEnded(sleepPid));
    for (const path of handle.paths) await waitUntil(`${path} is removed`, pathGone(path));
    await waitUntil('the directory is removed', pathGone(dir));
    await waitUntil('the guard exits', pidEnded(guardPid));
    expect(await readFile(join(outside, 'keep.txt'), 'utf8')).toBe('keep me');
  });
});

describeWithCgroups('cleanup guard closed by its launcher', support, ['pids'], () => {
  test('close() cleans what is still tracked, and nothing untracked', async () => {
    const kept = await canary();
    const removed = await populatedDir(kept);
    const handle = await manager!.create({ memoryBytes: 64 * MiB, pids: 10 });
    const argv = launcherShellArgv(handle.procsFiles, ['/usr/bin/sleep', '1000']);
    const sleeper = spawn(argv[0]!, argv.slice(1), { stdio: 'ignore' });
    children.push(sleeper);
    const guard = CleanupGuard.start();
    guard.trackDir(removed);
    guard.trackDir(kept);
    guard.untrack('dir', kept);
    for (const path of handle.paths) guard.trackCgroup(path);
    guard.close();
    await waitUntil('the tracked directory is removed', pathGone(removed));
    for (const path of handle.paths) await waitUntil(`${path} is removed`, pathGone(path));
    await waitUntil('the sleep is killed', pidEnded(sleeper.pid!));
    await waitUntil('the guard exits', pidEnded(guard.pid!));
    expect(await pathExists(join(kept, 'keep.txt'))).toBe(true);
    expect(() => guard.trackDir(kept)).toThrow(/closed/);
  });
});

describe('cleanup guard', () => {
  test('ignores malformed and unsafe commands, never crashing', async () => {
    const decoy = await canary();
    const target = await canary();
    const guard = spawn(process.execPath, [GUARD_SCRIPT_PATH], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    children.push(guard);
    const bad = [
      'not json',
      '[]',
      'null',
      '42',
      '{"op":"track"}',
      '{"op":"explode","kind":"dir","path":"/tmp/x"}',
      '{"op":"track","kind":"file","path":"/tmp/x"}',
      '{"op":"track","kind":"dir","path":"relative/dir"}',
      '{"op":"track","kind":"dir","path":"/"}',
      '{"op":"track","kind":"dir","path":"/proc/1"}',
      `{"op":"track","kind":"dir","path":"${decoy}/../${decoy.split('/').pop()}"}`,
      `{"op":"track","kind":"dir","path":"${decoy}/"}`,
      `{"op":"track","kind":"cgroup","path":"${decoy}"}`,
      '{"op":"track","kind":"cgroup","path":"/sys/fs/cgroup/../../tmp"}',
      '{"op":"track","kind":"dir","path":42}',
      `{"op":"track","kind":"dir","path":"${'x'.repeat(100_000)}"}`,
    ];
    const good = JSON.stringify({ op: 'track', kind: 'dir', path: target });
    const summary = firstLine(guard);
    guard.stdin.end(`${bad.join('\n')}\n\n${good}\n{"op":"track",`);
    const result = JSON.parse(await summary) as { accepted: number; ignored: number };
    expect(result).toMatchObject({ accepted: 1, ignored: bad.length + 1, failures: [] });
    expect(await pathExists(target)).toBe(false);
    expect(await pathExists(join(decoy, 'keep.txt'))).toBe(true);
  });

  test('does not keep its launcher alive, and cleans up after a normal exit', async () => {
    const dir = await canary();
    const launcher = spawn(
      process.execPath,
      ['--import', 'tsx', join(FIXTURES, 'guardExitingLauncher.ts'), dir],
      { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(launcher);
    const { guardPid } = JSON.parse(await firstLine(launcher)) as { guardPid: number };
    const code = await new Promise((resolve) => launcher.on('close', resolve));
    expect(code).toBe(0);
    await waitUntil('the guard removes the directory', pathGone(dir));
    await waitUntil('the guard exits', pidEnded(guardPid));
  }, 30_000);

  const asRoot = process.getuid?.() === 0 && existsSync('/usr/bin/setpriv');
  (asRoot ? test : test.skip)(
    'as non-root, restores owner access to remove read-only dirs',
    async () => {
      const root = await mkdtemp(join(tmpdir(), 'dog-guard-nobody-'));
      created.push(root);
      const outside = join(root, 'outside');
      await mkdir(outside);
      await writeFile(join(outside, 'keep.txt'), 'keep me');
      const dir = await populatedDir(outside, root);
      await chownTree(root, NOBODY);
      const guard = spawn(
        '/usr/bin/setpriv',
        [
          `--reuid=${NOBODY}`,
          `--regid=${NOBODY}`,
          '--clear-groups',
          '--',
          process.execPath,
          GUARD_SCRIPT_PATH,
        ],
        { stdio: ['pipe', 'pipe', 'inherit'] },
      );
      children.push(guard);
      const summary = firstLine(guard);
      guard.stdin.end(`${JSON.stringify({ op: 'track', kind: 'dir', path: dir })}\n`);
      expect(JSON.parse(await summary)).toMatchObject({ dirsRemoved: 1, failures: [] });
      expect(await pathExists(dir)).toBe(false);
      expect(await readFile(join(outside, 'keep.txt'), 'utf8')).toBe('keep me');
    },
  );

  test('refuses relative paths and cgroups outside /sys/fs/cgroup on the launcher side', () => {
    const guard = CleanupGuard.start();
    try {
      expect(() => guard.trackDir('relative')).toThrow(/absolute/);
      expect(() => guard.trackCgroup('/tmp/cgroup')).toThrow(/\/sys\/fs\/cgroup/);
    } finally {
      guard.close();
    }
  });
});
