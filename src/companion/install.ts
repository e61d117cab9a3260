// `dog companion install`: checks a Debian/Ubuntu runner host and makes the changes the
// sandbox needs, one step at a time, saying what it found and what it changed.
import { COMPANION_CONFIG_PATH, parseCompanionSettings } from '../config/companion.js';
import { parseBwrapVersion } from '../sandbox/preflight.js';
import { APPARMOR_PROFILE_PATH, APPARMOR_RESTRICT_SYSCTL, apparmorProfile } from './apparmor.js';
import type { SystemOps } from './system.js';

export type StepStatus = 'ok' | 'changed' | 'would_change' | 'manual' | 'failed';
export type InstallStep = { step: string; status: StepStatus; detail: string };
export type InstallOptions = { dryRun: boolean };

const BWRAP = '/usr/bin/bwrap';
const WORK_ROOT = '/var/lib/dog/sandbox';
const STORE_ROOT = '/var/lib/dog/store';
const USERNS_SYSCTL_FILE = '/etc/sysctl.d/60-dog-userns.conf';

export const DEFAULT_SETTINGS_TEXT = `# yaml-language-server: $schema=https://dog.dev/schemas/companion.schema.json
# DoG companion settings for this machine (written by "dog companion install").
# Every verification runs in a bubblewrap sandbox; "isolation: none" turns that off.
isolation: bubblewrap
sandbox:
  workRoot: ${WORK_ROOT}
  uidBase: 1500000        # slot N runs as uid/gid 1500000+N when the runner is root
  slots: 64
  limits:
    memoryBytes: 2147483648
    pids: 256
    cpuSeconds: 900
    fileSizeBytes: 268435456
    openFiles: 1024
    scratchBytes: 536870912
    tmpBytes: 67108864
store:
  path: ${STORE_ROOT}
  maxBytes: 10737418240
gateway:
  maxRequestBytes: 4194304
  requestsPerMinute: 120
`;

type Step = (ops: SystemOps, options: InstallOptions) => Promise<InstallStep>;

/** Runs every step in order; a failed step does not stop the ones after it. */
export async function install(ops: SystemOps, options: InstallOptions): Promise<InstallStep[]> {
  const distro = await distribution(ops);
  if (!distro.supported)
    return [
      {
        step: 'distribution',
        status: 'failed',
        detail: `${distro.name}: install knows Debian and Ubuntu only; docs/security.md lists the steps to take by hand`,
      },
    ];
  const steps: InstallStep[] = [{ step: 'distribution', status: 'ok', detail: distro.name }];
  for (const step of [
    bubblewrapStep,
    utilLinuxStep,
    apparmorStep,
    usernsStep,
    settingsStep,
    directoriesStep,
  ])
    steps.push(await step(ops, options));
  return steps;
}

async function distribution(ops: SystemOps): Promise<{ name: string; supported: boolean }> {
  const text = (await ops.readText('/etc/os-release')) ?? '';
  const field = (key: string): string =>
    new RegExp(`^${key}=("?)([^"\\n]*)\\1$`, 'm').exec(text)?.[2] ?? '';
  const ids = `${field('ID')} ${field('ID_LIKE')}`.split(/\s+/);
  const name = field('PRETTY_NAME') || field('ID') || 'unknown distribution';
  return { name, supported: ids.includes('debian') || ids.includes('ubuntu') };
}

async function change(
  ops: SystemOps,
  options: InstallOptions,
  step: string,
  detail: string,
  argv: readonly string[],
): Promise<InstallStep> {
  if (options.dryRun)
    return { step, status: 'would_change', detail: `${detail}: would run ${argv.join(' ')}` };
  const result = await ops.run(argv);
  if (result.code !== 0)
    return {
      step,
      status: 'failed',
      detail: `${argv.join(' ')} exited with ${result.code}: ${result.stderr.trim().split('\n').slice(-2).join(' ')}`,
    };
  return { step, status: 'changed', detail: `${detail}: ran ${argv.join(' ')}` };
}

const bubblewrapStep: Step = async (ops, options) => {
  const ran = await ops.run([BWRAP, '--version']);
  const found = ran.code === 0 ? parseBwrapVersion(ran.stdout) : undefined;
  if (found) {
    if (found.recent)
      return { step: 'bubblewrap', status: 'ok', detail: `${BWRAP} ${found.version}` };
    return {
      step: 'bubblewrap',
      status: 'failed',
      detail: `bubblewrap ${found.version} is older than 0.8; install a newer package (backports) by hand`,
    };
  }
  return change(ops, options, 'bubblewrap', 'bubblewrap is not installed', [
    'apt-get',
    'install',
    '-y',
    'bubblewrap',
  ]);
};

const utilLinuxStep: Step = async (ops, options) => {
  const missing: string[] = [];
  for (const tool of ['/usr/bin/prlimit', '/usr/bin/setpriv'])
    if (!(await ops.exists(tool))) missing.push(tool);
  if (missing.length === 0)
    return { step: 'util-linux', status: 'ok', detail: 'prlimit and setpriv present' };
  return change(ops, options, 'util-linux', `missing ${missing.join(', ')}`, [
    'apt-get',
    'install',
    '-y',
    'util-linux',
  ]);
};

const apparmorStep: Step = async (ops, options) => {
  const restricted = (await ops.readText(APPARMOR_RESTRICT_SYSCTL))?.trim();
  if (restricted !== '1')
    return {
      step: 'apparmor',
      status: 'ok',
      detail: 'unprivileged user namespaces are not restricted by AppArmor',
    };
  const wanted = apparmorProfile(BWRAP);
  if ((await ops.readText(APPARMOR_PROFILE_PATH)) === wanted)
    return {
      step: 'apparmor',
      status: 'ok',
      detail: `${APPARMOR_PROFILE_PATH} grants bubblewrap user namespaces`,
    };
  if (options.dryRun)
    return {
      step: 'apparmor',
      status: 'would_change',
      detail: `would write ${APPARMOR_PROFILE_PATH} and load it with apparmor_parser -r`,
    };
  await ops.writeText(APPARMOR_PROFILE_PATH, wanted, 0o644);
  const loaded = await change(ops, options, 'apparmor', `wrote ${APPARMOR_PROFILE_PATH}`, [
    'apparmor_parser',
    '-r',
    APPARMOR_PROFILE_PATH,
  ]);
  return loaded;
};

const usernsStep: Step = async (ops, options) => {
  const clone = (await ops.readText('/proc/sys/kernel/unprivileged_userns_clone'))?.trim();
  const max = (await ops.readText('/proc/sys/user/max_user_namespaces'))?.trim();
  if (clone !== '0' && max !== '0')
    return {
      step: 'user namespaces',
      status: 'ok',
      detail: `enabled (max_user_namespaces ${max ?? '?'})`,
    };
  const lines = [
    clone === '0' ? 'kernel.unprivileged_userns_clone = 1' : '',
    max === '0' ? 'user.max_user_namespaces = 15000' : '',
  ].filter(Boolean);
  if (options.dryRun)
    return {
      step: 'user namespaces',
      status: 'would_change',
      detail: `would write ${USERNS_SYSCTL_FILE} (${lines.join('; ')}) and apply it`,
    };
  await ops.writeText(
    USERNS_SYSCTL_FILE,
    `# Written by "dog companion install"\n${lines.join('\n')}\n`,
    0o644,
  );
  return change(ops, options, 'user namespaces', `wrote ${USERNS_SYSCTL_FILE}`, [
    'sysctl',
    '-p',
    USERNS_SYSCTL_FILE,
  ]);
};

const settingsStep: Step = async (ops, options) => {
  const existing = await ops.readText(COMPANION_CONFIG_PATH);
  if (existing !== undefined) {
    try {
      parseCompanionSettings(existing, COMPANION_CONFIG_PATH);
      return {
        step: 'settings',
        status: 'ok',
        detail: `${COMPANION_CONFIG_PATH} is valid (left as it is)`,
      };
    } catch (error) {
      return {
        step: 'settings',
        status: 'failed',
        detail: `${COMPANION_CONFIG_PATH} is invalid: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
  if (options.dryRun)
    return {
      step: 'settings',
      status: 'would_change',
      detail: `would write ${COMPANION_CONFIG_PATH} with the defaults`,
    };
  await ops.makeDir('/etc/dog', 0o755);
  await ops.writeText(COMPANION_CONFIG_PATH, DEFAULT_SETTINGS_TEXT, 0o644);
  return {
    step: 'settings',
    status: 'changed',
    detail: `wrote ${COMPANION_CONFIG_PATH} with the defaults`,
  };
};

const directoriesStep: Step = async (ops, options) => {
  const missing: string[] = [];
  for (const dir of [WORK_ROOT, STORE_ROOT]) if (!(await ops.exists(dir))) missing.push(dir);
  if (missing.length === 0)
    return { step: 'directories', status: 'ok', detail: `${WORK_ROOT} and ${STORE_ROOT} exist` };
  if (options.dryRun)
    return {
      step: 'directories',
      status: 'would_change',
      detail: `would create ${missing.join(', ')}`,
    };
  // Traversable, not listable, for the sandbox work root; readable for the shared store.
  for (const dir of missing) await ops.makeDir(dir, dir === WORK_ROOT ? 0o711 : 0o755);
  return { step: 'directories', status: 'changed', detail: `created ${missing.join(', ')}` };
};
