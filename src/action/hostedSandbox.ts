// On a GitHub-hosted runner a fresh virtual machine is no boundary between a verification and
// the job's own secrets: a script that runs unsandboxed reads ACTIONS_RUNTIME_TOKEN, the token
// input and provider keys from /proc/<pid>/environ of the process that started it. So before a
// step verifies anything there, the sandbox must work. Hosted Linux runners have passwordless
// sudo: when the preflight fails, bubblewrap is installed if missing and its user namespaces
// are allowed for this job (Ubuntu 24.04's AppArmor blocks them), each step logged as a group,
// then the preflight runs again. If it still fails, the step is refused.
import { execFile } from 'node:child_process';
import { UserError } from '../core/errors.js';
import { BubblewrapSandbox } from '../sandbox/bubblewrap.js';
import { checkSandbox, findBwrap } from '../sandbox/preflight.js';
import type { SandboxSettings } from '../sandbox/settings.js';
import type { ActionLog } from './services.js';

const STEP_TIMEOUT_MS = 300_000;
const ALLOW_USERNS = 'kernel.apparmor_restrict_unprivileged_userns=0';
const INSTALL_BWRAP = ['apt-get', 'install', '-y', '-q', '--no-install-recommends', 'bubblewrap'];

type Check = { ok: boolean; reason: string; installed: boolean };

export type HostedSandboxOptions = {
  env: NodeJS.ProcessEnv;
  settings: SandboxSettings;
  log: ActionLog;
};

/** Makes bubblewrap usable on this hosted Linux runner, or refuses with the fix. */
export async function prepareHostedSandbox(options: HostedSandboxOptions): Promise<void> {
  const { env, log } = options;
  if (env.RUNNER_OS !== 'Linux')
    throw new UserError(
      `DoG has no sandbox for verifications on a ${env.RUNNER_OS ?? 'non-Linux'} runner, and unsandboxed they would run in the process tree that holds this job's secrets. Run the verify steps on a Linux runner (runs-on: ubuntu-latest), or set isolation: none in the DoG configuration to accept running them unsandboxed.`,
    );
  const check = checker(options);
  let state = await check();
  if (state.ok) return;
  log.info(`DoG: the sandbox does not work on this runner yet (${state.reason}); setting it up`);
  if (!state.installed) {
    const installed = await sudo(options, 'install bubblewrap', INSTALL_BWRAP);
    if (!installed) {
      await sudo(options, 'refresh the package lists', ['apt-get', 'update', '-q']);
      await sudo(options, 'install bubblewrap', INSTALL_BWRAP);
    }
    state = await check();
  }
  if (!state.ok && state.installed) {
    await sudo(options, "allow bubblewrap's user namespaces for this job", [
      'sysctl',
      '-w',
      ALLOW_USERNS,
    ]);
    state = await check();
  }
  if (state.ok) {
    log.info('DoG: the sandbox works now; every verification of this step runs in it');
    return;
  }
  throw new UserError(
    `the verification sandbox cannot be set up on this GitHub-hosted runner (${state.reason}). Unsandboxed, verifications would run in the process tree that holds this job's secrets (ACTIONS_RUNTIME_TOKEN, the token input, provider keys), so none ran. Fix: before this step run "sudo apt-get install -y bubblewrap" and "sudo sysctl -w ${ALLOW_USERNS}", or set isolation: none in the DoG configuration to accept running them unsandboxed.`,
    [{ pointer: '/isolation', message: `bubblewrap unavailable: ${state.reason}` }],
  );
}

/** Runs the preflight against whatever bwrap PATH (or /usr/bin) holds now. */
function checker({ env, settings }: HostedSandboxOptions): () => Promise<Check> {
  const sandboxes = new Map<string, BubblewrapSandbox>();
  return async () => {
    const bwrapPath = findBwrap(env.PATH);
    if (!bwrapPath) return { ok: false, reason: 'bubblewrap is not installed', installed: false };
    let sandbox = sandboxes.get(bwrapPath);
    if (!sandbox)
      sandboxes.set(bwrapPath, (sandbox = new BubblewrapSandbox({ bwrapPath, settings })));
    const result = await checkSandbox(sandbox);
    return { ok: result.ok, reason: result.reason ?? 'unknown', installed: true };
  };
}

/**
 * `sudo -n <argv>`, non-interactive and without a shell, in a log group of its own. The
 * command's environment holds only PATH: nothing of the job's secrets.
 */
function sudo(
  { env, log }: HostedSandboxOptions,
  title: string,
  argv: readonly string[],
): Promise<boolean> {
  log.group(`DoG: ${title} (sudo -n ${argv.join(' ')})`);
  return new Promise((resolve) => {
    execFile(
      'sudo',
      ['-n', ...argv],
      {
        env: { PATH: env.PATH ?? '/usr/bin:/bin', DEBIAN_FRONTEND: 'noninteractive' },
        timeout: STEP_TIMEOUT_MS,
        maxBuffer: 4 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const output = `${stdout}${stderr}`.trim().split('\n').slice(-20).join('\n');
        if (output) log.info(output);
        log.info(error ? `failed: ${error.message.split('\n')[0]}` : 'done');
        log.endGroup();
        resolve(!error);
      },
    );
  });
}
