// `dog companion doctor` on this machine, for real: the same preflight verifications get.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dog as runDog } from '../e2e/harness.js';
import { describeWithBwrap, removeTempDirs, tempDir } from '../sandbox/support.js';

afterAll(removeTempDirs);

function dog(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return runDog(args, process.cwd(), undefined, env);
}

type Doctor = {
  ready: boolean;
  reason?: string;
  checks: { name: string; ok: boolean }[];
  limits: { name: string; enforced: boolean }[];
  seccomp?: { instructions: number };
};

describeWithBwrap('dog companion doctor', () => {
  test('reports every isolation property as seen from inside, and the limits', async () => {
    const result = await dog(['companion', 'doctor', '--json'], { PATH: process.env.PATH });
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as Doctor;
    expect(report.ready).toBe(true);
    const names = report.checks.map((check) => check.name);
    for (const ns of ['user', 'mnt', 'pid', 'ipc', 'uts', 'net', 'cgroup'])
      expect(names).toContain(`namespace ${ns}`);
    expect(names).toEqual(
      expect.arrayContaining(['seccomp filter', 'no network but loopback', 'capture read-only']),
    );
    expect(report.checks.every((check) => check.ok)).toBe(true);
    expect(report.limits.map((limit) => limit.name)).toEqual(
      expect.arrayContaining([
        'identity',
        'seccomp',
        'wall_time',
        'memory',
        'processes',
        'scratch_size',
      ]),
    );
    expect(report.seccomp?.instructions).toBeGreaterThan(20);
  });

  test('the human form names each property and ends with the verdict', async () => {
    const result = await dog(['companion', 'doctor'], { PATH: process.env.PATH });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/✓ seccomp filter: Seccomp mode 2/);
    expect(result.stderr).toMatch(/^ready: every verification runs in a sandbox/m);
  });
});

describe('dog companion doctor refuses what cannot isolate', () => {
  test('a bwrap that cannot start user namespaces makes the host not ready (exit 1)', async () => {
    const bin = join(await tempDir(), 'bin');
    await mkdir(bin);
    await writeFile(join(bin, 'bwrap'), '#!/bin/sh\necho "bubblewrap 0.9.0"; exit 0\n', {
      mode: 0o755,
    });
    const result = await dog(['companion', 'doctor', '--json'], { PATH: `${bin}:/usr/bin:/bin` });
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Doctor;
    expect(report.ready).toBe(false);
    expect(report.reason).toBeDefined();
  });

  test('invalid settings are a usage error (exit 2) naming the file and the place', async () => {
    const file = join(await tempDir(), 'companion.yaml');
    await writeFile(file, 'sandbox:\n  slots: many\n');
    const result = await dog(['companion', 'doctor'], {
      PATH: process.env.PATH,
      DOG_COMPANION_CONFIG: file,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(file);
    expect(result.stderr).toMatch(/\/sandbox\/slots/);
  });

  test('a settings file named but missing is an error, not silent defaults', async () => {
    const result = await dog(['companion', 'settings'], {
      DOG_COMPANION_CONFIG: '/nonexistent/dog.yaml',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/file not found \(named by DOG_COMPANION_CONFIG\)/);
  });

  test('settings prints the machine settings in force', async () => {
    const file = join(await tempDir(), 'companion.yaml');
    await writeFile(file, 'sandbox: {slots: 3, limits: {pids: 64}}\n');
    const result = await dog(['companion', 'settings', '--json'], { DOG_COMPANION_CONFIG: file });
    expect(result.code).toBe(0);
    const shown = JSON.parse(result.stdout) as {
      source: string;
      sandbox: { slots: number; limits: { pids: number; memoryBytes: number } };
    };
    expect(shown.source).toBe(file);
    expect(shown.sandbox.slots).toBe(3);
    expect(shown.sandbox.limits).toMatchObject({ pids: 64, memoryBytes: 2 * 1024 ** 3 });
  });

  test('usage mistakes say what was expected', async () => {
    expect((await dog(['companion'], {})).stderr).toMatch(
      /expected one of doctor, install, settings/,
    );
    expect((await dog(['companion', 'doctor', '--dry-run'], {})).stderr).toMatch(
      /--dry-run goes with install/,
    );
    expect((await dog(['companion', 'repair'], {})).code).toBe(2);
  });
});

describeWithBwrap('dog companion doctor and the host-local store', () => {
  test('says what the store holds, or why runs would not use it', async () => {
    const dir = await tempDir();
    const file = join(dir, 'companion.yaml');
    const store = join(dir, 'store');
    await writeFile(file, `store: {path: ${store}, maxBytes: 1048576}\n`);
    const env = { PATH: process.env.PATH, DOG_COMPANION_CONFIG: file };
    const absent = JSON.parse((await dog(['companion', 'doctor', '--json'], env)).stdout) as {
      ready: boolean;
      store: { problem?: string; usage?: { entries: number } };
    };
    expect(absent.ready).toBe(true);
    expect(absent.store.problem).toMatch(/does not exist yet/);
    await mkdir(store, { mode: 0o777 });
    await chmod(store, 0o777);
    const open = JSON.parse(
      (await dog(['companion', 'doctor', '--json'], env)).stdout,
    ) as typeof absent;
    expect(open.store.problem).toMatch(/writ/);
    await chmod(store, 0o755);
    const fine = JSON.parse(
      (await dog(['companion', 'doctor', '--json'], env)).stdout,
    ) as typeof absent;
    expect(fine.store).toMatchObject({ usage: { entries: 0 } });
    expect(fine.store.problem).toBeUndefined();
  });
});
