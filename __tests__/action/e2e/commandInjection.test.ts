// `command: run` whose verifiers print workflow commands: a script's crash stderr, a script's
// evidence, names of files and links inside a captured directory, a model's error answer and
// its verdict (support/hostileVerifiers.ts). Read as the runner reads stdout and stderr, the
// job log holds only DoG's own commands — its error for the failed root, its masks, its
// warnings and notices — while a person still reads what each verifier printed.
import { singleLogLine } from '../../../src/core/workflowCommands.js';
import { HOSTILE_LINES, READABLE_WORDS, unescapedLog } from '../../support/actions/hostileLines.js';
import { startFakeModelServer, type FakeModelServer } from '../../support/fakeModelServer.js';
import {
  hostileModel,
  hostileWorkspace,
  injectedCommands,
} from '../../support/hostileVerifiers.js';
import { ISOLATION } from './fixtures.js';
import { BASE_SHA, reportOf, TOKEN, World } from './world.js';

const TIMEOUT = 300_000;
const PROVIDER_KEY = 'sk-test-C0mmandInject10nKey0000000';

let world: World;
let model: FakeModelServer;

beforeAll(async () => {
  world = await World.start({});
  model = await startFakeModelServer(hostileModel);
}, 60_000);

afterAll(async () => {
  await model?.close();
  await world?.stop();
});

afterEach(() => {
  expect(world.api.takeViolations()).toEqual([]);
});

test(
  'no verifier output becomes a workflow command in the job log',
  async () => {
    const workspace = hostileWorkspace(model.url, ISOLATION);
    world.api.setFiles(BASE_SHA, workspace.trusted);
    const result = await world.step({
      runId: 90,
      job: 'dog',
      files: { ...workspace.trusted, ...workspace.targets },
      links: workspace.links,
      inputs: { command: 'run' },
      extraEnv: { DOG_TEST_KEY: PROVIDER_KEY },
    });
    expect(result.code).toBe(1);
    const report = await reportOf(result);
    // Every channel really carried the hostile lines.
    HOSTILE_LINES.forEach((line, i) => {
      expect(report.nodes[`crash-${i}`]?.error?.category).toBe('crash');
      expect(report.nodes[`crash-${i}`]?.error?.message).toContain(line);
    });
    expect(report.nodes.evidence?.evidence).toMatchObject({ lines: HOSTILE_LINES });
    expect(report.nodes.links?.error?.message).toContain('pwned by a link name');
    expect(report.nodes['model-error']?.error?.message).toContain(HOSTILE_LINES[0]);
    expect(report.nodes['model-verdict']?.evidence).toMatchObject({ lines: HOSTILE_LINES });

    expect(injectedCommands(result.commands)).toEqual([]);
    const errors = result.commands.filter((c) => c.command === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(/^DoG: the root settled failure\. /);
    const masked = result.commands.filter((c) => c.command === 'add-mask').map((c) => c.message);
    expect(masked).toEqual(expect.arrayContaining([TOKEN, PROVIDER_KEY]));

    // What each script printed is in the log, one progress line per verification.
    const log = unescapedLog(result.stdout);
    for (const line of HOSTILE_LINES) expect(log).toContain(singleLogLine(line));
    for (const word of READABLE_WORDS) expect(log).toContain(word);
  },
  TIMEOUT,
);
