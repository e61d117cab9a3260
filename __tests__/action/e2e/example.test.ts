// The bundled example as this repository's own CI runs it (`uses: ./` on
// examples/release-bundle, push event, graph from the checkout): through the matrix, and in
// one job. The example allows a partial root, so both settle partial_success and pass.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ISOLATION } from './fixtures.js';
import { expectOk, REPO_ROOT, reportOf, World, type Files } from './world.js';

const TIMEOUT = 240_000;
const EXAMPLE = 'examples/release-bundle';
const COMMON = { workspace: EXAMPLE, 'trusted-source': 'workspace' };
let world: World;

function exampleFiles(): Files {
  const files: Files = {};
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'store') walk(path);
      } else files[relative(REPO_ROOT, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(join(REPO_ROOT, EXAMPLE));
  return ISOLATION ? unsandboxed(files) : files;
}

/** The example with its `isolation: auto` set to `none` (see ISOLATION). */
function unsandboxed(files: Files): Files {
  const path = `${EXAMPLE}/.dog/config.yaml`;
  const config = files[path] ?? '';
  if (!/^isolation: auto$/m.test(config)) throw new Error(`${path} no longer says isolation: auto`);
  return { ...files, [path]: config.replace(/^isolation: auto$/m, ISOLATION.trimEnd()) };
}

beforeAll(async () => {
  world = await World.start({});
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

afterEach(() => {
  expect(world.api.takeViolations()).toEqual([]);
});

test(
  'plan → verify waves → aggregate on the example settles partial_success',
  async () => {
    const files = exampleFiles();
    const step = (job: string, inputs: Record<string, string>) =>
      world.step({ runId: 40, job, files, event: 'push', inputs: { ...COMMON, ...inputs } });
    const plan = await step('plan', { command: 'plan', 'programmatic-in-plan': 'false' });
    expectOk(plan, 'plan');
    const matrix = JSON.parse(plan.outputs.matrix ?? '{}') as Record<string, { include: object[] }>;
    expect(Number(plan.outputs.waves)).toBeGreaterThanOrEqual(1);
    for (let wave = 1; wave <= Number(plan.outputs.waves); wave += 1)
      for (const entry of matrix[`w${wave}`]?.include ?? [])
        expectOk(
          await step(`verify-${wave}`, {
            command: 'verify',
            'matrix-entry': JSON.stringify(entry),
          }),
          'verify',
        );
    const aggregate = await step('aggregate', { command: 'aggregate' });
    expect(aggregate.code).toBe(0);
    expect(aggregate.outputs['root-state']).toBe('partial_success');
    const report = await reportOf(aggregate);
    expect(report.totals.inherited).toBe(0);
    expect(report.nodes['signed-checksums']?.error?.category).toBe('target_missing');
  },
  TIMEOUT,
);

test(
  'command: run on the example inherits what the matrix run verified',
  async () => {
    const result = await world.step({
      runId: 41,
      job: 'dog',
      files: exampleFiles(),
      event: 'push',
      inputs: { ...COMMON, command: 'run' },
    });
    expect(result.code).toBe(0);
    expect(result.outputs['root-state']).toBe('partial_success');
    expect(Number(result.outputs.inherited)).toBeGreaterThan(0);
    expect(world.api.checkRuns.at(-1)?.conclusion).toBe('neutral');
  },
  TIMEOUT,
);
