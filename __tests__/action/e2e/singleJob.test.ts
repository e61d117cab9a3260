// `command: run` in one job: a PR that edits the graph is verified with the base commit's
// graph (and told so), and a large failing run's check run stays within GitHub's limits —
// every request the action sends is validated against GitHub's OpenAPI description.
import { CONFIG, GRAPH } from './fixtures.js';
import { expectOk, reportOf, World, type Files } from './world.js';

const TIMEOUT = 240_000;
let world: World;

beforeAll(async () => {
  world = await World.start({ '.dog/graph.yaml': GRAPH, ...CONFIG });
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

afterEach(() => {
  expect(world.api.takeViolations()).toEqual([]);
});

test(
  'a pull request that edits the graph is verified against the base graph',
  async () => {
    const edited = GRAPH.replace(
      '  - {parent: root, child: mention}\n',
      '  - {parent: root, child: mention}\n  - {parent: root, child: sneaky}\n',
    ).replace(
      'contains:\n',
      '  sneaky:\n    kind: leaf\n    title: Added by the PR\n    target: docs/guide.md\n    verifier: {mode: programmatic, script: file.exists}\ncontains:\n',
    );
    expect(edited).toContain('sneaky');
    const files: Files = {
      ...CONFIG,
      '.dog/graph.yaml': edited,
      'docs/guide.md': '# Guide\n\nDoG verifies this.\n',
      'data/config.json': '{}\n',
    };
    const result = await world.step({ runId: 30, job: 'dog', files, inputs: { command: 'run' } });
    expectOk(result, 'run');
    const report = await reportOf(result);
    expect(Object.keys(report.nodes).sort()).toEqual(['data', 'docs', 'mention', 'root']);
    const notice = result.commands.find((c) => c.command === 'notice');
    expect(notice?.message).toMatch(/changes \.dog\/graph\.yaml.*takes effect after merge/);
    expect(notice?.properties.file).toBe('.dog/graph.yaml');
  },
  TIMEOUT,
);

function wideGraph(leaves: number): string {
  const ids = Array.from({ length: leaves }, (_, i) => `f${String(i).padStart(3, '0')}`);
  const nodes = ids
    .map(
      (id) =>
        `  ${id}:\n    kind: leaf\n    title: ${id} says ok\n    target: files/${id}.txt\n    verifier: {mode: programmatic, script: text.includes, params: {text: ok}}\n`,
    )
    .join('');
  const items = ids.map((id) => `{op: ref, id: ${id}}`).join(', ');
  const contains = ids.map((id) => `  - {parent: root, child: ${id}}\n`).join('');
  return `schemaVersion: "1"\nid: wide\nroot: root\nnodes:\n  root:\n    kind: composite\n    title: All files say ok\n    completion: {op: all, items: [${items}]}\n${nodes}contains:\n${contains}`;
}

test(
  'the check run of 200 goals with 120 failures stays within the API limits',
  async () => {
    const graph = wideGraph(200);
    const files: Files = { '.dog/graph.yaml': graph, ...CONFIG };
    for (let i = 0; i < 200; i += 1)
      files[`files/f${String(i).padStart(3, '0')}.txt`] = i < 120 ? 'not yet\n' : 'ok\n';
    world.api.setFiles('1'.repeat(40), { '.dog/graph.yaml': graph, ...CONFIG });
    const before = world.api.requests.length;
    const result = await world.step({
      runId: 31,
      job: 'dog',
      files,
      inputs: { command: 'run', concurrency: '8' },
    });
    expect(result.code).toBe(1);
    // 120 leaves; the root they fail is not counted.
    expect(result.outputs.failed).toBe('120');
    const check = world.api.checkRuns.at(-1)!;
    expect(check.conclusion).toBe('failure');
    expect(check.output.annotations.length).toBeGreaterThanOrEqual(120);
    const calls = world.api.requests.slice(before).filter((r) => r.path.includes('/check-runs'));
    expect(calls.length).toBe(Math.ceil(check.output.annotations.length / 50));
    expect(check.output.summary?.length).toBeLessThanOrEqual(65_535);
  },
  TIMEOUT,
);
