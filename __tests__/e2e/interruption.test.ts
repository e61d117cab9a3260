import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { processesWith } from '../sandbox/support.js';
import { allOf, dog, put, runJson, workspace } from './harness.js';

const BIN = resolve('src/cli/bin.ts');
const TSX = pathToFileURL(resolve('node_modules/tsx/dist/loader.mjs')).href;

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A host script that marks that it started, then sleeps long enough to be interrupted. */
const SLOW =
  '#!/bin/sh\necho started > "$HOME/started"\nsleep 30\necho \'{"verdict":"pass","evidence":"slept"}\'\n';

async function slowWorkspace(): Promise<string> {
  const ws = await workspace(
    { 'fast.txt': 'fast', 'slow.txt': 'slow' },
    allOf(
      {
        fast: { target: 'fast.txt', script: 'file.non_empty' },
        slow: { target: 'slow.txt', script: 'slow' },
      },
      [{ source: 'slow', target: 'fast' }],
    ),
    { concurrency: 2 },
  );
  await put(ws, '.dog/scripts/slow', SLOW, 0o755);
  return ws;
}

// The scratch is the sandbox's memory, not a host directory: the slow script is seen running
// by its command line, which names its path in the workspace's library.
async function slowStarted(ws: string): Promise<boolean> {
  return (await processesWith(join(ws, '.dog/scripts/slow'))).length > 0;
}

describe('cancellation and killed runs', () => {
  test('Ctrl-C cancels: exit 130, the running verification is cancelled, finished records are kept', async () => {
    const ws = await slowWorkspace();
    const controller = new AbortController();
    const running = dog(['run', '--json'], ws, controller.signal);
    await waitFor(() => slowStarted(ws), 20_000);
    controller.abort();
    const result = await running;
    expect(result.code).toBe(130);
    const report = JSON.parse(result.stdout) as {
      rootState: string;
      nodes: Record<string, { state: string }>;
    };
    expect(report.rootState).toBe('cancelled');
    expect(report.nodes.fast?.state).toBe('success');
    expect(report.nodes.slow?.state).toBe('cancelled');
    // The finished verification is kept: the next run inherits it.
    await put(
      ws,
      '.dog/scripts/slow',
      '#!/bin/sh\necho \'{"verdict":"pass","evidence":"quick"}\'\n',
      0o755,
    );
    const next = await runJson(ws);
    expect(next.report.nodes.fast).toMatchObject({ inherited: true });
    expect(next.code).toBe(0);
  });

  test('a run killed with SIGKILL mid-verification leaves a store the next run uses', async () => {
    const ws = await slowWorkspace();
    const child = spawn(process.execPath, ['--import', TSX, BIN, 'run'], {
      cwd: ws,
      stdio: 'ignore',
    });
    await waitFor(() => slowStarted(ws), 30_000);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const lock = await readFile(join(ws, '.dog/store/lock'), 'utf8');
    expect(JSON.parse(lock)).toMatchObject({ pid: child.pid });
    await put(
      ws,
      '.dog/scripts/slow',
      '#!/bin/sh\necho \'{"verdict":"pass","evidence":"quick"}\'\n',
      0o755,
    );
    const next = await runJson(ws);
    expect(next.code).toBe(0);
    expect(next.stderr).toMatch(/run \S+ was interrupted/);
    expect(next.report.nodes.fast).toMatchObject({ state: 'success', inherited: true });
    expect(next.report.nodes.slow).toMatchObject({ state: 'success', inherited: false });
    const status = await dog(['status', '--json'], ws);
    expect((JSON.parse(status.stdout) as { runId: string }).runId).toBe(next.report.runId);
  }, 60_000);
});
