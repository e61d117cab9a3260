import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectCgroups } from '../../src/sandbox/cgroups/detect.js';
import { launcherShellArgv, LAUNCHER_SHELL } from '../../src/sandbox/launcherShell.js';
import {
  locateV1,
  parseCgroupMounts,
  parseProcCgroup,
} from '../../src/sandbox/cgroups/hierarchy.js';
import type { CgroupHandle } from '../../src/sandbox/cgroups/manager.js';
import {
  cgroupsRequired,
  describeWithCgroups,
  liveProcessesWith,
  missingLimits,
  pathExists,
  processEnded,
  uniqueSleepMarker,
  waitUntil,
} from './cgroupTestSupport.js';

const MiB = 1024 * 1024;
const support = await detectCgroups();
const manager = support.ok ? support.manager : undefined;
afterAll(() => manager?.dispose());

// Backgrounds `sleep` children in a bounded loop: without a process limit it makes 200 of them.
const FORK_LOOP = [
  'i=0',
  'while [ "$i" -lt 200 ]; do',
  '  /usr/bin/sleep 1000 "$1" &',
  '  i=$((i+1))',
  'done',
  'wait',
].join('\n');

// Fills 16 MiB Buffers up to 1 GiB (so that an unenforced limit cannot exhaust the host).
const MEMORY_HOG = [
  'const chunks = [];',
  'for (let i = 0; i < 64; i++) {',
  '  const chunk = Buffer.allocUnsafe(16 * 1024 * 1024);',
  '  chunk.fill(i);',
  '  chunks.push(chunk);',
  '}',
  "console.log('survived', chunks.length);",
].join('\n');

type Exit = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

function launch(handle: CgroupHandle, program: readonly string[]): [ChildProcess, Promise<Exit>] {
  const argv = launcherShellArgv(handle.procsFiles, program);
  const child = spawn(argv[0]!, argv.slice(1), { env: { PATH: '/usr/bin:/bin' } });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return [child, exited];
}

async function procsIn(handle: CgroupHandle): Promise<number[]> {
  const lists = await Promise.all(handle.procsFiles.map((file) => readFile(file, 'utf8')));
  const pids = lists.flatMap((text) => text.split('\n').filter(Boolean).map(Number));
  return [...new Set(pids)];
}

describe('cgroup detection', () => {
  test('finds enforceable memory and pids limits on this host', () => {
    const reason = missingLimits(support, ['memory', 'pids']);
    if (reason !== undefined && cgroupsRequired) throw new Error(reason);
    if (reason !== undefined) {
      console.warn(`cgroup limits unavailable here, so not asserted: ${reason}`);
      return;
    }
    expect(manager!.enforces).toEqual({ memory: true, pids: true });
    expect(manager!.unenforcedReasons).toEqual({});
  });

  test('on a hybrid host whose v2 hierarchy has no controllers, uses v1', async () => {
    const unified = await readFile('/sys/fs/cgroup/unified/cgroup.controllers', 'utf8').catch(
      () => undefined,
    );
    const hybridWithoutV2Controllers = unified !== undefined && !/\b(memory|pids)\b/.test(unified);
    if (!hybridWithoutV2Controllers || !manager) {
      console.warn('not a hybrid cgroup host with v1 memory+pids; v1 expectation not applicable');
      return;
    }
    expect(manager.version).toBe('v1');
    expect(manager.notes.join('\n')).toMatch(/v2 not used/);
    expect(manager.parentPaths).toHaveLength(2);
    for (const parent of manager.parentPaths) {
      expect((await statfs(parent)).type).toBe(0x27e0eb);
      expect(parent).toMatch(new RegExp(`/dog-${process.pid}-[0-9a-f]{8}$`));
    }
  });

  test('refuses mounts that are not cgroup filesystems, creating nothing there', async () => {
    const fake = await mkdtemp(join(tmpdir(), 'dog-fake-cgroup-'));
    try {
      for (const name of ['memory', 'pids', 'unified']) await mkdir(join(fake, name));
      const mountInfo = [
        `40 31 0:90 / ${fake}/memory rw,relatime - cgroup cgroup rw,memory`,
        `41 31 0:91 / ${fake}/pids rw,relatime - cgroup cgroup rw,pids`,
        `42 31 0:92 / ${fake}/unified rw,relatime - cgroup2 cgroup2 rw`,
      ].join('\n');
      const procSelfCgroup = '4:memory:/\n8:pids:/\n0::/\n';
      const result = await detectCgroups({ mountInfo, procSelfCgroup, fsRoot: fake });
      expect(result.ok).toBe(false);
      const reason = result.ok ? '' : result.reason;
      expect(reason).toContain(`${fake}/unified is not a directory on a cgroup2 filesystem`);
      expect(reason).toContain(`v1 memory: ${fake}/memory is not a directory on a cgroup`);
      expect(reason).toContain(`v1 pids: ${fake}/pids is not a directory on a cgroup`);
      for (const name of ['memory', 'pids', 'unified']) {
        expect(await readdir(join(fake, name))).toEqual([]);
      }
    } finally {
      await rm(fake, { recursive: true, force: true });
    }
  });

  test('maps our cgroup through a bound subtree and escaped mount points', () => {
    const mounts = parseCgroupMounts(
      '35 31 0:32 /outer /sys/fs/cgroup/my\\040pids rw - cgroup cgroup rw,pids\n' +
        '36 31 0:33 / /sys/fs/cgroup/cpu rw shared:9 - cgroup cgroup rw,cpu,cpuacct',
    );
    const inside = parseProcCgroup('8:pids:/outer/job\n2:cpu,cpuacct:/\n');
    expect(locateV1('pids', mounts, inside)).toMatchObject({ dir: '/sys/fs/cgroup/my pids/job' });
    expect(locateV1('cpuacct', mounts, inside)).toMatchObject({ dir: '/sys/fs/cgroup/cpu' });
    const outside = parseProcCgroup('8:pids:/elsewhere\n');
    expect(locateV1('pids', mounts, outside)).toEqual({
      reason: 'our pids cgroup /elsewhere is not visible under any mount of it',
    });
    expect(locateV1('memory', mounts, inside)).toEqual({
      reason: '/proc/self/cgroup lists no v1 memory hierarchy',
    });
  });

  test('says so when no cgroup filesystem is mounted where it looks', async () => {
    const result = await detectCgroups({ mountInfo: '', procSelfCgroup: '0::/\n' });
    expect(result).toEqual({
      ok: false,
      reason: 'no cgroup filesystem is mounted at or below /sys/fs/cgroup',
    });
  });
});

describe('launcherShellArgv', () => {
  test('passes files and program as parameters to a constant script', () => {
    const a = launcherShellArgv(['/x/cgroup.procs'], ['/bin/echo', '$(reboot)']);
    const b = launcherShellArgv(['/a/cgroup.procs', '/b/cgroup.procs'], ['/bin/true']);
    expect(a[0]).toBe(LAUNCHER_SHELL);
    expect(a[2]).toBe(b[2]);
    expect(a.slice(3)).toEqual([
      'dog-cgroup-enter',
      '-',
      '-',
      '-',
      '-',
      '/x/cgroup.procs',
      '--',
      '/bin/echo',
      '$(reboot)',
    ]);
    const limited = launcherShellArgv([], ['/bin/true'], {
      fileSizeBytes: 1024 * 1024,
      openFiles: 64,
      cpuSeconds: 5,
    });
    expect(limited[2]).toBe(a[2]);
    expect(limited.slice(3)).toEqual([
      'dog-cgroup-enter',
      '0',
      '2048',
      '64',
      '5',
      '--',
      '/bin/true',
    ]);
    expect(() => launcherShellArgv(['relative/cgroup.procs'], ['/bin/true'])).toThrow();
    expect(() => launcherShellArgv([], [])).toThrow();
    expect(() =>
      launcherShellArgv([], ['/bin/true'], { fileSizeBytes: 1, openFiles: 0, cpuSeconds: 1 }),
    ).toThrow(/positive integer/);
  });

  test('exits 125 with a message when it cannot join, without running the program', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dog-enter-'));
    const argv = launcherShellArgv(
      [join(dir, 'missing', 'cgroup.procs')],
      ['/usr/bin/echo', 'ran'],
    );
    const child = spawn(argv[0]!, argv.slice(1));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => child.on('close', resolve));
    await rm(dir, { recursive: true, force: true });
    expect(code).toBe(125);
    expect(output).toContain('dog-cgroup-enter: cannot join the cgroup of');
    expect(output).not.toContain('ran');
  });
});

describeWithCgroups('cgroup limits on real processes', support, ['memory', 'pids'], () => {
  test('caps a fork loop at the pids limit', async () => {
    const handle = await manager!.create({ memoryBytes: 256 * MiB, pids: 20 });
    const marker = uniqueSleepMarker();
    const [, exited] = launch(handle, ['/usr/bin/sh', '-c', FORK_LOOP, 'fork-loop', marker]);
    try {
      await waitUntil('the pids limit is hit', async () => (await handle.stats()).pidsLimitHit);
      const inside = await procsIn(handle);
      expect(inside.length).toBeGreaterThan(10);
      expect(inside.length).toBeLessThanOrEqual(20);
      expect((await liveProcessesWith(marker)).length).toBeLessThanOrEqual(20);
      await handle.killAll();
      expect(await liveProcessesWith(marker)).toEqual([]);
      await exited;
    } finally {
      await handle.remove();
    }
  });

  test('SIGKILLs a memory hog at the memory limit', async () => {
    const handle = await manager!.create({ memoryBytes: 64 * MiB, pids: 64 });
    try {
      const [, exited] = launch(handle, ['/usr/bin/node', '-e', MEMORY_HOG]);
      const exit = await exited;
      expect(exit.signal).toBe('SIGKILL');
      expect(exit.stdout).not.toContain('survived');
      const stats = await handle.stats();
      expect(stats.memoryLimitHit).toBe(true);
      expect(stats.memoryLimitReached).toBe(true);
      expect(stats.peakMemoryBytes ?? 0).toBeLessThanOrEqual(64 * MiB);
    } finally {
      await handle.remove();
    }
  });

  test('killAll leaves no process and remove leaves no directory', async () => {
    const handle = await manager!.create({ memoryBytes: 128 * MiB, pids: 20 });
    const marker = uniqueSleepMarker();
    const script = '/usr/bin/sleep 1000 "$1" & /usr/bin/sleep 1000 "$1" & wait';
    const [, exited] = launch(handle, ['/usr/bin/sh', '-c', script, 'two-sleeps', marker]);
    await waitUntil('three processes run', async () => (await procsIn(handle)).length === 3);
    const pids = await procsIn(handle);
    await handle.killAll();
    expect(await procsIn(handle)).toEqual([]);
    for (const pid of pids) expect(await processEnded(pid)).toBe(true);
    expect(await liveProcessesWith(marker)).toEqual([]);
    expect((await exited).signal).toBe('SIGKILL');
    await handle.remove();
    for (const path of handle.paths) expect(await pathExists(path)).toBe(false);
  });

  test('dispose removes the parents and any child left in them', async () => {
    const second = await detectCgroups();
    if (!second.ok) throw new Error(second.reason);
    const handle = await second.manager.create({ memoryBytes: 64 * MiB, pids: 10 });
    const [, exited] = launch(handle, ['/usr/bin/sleep', '1000']);
    await waitUntil('the sleep joined', async () => (await procsIn(handle)).length === 1);
    await second.manager.dispose();
    expect((await exited).signal).toBe('SIGKILL');
    for (const path of [...handle.paths, ...second.manager.parentPaths]) {
      expect(await pathExists(path)).toBe(false);
    }
  });
});
