import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { BubblewrapSandbox } from '../../src/sandbox/bubblewrap.js';
import { defaultSandboxSettings } from '../../src/sandbox/settings.js';
import { NoIsolationSandbox } from '../../src/sandbox/none.js';
import type { Sandbox, SandboxSpec } from '../../src/sandbox/types.js';
import {
  describeWithBwrap,
  removeTempDirs,
  survivorsAfter,
  tempDir,
  uniqueMarker,
  waitForProcesses,
} from './support.js';

const CANARY = 'canary-secret-do-not-leak';

let root: string;
let captureFile: string;
let captureDir: string;
let scratchDir: string;
let canaryPath: string;

beforeEach(async () => {
  root = await tempDir();
  captureFile = join(root, 'report.txt');
  captureDir = join(root, 'pages');
  scratchDir = join(root, 'scratch');
  canaryPath = join(root, 'canary.txt');
  await writeFile(captureFile, 'file capture');
  await mkdir(captureDir);
  await writeFile(join(captureDir, 'page-01.txt'), 'page one');
  await mkdir(scratchDir);
  await writeFile(canaryPath, CANARY);
});
afterAll(removeTempDirs);

function spec(script: string, extra: Partial<SandboxSpec> = {}): SandboxSpec {
  return {
    argv: ['/bin/sh', '-c', script],
    capturePath: captureFile,
    scratchDir,
    readOnlyPaths: [],
    env: { PATH: '/usr/bin:/bin' },
    timeoutMs: 10_000,
    maxOutputBytes: 64 * 1024,
    ...extra,
  };
}

describeWithBwrap('BubblewrapSandbox', () => {
  const sandbox = new BubblewrapSandbox();
  const unisolated = new NoIsolationSandbox();

  test('shows a file capture under its own name and a directory capture at the mount', () => {
    expect(sandbox.view({ capturePath: captureFile, scratchDir })).toEqual({
      capturePath: '/dog/capture/report.txt',
      scratchDir: '/dog/scratch',
      tmpDir: '/tmp',
    });
    expect(sandbox.view({ capturePath: captureDir, scratchDir }).capturePath).toBe('/dog/capture');
  });

  test('the program reads the capture and writes the scratch, its working directory', async () => {
    const result = await sandbox.run(
      spec(
        'cat /dog/capture/report.txt; pwd; echo written > out.txt; echo kept > other.txt; cat other.txt',
        {
          env: { PATH: '/usr/bin:/bin' },
          outputFiles: ['out.txt'],
        },
      ),
    );
    expect(result.stdout).toBe('file capture/dog/scratch\nkept\n');
    // Only the named output files reach the host; the rest of the scratch is memory.
    expect(await readFile(join(scratchDir, 'out.txt'), 'utf8')).toBe('written\n');
    expect(await readdir(scratchDir)).toEqual(['out.txt']);
  });

  test('runs as uid/gid 65534 without capabilities', async () => {
    const result = await sandbox.run(spec('id -u; id -g; grep ^CapEff /proc/self/status'));
    expect(result.stdout.trim().split('\n')).toEqual([
      '65534',
      '65534',
      'CapEff:\t0000000000000000',
    ]);
  });

  test('the environment is exactly the spec env', async () => {
    process.env.DOG_TEST_PLANTED = 'planted-in-parent';
    try {
      const result = await sandbox.run({
        ...spec(''),
        argv: ['/usr/bin/env'],
        env: { PATH: '/usr/bin:/bin', ONLY: 'this' },
      });
      expect(result.stdout.trim().split('\n').sort()).toEqual(['ONLY=this', 'PATH=/usr/bin:/bin']);
    } finally {
      delete process.env.DOG_TEST_PLANTED;
    }
  });

  test('cannot read a host file outside the capture and scratch', async () => {
    const script = `cat ${canaryPath}; ls ${root}`;
    const control = await unisolated.run(spec(script));
    expect(control.stdout).toContain(CANARY);
    const result = await sandbox.run(spec(script));
    expect(result.exitCode).not.toBe(0);
    expect(result.stdout).not.toContain(CANARY);
    expect(result.stdout).not.toContain('canary.txt');
  });

  test.each(['/root', '/etc/hostname', '/etc/passwd', '/home', '/var', '/run', '/work'])(
    'host path %s is not there',
    async (path) => {
      const result = await sandbox.run(spec(`ls -d ${path} && cat ${path} || ls ${path}`));
      expect(result.exitCode).not.toBe(0);
      expect(result.stderr).toMatch(/No such file or directory/);
    },
  );

  test('cannot modify a file capture; the host file stays unchanged', async () => {
    const script =
      'echo tampered > /dog/capture/report.txt; rm -f /dog/capture/report.txt; ' +
      'chmod 777 /dog/capture/report.txt; cat /dog/capture/report.txt';
    const result = await sandbox.run(spec(script));
    expect(result.stdout).toBe('file capture');
    expect(result.stderr).toMatch(/Read-only file system/);
    expect(await readFile(captureFile, 'utf8')).toBe('file capture');
  });

  test('cannot add to or change a directory capture', async () => {
    const script =
      'echo x > /dog/capture/new.txt; echo x > /dog/capture/page-01.txt; ' +
      'rm -f /dog/capture/page-01.txt; mkdir /dog/capture/sub; ls /dog/capture';
    const result = await sandbox.run(spec(script, { capturePath: captureDir }));
    expect(result.stdout).toBe('page-01.txt\n');
    expect(await readdir(captureDir)).toEqual(['page-01.txt']);
    expect(await readFile(join(captureDir, 'page-01.txt'), 'utf8')).toBe('page one');
  });

  describe('network', () => {
    let server: Server;
    let port: number;
    beforeAll(async () => {
      server = createServer((socket) => socket.end('hello from the host\n'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      port = address.port;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    function connect(target: Sandbox): ReturnType<Sandbox['run']> {
      const code =
        `require('net').connect(${port}, '127.0.0.1')` +
        `.on('data', d => { process.stdout.write('CONNECTED ' + d); process.exit(0); })` +
        `.on('error', e => { process.stdout.write('ERROR ' + e.code); process.exit(3); })`;
      return target.run({
        ...spec(''),
        argv: [process.execPath, '-e', code],
        readOnlyPaths: [process.execPath],
      });
    }

    test('a TCP connection to a host loopback server fails', async () => {
      const control = await connect(unisolated);
      expect(control.stdout).toContain('CONNECTED hello from the host');
      const result = await connect(sandbox);
      expect(result.exitCode).toBe(3);
      expect(result.stdout).toMatch(/^ERROR /);
    });
  });

  test('cannot create nested user namespaces', async () => {
    const result = await sandbox.run(spec('unshare --user --map-root-user /usr/bin/true'));
    expect(result.exitCode).not.toBe(0);
  });

  test('/tmp is private and bounded by its size', async () => {
    const settings = defaultSandboxSettings();
    settings.limits.tmpBytes = 1024 * 1024;
    const small = new BubblewrapSandbox({ settings });
    const script = `ls /tmp; head -c 3000000 /dev/zero > /tmp/big; echo status=$?`;
    const result = await small.run(spec(script));
    expect(result.stdout).toBe('status=1\n');
    expect(result.stderr).toMatch(/No space left on device/);
  });

  test('on timeout every process in the sandbox is killed', async () => {
    const marker = uniqueMarker();
    const script = `sleep ${marker} & (setsid sleep ${marker} &); sleep ${marker}; wait`;
    const running = sandbox.run(spec(script, { timeoutMs: 1500 }));
    await waitForProcesses(marker, 3);
    const result = await running;
    expect(result).toMatchObject({ timedOut: true, aborted: false, exitCode: null });
    expect(await survivorsAfter(marker)).toEqual([]);
  });

  test('on abort every process in the sandbox is killed', async () => {
    const marker = uniqueMarker();
    const controller = new AbortController();
    const running = sandbox.run(
      spec(`(setsid sleep ${marker} &); sleep ${marker}`, { signal: controller.signal }),
    );
    // bwrap, its init, the shell and a sleep: running, past bwrap's own start-up.
    await waitForProcesses(marker, 4);
    controller.abort();
    const result = await running;
    expect(result).toMatchObject({ aborted: true, timedOut: false });
    expect(await survivorsAfter(marker)).toEqual([]);
  });

  test('read-only paths are visible at the same path and not writable', async () => {
    const extra = join(root, 'lib');
    await mkdir(extra);
    await writeFile(join(extra, 'tool.txt'), 'tool');
    const result = await sandbox.run(
      spec(`cat ${extra}/tool.txt; echo x > ${extra}/tool.txt; echo x > ${extra}/new`, {
        readOnlyPaths: [extra],
      }),
    );
    expect(result.stdout).toBe('tool');
    expect(result.stderr).toMatch(/Read-only file system/);
    expect(await readdir(extra)).toEqual(['tool.txt']);
  });
});
