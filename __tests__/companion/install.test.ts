// `dog companion install` against a directory standing in for "/": its files are real files,
// its commands (apt-get, apparmor_parser, sysctl, bwrap) are recorded instead of run — they
// would change this machine.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { APPARMOR_PROFILE_PATH } from '../../src/companion/apparmor.js';
import { DEFAULT_SETTINGS_TEXT, install, type InstallStep } from '../../src/companion/install.js';
import { HostSystem, type CommandResult } from '../../src/companion/system.js';
import {
  COMPANION_CONFIG_PATH,
  defaultCompanionSettings,
  parseCompanionSettings,
} from '../../src/config/companion.js';

const UBUNTU = 'PRETTY_NAME="Ubuntu 24.04.1 LTS"\nID=ubuntu\nID_LIKE=debian\n';
const DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n';

class RecordingSystem extends HostSystem {
  readonly commands: string[][] = [];
  constructor(
    prefix: string,
    private readonly answers: Record<string, CommandResult>,
  ) {
    super(prefix);
  }
  override run(argv: readonly string[]): Promise<CommandResult> {
    this.commands.push([...argv]);
    return Promise.resolve(this.answers[argv[0] ?? ''] ?? { code: 0, stdout: '', stderr: '' });
  }
}

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'dog-install-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}

async function hostWith(files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) await put(path, text);
}

const BWRAP_OK = { '/usr/bin/bwrap': { code: 0, stdout: 'bubblewrap 0.9.0\n', stderr: '' } };
const BWRAP_MISSING = { '/usr/bin/bwrap': { code: 127, stdout: '', stderr: 'not found' } };
const TOOLS = { '/usr/bin/prlimit': '', '/usr/bin/setpriv': '' };

function statusOf(steps: InstallStep[], step: string): string | undefined {
  return steps.find((entry) => entry.step === step)?.status;
}

describe('dog companion install', () => {
  test('on Ubuntu 24.04 it installs bubblewrap, loads an AppArmor profile and writes the settings', async () => {
    await hostWith({
      '/etc/os-release': UBUNTU,
      '/proc/sys/kernel/apparmor_restrict_unprivileged_userns': '1\n',
      '/proc/sys/user/max_user_namespaces': '63000\n',
      ...TOOLS,
    });
    const system = new RecordingSystem(root, BWRAP_MISSING);
    const steps = await install(system, { dryRun: false });
    expect(steps.map((step) => [step.step, step.status])).toEqual([
      ['distribution', 'ok'],
      ['bubblewrap', 'changed'],
      ['util-linux', 'ok'],
      ['apparmor', 'changed'],
      ['user namespaces', 'ok'],
      ['settings', 'changed'],
      ['directories', 'changed'],
    ]);
    expect(system.commands).toEqual([
      ['/usr/bin/bwrap', '--version'],
      ['apt-get', 'install', '-y', 'bubblewrap'],
      ['apparmor_parser', '-r', APPARMOR_PROFILE_PATH],
    ]);
    const profile = await readFile(join(root, APPARMOR_PROFILE_PATH), 'utf8');
    expect(profile).toMatch(
      /profile dog-bwrap \/usr\/bin\/bwrap flags=\(unconfined\) \{\n {2}userns,/,
    );
    const settings = await readFile(join(root, COMPANION_CONFIG_PATH), 'utf8');
    expect(settings).toBe(DEFAULT_SETTINGS_TEXT);
    expect((await stat(join(root, '/var/lib/dog/sandbox'))).mode & 0o777).toBe(0o711);
  });

  test('a second run changes nothing', async () => {
    await hostWith({
      '/etc/os-release': DEBIAN,
      '/proc/sys/user/max_user_namespaces': '63000\n',
      ...TOOLS,
    });
    await install(new RecordingSystem(root, BWRAP_OK), { dryRun: false });
    const again = new RecordingSystem(root, BWRAP_OK);
    const steps = await install(again, { dryRun: false });
    expect(steps.every((step) => step.status === 'ok')).toBe(true);
    expect(again.commands).toEqual([['/usr/bin/bwrap', '--version']]);
  });

  test('--dry-run says what it would change and changes nothing', async () => {
    await hostWith({
      '/etc/os-release': UBUNTU,
      '/proc/sys/kernel/apparmor_restrict_unprivileged_userns': '1\n',
      '/proc/sys/kernel/unprivileged_userns_clone': '0\n',
    });
    const system = new RecordingSystem(root, BWRAP_MISSING);
    const steps = await install(system, { dryRun: true });
    for (const step of [
      'bubblewrap',
      'util-linux',
      'apparmor',
      'user namespaces',
      'settings',
      'directories',
    ])
      expect(statusOf(steps, step)).toBe('would_change');
    expect(system.commands).toEqual([['/usr/bin/bwrap', '--version']]);
    await expect(stat(join(root, COMPANION_CONFIG_PATH))).rejects.toThrow();
    await expect(stat(join(root, APPARMOR_PROFILE_PATH))).rejects.toThrow();
  });

  test('an old bubblewrap fails with what to do', async () => {
    await hostWith({ '/etc/os-release': DEBIAN, ...TOOLS });
    const steps = await install(
      new RecordingSystem(root, {
        '/usr/bin/bwrap': { code: 0, stdout: 'bubblewrap 0.6.1\n', stderr: '' },
      }),
      { dryRun: true },
    );
    expect(steps.find((step) => step.step === 'bubblewrap')).toMatchObject({
      status: 'failed',
      detail: expect.stringMatching(/0\.6\.1 is older than 0\.8/),
    });
  });

  test('a failing apt-get is reported, not hidden', async () => {
    await hostWith({ '/etc/os-release': DEBIAN, ...TOOLS });
    const system = new RecordingSystem(root, {
      ...BWRAP_MISSING,
      'apt-get': { code: 100, stdout: '', stderr: 'E: Unable to locate package bubblewrap' },
    });
    const steps = await install(system, { dryRun: false });
    expect(steps.find((step) => step.step === 'bubblewrap')).toMatchObject({
      status: 'failed',
      detail: expect.stringMatching(/exited with 100: E: Unable to locate package/),
    });
  });

  test('an existing settings file is validated and left alone; an invalid one fails', async () => {
    await hostWith({
      '/etc/os-release': DEBIAN,
      ...TOOLS,
      [COMPANION_CONFIG_PATH]: 'isolation: sometimes\n',
    });
    const steps = await install(new RecordingSystem(root, BWRAP_OK), { dryRun: false });
    expect(steps.find((step) => step.step === 'settings')).toMatchObject({
      status: 'failed',
      detail: expect.stringMatching(/invalid/),
    });
    expect(await readFile(join(root, COMPANION_CONFIG_PATH), 'utf8')).toBe(
      'isolation: sometimes\n',
    );
  });

  test('another distribution is refused with where to find the manual steps', async () => {
    await hostWith({ '/etc/os-release': 'ID=fedora\nPRETTY_NAME="Fedora Linux 41"\n' });
    const steps = await install(new RecordingSystem(root, BWRAP_OK), { dryRun: false });
    expect(steps).toEqual([
      {
        step: 'distribution',
        status: 'failed',
        detail: expect.stringMatching(/Fedora.*docs\/security\.md/),
      },
    ]);
  });
});

describe('companion settings', () => {
  test('the settings install writes are the defaults, with the host paths', () => {
    const written = parseCompanionSettings(DEFAULT_SETTINGS_TEXT, COMPANION_CONFIG_PATH);
    const defaults = defaultCompanionSettings();
    expect(written.sandbox.limits).toEqual(defaults.sandbox.limits);
    expect(written.sandbox.uidBase).toBe(defaults.sandbox.uidBase);
    expect(written.sandbox.slots).toBe(defaults.sandbox.slots);
    expect(written.gateway).toEqual(defaults.gateway);
    expect(written.sandbox.workRoot).toBe('/var/lib/dog/sandbox');
    expect(written.store).toEqual({ path: '/var/lib/dog/store', maxBytes: 10 * 1024 ** 3 });
  });

  test('unknown keys and bad values are refused with their place', () => {
    expect(() => parseCompanionSettings('sandbox: {slots: 0}\n', 'c.yaml')).toThrow(
      /invalid host configuration/,
    );
    try {
      parseCompanionSettings('sandbox:\n  limits: {memory: 5}\n', 'c.yaml');
      throw new Error('accepted');
    } catch (error) {
      expect(JSON.stringify((error as { problems?: unknown }).problems)).toContain(
        '/sandbox/limits',
      );
    }
  });
});
