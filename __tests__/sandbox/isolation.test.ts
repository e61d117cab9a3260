// The escape suite: each test attempts a way out of the verification sandbox, exactly as a
// hostile script or agent would, and asserts that it fails. Everything here runs for real:
// bubblewrap, the seccomp filter, cgroups, a compiled C probe and real sockets.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { BubblewrapSandbox } from '../../src/sandbox/bubblewrap.js';
import { defaultSandboxSettings, type SandboxSettings } from '../../src/sandbox/settings.js';
import type { SandboxResult, SandboxSpec } from '../../src/sandbox/types.js';
import { cgroupsRequired } from './cgroupTestSupport.js';
import { escapeProbe, parseProbeResult, type ProbeResult } from './probe.js';
import {
  describeWithBwrap,
  removeTempDirs,
  survivorsAfter,
  tempDir,
  uniqueMarker,
  waitForProcesses,
} from './support.js';

const CANARY = `canary-${uniqueMarker()}`;
const EPERM = 1;
const ENOENT = 2;
const EAFNOSUPPORT = 97;
const ECONNREFUSED = 111;
const ENETUNREACH = 101;
const ENOSPC = 28;
const EROFS = 30;
const MIB = 1024 * 1024;

function smallSettings(): SandboxSettings {
  const settings = defaultSandboxSettings();
  settings.limits = {
    ...settings.limits,
    memoryBytes: 64 * MIB,
    pids: 32,
    scratchBytes: 4 * MIB,
    tmpBytes: 2 * MIB,
  };
  return settings;
}

let root: string;
let captureFile: string;
let scratchDir: string;
let canaryFile: string;
let probe: string;

beforeAll(async () => {
  probe = await escapeProbe();
});

beforeEach(async () => {
  root = await tempDir();
  captureFile = join(root, 'capture.txt');
  scratchDir = join(root, 'scratch');
  // World-readable on purpose: only the mount namespace keeps it out.
  canaryFile = join(root, 'canary.txt');
  await writeFile(captureFile, 'captured bytes\n', { mode: 0o644 });
  await writeFile(canaryFile, CANARY, { mode: 0o644 });
  await mkdir(scratchDir);
});
afterAll(removeTempDirs);

/** The escape probe running `args` against this test's capture and scratch. */
function spec(args: string[], extra: Partial<SandboxSpec> = {}): SandboxSpec {
  return {
    argv: [probe, ...args],
    capturePath: captureFile,
    scratchDir,
    readOnlyPaths: [probe],
    env: { PATH: '/usr/bin:/bin' },
    timeoutMs: 20_000,
    maxOutputBytes: 64 * 1024,
    ...extra,
  };
}

describeWithBwrap('the verification sandbox refuses escapes', () => {
  const sandbox = new BubblewrapSandbox({ settings: smallSettings() });
  afterAll(() => sandbox.dispose());

  async function attempt(...args: string[]): Promise<ProbeResult & { run: SandboxResult }> {
    const run = await sandbox.run(spec(args));
    return { ...parseProbeResult(run.stdout), run };
  }

  test('a canary file outside the mounts cannot be read', async () => {
    const result = await attempt('read', canaryFile);
    expect(result).toMatchObject({ check: 'read', ok: false, errno: ENOENT });
    expect(result.run.stdout).not.toContain(CANARY);
  });

  test.each(['/root', '/home', '/run', '/var/run', '/var/run/docker.sock', '/etc/passwd'])(
    'host path %s does not exist inside',
    async (path) => {
      const result = await attempt('read', path);
      expect(result).toMatchObject({ ok: false, errno: ENOENT });
    },
  );

  test('a canary environment variable of the launcher does not reach the program', async () => {
    process.env.DOG_TEST_CANARY = CANARY;
    try {
      const result = await attempt('env', 'DOG_TEST_CANARY');
      expect(result.ok).toBe(false);
      expect(result.run.stdout).not.toContain(CANARY);
    } finally {
      delete process.env.DOG_TEST_CANARY;
    }
  });

  test('the capture cannot be written and the host file stays unchanged', async () => {
    const before = createHash('sha256')
      .update(await readFile(captureFile))
      .digest('hex');
    const result = await attempt('write', '/dog/capture/capture.txt');
    expect(result.ok).toBe(false);
    const after = createHash('sha256')
      .update(await readFile(captureFile))
      .digest('hex');
    expect(after).toBe(before);
  });

  test('filling the scratch stops at its cap', async () => {
    const result = await attempt('fill', '/dog/scratch/big', '64');
    expect(result.ok).toBe(false);
    const written = Number(/written (\d+) bytes/.exec(result.run.stdout)?.[1]);
    expect(written).toBeLessThanOrEqual(4 * MIB);
    expect(written).toBeGreaterThan(0);
  });

  test.each(['/tmp', '/dev/shm'])('filling %s stops at its cap', async (dir) => {
    const result = await attempt('fill', `${dir}/big`, '16');
    expect(result).toMatchObject({ ok: false, errno: ENOSPC });
    const written = Number(/written (\d+) bytes/.exec(result.run.stdout)?.[1]);
    expect(written).toBeLessThanOrEqual(2 * MIB);
    expect(written).toBeGreaterThan(0);
  });

  test.each(['/', '/dev', '/dog'])('nothing can be written to %s', async (dir) => {
    const result = await attempt('fill', `${dir}/big`.replace('//', '/'), '16');
    expect(result).toMatchObject({ ok: false, errno: EROFS });
  });

  describe('the network', () => {
    let server: Server;
    let port: number;
    let connections = 0;
    beforeAll(async () => {
      server = createServer((socket) => {
        connections += 1;
        socket.end('hello from the host');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    test('a port on the host loopback cannot be reached', async () => {
      const result = await attempt('connect', '127.0.0.1', String(port));
      expect(result).toMatchObject({ ok: false, errno: ECONNREFUSED });
      expect(connections).toBe(0);
    });

    test('an outside address cannot be reached', async () => {
      const result = await attempt('connect', '192.0.2.1', '443');
      expect(result).toMatchObject({ ok: false, errno: ENETUNREACH });
    });
  });

  test('per-process limits hold inside, soft and hard, and cannot be raised', async () => {
    const limits = smallSettings().limits;
    const script =
      'ulimit -n; ulimit -Hn; ulimit -t; ulimit -f; ulimit -c; ulimit -n 100000 2>/dev/null && echo raised || echo kept';
    const run = await sandbox.run(spec([], { argv: ['/usr/bin/sh', '-c', script] }));
    expect(run.stdout.trim().split('\n')).toEqual([
      String(limits.openFiles),
      String(limits.openFiles),
      String(limits.cpuSeconds),
      String(Math.floor(limits.fileSizeBytes / 512)),
      '0',
      'kept',
    ]);
  });

  test('an AF_VSOCK socket is refused', async () => {
    expect(await attempt('vsock')).toMatchObject({ ok: false, errno: EAFNOSUPPORT });
  });

  test('ptrace is refused', async () => {
    expect(await attempt('ptrace')).toMatchObject({ ok: false, errno: EPERM });
  });

  test.each(['io_uring', 'bpf', 'userfaultfd', 'unshare', 'mount', 'keyctl', 'process_vm_readv'])(
    '%s is refused',
    async (check) => {
      expect(await attempt(check)).toMatchObject({ ok: false, errno: EPERM });
    },
  );

  test('a timed-out verifier leaves no process behind', async () => {
    const marker = uniqueMarker();
    const run = await sandbox.run(spec(['sleep', '120', marker], { timeoutMs: 1_000 }));
    expect(run.timedOut).toBe(true);
    expect(await survivorsAfter(marker)).toEqual([]);
  });

  test('a daemonized grandchild does not outlive its verification', async () => {
    const marker = uniqueMarker();
    const run = await sandbox.run(spec(['spawn_orphan', marker]));
    expect(parseProbeResult(run.stdout).ok).toBe(true);
    expect(await survivorsAfter(marker)).toEqual([]);
  });
});

describeWithBwrap('whole-sandbox limits', () => {
  const sandbox = new BubblewrapSandbox({ settings: smallSettings() });
  afterAll(() => sandbox.dispose());

  async function cgroupLimits(): Promise<{ memory: boolean; processes: boolean; why: string }> {
    const enforced = await sandbox.enforced();
    const byName = new Map(enforced.map((limit) => [limit.name, limit]));
    const memory = byName.get('memory');
    const processes = byName.get('processes');
    return {
      memory: memory?.enforced === true,
      processes: processes?.enforced === true,
      why: `${memory?.detail ?? ''}; ${processes?.detail ?? ''}`,
    };
  }

  function skipOrFail(what: string, why: string): void {
    const message = `${what} cannot be tested here: ${why}`;
    if (cgroupsRequired) throw new Error(`${message} (DOG_SANDBOX_REQUIRED=1, as root)`);
    console.warn(`SKIPPED: ${message}`);
  }

  test('a fork bomb is stopped at the process limit', async () => {
    const limits = await cgroupLimits();
    if (!limits.processes) return skipOrFail('the process limit', limits.why);
    const run = await sandbox.run(spec(['fork_bomb'], { timeoutMs: 30_000 }));
    const forked = Number(/forked (\d+)/.exec(run.stdout)?.[1]);
    expect(forked).toBeLessThan(32);
    expect(run.timedOut).toBe(false);
  }, 60_000);

  test('a memory hog is stopped at the memory limit', async () => {
    const limits = await cgroupLimits();
    if (!limits.memory) return skipOrFail('the memory limit', limits.why);
    const run = await sandbox.run(spec(['memory_hog', '512'], { timeoutMs: 30_000 }));
    expect(run.exitCode === 0 && run.stdout.includes('RESULT memory_hog ok')).toBe(false);
    const reached = Number(/allocated (\d+) MiB/.exec(run.stdout)?.[1] ?? '0');
    expect(reached).toBeLessThan(64);
    expect(run.limitHit).toBe('memory');
  }, 60_000);
});

describeWithBwrap('a killed launcher', () => {
  const fixture = join(import.meta.dirname, 'fixtures', 'launcher.ts');

  test('leaves no process, directory or cgroup behind', async () => {
    const marker = uniqueMarker();
    const launcher = spawn(
      process.execPath,
      ['--import', 'tsx', fixture, probe, captureFile, scratchDir, marker],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const started = await firstLine(launcher);
    const { workDir, cgroups } = JSON.parse(started) as { workDir: string; cgroups: string[] };
    // bwrap, its init and the probe: the verification runs (and bwrap has armed its
    // parent-death signal, all a launcher without cgroups relies on).
    await waitForProcesses(marker, 3, 15_000);
    expect(existsSync(workDir)).toBe(true);
    launcher.kill('SIGKILL');
    expect(await survivorsAfter(marker, 5_000)).toEqual([]);
    expect(await gone(workDir)).toBe(true);
    for (const path of cgroups) expect(await gone(path)).toBe(true);
  }, 60_000);
});

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const end = buffered.indexOf('\n');
      if (end >= 0) resolve(buffered.slice(0, end));
    });
    child.once('exit', (code) => reject(new Error(`launcher exited early with ${code}`)));
  });
}

async function gone(path: string, waitMs = 8_000): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  while (existsSync(path)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
