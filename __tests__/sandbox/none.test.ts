import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { prlimitAvailable } from '../../src/sandbox/limits.js';
import { NoIsolationSandbox } from '../../src/sandbox/none.js';
import type { SandboxSpec } from '../../src/sandbox/types.js';
import {
  removeTempDirs,
  survivorsAfter,
  tempDir,
  uniqueMarker,
  waitForProcesses,
} from './support.js';

let capturePath: string;
let scratchDir: string;

beforeEach(async () => {
  const root = await tempDir();
  capturePath = join(root, 'capture.txt');
  scratchDir = join(root, 'scratch');
  await writeFile(capturePath, 'captured bytes');
  await mkdir(scratchDir);
});
afterAll(removeTempDirs);

function spec(argv: string[], extra: Partial<SandboxSpec> = {}): SandboxSpec {
  return {
    argv,
    capturePath,
    scratchDir,
    readOnlyPaths: [],
    env: { PATH: '/usr/bin:/bin' },
    timeoutMs: 10_000,
    maxOutputBytes: 64 * 1024,
    ...extra,
  };
}

describe('NoIsolationSandbox', () => {
  const sandbox = new NoIsolationSandbox();

  test('is kind none and shows host paths, with TMPDIR inside the scratch', () => {
    const view = sandbox.view({ capturePath, scratchDir });
    expect(sandbox.kind).toBe('none');
    expect(view).toEqual({ capturePath, scratchDir, tmpDir: join(scratchDir, '.tmp') });
  });

  test('passes exactly the given environment, nothing inherited', async () => {
    process.env.DOG_TEST_PLANTED = 'planted-in-parent';
    try {
      const result = await sandbox.run(
        spec(['/usr/bin/env'], { env: { PATH: '/usr/bin:/bin', ONLY: 'this' } }),
      );
      expect(result.exitCode).toBe(0);
      expect(result.stdout.trim().split('\n').sort()).toEqual(['ONLY=this', 'PATH=/usr/bin:/bin']);
    } finally {
      delete process.env.DOG_TEST_PLANTED;
    }
  });

  test('runs in the scratch directory and creates TMPDIR there', async () => {
    const result = await sandbox.run(spec(['/bin/pwd']));
    expect(result.stdout.trim()).toBe(scratchDir);
    expect((await stat(join(scratchDir, '.tmp'))).isDirectory()).toBe(true);
  });

  test('reports exit codes and terminating signals', async () => {
    const exited = await sandbox.run(spec(['/bin/sh', '-c', 'echo out; echo err >&2; exit 3']));
    expect(exited).toMatchObject({ exitCode: 3, signal: null, stdout: 'out\n', stderr: 'err\n' });
    const killed = await sandbox.run(spec(['/bin/sh', '-c', 'kill -KILL $$']));
    expect(killed).toMatchObject({ exitCode: null, signal: 'SIGKILL', timedOut: false });
  });

  test('on timeout kills the whole process group and says so', async () => {
    const marker = uniqueMarker();
    const running = sandbox.run(
      spec(['/bin/sh', '-c', `sleep ${marker} & sleep ${marker}; wait`], { timeoutMs: 1500 }),
    );
    await waitForProcesses(marker, 2);
    const result = await running;
    expect(result.timedOut).toBe(true);
    expect(result.aborted).toBe(false);
    expect(result.durationMs).toBeGreaterThanOrEqual(1400);
    expect(await survivorsAfter(marker)).toEqual([]);
  });

  test('on abort kills the whole process group and says so', async () => {
    const marker = uniqueMarker();
    const controller = new AbortController();
    const running = sandbox.run(
      spec(['/bin/sh', '-c', `sleep ${marker} & sleep ${marker}; wait`], {
        signal: controller.signal,
      }),
    );
    await waitForProcesses(marker, 2);
    controller.abort();
    const result = await running;
    expect(result).toMatchObject({ aborted: true, timedOut: false });
    expect(await survivorsAfter(marker)).toEqual([]);
  });

  test('an already aborted signal starts nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await sandbox.run(
      spec(['/bin/sh', '-c', 'touch started'], { signal: controller.signal }),
    );
    expect(result.aborted).toBe(true);
    await expect(stat(join(scratchDir, 'started'))).rejects.toThrow();
  });

  test('keeps only the last maxOutputBytes of each stream and flags the loss', async () => {
    const script = 'head -c 3000000 /dev/zero | tr "\\0" a; echo END';
    const result = await sandbox.run(spec(['/bin/sh', '-c', script], { maxOutputBytes: 1000 }));
    expect(result.exitCode).toBe(0);
    expect(Buffer.byteLength(result.stdout)).toBe(1000);
    expect(result.stdout.endsWith('aaaEND\n')).toBe(true);
    expect(result.outputTruncated).toBe(true);
    expect(result.stdoutTruncated).toBe(true);
  });

  test('output within the bound is not flagged', async () => {
    const result = await sandbox.run(spec(['/bin/echo', 'short']));
    expect(result).toMatchObject({ stdout: 'short\n', outputTruncated: false });
  });

  test('rejects when the program cannot be started', async () => {
    const unlimited = new NoIsolationSandbox({ limits: null });
    await expect(unlimited.run(spec([join(scratchDir, 'no-such-program')]))).rejects.toThrow(
      /ENOENT/,
    );
  });

  (prlimitAvailable() ? test : test.skip)(
    'under prlimit a missing program is a failed exit that says why',
    async () => {
      const result = await sandbox.run(spec([join(scratchDir, 'no-such-program')]));
      expect(result.exitCode).toBe(127);
      expect(result.stderr).toContain('no-such-program');
    },
  );

  test('sees the capture at its host path', async () => {
    const result = await sandbox.run(spec(['/bin/cat', capturePath]));
    expect(result.stdout).toBe(await readFile(capturePath, 'utf8'));
  });

  (prlimitAvailable() ? test : test.skip)('applies file-size and open-file limits', async () => {
    const limited = new NoIsolationSandbox({ limits: { fileSizeBytes: 4096, openFiles: 64 } });
    const script = 'ulimit -n; head -c 10000 /dev/zero > big; wc -c < big';
    const result = await limited.run(spec(['/bin/sh', '-c', script]));
    const [openFiles, bytes] = result.stdout.trim().split('\n');
    expect(openFiles).toBe('64');
    expect(bytes?.trim()).toBe('4096');
  });
});
