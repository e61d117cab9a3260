// The bundled action on a GitHub-hosted Linux runner: verifications run only in the sandbox.
// When its preflight fails the action sets it up with `sudo -n` (stand-ins for sudo and bwrap
// record what they were asked, with the real bwrap behind them), refuses when that does not
// help, and runs unsandboxed only under an explicit `isolation: none`, saying so. A probe
// script looks for the job's secrets in every /proc/*/environ it can see. On a self-hosted
// runner only the machine's settings can switch the sandbox off.
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TRUSTED } from './fixtures.js';
import type { ActionResult } from '../../support/actions/runner.js';
import { testWithBwrap } from '../../sandbox/support.js';
import { expectOk, reportOf, TOKEN, World, type Files } from './world.js';

const TIMEOUT = 240_000;
let world: World;
let machine: string;

beforeAll(async () => {
  world = await World.start(TRUSTED);
  machine = await mkdtemp(join(tmpdir(), 'dog-hosted-'));
  await chmod(machine, 0o755);
}, 60_000);

afterAll(async () => {
  await world?.stop();
  await rm(machine, { recursive: true, force: true });
});

afterEach(() => {
  expect(world.api.takeViolations()).toEqual([]);
});

const GRAPH = `schemaVersion: "1"
id: hosted
root: probe
nodes:
  probe:
    kind: leaf
    title: No secret of the job is readable
    target: docs/guide.md
    verifier: {mode: programmatic, script: probe}
`;

/**
 * Writes a marker (where the host can see it only without a sandbox), then passes only if no
 * /proc/<pid>/environ it can read holds the runtime token or the token input.
 */
function probeScript(marker: string): string {
  return `#!/bin/sh
echo ran > '${marker}' 2>/dev/null
seen=0; leaked=0
for f in /proc/[0-9]*/environ; do
  tr '\\000' '\\n' < "$f" > /dev/null 2>&1 || continue
  seen=$((seen + 1))
  if tr '\\000' '\\n' < "$f" | grep -q -F -e ACTIONS_RUNTIME_TOKEN= -e '${TOKEN}'; then leaked=$((leaked + 1)); fi
done
if [ "$leaked" -eq 0 ]; then v=pass; else v=fail; fi
printf '{"verdict":"%s","evidence":{"readable":%d,"leaking":%d}}\\n' "$v" "$seen" "$leaked" > "$DOG_OUTPUT"
`;
}

function checkout(marker: string, config = ''): Files {
  return {
    '.dog/graph.yaml': GRAPH,
    '.dog/scripts/probe': probeScript(marker),
    ...(config ? { '.dog/config.yaml': config } : {}),
    'docs/guide.md': `# Guide ${marker}\n`,
  };
}

/** A bin directory with a recording `sudo` and a `bwrap` that works once userns is allowed. */
async function standIns(name: string, sudoWorks: boolean): Promise<{ bin: string; log: string }> {
  const bin = join(machine, name);
  await mkdir(bin, { recursive: true });
  await chmod(bin, 0o755);
  const log = join(bin, 'sudo.log');
  const allowed = join(bin, 'userns-allowed');
  await writeFile(
    join(bin, 'sudo'),
    `#!/bin/sh
echo "$*" >> '${log}'
${sudoWorks ? '' : 'echo "sudo: a password is required" >&2; exit 1'}
if [ "$*" = "-n sysctl -w kernel.apparmor_restrict_unprivileged_userns=0" ]; then : > '${allowed}'; fi
exit 0
`,
    { mode: 0o755 },
  );
  // Like bwrap on Ubuntu 24.04 until AppArmor lets it create user namespaces.
  await writeFile(
    join(bin, 'bwrap'),
    `#!/bin/sh
if [ -e '${allowed}' ]; then exec /usr/bin/bwrap "$@"; fi
echo "bwrap: setting up uid map: Permission denied" >&2
exit 1
`,
    { mode: 0o755 },
  );
  return { bin, log };
}

function runHosted(
  runId: number,
  files: Files,
  bin?: string,
  environment = 'github-hosted',
): Promise<ActionResult> {
  return world.step({
    runId,
    job: 'dog',
    files,
    event: 'push',
    inputs: { command: 'run' },
    extraEnv: {
      RUNNER_ENVIRONMENT: environment,
      RUNNER_OS: 'Linux',
      ...(bin ? { PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}` } : {}),
    },
  });
}

async function sudoCalls(log: string): Promise<string[]> {
  return existsSync(log) ? (await readFile(log, 'utf8')).trim().split('\n') : [];
}

test(
  'a sandbox that cannot be set up refuses the step: exit 2, and no verification ran',
  async () => {
    const { bin, log } = await standIns('broken', false);
    const marker = join(machine, 'marker-refused');
    const result = await runHosted(70, checkout(marker), bin);
    expect(result.code).toBe(2);
    const error = result.commands.find((command) => command.command === 'error');
    expect(error?.message).toMatch(/cannot be set up on this GitHub-hosted runner/);
    expect(error?.message).toMatch(/isolation: none/);
    expect(existsSync(marker)).toBe(false);
    expect(await sudoCalls(log)).toEqual([
      '-n sysctl -w kernel.apparmor_restrict_unprivileged_userns=0',
    ]);
  },
  TIMEOUT,
);

testWithBwrap(
  'a sandbox that works after the set-up runs every verification in it, out of reach of the secrets',
  async () => {
    const { bin, log } = await standIns('fixable', true);
    const marker = join(machine, 'marker-sandboxed');
    const result = await runHosted(71, checkout(marker), bin);
    expectOk(result, 'run');
    expect(await sudoCalls(log)).toEqual([
      '-n sysctl -w kernel.apparmor_restrict_unprivileged_userns=0',
    ]);
    expect(result.stdout).toMatch(/::group::DoG: allow bubblewrap's user namespaces/);
    const report = await reportOf(result);
    expect(report.isolation).toMatchObject({ kind: 'bubblewrap' });
    expect(report.nodes.probe).toMatchObject({ state: 'success', evidence: { leaking: 0 } });
    expect((report.nodes.probe?.evidence as { readable: number }).readable).toBeGreaterThan(0);
    expect(existsSync(marker)).toBe(false);
  },
  TIMEOUT,
);

test(
  'an explicit isolation: none runs unsandboxed, and report, summary and check run say so',
  async () => {
    const { bin, log } = await standIns('unused', true);
    const marker = join(machine, 'marker-unsandboxed');
    const result = await runHosted(72, checkout(marker, 'isolation: none\n'), bin);
    expect(await sudoCalls(log)).toEqual([]);
    // Unsandboxed, the probe reads the job's secrets from its parent's environ.
    expect(existsSync(marker)).toBe(true);
    const report = await reportOf(result);
    expect(report.nodes.probe).toMatchObject({ state: 'failure' });
    expect((report.nodes.probe?.evidence as { leaking: number }).leaking).toBeGreaterThan(0);
    const unsandboxed = /verifications ran unsandboxed in the job's process tree/;
    expect(report.isolation).toMatchObject({
      kind: 'none',
      note: expect.stringMatching(unsandboxed),
    });
    expect(result.summary).toMatch(unsandboxed);
    expect(world.api.checkRuns.at(-1)?.output?.summary).toMatch(unsandboxed);
  },
  TIMEOUT,
);

test(
  "on a self-hosted runner without machine settings the repository's isolation: none does not switch the sandbox off",
  async () => {
    const { bin, log } = await standIns('self-hosted', true);
    const marker = join(machine, 'marker-self-hosted');
    const result = await runHosted(73, checkout(marker, 'isolation: none\n'), bin, 'self-hosted');
    expect(result.code).toBe(2);
    expect(existsSync(marker)).toBe(false);
    expect(await sudoCalls(log)).toEqual([]);
    const said = result.commands.map((command) => command.message).join('\n');
    expect(said).toMatch(/does not apply on a self-hosted runner/);
    expect(said).toMatch(/isolation: bubblewrap was requested but the sandbox cannot be provided/);
  },
  TIMEOUT,
);
