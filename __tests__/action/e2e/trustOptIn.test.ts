// What the pull request's own cache scope gives when the repository opts in to it (input
// trust-pull-request-cache: its runs then save there and inherit from there, and so would
// believe anything another workflow of the pull request saves there, docs/security.md), and
// what DoG does when the token may not read the REST cache listing that proves an entry's
// scope: nothing is inherited, a warning says which permission is missing, the run settles.
import type { ActionResult } from '../../support/actions/runner.js';
import { BAD, GOOD, MODES, TRUSTED } from './trustFixtures.js';
import { reportOf, World, type Files } from './world.js';

const TIMEOUT = 240_000;

let world: World;
let nextRun = 200;

function run(files: Files, event: 'pull_request' | 'push', inputs: Record<string, string> = {}) {
  return world.step({
    runId: ++nextRun,
    job: 'dog',
    files,
    modes: MODES,
    event,
    inputs: { command: 'run', ...inputs },
  });
}

async function dataOf(result: ActionResult) {
  return (await reportOf(result)).nodes.data;
}

beforeAll(async () => {
  world = await World.start(TRUSTED);
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

afterEach(() => {
  expect(world.api.takeViolations()).toEqual([]);
});

test(
  "with trust-pull-request-cache a pull request's later run inherits what its earlier run verified",
  async () => {
    const optIn = { 'trust-pull-request-cache': 'true' };
    const first = await run(BAD, 'pull_request', optIn);
    expect(await dataOf(first)).toMatchObject({ state: 'failure', inherited: false });
    expect(first.stdout).toMatch(/DoG: record pack dog-v3-records-[0-9a-f]{16}-gh-201-1-/);
    expect(world.results.cacheEntries().map((e) => e.scope)).toEqual(['refs/pull/7/merge']);

    const again = await run(BAD, 'pull_request', optIn);
    expect(await dataOf(again)).toMatchObject({ state: 'failure', inherited: true });
    // Without the input, the same scope is not believed.
    const without = await run(BAD, 'pull_request');
    expect(await dataOf(without)).toMatchObject({ state: 'failure', inherited: false });
  },
  TIMEOUT,
);

test(
  'without actions: read nothing is inherited, a warning names the permission, the run settles',
  async () => {
    expect((await dataOf(await run(GOOD, 'push')))?.state).toBe('success');
    world.api.reviewLoop.denied.add('actions:read');
    try {
      const denied = await run(GOOD, 'pull_request');
      expect(denied.code).toBe(3); // judged waits for a person, as without the cache
      expect(await dataOf(denied)).toMatchObject({ state: 'success', inherited: false });
      const warnings = denied.commands.filter((c) => c.command === 'warning').map((c) => c.message);
      expect(warnings.join('\n')).toContain('grant the job `actions: read`');
      expect(denied.stderr).not.toMatch(/internal error/i);
    } finally {
      world.api.reviewLoop.denied.delete('actions:read');
    }
    // The positive control: with the permission, the default branch's pack is inherited.
    const granted = await run(GOOD, 'pull_request');
    expect(await dataOf(granted)).toMatchObject({ state: 'success', inherited: true });
  },
  TIMEOUT,
);
