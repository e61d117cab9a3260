// `dog run` by a user who is not root (the GitHub runner refuses to run as root by default):
// the real CLI in its own process, on a directory target, with the sandbox on. The run must
// finish with a report and leave no run directory behind, although the materialized capture
// is read-only and, unlike root, this user cannot delete read-only directories' entries.
import { spawn } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunReport } from '../../src/core/report/model.js';
import { describeWithBwrap } from '../sandbox/support.js';
import { allOf, put } from './harness.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const TSX = join(REPO, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs');
const CLI = join(REPO, 'src', 'cli', 'bin.ts');
const USER_ID = 1500901;
const asRoot = process.getuid?.() === 0;

type Outcome = { code: number | null; stdout: string; stderr: string };

/** The CLI as USER_ID (when we are root) or as ourselves (when we already are not). */
function dogAs(args: string[], env: Record<string, string>): Promise<Outcome> {
  const node = [process.execPath, '--import', TSX, CLI, ...args];
  const id = String(USER_ID);
  const [command, ...argv] = asRoot
    ? ['/usr/bin/setpriv', '--reuid', id, '--regid', id, '--clear-groups', '--', ...node]
    : node;
  const child = spawn(command as string, argv, { cwd: '/', env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

async function chownTree(dir: string): Promise<void> {
  await chown(dir, USER_ID, USER_ID);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(path);
    else await chown(path, USER_ID, USER_ID);
  }
}

let base: string;
afterAll(() => rm(base, { recursive: true, force: true }));

describeWithBwrap('dog run by a user who is not root', () => {
  test('verifies a directory target in the sandbox, reports and removes its work dirs', async () => {
    base = await mkdtemp(join(tmpdir(), 'dog-nonroot-'));
    const ws = join(base, 'ws');
    const home = join(base, 'home');
    const tmp = join(base, 'tmp');
    await put(ws, 'build/nested/deeper/a.txt', 'first\n');
    await put(ws, 'build/b.txt', 'second\n');
    await put(home, '.keep', '');
    await put(tmp, '.keep', '');
    const graph = allOf({ built: { target: 'build', script: 'dir.non_empty' } });
    await put(ws, '.dog/graph.yaml', JSON.stringify(graph));
    if (asRoot) await chownTree(base);

    const env = { PATH: '/usr/bin:/bin', HOME: home, TMPDIR: tmp };
    const result = await dogAs(['run', '--json', '--workspace', ws], env);

    expect(result.stderr).not.toMatch(/internal error|EACCES/);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as RunReport;
    expect(report.isolation?.kind).toBe('bubblewrap');
    expect(report.rootState).toBe('success');
    // Only the shared slot locks stay in the work root; every run's directory is gone.
    const user = asRoot ? USER_ID : process.getuid?.();
    const left = await readdir(join(tmp, `dog-sandbox-${String(user)}`));
    expect(left.filter((name) => name !== 'slots')).toEqual([]);
  }, 90_000);
});
