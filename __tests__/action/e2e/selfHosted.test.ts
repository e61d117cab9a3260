// The bundled action on a self-hosted runner with companion settings: every verification in
// the sandbox (refused when it cannot be provided), and records shared through the machine's
// host-local store as a level in front of the Actions cache.
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testWithBwrap } from '../../sandbox/support.js';
import { CHECKOUT, TRUSTED } from './fixtures.js';
import type { ActionResult } from '../../support/actions/runner.js';
import { expectOk, reportOf, World, type Files } from './world.js';

const TIMEOUT = 240_000;
let world: World;
let machine: string;

beforeAll(async () => {
  world = await World.start(TRUSTED);
  machine = await mkdtemp(join(tmpdir(), 'dog-machine-'));
  await chmod(machine, 0o755);
}, 60_000);

afterAll(async () => {
  await world?.stop();
  await rm(machine, { recursive: true, force: true });
});

afterEach(() => {
  expect(world.api.takeViolations()).toEqual([]);
});

/** A companion settings file of this "machine", with its own host store. */
async function settings(name: string, extra = ''): Promise<string> {
  const path = join(machine, `${name}.yaml`);
  const text = `store: {path: ${join(machine, name, 'store')}, maxBytes: 104857600}\nsandbox: {workRoot: ${join(machine, 'work')}}\n${extra}`;
  await writeFile(path, text);
  return path;
}

/** `command: run` on push in a job of a self-hosted runner with these machine settings. */
function runOnMachine(
  runId: number,
  settingsPath: string,
  files: Files = CHECKOUT,
  extraEnv: Record<string, string> = {},
): Promise<ActionResult> {
  return world.step({
    runId,
    job: 'dog',
    files,
    event: 'push',
    inputs: { command: 'run' },
    extraEnv: {
      RUNNER_ENVIRONMENT: 'self-hosted',
      DOG_COMPANION_CONFIG: settingsPath,
      ...extraEnv,
    },
  });
}

function lookupKeys(from: number): string[] {
  return world.results.cacheLookups.slice(from).map((lookup) => lookup.key);
}

/**
 * The lookups a run makes: people's decisions entry (by the old layout's prefix: no decide run
 * saved one yet, and a push's restores can only answer from trusted scopes), then the newest
 * record pack the REST listing names, by its exact key.
 */
const DECISIONS_LOOKUP = /^dog-v2-decisions-[0-9a-f]{16}-$/;
const PACK_LOOKUP = /^dog-v3-records-[0-9a-f]{16}-gh-\d+-\d+-[0-9a-f]{64}$/;

testWithBwrap(
  'verifications run sandboxed; a second run inherits from the host store without asking the cache',
  async () => {
    const path = await settings('one');
    const first = await runOnMachine(40, path);
    expectOk(first, 'run 1');
    const report = await reportOf(first);
    expect(report.isolation).toMatchObject({ kind: 'bubblewrap' });
    const limits = report.isolation?.limits;
    expect(limits?.find((limit) => limit.name === 'seccomp')).toMatchObject({ enforced: true });
    expect(limits?.find((limit) => limit.name === 'identity')).toMatchObject({ enforced: true });
    expect(first.outputs.verified).toBe('3');
    expect((await readdir(join(machine, 'one', 'store', 'records', 'gm'))).length).toBeGreaterThan(
      0,
    );

    const before = world.results.cacheLookups.length;
    const second = await runOnMachine(41, path);
    expectOk(second, 'run 2');
    expect(second.outputs.inherited).toBe('3');
    // The decisions entry and the record pack are restored once, as in every run; nothing is
    // asked per goal.
    expect(lookupKeys(before)).toEqual([
      expect.stringMatching(DECISIONS_LOOKUP),
      expect.stringMatching(PACK_LOOKUP),
    ]);
  },
  TIMEOUT,
);

// Needs the records the sandboxed runs above saved to the cache.
testWithBwrap(
  'an empty host store is filled from the Actions cache',
  async () => {
    const path = await settings('two');
    const before = world.results.cacheLookups.length;
    const result = await runOnMachine(42, path);
    expectOk(result, 'run');
    expect(result.outputs.inherited).toBe('3');
    // The decisions entry, then one lookup for the whole graph: the record pack (nothing new:
    // no flush). A restore whose download or extraction fails is probed and tried once more
    // (ToolkitCache.restore), so three lookups of it are that retry, and nothing else.
    const [decisions, ...keys] = lookupKeys(before);
    expect(decisions).toMatch(DECISIONS_LOOKUP);
    expect([1, 3]).toContain(keys.length);
    for (const key of keys) expect(key).toMatch(PACK_LOOKUP);
    expect((await readdir(join(machine, 'two', 'store', 'records', 'gm'))).length).toBeGreaterThan(
      0,
    );
  },
  TIMEOUT,
);

test(
  'when the sandbox cannot be provided, verifications are refused: exit 2 and how to fix it',
  async () => {
    const bin = join(machine, 'broken-bin');
    await mkdir(bin, { recursive: true });
    // Like bwrap on Ubuntu 24.04 without the AppArmor profile.
    await writeFile(
      join(bin, 'bwrap'),
      '#!/bin/sh\necho "bwrap: setting up uid map: Permission denied" >&2\nexit 1\n',
      { mode: 0o755 },
    );
    const path = await settings('three');
    const result = await runOnMachine(
      43,
      path,
      { ...CHECKOUT, 'docs/guide.md': '# Guide\n\nChanged, so DoG must verify it.\n' },
      { PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}` },
    );
    expect(result.code).toBe(2);
    const error = result.commands.find((command) => command.command === 'error');
    expect(error?.message).toMatch(
      /isolation: bubblewrap was requested but the sandbox cannot be provided here/,
    );
    expect(error?.message).toMatch(/dog companion doctor/);
  },
  TIMEOUT,
);

test(
  'an explicit isolation: none runs unsandboxed and the report says so',
  async () => {
    const path = await settings('four', 'isolation: none\n');
    const result = await runOnMachine(44, path, {
      ...CHECKOUT,
      'docs/guide.md': '# Guide\n\nDoG, changed once more.\n',
    });
    expectOk(result, 'run');
    const report = await reportOf(result);
    expect(report.isolation).toMatchObject({
      kind: 'none',
      note: expect.stringMatching(/isolation: none/),
    });
  },
  TIMEOUT,
);
