// Adopting DoG through a pull request, end to end through the offline GitHub services. The
// base commit has no graph; the pull request adds one with a script of its own and a
// configuration whose exec provider would leave a marker if started. DoG validates that
// version, shows what it would verify in the job summary and a neutral check run, and runs
// nothing of it. Once the base has a graph, a pull request that edits it is verified with the
// base's graph and told what its version would change.
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONFIG, GRAPH, TRUSTED } from './fixtures.js';
import {
  BASE_SHA,
  expectOk,
  HEAD_SHA,
  MERGE_GROUP_SHA,
  reportOf,
  World,
  type Files,
} from './world.js';

const TIMEOUT = 240_000;
let world: World;
let markers: string;

beforeAll(async () => {
  markers = await mkdtemp(join(tmpdir(), 'dog-bootstrap-markers-'));
  world = await World.start({ 'README.md': '# A repository without DoG\n' });
}, 60_000);

afterAll(async () => {
  await world?.stop();
  await rm(markers, { recursive: true, force: true });
});

afterEach(() => {
  expect(world.api.takeViolations()).toEqual([]);
});

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

const marker = (name: string): string => join(markers, name);

/** The pull request that adopts DoG: a graph, its own script and an exec-provider config. */
function adoption(): { files: Files; modes: Record<string, number> } {
  const graph = `schemaVersion: "1"
id: adopt
root: root
nodes:
  root:
    kind: composite
    title: The <b>docs</b> are fine
    completion: {op: all, items: [{op: ref, id: guide}, {op: ref, id: lint}, {op: ref, id: review}, {op: ref, id: site}]}
  guide:
    kind: leaf
    title: The guide is not empty
    target: docs/guide.md
    verifier: {mode: programmatic, script: file.non_empty}
  lint:
    kind: leaf
    title: The guide passes the project's lint
    target: docs/guide.md
    verifier: {mode: programmatic, script: probe}
  review:
    kind: leaf
    title: A reviewer would accept the guide
    target: docs
    verifier: {mode: agentic, instruction: "Is the guide clear?", votes: 3}
  site:
    kind: leaf
    title: The built site is there
    target: build/site
    verifier: {mode: programmatic, script: dir.non_empty}
contains:
  - {parent: root, child: guide}
  - {parent: root, child: lint}
  - {parent: root, child: review}
  - {parent: root, child: site}
`;
  const config = `providers:
  agent: {kind: exec, command: ["/bin/sh", "-c", "touch ${marker('provider-started')}"]}
models:
  default: {provider: agent, model: probe}
`;
  return {
    files: {
      '.dog/graph.yaml': graph,
      '.dog/config.yaml': config,
      '.dog/scripts/probe': `#!/bin/sh\ntouch ${marker('script-ran')}\necho '{"verdict":"pass","evidence":{"ran":true}}'\n`,
      'docs/guide.md': '# Guide\n\nDoG verifies this.\n',
    },
    modes: { '.dog/scripts/probe': 0o755 },
  };
}

describe('the first pull request that adds DoG', () => {
  test(
    'gets a neutral check run with the plan of what it would verify, and nothing of it runs',
    async () => {
      const { files, modes } = adoption();
      const result = await world.step({
        runId: 60,
        job: 'dog',
        files,
        modes,
        inputs: { command: 'run' },
      });
      expectOk(result, 'bootstrap run');
      const check = world.api.checkRuns.at(-1)!;
      expect(check).toMatchObject({
        name: 'DoG',
        head_sha: HEAD_SHA,
        conclusion: 'neutral',
        output: { title: 'DoG: bootstrap — takes effect after merge' },
      });
      const summary = check.output.summary ?? '';
      expect(summary).toBe(result.summary.trimEnd());
      expect(summary).toContain('takes effect after merge');
      expect(summary).toContain('ran nothing from it');
      for (const id of ['guide', 'lint', 'review', 'site']) expect(summary).toContain(`\`${id}\``);
      expect(summary).toContain('script `probe`');
      expect(summary).toContain('agentic, 3 votes');
      expect(summary).toMatch(/4 verification\(s\) — 3 programmatic, 1 agentic \(3 agent run/);
      expect(summary).toMatch(/`site`.*\*\*missing\*\*/);
      expect(summary).toMatch(/target_missing.*`site`/);
      // PR-authored titles are text, never markup.
      expect(summary).not.toContain('<b>');
      // Nothing of the pull request ran, nothing was captured, verified, stored or reported.
      expect(await exists(marker('script-ran'))).toBe(false);
      expect(await exists(marker('provider-started'))).toBe(false);
      expect(world.results.cacheEntries()).toEqual([]);
      expect(world.results.artifacts().map((a) => a.name)).toEqual([]);
      expect(result.outputs['report-path']).toBeUndefined();
    },
    TIMEOUT,
  );

  test(
    'through plan → aggregate: the plan dispatches nothing and aggregate reports the bootstrap',
    async () => {
      const { files } = adoption();
      const modes = { '.dog/scripts/probe': 0o755 };
      const plan = await world.step({
        runId: 61,
        job: 'plan',
        files,
        modes,
        inputs: { command: 'plan' },
      });
      expectOk(plan, 'plan');
      expect(plan.outputs).toMatchObject({ waves: '0', matrix: '{}' });
      expect(plan.summary).toContain('takes effect after merge');
      const checks = world.api.checkRuns.length;
      const aggregate = await world.step({
        runId: 61,
        job: 'aggregate',
        files,
        modes,
        inputs: { command: 'aggregate' },
      });
      expectOk(aggregate, 'aggregate');
      expect(world.api.checkRuns).toHaveLength(checks + 1);
      expect(world.api.checkRuns.at(-1)).toMatchObject({
        conclusion: 'neutral',
        head_sha: HEAD_SHA,
      });
      expect(await exists(marker('script-ran'))).toBe(false);
    },
    TIMEOUT,
  );

  test(
    'an invalid graph fails the check with the compiler’s problems: a script that is not executable, an unknown one',
    async () => {
      const { files } = adoption();
      files['.dog/graph.yaml'] = files['.dog/graph.yaml']!.replace(
        'script: dir.non_empty',
        'script: dir.not_a_script',
      );
      // No mode: the PR's probe script is not executable.
      const result = await world.step({ runId: 62, job: 'dog', files, inputs: { command: 'run' } });
      expect(result.code).toBe(2);
      const check = world.api.checkRuns.at(-1)!;
      expect(check).toMatchObject({
        conclusion: 'failure',
        head_sha: HEAD_SHA,
        output: { title: 'DoG: bootstrap — the proposed graph is invalid' },
      });
      const summary = check.output.summary ?? '';
      expect(summary).toMatch(/lint.*probe.*not executable/);
      expect(summary).toMatch(/site.*dir&#46;not&#95;a&#95;script/);
      expect(check.output.annotations).toEqual([
        expect.objectContaining({
          path: '.dog/graph.yaml',
          annotation_level: 'failure',
          message: expect.stringContaining('not executable'),
        }),
      ]);
      const error = result.commands.find((c) => c.command === 'error');
      expect(error?.message).toMatch(/the graph this pull request adds is invalid/);
      expect(error?.message).toContain('/nodes/lint');
      expect(result.stdout).not.toMatch(/internal error/i);
      expect(await exists(marker('script-ran'))).toBe(false);
    },
    TIMEOUT,
  );

  test(
    'in a merge queue the bootstrap check goes on the merge group’s head',
    async () => {
      const { files, modes } = adoption();
      const result = await world.step({
        runId: 66,
        job: 'dog',
        files,
        modes,
        event: 'merge_group',
        inputs: { command: 'run' },
      });
      expectOk(result, 'merge group bootstrap');
      expect(world.api.checkRuns.at(-1)).toMatchObject({
        head_sha: MERGE_GROUP_SHA,
        conclusion: 'neutral',
      });
      expect(result.summary).toContain('so this merge group adds the first one');
      expect(await exists(marker('script-ran'))).toBe(false);
    },
    TIMEOUT,
  );

  test(
    'with a graph in neither the base nor the pull request, the error says where to add one',
    async () => {
      const result = await world.step({
        runId: 63,
        job: 'dog',
        files: { 'README.md': 'hi\n' },
        inputs: { command: 'run' },
      });
      expect(result.code).toBe(2);
      const error = result.commands.find((c) => c.command === 'error');
      expect(error?.message).toMatch(
        /no DoG graph in the base commit 111111111111 nor in the checked-out changes: add one at \.dog\/graph\.yaml/,
      );
    },
    TIMEOUT,
  );
});

describe('once the base has a graph', () => {
  beforeAll(() => {
    world.api.setFiles(BASE_SHA, TRUSTED);
  });

  const checkout: Files = {
    ...CONFIG,
    'docs/guide.md': '# Guide\n\nDoG verifies this.\n',
    'data/config.json': '{}\n',
  };

  test(
    'a pull request that edits it is verified with the base graph and told what its version changes',
    async () => {
      const edited = GRAPH.replace(
        '  - {parent: root, child: mention}\n',
        '  - {parent: root, child: mention}\n  - {parent: root, child: extra}\n',
      )
        .replace(
          'contains:\n',
          '  extra:\n    kind: leaf\n    title: Added by the PR\n    target: docs/guide.md\n    verifier: {mode: programmatic, script: file.exists}\ncontains:\n',
        )
        .replace('params: {text: DoG}', 'params: {text: Guide}');
      const result = await world.step({
        runId: 64,
        job: 'dog',
        files: { ...checkout, '.dog/graph.yaml': edited },
        inputs: { command: 'run' },
      });
      expectOk(result, 'run');
      expect(Object.keys((await reportOf(result)).nodes).sort()).toEqual([
        'data',
        'docs',
        'mention',
        'root',
      ]);
      const check = world.api.checkRuns.at(-1)!;
      expect(check.conclusion).toBe('success');
      for (const text of [result.summary, check.output.summary ?? '']) {
        expect(text).toMatch(/It changes `\.dog\/graph\.yaml`\. .*takes effect after merge/);
        expect(text).toMatch(
          /Its version is valid:\*\* 5 goal\(s\)\. Added: `extra`\. Removed: none\. Changed: `mention`, `root`\./,
        );
      }
    },
    TIMEOUT,
  );

  test(
    'an invalid edit is listed with its problems while the run still uses the base graph',
    async () => {
      const broken = GRAPH.replace('script: json.valid', 'script: json.nope');
      const result = await world.step({
        runId: 65,
        job: 'dog',
        files: { ...checkout, '.dog/graph.yaml': broken },
        inputs: { command: 'run' },
      });
      expectOk(result, 'run');
      expect(result.summary).toContain('Its version is invalid');
      expect(result.summary).toMatch(/\/nodes\/data.*json&#46;nope/);
      expect(world.api.checkRuns.at(-1)?.output.summary).toContain('Its version is invalid');
    },
    TIMEOUT,
  );
});
