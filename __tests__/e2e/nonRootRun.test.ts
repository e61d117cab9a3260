// `dog run` by a user who is not root (the GitHub runner refuses to run as root by default):
// the real CLI in its own process, on a directory target, with the sandbox on. The run must
// finish with a report and leave no run directory behind, although the materialized capture
// is read-only and, unlike root, this user cannot delete read-only directories' entries.
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunReport } from '../../src/core/report/model.js';
import { describeWithBwrap } from '../sandbox/support.js';
import { chownTree, dogProcess } from './cliProcess.js';
import { allOf, put } from './harness.js';

// When the suite runs as root, the run is made as this uid; otherwise as ourselves.
const USER_ID = 1500901;
const asRoot = process.getuid?.() === 0;

/** What stays in the work root besides the slot locks, once the guard has had its moment. */
async function leftBehind(workRoot: string): Promise<string[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const left = (await readdir(workRoot)).filter((name) => name !== 'slots');
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every file (not directory) below `dir`. */
async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(path)));
    else found.push(path);
  }
  return found;
}

const bases: string[] = [];
afterAll(() => Promise.all(bases.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A workspace, HOME and TMPDIR of the user, with one directory target. */
async function userTree(config: string): Promise<{ ws: string; env: Record<string, string> }> {
  const base = await mkdtemp(join(tmpdir(), 'dog-nonroot-'));
  bases.push(base);
  const ws = join(base, 'ws');
  await put(ws, 'build/nested/deeper/a.txt', 'first\n');
  await put(ws, 'build/b.txt', 'second\n');
  await put(
    ws,
    '.dog/graph.yaml',
    JSON.stringify(allOf({ built: { target: 'build', script: 'dir.non_empty' } })),
  );
  await put(ws, '.dog/config.yaml', config);
  await put(base, 'home/.keep', '');
  await put(base, 'tmp/.keep', '');
  if (asRoot) await chownTree(base, USER_ID);
  return {
    ws,
    env: { PATH: '/usr/bin:/bin', HOME: join(base, 'home'), TMPDIR: join(base, 'tmp') },
  };
}

async function runAsUser(ws: string, env: Record<string, string>): Promise<RunReport> {
  const result = await dogProcess(
    ['run', '--json', '--workspace', ws],
    env,
    asRoot ? USER_ID : undefined,
  );
  expect(result.stderr).not.toMatch(/internal error|EACCES/);
  expect(result.code).toBe(0);
  const report = JSON.parse(result.stdout) as RunReport;
  expect(report.rootState).toBe('success');
  return report;
}

describeWithBwrap('dog run by a user who is not root', () => {
  test('verifies a directory target in the sandbox, reports and removes its work dirs', async () => {
    const { ws, env } = await userTree('isolation: auto\n');
    const report = await runAsUser(ws, env);
    expect(report.isolation?.kind).toBe('bubblewrap');
    // Only the shared slot locks stay in the work root; every run's directory is gone (the
    // launcher's own goes with its cleanup guard, just after it exits).
    const user = asRoot ? USER_ID : process.getuid?.();
    expect(await leftBehind(join(env.TMPDIR as string, `dog-sandbox-${String(user)}`))).toEqual([]);
  }, 90_000);

  test('with isolation: none, after a killed run left a read-only capture, removes both', async () => {
    const { ws, env } = await userTree('isolation: none\n');
    // What a run killed mid-verification leaves: its materialized capture, read-only.
    const leftover = join(ws, '.dog/store/tmp/work/20260101T000000Z-000000/capture-0/capture');
    await put(leftover, 'a.txt', 'left\n', 0o444);
    await chmod(leftover, 0o555);
    if (asRoot) await chownTree(join(ws, '.dog'), USER_ID);

    const report = await runAsUser(ws, env);
    expect(report.isolation?.kind).toBe('none');
    expect(await filesUnder(join(ws, '.dog/store/tmp'))).toEqual([]);
  }, 90_000);
});
