// action.yml and every workflow file, validated offline: GitHub's shape (SchemaStore schemas,
// vendored in __tests__/fixtures/schemastore) and the project's rules (least privilege, pinned
// actions, the fork-safe split, the wave wiring).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import {
  actionRules,
  ajvFor,
  calledWorkflowOf,
  findYamlFiles,
  loadSchemaValidator,
  parseYaml,
  readYaml,
  repoPath,
  repoRoot,
  schemaDir,
  workflowRules,
  type Json,
  type RuleContext,
} from './workflowRules.js';

const validateAction = loadSchemaValidator('github-action.json');
const validateWorkflow = loadSchemaValidator('github-workflow.json');

const workflowDirs = ['.github/workflows', 'examples/workflows'];
const workflowFiles = workflowDirs.flatMap((dir) => findYamlFiles(join(repoRoot, dir)));

const action = readYaml(join(repoRoot, 'action.yml'));
const reusableWorkflow = readYaml(join(repoRoot, '.github/workflows/dog.yml'));
const reusableCall = ((reusableWorkflow.on ?? {}) as Json).workflow_call as Json;
const decideWorkflow = readYaml(join(repoRoot, '.github/workflows/dog-decide.yml'));
const reusable = new Map([
  ['dog.yml', calledWorkflowOf(reusableWorkflow)],
  ['dog-decide.yml', calledWorkflowOf(decideWorkflow)],
]);
/** What callers of dog.yml granted before the review loop existed (and still may). */
const pipelineGrant = {
  contents: 'read',
  actions: 'read',
  checks: 'write',
  'copilot-requests': 'write',
};

function keysOf(value: unknown): Set<string> {
  return new Set(typeof value === 'object' && value !== null ? Object.keys(value) : []);
}

function contextFor(dir: string): RuleContext {
  return {
    actionInputs: keysOf(action.inputs),
    reusable,
    siblingNames: new Set(
      workflowFiles
        .filter((file) => dirname(file) === dir)
        .map((file) => readYaml(file).name)
        .filter((name): name is string => typeof name === 'string'),
    ),
  };
}

describe('the vendored schemas', () => {
  test.each(['github-action.json', 'github-workflow.json'])(
    '%s is draft-07 and compiles with the draft-07 Ajv',
    (file) => {
      const schema = JSON.parse(readFileSync(join(schemaDir, file), 'utf8')) as Json;
      expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
      const ajv = ajvFor(schema);
      expect(ajv).toBeInstanceOf(Ajv);
      expect(() => ajv.compile(schema)).not.toThrow();
    },
  );
  test('hold exactly the SchemaStore content their README names (whitespace aside)', () => {
    const readme = readFileSync(join(schemaDir, 'README.md'), 'utf8');
    for (const file of ['github-action.json', 'github-workflow.json', 'sarif-2.1.0.json']) {
      const content = JSON.stringify(JSON.parse(readFileSync(join(schemaDir, file), 'utf8')));
      const digest = createHash('sha256').update(content).digest('hex');
      const row = new RegExp(`\\| \`${file.replace('.', '\\.')}\`\\s*\\| \`([0-9a-f]{64})\` \\|`);
      // On a mismatch, the expected value is the digest to write into the README.
      expect({ file, digest: row.exec(readme)?.[1] }).toEqual({ file, digest });
    }
  });
  test('the Ajv class follows $schema, and an unknown draft is an error', () => {
    expect(ajvFor({ $schema: 'https://json-schema.org/draft/2020-12/schema' })).toBeInstanceOf(
      Ajv2020,
    );
    expect(() => ajvFor({ $schema: 'http://json-schema.org/draft-04/schema#' })).toThrow(
      'no Ajv class',
    );
  });
});

describe('action.yml', () => {
  test('matches the SchemaStore action schema', () => {
    expect(validateAction(action)).toEqual([]);
  });
  test('follows the project rules: node24, dist/action.js, every input and output described', () => {
    expect(actionRules(action)).toEqual([]);
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/action.js' });
  });

  describe('the validators reject a broken action.yml', () => {
    const broken = (change: (copy: Json) => void): Json => {
      const copy = structuredClone(action);
      change(copy);
      return copy;
    };
    test('an unknown runtime', () => {
      const problems = validateAction(broken((a) => ((a.runs as Json).using = 'node99'))).join(
        '\n',
      );
      expect(problems).toContain('/runs/using');
    });
    test('no runs section', () => {
      expect(validateAction(broken((a) => delete a.runs)).join('\n')).toContain(
        "must have required property 'runs'",
      );
    });
    test('an unknown top-level key', () => {
      expect(validateAction(broken((a) => (a.entrypoint = 'x.js'))).join('\n')).toContain(
        'must NOT have additional properties (entrypoint)',
      );
    });
    test('an input without a description', () => {
      expect(
        validateAction(broken((a) => ((a.inputs as Json).graph = { default: '' }))).join('\n'),
      ).toContain("/inputs/graph: must have required property 'description'");
    });
    test('node20 or another main file break the project rules', () => {
      const old = broken((a) => (a.runs = { using: 'node20', main: 'dist/index.js' }));
      expect(validateAction(old)).toEqual([]); // GitHub would accept it …
      expect(actionRules(old)).toEqual([
        'runs.using must be node24, not "node20"',
        'runs.main must be dist/action.js, not "dist/index.js"',
      ]); // … we do not.
    });
  });
});

describe('workflow discovery', () => {
  test.each(workflowDirs)('%s holds workflow files', (dir) => {
    expect(workflowFiles.filter((file) => repoPath(file).startsWith(`${dir}/`))).not.toEqual([]);
  });
  test('finds the documented workflows', () => {
    expect(workflowFiles.map(repoPath)).toEqual(
      expect.arrayContaining([
        '.github/workflows/ci.yml',
        '.github/workflows/dog.yml',
        '.github/workflows/dog-decide.yml',
        'examples/workflows/single-job.yml',
        'examples/workflows/reusable.yml',
        'examples/workflows/copilot.yml',
        'examples/workflows/self-hosted.yml',
        'examples/workflows/fork-safe-pr.yml',
        'examples/workflows/fork-safe-verify.yml',
        'examples/workflows/merge-queue.yml',
      ]),
    );
  });
});

describe.each(workflowFiles.map((file) => [repoPath(file), file]))('%s', (_name, file) => {
  const workflow = readYaml(file);
  test('matches the SchemaStore workflow schema', () => {
    expect(validateWorkflow(workflow)).toEqual([]);
  });
  test('follows the project rules', () => {
    expect(workflowRules(workflow, contextFor(dirname(file)))).toEqual([]);
  });
  test('starts with a comment saying what it is for', () => {
    expect(readFileSync(file, 'utf8')).toMatch(/^# \S/);
  });
});

describe('workflows quoted in README.md', () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)]
    .map((match) => match[1]!)
    .filter((block) => /^jobs:/m.test(block) && /^on:/m.test(block));

  test('there is at least one', () => {
    expect(blocks.length).toBeGreaterThan(0);
  });
  test.each(blocks.map((block, index) => [index, block]))(
    'block %i is a valid workflow that follows the rules',
    (_index, block) => {
      const workflow = parseYaml(block);
      expect(validateWorkflow(workflow)).toEqual([]);
      expect(workflowRules(workflow, contextFor(join(repoRoot, 'examples/workflows')))).toEqual([]);
    },
  );
});

describe('the workflows wire what the Action promises', () => {
  const dog = readYaml(join(repoRoot, '.github/workflows/dog.yml'));
  const jobs = dog.jobs as Record<string, Json>;

  test('the reusable workflow: plan → three verify waves → aggregate; secrets only in verify', () => {
    expect(Object.keys(jobs)).toEqual(['plan', 'verify-1', 'verify-2', 'verify-3', 'aggregate']);
    expect(dog.permissions).toEqual({});
    expect(jobs.plan!.permissions).toEqual({ contents: 'read', actions: 'read' });
    for (const id of ['verify-1', 'verify-2', 'verify-3'])
      expect(jobs[id]!.permissions).toEqual({ contents: 'read', 'copilot-requests': 'write' });
    expect(jobs.aggregate!.permissions).toEqual({
      contents: 'read',
      actions: 'read',
      checks: 'write',
    });
    for (const [id, job] of Object.entries(jobs))
      expect([id, JSON.stringify(job).includes('secrets.')]).toEqual([
        id,
        id.startsWith('verify-'),
      ]);
    // Every key the caller may pass reaches every verify job's DoG step under its own name.
    const secrets = Object.keys(reusableCall.secrets as Json);
    expect(secrets).toEqual(
      expect.arrayContaining(['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'MODEL_API_KEY_1']),
    );
    for (const id of ['verify-1', 'verify-2', 'verify-3']) {
      const step = (jobs[id]!.steps as Json[]).find((s) =>
        String(s.uses).startsWith('dog-ci/dog@'),
      );
      expect(step?.env).toEqual(
        Object.fromEntries(secrets.map((name) => [name, `\${{ secrets.${name} }}`])),
      );
    }
    expect(Object.keys(reusableCall.inputs as Json)).toEqual(
      expect.arrayContaining(['graph', 'config', 'workspace', 'model', 'runs-on', 'fresh']),
    );
  });

  test("the pipeline's callers keep their grant: it covers every job of dog.yml", () => {
    expect(Object.fromEntries(reusable.get('dog.yml')!.permissions)).toEqual(pipelineGrant);
  });

  test('the review loop: dog-decide.yml has the one decide job, without secrets', () => {
    const decideJobs = decideWorkflow.jobs as Record<string, Json>;
    expect(Object.keys(decideJobs)).toEqual(['decide']);
    expect(decideWorkflow.permissions).toEqual({});
    expect(decideJobs.decide!.permissions).toEqual({
      contents: 'read',
      'pull-requests': 'write',
      issues: 'write',
      checks: 'write',
      actions: 'write',
    });
    const call = (decideWorkflow.on as Json).workflow_call as Json;
    expect(call.secrets).toBeUndefined();
    expect(JSON.stringify(decideJobs)).not.toContain('secrets.');
  });

  test('the fork-safe pair: capture unprivileged, verify on workflow_run from the default branch', () => {
    const pr = readYaml(join(repoRoot, 'examples/workflows/fork-safe-pr.yml'));
    const verify = readYaml(join(repoRoot, 'examples/workflows/fork-safe-verify.yml'));
    expect(Object.keys(pr.on as Json)).toEqual(['pull_request']);
    expect(JSON.stringify(pr)).not.toMatch(/secrets\.|: ?"write"/);
    expect((verify.on as Json).workflow_run).toEqual({
      workflows: [pr.name],
      types: ['completed'],
    });
    const verifyJobs = verify.jobs as Record<string, Json>;
    const planStep = (verifyJobs.plan!.steps as Json[]).find((s) => s.id === 'dog')!;
    expect(planStep.with).toMatchObject({
      command: 'plan',
      'captures-from-run': '${{ github.event.workflow_run.id }}',
      'head-sha': '${{ github.event.workflow_run.head_sha }}',
    });
    expect(verifyJobs.plan!.permissions).toEqual({ contents: 'read', actions: 'read' });
    for (const job of Object.values(verifyJobs)) {
      const checkout = (job.steps as Json[]).find((s) =>
        String(s.uses).startsWith('actions/checkout@'),
      )!;
      expect(checkout.with).toEqual({
        ref: '${{ github.event.repository.default_branch }}',
        'persist-credentials': false,
      });
    }
  });
});

// A minimal split pipeline that passes both the schema and the rules; each negative test below
// breaks one thing and expects exactly that to be reported.
const baseline = `
name: t
on: { pull_request: {} }
permissions: {}
jobs:
  plan:
    runs-on: ubuntu-latest
    cache-mode: read
    permissions: { contents: read, actions: read }
    outputs:
      waves: \${{ steps.dog.outputs.waves }}
      matrix: \${{ steps.dog.outputs.matrix }}
    steps:
      - uses: actions/checkout@v5
        with: { persist-credentials: false }
      - id: dog
        uses: ./
        with: { command: plan, max-waves: 2 }
  verify-1:
    needs: plan
    if: \${{ fromJSON(needs.plan.outputs.waves) >= 1 }}
    runs-on: ubuntu-latest
    cache-mode: none
    permissions: { contents: read, models: read }
    strategy:
      fail-fast: false
      matrix: \${{ fromJSON(needs.plan.outputs.matrix).w1 }}
    steps:
      - uses: ./
        env: { OPENAI_API_KEY: '\${{ secrets.OPENAI_API_KEY }}' }
        with: { command: verify, matrix-entry: '\${{ toJSON(matrix) }}' }
  verify-2:
    needs: [plan, verify-1]
    if: \${{ !cancelled() && needs.plan.result == 'success' && fromJSON(needs.plan.outputs.waves) >= 2 }}
    runs-on: ubuntu-latest
    cache-mode: none
    permissions: { contents: read, models: read }
    strategy:
      fail-fast: false
      matrix: \${{ fromJSON(needs.plan.outputs.matrix).w2 }}
    steps:
      - uses: ./
        with: { command: verify, matrix-entry: '\${{ toJSON(matrix) }}' }
  aggregate:
    needs: [plan, verify-1, verify-2]
    if: \${{ always() && needs.plan.result == 'success' }}
    runs-on: ubuntu-latest
    cache-mode: write
    permissions: { contents: read, actions: read, checks: write }
    steps:
      - uses: ./
        with: { command: aggregate }
      - run: echo "$TITLE"
        env: { TITLE: '\${{ github.event.pull_request.title }}' }
`;

type Jobs = Record<string, Json & { steps: Json[] }>;
const base = (): Json => parseYaml(baseline);
const jobsOf = (workflow: Json): Jobs => workflow.jobs as Jobs;
const ruleContext: RuleContext = {
  ...contextFor(join(repoRoot, 'examples/workflows')),
  siblingNames: new Set(['t', 'DoG capture']),
};
function brokenBy(change: (workflow: Json, jobs: Jobs) => void): Json {
  const workflow = base();
  change(workflow, jobsOf(workflow));
  return workflow;
}

describe('the validators reject broken workflows', () => {
  test('the baseline itself is valid (so each failure below has one cause)', () => {
    expect(validateWorkflow(base())).toEqual([]);
    expect(workflowRules(base(), ruleContext)).toEqual([]);
  });

  describe('schema', () => {
    test.each<[string, (workflow: Json, jobs: Jobs) => void, string]>([
      [
        'an unknown top-level key',
        (w) => (w.bogus = 1),
        '(top level): must NOT have additional properties (bogus)',
      ],
      ['no on', (w) => delete w.on, "(top level): must have required property 'on'"],
      [
        'a job without runs-on',
        (_w, j) => delete j.plan!['runs-on'],
        "required property 'runs-on'",
      ],
      [
        'a misspelt job key',
        (_w, j) => (j.plan!.step = j.plan!.steps),
        'must NOT have additional properties (step)',
      ],
      [
        'an unknown permission level',
        (_w, j) => (j.aggregate!.permissions = { checks: 'admin' }),
        '/jobs/aggregate/permissions/checks',
      ],
      [
        'models: write (GitHub only has models: read)',
        (_w, j) => (j['verify-1']!.permissions = { models: 'write' }),
        '/jobs/verify-1/permissions/models',
      ],
      [
        'copilot-requests: read (GitHub only has copilot-requests: write)',
        (_w, j) => (j['verify-1']!.permissions = { 'copilot-requests': 'read' }),
        '/jobs/verify-1/permissions/copilot-requests',
      ],
      [
        'a misspelt copilot permission',
        (_w, j) => (j['verify-1']!.permissions = { 'copilot-request': 'write' }),
        'must NOT have additional properties (copilot-request)',
      ],
      ['an unknown event', (w) => (w.on = { pull_requests: {} }), '/on'],
    ])('%s', (_name, change, expected) => {
      expect(validateWorkflow(brokenBy(change)).join('\n')).toContain(expected);
    });
  });

  test('YAML with a duplicate key does not parse', () => {
    expect(() => parseYaml('on: push\non: pull_request\njobs: {}\n')).toThrow(/unique/i);
  });

  describe('project rules', () => {
    test.each<[string, (workflow: Json, jobs: Jobs) => void, string]>([
      [
        'a job without permissions under a writable default',
        (w, j) => {
          delete w.permissions;
          delete j.plan!.permissions;
        },
        'jobs.plan: declares no permissions',
      ],
      [
        'write permissions at the top level',
        (w) => (w.permissions = { checks: 'write' }),
        'top-level permissions must be {} or read-only',
      ],
      [
        'an action on a branch',
        (_w, j) => (j.plan!.steps[0]!.uses = 'actions/checkout@main'),
        'actions/checkout@main must be pinned',
      ],
      [
        'an action without a ref',
        (_w, j) => (j.plan!.steps[0]!.uses = 'actions/checkout'),
        'actions/checkout must be pinned',
      ],
      [
        'a checkout that keeps the token on disk',
        (_w, j) => (j.plan!.steps[0]!.with = {}),
        'persist-credentials: false',
      ],
      [
        'pull_request_target checking out the pull request head',
        (w, j) => {
          w.on = { pull_request_target: {} };
          j.plan!.steps[0]!.with = {
            ref: '${{ github.event.pull_request.head.sha }}',
            'persist-credentials': false,
          };
        },
        "jobs.plan.steps[0]: checks out the pull request's head in a privileged workflow",
      ],
      [
        'workflow_run checking out the head of the triggering run',
        (w, j) => {
          w.on = { workflow_run: { workflows: ['DoG capture'], types: ['completed'] } };
          j.plan!.if = "${{ github.event.workflow_run.conclusion == 'success' }}";
          j.plan!.steps[0]!.with = {
            ref: '${{ github.event.workflow_run.head_sha }}',
            'persist-credentials': false,
          };
        },
        "checks out the pull request's head in a privileged workflow",
      ],
      [
        'workflow_run without the conclusion check',
        (w) => (w.on = { workflow_run: { workflows: ['DoG capture'], types: ['completed'] } }),
        "jobs.plan: must run only if github.event.workflow_run.conclusion == 'success'",
      ],
      [
        'workflow_run naming a workflow that does not exist',
        (w, j) => {
          w.on = { workflow_run: { workflows: ['DoG captur'], types: ['completed'] } };
          j.plan!.if = "${{ github.event.workflow_run.conclusion == 'success' }}";
        },
        'names "DoG captur", which no workflow here is called',
      ],
      [
        'an expression interpolated into a shell script',
        (_w, j) => (j.aggregate!.steps[1]!.run = 'echo "${{ github.event.pull_request.title }}"'),
        'run interpolates an expression',
      ],
      [
        'a matrix that cancels its siblings',
        (_w, j) => delete (j['verify-1']!.strategy as Json)['fail-fast'],
        'jobs.verify-1: a matrix job must set strategy.fail-fast: false',
      ],
      [
        'a verify job that can write checks',
        (_w, j) => (j['verify-2']!.permissions = { contents: 'read', checks: 'write' }),
        'jobs.verify-2: verify must not hold checks: write',
      ],
      [
        'an aggregate that does not run after a failed wave',
        (_w, j) => (j.aggregate!.if = "${{ needs.plan.result == 'success' }}"),
        "aggregate must run if always() && needs.<plan>.result == 'success'",
      ],
      [
        'an aggregate without checks: write',
        (_w, j) => (j.aggregate!.permissions = { contents: 'read', actions: 'read' }),
        'aggregate needs checks: write',
      ],
      [
        'a plan that cannot read the cache listing',
        (_w, j) => (j.plan!.permissions = { contents: 'read' }),
        'jobs.plan: plan restores the cache and needs actions: read for its listing',
      ],
      [
        'an aggregate that does not wait for a wave',
        (_w, j) => (j.aggregate!.needs = ['plan', 'verify-1']),
        'aggregate must need verify-2',
      ],
      [
        'max-waves that differs from the wired waves',
        (_w, j) => ((j.plan!.steps[1]!.with as Json)['max-waves'] = 3),
        'max-waves is 3 but the workflow wires 2 verify waves',
      ],
      [
        'a wave reading the wrong matrix',
        (_w, j) =>
          ((j['verify-2']!.strategy as Json).matrix =
            '${{ fromJSON(needs.plan.outputs.matrix).w3 }}'),
        'verify waves must be numbered 1..n, found w3',
      ],
      [
        'a later wave that is skipped after a failed wave',
        (_w, j) => (j['verify-2']!.if = '${{ fromJSON(needs.plan.outputs.waves) >= 2 }}'),
        'wave 2 must also run after a failed earlier wave',
      ],
      [
        'a wave guarded by the wrong count',
        (_w, j) =>
          (j['verify-2']!.if =
            "${{ !cancelled() && needs.plan.result == 'success' && fromJSON(needs.plan.outputs.waves) >= 1 }}"),
        'jobs.verify-2: must run only if fromJSON(needs.plan.outputs.waves) >= 2',
      ],
      [
        'a wave that does not wait for the previous one',
        (_w, j) => (j['verify-2']!.needs = ['plan']),
        'jobs.verify-2: wave 2 must need verify-1',
      ],
      [
        'copilot-requests: write on the plan job',
        (_w, j) => (j.plan!.permissions = { contents: 'read', 'copilot-requests': 'write' }),
        'jobs.plan: only verify (and run) jobs call a model, not plan',
      ],
      [
        'a secret in the plan job',
        (_w, j) => (j.plan!.steps[1]!.env = { OPENAI_API_KEY: '${{ secrets.OPENAI_API_KEY }}' }),
        'jobs.plan: only verify (and run) jobs may see secrets, not plan',
      ],
      [
        'an input action.yml does not declare',
        (_w, j) => ((j.plan!.steps[1]!.with as Json).waves = 3),
        'jobs.plan.steps[1]: action.yml has no input "waves"',
      ],
      [
        'an unknown command',
        (_w, j) => ((j.aggregate!.steps[0]!.with as Json).command = 'settle'),
        'unknown command "settle"',
      ],
      [
        'a verify step without its matrix entry',
        (_w, j) => delete (j['verify-1']!.steps[0]!.with as Json)['matrix-entry'],
        'verify needs matrix-entry: ${{ toJSON(matrix) }}',
      ],
      [
        'a capture job that can write',
        (_w, j) => {
          j.plan!.steps[1]!.with = { command: 'capture' };
          j.plan!.permissions = { contents: 'read', checks: 'write' };
        },
        'jobs.plan: capture must not hold checks: write',
      ],
      [
        'a reference to an output that does not exist',
        (_w, j) =>
          ((j['verify-1']!.strategy as Json).matrix =
            '${{ fromJSON(needs.plan.outputs.matrx).w1 }}'),
        'jobs.verify-1: job plan has no output matrx',
      ],
      [
        'a job output from a step that does not exist',
        (_w, j) => ((j.plan!.outputs as Json).waves = '${{ steps.dogg.outputs.waves }}'),
        'jobs.plan: no step with id dogg',
      ],
      [
        'a reusable call with secrets: inherit and an unknown input',
        (_w, j) =>
          Object.assign(j, {
            call: {
              uses: 'dog-ci/dog/.github/workflows/dog.yml@v1',
              permissions: { contents: 'read' },
              with: { graphs: 'x' },
              secrets: 'inherit',
            },
          }),
        'jobs.call: secrets: inherit hands over every secret',
      ],
    ])('%s', (_name, change, expected) => {
      expect(workflowRules(brokenBy(change), ruleContext).join('\n')).toContain(expected);
    });

    const callOf = (uses: string, permissions: Json): Json =>
      brokenBy((_w, j) => Object.assign(j, { call: { uses, permissions, 'cache-mode': 'write' } }));
    const dogCall = 'dog-ci/dog/.github/workflows/dog.yml@v1';
    const decideCall = 'dog-ci/dog/.github/workflows/dog-decide.yml@v1';

    test("a call of dog.yml with the pipeline's own grant is complete", () => {
      expect(workflowRules(callOf(dogCall, pipelineGrant), ruleContext)).toEqual([]);
    });

    test('a reusable call that grants less than a job of the called workflow requests', () => {
      const problems = workflowRules(
        callOf(dogCall, { contents: 'read', checks: 'write' }),
        ruleContext,
      );
      expect(problems).toEqual([
        'jobs.call: grants actions: none, but a job of dog.yml requests actions: read',
        'jobs.call: grants copilot-requests: none, but a job of dog.yml requests copilot-requests: write',
      ]);
    });

    test("a call of dog-decide.yml with only the pipeline's grant", () => {
      expect(workflowRules(callOf(decideCall, pipelineGrant), ruleContext)).toEqual([
        'jobs.call: grants pull-requests: none, but a job of dog-decide.yml requests pull-requests: write',
        'jobs.call: grants issues: none, but a job of dog-decide.yml requests issues: write',
        'jobs.call: grants actions: read, but a job of dog-decide.yml requests actions: write',
      ]);
    });

    test('a call of a DoG reusable workflow that does not exist', () => {
      expect(
        workflowRules(
          callOf('dog-ci/dog/.github/workflows/dog-review.yml@v1', { contents: 'read' }),
          ruleContext,
        ),
      ).toEqual(['jobs.call: DoG ships no reusable workflow dog-review.yml']);
    });

    test('an inputs.<name> the workflow does not declare (github.event.inputs is not inputs)', () => {
      const problems = workflowRules(
        brokenBy((_w, j) => {
          (j.aggregate!.steps[0]!.with as Json)['pull-request'] = '${{ inputs.pull-request }}';
          (j.aggregate!.steps[0]!.with as Json).goal = '${{ github.event.inputs.goal }}';
        }),
        ruleContext,
      );
      expect(problems).toEqual(['inputs.pull-request is not an input of this workflow']);
    });

    test('a reusable call passing an undeclared input or secret', () => {
      const problems = workflowRules(
        brokenBy((_w, j) =>
          Object.assign(j, {
            call: {
              uses: 'dog-ci/dog/.github/workflows/dog.yml@v1',
              'cache-mode': 'write',
              permissions: pipelineGrant,
              with: { graphs: 'x' },
              secrets: { GITHUB_PAT: '${{ secrets.PAT }}' },
            },
          }),
        ),
        ruleContext,
      );
      expect(problems).toEqual([
        'jobs.call: dog.yml has no input "graphs"',
        'jobs.call: dog.yml declares no secret "GITHUB_PAT"',
      ]);
    });
  });
});
