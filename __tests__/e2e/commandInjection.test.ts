// `dog run --json` as a `run:` step of a workflow, whose verifiers print workflow commands
// (support/hostileVerifiers.ts): the runner reads the step's stdout and stderr, and finds no
// command in either; the report on stdout is still the JSON of what the verifiers said, and
// the summary on stderr still shows it to a person.
import { chmod, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOSTILE_LINES, HOSTILE_TEXT, unescapedLog } from '../support/actions/hostileLines.js';
import { parseWorkflowCommands } from '../support/actions/workflowCommands.js';
import { startFakeModelServer, type FakeModelServer } from '../support/fakeModelServer.js';
import { hostileModel, hostileWorkspace } from '../support/hostileVerifiers.js';
import { dogProcess } from './cliProcess.js';
import { workspace } from './harness.js';

let model: FakeModelServer;
let home: string;

beforeAll(async () => {
  model = await startFakeModelServer(hostileModel);
  home = await mkdtemp(join(tmpdir(), 'dog-home-'));
});

afterAll(async () => {
  await model?.close();
  await rm(home, { recursive: true, force: true });
});

test('dog run gives the runner no command from what verifiers printed', async () => {
  const hostile = hostileWorkspace(model.url);
  const root = await workspace({ ...hostile.trusted, ...hostile.targets });
  for (const script of hostile.scripts) await chmod(join(root, script), 0o755);
  for (const [path, target] of Object.entries(hostile.links))
    await symlink(target, join(root, path));

  const result = await dogProcess(['run', '--json', '--workspace', root], {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    GITHUB_ACTIONS: 'true',
    DOG_TEST_KEY: 'sk-test-C0mmandInject10nKey0000000',
  });
  expect(result.code).toBe(1);
  expect(parseWorkflowCommands(result.stdout)).toEqual([]);
  expect(parseWorkflowCommands(result.stderr)).toEqual([]);
  const report = JSON.parse(result.stdout) as {
    nodes: Record<string, { evidence?: unknown; error?: { message: string } }>;
  };
  const evidence = { summary: HOSTILE_TEXT, lines: HOSTILE_LINES };
  expect(report.nodes.evidence?.evidence).toEqual(evidence);
  expect(report.nodes['model-verdict']?.evidence).toEqual(evidence);
  expect(report.nodes['crash-0']?.error?.message).toContain(HOSTILE_LINES[0]);
  const summary = unescapedLog(result.stderr);
  expect(summary).toContain('::error::pwned error');
  expect(summary).toContain('pwned by a link name');
}, 120_000);
