// What a reviewer reads on GitHub when goals fail, through the bundled Action and the offline
// GitHub services: the reason and next step of each goal in the job summary and the check
// run, annotations with the reason, outputs that count leaves, and a job error that names the
// goals and where the report is.
import { CONFIG } from './fixtures.js';
import { reportOf, World, type Files } from './world.js';

const TIMEOUT = 240_000;

const GRAPH = `schemaVersion: "1"
id: reasons
root: root
nodes:
  root:
    kind: composite
    title: The project ships
    completion: {op: all, items: [{op: ref, id: readme}, {op: ref, id: built}, {op: ref, id: style}, {op: ref, id: license}]}
  readme:
    kind: leaf
    title: The readme names DoG
    target: README.md
    verifier: {mode: programmatic, script: text.includes, params: {text: DoG}}
  built:
    kind: leaf
    title: The site is built
    target: build/site
    verifier: {mode: programmatic, script: dir.non_empty}
  style:
    kind: leaf
    title: The stylesheet is not empty
    target: style.css
    verifier: {mode: programmatic, script: file.non_empty}
  license:
    kind: leaf
    title: There is a licence
    target: LICENSE
    verifier: {mode: programmatic, script: file.exists}
contains:
  - {parent: root, child: readme}
  - {parent: root, child: built}
  - {parent: root, child: style, failure: tolerable}
  - {parent: root, child: license}
`;

let world: World;

beforeAll(async () => {
  world = await World.start({ '.dog/graph.yaml': GRAPH, ...CONFIG });
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

afterEach(() => {
  // Every request the Action sent matched GitHub's OpenAPI description.
  expect(world.api.takeViolations()).toEqual([]);
});

/** Cells of the goal rows of a Markdown table, by goal id. */
function rows(markdown: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of markdown.split('\n')) {
    const match = /^\| `([^`]+)` /.exec(line);
    if (match?.[1]) found.set(match[1], line.slice(2, -2).split(' | '));
  }
  return found;
}

test(
  'every failed goal has its reason and next step in the summary, the check run and the job error',
  async () => {
    const files: Files = {
      ...CONFIG,
      '.dog/graph.yaml': GRAPH,
      'README.md': '# A project\n',
      'style.css': '',
      LICENSE: 'MIT\n',
    };
    const result = await world.step({ runId: 70, job: 'dog', files, inputs: { command: 'run' } });
    expect(result.code).toBe(1);
    const report = await reportOf(result);
    expect(report.rootState).toBe('failure');

    // Leaves only: readme, built and style failed (style tolerated); the root is not counted.
    expect(result.outputs).toMatchObject({ failed: '3', tolerated: '1', 'needs-human': '0' });
    expect(result.outputs.verified).toBe('3');

    for (const markdown of [result.summary, world.api.checkRuns.at(-1)?.output.summary ?? '']) {
      const goals = rows(markdown);
      expect(goals.get('readme')?.slice(4)).toEqual([
        'expected {"includes"&#58;"DoG"}, found text not present',
        'fix what the evidence names, or the verifier if it is wrong',
      ]);
      expect(goals.get('built')?.[4]).toMatch(/^target&#95;missing&#58; /);
      expect(goals.get('built')?.[5]).toBe(
        "create build/site &#40;build it before DoG runs&#41; or fix the goal's target",
      );
      expect(goals.get('style')?.[1]).toBe('failure (tolerated)');
      expect(markdown).toContain('| 3 | 0 | 3 (1 tolerated) | 0 | 0 |');
    }

    const annotations = world.api.checkRuns.at(-1)?.output.annotations ?? [];
    const built = annotations.find((a) => a.path === 'build/site');
    expect(built?.message).toContain('\nNext step: create build/site');
    expect(annotations.some((a) => a.message.includes('the verifier said fail'))).toBe(false);

    const errors = result.commands.filter((c) => c.command === 'error');
    expect(errors).toHaveLength(1);
    const error = errors[0]?.message ?? '';
    expect(error).toMatch(/^DoG: the root settled failure\. /);
    expect(error).toContain('readme: expected {"includes":"DoG"}, found text not present');
    expect(error).toMatch(/built: target_missing: /);
    expect(error).not.toContain('style:');
    expect(error).toContain(`the report artifact ${result.outputs['report-artifact']}`);
    expect(error).not.toContain('did not settle success');
  },
  TIMEOUT,
);

test(
  'a partial root this host refuses says so, and names allowPartialRoot',
  async () => {
    const files: Files = {
      ...CONFIG,
      '.dog/graph.yaml': GRAPH,
      'README.md': '# DoG\n',
      'build/site/index.html': '<h1>hi</h1>\n',
      'style.css': '',
      LICENSE: 'MIT\n',
    };
    const result = await world.step({ runId: 71, job: 'dog', files, inputs: { command: 'run' } });
    expect(result.code).toBe(1);
    expect(result.summary).toContain('The root came out partial');
    expect(result.summary).toContain('allowPartialRoot&#58; true');
    const error = result.commands.find((c) => c.command === 'error')?.message ?? '';
    expect(error).toContain('The root came out partial');
    expect(error).toContain('allowPartialRoot: true');
    expect(result.outputs).toMatchObject({ failed: '1', tolerated: '1' });
  },
  TIMEOUT,
);
