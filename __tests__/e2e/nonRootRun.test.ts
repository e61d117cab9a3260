// `dog run` by a user who is not root (the GitHub runner refuses to run as root by default):
// the real CLI in its own process, on a directory target, with the sandbox on. The run must
// finish with a report and leave no run directory behind, although the materialized capture
// is read-only and, unlike root, this user cannot delete read-only directories' entries.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
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

let base: string | undefined;
afterAll(async () => {
  if (base) await rm(base, { recursive: true, force: true });
});

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
    if (asRoot) await chownTree(base, USER_ID);

    const env = { PATH: '/usr/bin:/bin', HOME: home, TMPDIR: tmp };
    const result = await dogProcess(
      ['run', '--json', '--workspace', ws],
      env,
      asRoot ? USER_ID : undefined,
    );

    expect(result.stderr).not.toMatch(/internal error|EACCES/);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as RunReport;
    expect(report.isolation?.kind).toBe('bubblewrap');
    expect(report.rootState).toBe('success');
    // Only the shared slot locks stay in the work root; every run's directory is gone (the
    // launcher's own goes with its cleanup guard, just after it exits).
    const user = asRoot ? USER_ID : process.getuid?.();
    expect(await leftBehind(join(tmp, `dog-sandbox-${String(user)}`))).toEqual([]);
  }, 90_000);
});
