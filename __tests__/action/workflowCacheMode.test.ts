// The job-level `cache-mode:`: the schema overlay accepts exactly its four values on both job
// shapes (and the vendored schema alone, which predates the key, does not), and the project's
// rule makes every DoG job declare the mode its command needs, `write` only where it saves.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheModeRules, CACHE_MODES } from './workflowCacheMode.js';
import {
  ajvFor,
  describeSchemaErrors,
  isDogAction,
  loadSchemaValidator,
  parseYaml,
  readYaml,
  repoRoot,
  schemaDir,
  type Json,
} from './workflowRules.js';

const validate = loadSchemaValidator('github-workflow.json');

const workflow = `
name: t
on: { push: {} }
permissions: {}
jobs:
  plan:
    runs-on: ubuntu-latest
    cache-mode: read
    permissions: { contents: read }
    steps:
      - uses: dog-ci/dog@v1
        with: { command: plan }
  verify:
    needs: plan
    runs-on: ubuntu-latest
    cache-mode: none
    permissions: { contents: read }
    steps:
      - uses: dog-ci/dog@v1
        with: { command: verify }
  aggregate:
    needs: verify
    runs-on: ubuntu-latest
    cache-mode: write
    permissions: { contents: read }
    steps:
      - uses: ./
        with: { command: aggregate }
  call:
    cache-mode: write
    uses: dog-ci/dog/.github/workflows/dog.yml@v1
  other:
    runs-on: ubuntu-latest
    steps:
      - run: echo not DoG, no mode needed
`;
const base = (): Json => parseYaml(workflow);
type Jobs = Record<string, Json>;
function withJob(id: string, change: (job: Json) => void): Json {
  const copy = base();
  change((copy.jobs as Jobs)[id]!);
  return copy;
}
const rules = (w: Json): string[] => cacheModeRules(w, isDogAction);

describe('the schema overlay', () => {
  test('the baseline is valid and obeys the rule', () => {
    expect(validate(base())).toEqual([]);
    expect(rules(base())).toEqual([]);
  });

  test.each(CACHE_MODES)('cache-mode: %s is accepted on a job and on a reusable call', (mode) => {
    const changed = withJob('plan', (j) => (j['cache-mode'] = mode));
    (changed.jobs as Jobs).call!['cache-mode'] = mode;
    expect(validate(changed)).toEqual([]);
  });

  test.each([['read-write'], ['Write'], ['readonly'], [''], [true], ['${{ inputs.mode }}']])(
    'cache-mode: %p is refused',
    (mode) => {
      expect(validate(withJob('plan', (j) => (j['cache-mode'] = mode)))).toContainEqual(
        expect.stringMatching(/^\/jobs\/plan\/cache-mode: /),
      );
      expect(validate(withJob('call', (j) => (j['cache-mode'] = mode)))).toContainEqual(
        expect.stringMatching(/^\/jobs\/call\/cache-mode: /),
      );
    },
  );

  test('the vendored schema alone does not know the key (so the overlay is what allows it)', () => {
    const raw = JSON.parse(readFileSync(join(schemaDir, 'github-workflow.json'), 'utf8')) as Json;
    const check = ajvFor(raw).compile(raw);
    expect(check(base())).toBe(false);
    expect(describeSchemaErrors(check.errors ?? []).join('\n')).toContain(
      'must NOT have additional properties (cache-mode)',
    );
  });
});

describe('the rule', () => {
  test.each<[string, string, (job: Json) => void, string]>([
    [
      'a DoG job without a mode',
      'verify',
      (j) => delete j['cache-mode'],
      'jobs.verify: runs DoG verify but declares no cache-mode (it needs none)',
    ],
    [
      'a verify job that may write',
      'verify',
      (j) => (j['cache-mode'] = 'write'),
      'jobs.verify: cache-mode: write, but verify saves nothing to the cache; only aggregate, run and decide jobs (and their callers) declare write (verify: none)',
    ],
    [
      'a plan job that may write',
      'plan',
      (j) => (j['cache-mode'] = 'write'),
      'jobs.plan: cache-mode: write, but plan saves nothing',
    ],
    [
      'a plan job that cannot read',
      'plan',
      (j) => (j['cache-mode'] = 'write-only'),
      'jobs.plan: runs DoG plan and must declare cache-mode: read, not "write-only"',
    ],
    [
      'an aggregate that cannot save',
      'aggregate',
      (j) => (j['cache-mode'] = 'read'),
      'jobs.aggregate: runs DoG aggregate and must declare cache-mode: write, not "read"',
    ],
    [
      'a call of a DoG workflow that narrows its saving job away',
      'call',
      (j) => (j['cache-mode'] = 'read'),
      'jobs.call: calls a DoG reusable workflow and must declare cache-mode: write, not "read"',
    ],
    [
      'a call of a DoG workflow without a mode',
      'call',
      (j) => delete j['cache-mode'],
      'jobs.call: calls a DoG reusable workflow but declares no cache-mode (it needs write)',
    ],
    [
      'a single DoG job (command run by default) without a mode',
      'aggregate',
      (j) => {
        delete j['cache-mode'];
        j.steps = [{ uses: 'dog-ci/dog@v1' }];
      },
      'jobs.aggregate: runs DoG run but declares no cache-mode (it needs write)',
    ],
  ])('%s', (_name, id, change, expected) => {
    const problems = rules(withJob(id, change));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });

  test('decide and run jobs declare write', () => {
    for (const command of ['decide', 'run'])
      expect(
        rules(withJob('aggregate', (j) => (j.steps = [{ uses: './', with: { command } }]))),
      ).toEqual([]);
  });
});

test('the shipped pipeline declares plan read, verify none, aggregate write; decide write', () => {
  const modes = (file: string) =>
    Object.fromEntries(
      Object.entries(readYaml(join(repoRoot, file)).jobs as Jobs).map(([id, job]) => [
        id,
        job['cache-mode'],
      ]),
    );
  expect(modes('.github/workflows/dog.yml')).toEqual({
    plan: 'read',
    'verify-1': 'none',
    'verify-2': 'none',
    'verify-3': 'none',
    aggregate: 'write',
  });
  expect(modes('.github/workflows/dog-decide.yml')).toEqual({ decide: 'write' });
  expect(modes('examples/workflows/reusable.yml')).toMatchObject({ dog: 'write', decide: 'write' });
});
