// A runner that is not root (the usual self-hosted setup): the sandbox runs as the runner's
// own uid, still fully isolated, and says honestly which limits need cgroup delegation.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describeWithBwrap } from '../sandbox/support.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const RUNNER_UID = '1500900';

type Doctor = {
  ready: boolean;
  launcherUid: number;
  checks: { name: string; ok: boolean }[];
  limits: { name: string; enforced: boolean; detail: string }[];
};

function doctorAs(uid: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const argv = ['--reuid', uid, '--regid', uid, '--clear-groups', '--', process.execPath];
  const child = spawn(
    '/usr/bin/setpriv',
    [...argv, '--import', 'tsx', 'src/cli/bin.ts', 'companion', 'doctor', '--json'],
    { cwd: REPO, env: { PATH: '/usr/bin:/bin', HOME: '/tmp' } },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describeWithBwrap('a launcher that is not root', () => {
  test('gets every isolation property, and each limit says whether it is enforced and why', async () => {
    if (process.getuid?.() !== 0) {
      // This whole suite then runs as a non-root launcher already.
      console.warn('SKIPPED: needs root to start a launcher as another, unprivileged uid');
      return;
    }
    const result = await doctorAs(RUNNER_UID);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as Doctor;
    expect(report.ready).toBe(true);
    expect(report.launcherUid).toBe(Number(RUNNER_UID));
    expect(report.checks.every((check) => check.ok)).toBe(true);
    const identity = report.limits.find((limit) => limit.name === 'identity');
    expect(identity).toMatchObject({
      enforced: true,
      detail: `the launcher's unprivileged uid ${RUNNER_UID}`,
    });
    for (const name of ['memory', 'processes']) {
      const limit = report.limits.find((entry) => entry.name === name);
      expect(limit?.detail).toMatch(limit?.enforced ? /cgroup/ : /^not enforced: .+/);
    }
  }, 60_000);
});
