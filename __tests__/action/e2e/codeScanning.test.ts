// SARIF to code scanning from the bundled Action: uploaded on the pull request's head ref when
// the job's token has security-events: write, one notice saying what to grant when it has not,
// never from a fork pull request's read-only token, and from the fork-safe pair's privileged
// half onto the pull request that its head commit belongs to.
import { GITHUB_ACTIONS_BOT } from '../../support/actions/identities.js';
import type { SarifLog } from '../../../src/reporting/sarif/types.js';
import { sarifSchemaProblems } from '../../support/sarifSchema.js';
import { CHECKOUT, MATRIX, TRUSTED } from './fixtures.js';
import { expectOk, HEAD_SHA, TOKEN, World, type Files } from './world.js';

const TIMEOUT = 240_000;
const FORK_TOKEN = 'ghs_forkpr0000000000000000000000000000';
let world: World;

beforeAll(async () => {
  world = await World.start(TRUSTED);
  world.api.reviewLoop.identities.tokens.set(FORK_TOKEN, GITHUB_ACTIONS_BOT);
  world.api.codeScanning.forkTokens.add(FORK_TOKEN);
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

afterEach(() => {
  expect(world.api.takeViolations()).toEqual([]);
  world.api.codeScanning.writers.clear();
});

const FAILING: Files = { ...CHECKOUT, 'data/config.json': '{"retries": \n' };

const notices = (result: Awaited<ReturnType<World['step']>>) =>
  result.commands.filter((c) => c.command === 'notice' && /code scanning/.test(c.message));

test(
  'with security-events: write, the SARIF goes to refs/pull/N/head and is processed',
  async () => {
    world.api.codeScanning.writers.add(TOKEN);
    const uploads = world.api.codeScanning.uploads.length;
    const result = await world.step({
      runId: 60,
      job: 'dog',
      files: FAILING,
      inputs: { command: 'run' },
    });
    expect(result.code).toBe(1);
    const [upload, ...more] = world.api.codeScanning.uploads.slice(uploads);
    expect(more).toEqual([]);
    expect(upload).toMatchObject({
      ref: 'refs/pull/7/head',
      commitSha: HEAD_SHA,
      processing: 'complete',
    });
    const log = upload!.sarif as SarifLog;
    expect(sarifSchemaProblems(log)).toEqual([]);
    const run = log.runs[0]!;
    expect(run.automationDetails.id).toMatch(/^dog\/e2e\//);
    // data fails; mention depends on data, so it is blocked and has no result of its own.
    expect(
      run.results.map((r) => [
        r.ruleId,
        r.level,
        r.locations[0]?.physicalLocation.artifactLocation.uri,
      ]),
    ).toEqual([['data', 'error', 'data/config.json']]);
    expect(notices(result)).toEqual([]);
    expect(result.stdout).toMatch(
      /DoG: SARIF uploaded to code scanning \(refs\/pull\/7\/head at 222222222222, category dog\/e2e, 1 results\)/,
    );
    expect(result.stdout).toContain('DoG: code scanning processed the SARIF');
    const posted = world.api.requests.filter((r) => r.path.endsWith('/code-scanning/sarifs'));
    expect(posted.map((r) => r.status)).toEqual([202]);
  },
  TIMEOUT,
);

test(
  'without the permission: one notice naming security-events: write, and the job carries on',
  async () => {
    const uploads = world.api.codeScanning.uploads.length;
    const result = await world.step({
      runId: 61,
      job: 'dog',
      files: CHECKOUT,
      inputs: { command: 'run' },
    });
    expectOk(result, 'run');
    expect(world.api.codeScanning.uploads.length).toBe(uploads);
    const said = notices(result);
    expect(said).toHaveLength(1);
    expect(said[0]?.message).toMatch(
      /lacks security-events: write.*permissions: security-events: write/,
    );
    expect(
      result.commands.filter((c) => c.command === 'warning' && /SARIF/.test(c.message)),
    ).toEqual([]);
  },
  TIMEOUT,
);

test(
  'code-scanning: never does not try',
  async () => {
    world.api.codeScanning.writers.add(TOKEN);
    const before = world.api.requests.length;
    const result = await world.step({
      runId: 62,
      job: 'dog',
      files: CHECKOUT,
      inputs: { command: 'run', 'code-scanning': 'never' },
    });
    expectOk(result, 'run');
    const calls = world.api.requests.slice(before).filter((r) => r.path.includes('code-scanning'));
    expect(calls).toEqual([]);
  },
  TIMEOUT,
);

test(
  'a fork pull request’s token cannot upload; the fork-safe pair’s privileged half does',
  async () => {
    // Even if its workflow asks for security-events: write, GitHub gives a fork's run read-only.
    world.api.codeScanning.writers.add(FORK_TOKEN);
    const uploads = world.api.codeScanning.uploads.length;
    const fork = await world.step({
      runId: 63,
      job: 'dog',
      files: FAILING,
      inputs: { command: 'run', token: FORK_TOKEN },
    });
    expect(fork.code).toBe(1);
    expect(notices(fork)).toHaveLength(1);
    expect(world.api.codeScanning.uploads.length).toBe(uploads);

    const capture = await world.step({
      runId: 64,
      job: 'capture',
      files: FAILING,
      inputs: { command: 'capture', token: FORK_TOKEN },
    });
    expectOk(capture, 'capture');
    expect(capture.stdout).not.toMatch(/code scanning/);
    world.api.codeScanning.writers.add(TOKEN);
    const privileged = await world.workflow(
      65,
      TRUSTED,
      { ...MATRIX, 'captures-from-run': '64', 'head-sha': HEAD_SHA },
      'workflow_run',
    );
    expect(privileged.aggregate.code).toBe(1);
    const [upload, ...more] = world.api.codeScanning.uploads.slice(uploads);
    expect(more).toEqual([]);
    expect(upload).toMatchObject({ ref: 'refs/pull/7/head', commitSha: HEAD_SHA, token: TOKEN });
    expect((upload!.sarif as SarifLog).runs[0]!.results.map((r) => r.ruleId)).toEqual(['data']);
  },
  TIMEOUT,
);
