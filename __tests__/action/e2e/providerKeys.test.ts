// Agentic goals with an API-key provider, wired as the reusable workflow and the fork-safe
// pair wire them: the key is a secret that only the verify jobs receive. Plan and aggregate
// run without it, so the goals' identities (and GM digests) must come from the configuration
// alone; the verify jobs call the model, and the root settles from their verdicts. A verify
// job that lacks the key settles its goals no_capability, naming the variable.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import {
  startFakeModelServer,
  toolCallReply,
  type FakeModelServer,
  type FakeRequest,
} from '../../support/fakeModelServer.js';
import { ISOLATION } from './fixtures.js';
import {
  BASE_SHA,
  expectOk,
  HEAD_SHA,
  REPO_ROOT,
  reportOf,
  World,
  type Files,
  type Step,
} from './world.js';

const TIMEOUT = 300_000;
/** The generic key slot of the reusable workflow, and the name the fork-safe pair passes. */
const KEY_VARIABLE = 'MODEL_API_KEY_1';
const FORK_SAFE_KEY_VARIABLE = 'OPENAI_API_KEY';
const SECRET_VALUE = 'sk-test-Verify0nlyKey000000000000';

let world: World;
let model: FakeModelServer;

beforeAll(async () => {
  world = await World.start({});
  model = await startFakeModelServer(readThenJudge);
}, 60_000);

afterAll(async () => {
  await model?.close();
  await world?.stop();
});

afterEach(() => {
  expect(world.api.takeViolations()).toEqual([]);
});

/** Reads the page, then passes it unless it says BROKEN. */
function readThenJudge(request: FakeRequest) {
  const messages = (request.body as { messages?: { role: string; content?: unknown }[] }).messages;
  const read = (messages ?? []).find((m) => m.role === 'tool');
  if (!read)
    return toolCallReply('openai', [{ id: 'r1', name: 'read_file', args: { path: 'page.md' } }]);
  const broken = JSON.stringify(read.content).includes('BROKEN');
  const verdict = broken ? 'fail' : 'pass';
  return toolCallReply('openai', [
    { id: 's1', name: 'submit_verdict', args: { verdict, evidence: { page: verdict } } },
  ]);
}

/** The secrets each job of a workflow file hands to its DoG step, by the job's command. */
function dogStepEnv(workflowPath: string, secrets: Record<string, string>) {
  const workflow = parse(readFileSync(join(REPO_ROOT, workflowPath), 'utf8')) as {
    jobs: Record<
      string,
      { steps: { uses?: string; env?: Record<string, string>; with?: Record<string, unknown> }[] }
    >;
  };
  const byCommand = new Map<string, Record<string, string>>();
  for (const job of Object.values(workflow.jobs)) {
    const step = job.steps.find((s) => s.uses?.startsWith('dog-ci/dog@'));
    if (!step) continue;
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(step.env ?? {})) {
      const secret = /^\$\{\{\s*secrets\.(\w+)\s*\}\}$/.exec(value)?.[1];
      if (secret !== undefined && secrets[secret] !== undefined) env[name] = secrets[secret];
    }
    byCommand.set(String(step.with?.command), env);
  }
  return byCommand;
}

function trusted(variable = KEY_VARIABLE): Files {
  const leaf = (id: string) =>
    `  ${id}:\n    kind: leaf\n    title: The ${id} page reads well\n    target: docs/${id}/page.md\n    verifier: {mode: agentic, instruction: The page must read well.}\n`;
  return {
    '.dog/graph.yaml': `schemaVersion: "1"\nid: keyed\nroot: root\nnodes:\n  root:\n    kind: composite\n    title: Both pages read well\n    completion: {op: all, items: [{op: ref, id: guide}, {op: ref, id: faq}]}\n${leaf('guide')}${leaf('faq')}contains:\n  - {parent: root, child: guide}\n  - {parent: root, child: faq}\n`,
    '.dog/config.yaml': `providers:\n  hosted: {kind: openai, baseUrl: "${model.url}/v1", apiKeyEnv: ${variable}}\nmodels:\n  default: {provider: hosted, model: fake-model}\n${ISOLATION}`,
  };
}

const CHECKOUT_PAGES: Files = {
  'docs/guide/page.md': '# Guide\n\nInstall it, then run it.\n',
  'docs/faq/page.md': '# FAQ\n\nBROKEN: every answer is missing.\n',
};

type Phase = { requests: number; env: Record<string, string> };

/** Runs one step and counts the model requests made while it ran. */
async function counted(
  step: Step,
): Promise<Phase & { result: Awaited<ReturnType<World['step']>> }> {
  const before = model.requests.length;
  const result = await world.step(step);
  return { result, requests: model.requests.length - before, env: step.extraEnv ?? {} };
}

/** plan → each matrix job → aggregate, each job with the env its workflow gives its DoG step. */
async function pipeline(
  runId: number,
  files: Files,
  env: Map<string, Record<string, string>>,
  planInputs: Record<string, string>,
  event: Step['event'],
) {
  const plan = await counted({
    runId,
    job: 'plan',
    files,
    event,
    inputs: { command: 'plan', ...planInputs },
    extraEnv: env.get('plan') ?? {},
  });
  expectOk(plan.result, 'plan');
  const matrix = JSON.parse(plan.result.outputs.matrix ?? '{}') as Record<
    string,
    { include: object[] }
  >;
  const verify = [];
  for (let wave = 1; wave <= Number(plan.result.outputs.waves); wave += 1)
    for (const entry of matrix[`w${wave}`]?.include ?? []) {
      const job = await counted({
        runId,
        job: `verify-${wave}`,
        files,
        event,
        extraEnv: env.get('verify') ?? {},
        inputs: { command: 'verify', 'matrix-entry': JSON.stringify(entry) },
      });
      expectOk(job.result, `verify ${JSON.stringify(entry)}`);
      verify.push(job);
    }
  const headSha = planInputs['head-sha'];
  const aggregate = await counted({
    runId,
    job: 'aggregate',
    files,
    event,
    extraEnv: env.get('aggregate') ?? {},
    inputs: { command: 'aggregate', ...(headSha ? { 'head-sha': headSha } : {}) },
  });
  return { plan, verify, aggregate, matrix };
}

/** What a pipeline must show: goals in the matrix, the model called from verify jobs only. */
async function expectVerifiedInMatrix(
  run: Awaited<ReturnType<typeof pipeline>>,
  variable = KEY_VARIABLE,
) {
  const keys = Object.values(run.matrix).flatMap((w) =>
    w.include.flatMap((e) => (e as { keys?: string[] }).keys ?? []),
  );
  expect(run.verify.length).toBeGreaterThan(0);
  expect(JSON.stringify(run.matrix)).toMatch(/guide/);
  expect(JSON.stringify(run.matrix)).toMatch(/faq/);
  expect(keys.length === 0 || keys.some((k) => k.startsWith('guide'))).toBe(true);
  expect(run.plan.env).toEqual({});
  expect(run.aggregate.env).toEqual({});
  expect([run.plan.requests, run.aggregate.requests]).toEqual([0, 0]);
  for (const job of run.verify) {
    expect(job.env).toEqual({ [variable]: SECRET_VALUE });
    expect(job.requests).toBeGreaterThan(0);
  }
  expect(run.verify.reduce((sum, job) => sum + job.requests, 0)).toBe(4);
  const report = await reportOf(run.aggregate.result);
  expect(report.nodes.guide?.state).toBe('success');
  expect(report.nodes.faq?.state).toBe('failure');
  expect(report.rootState).toBe('failure');
  expect(report.totals.verified).toBe(2);
}

test(
  'the reusable workflow: plan without the key, verify jobs with it, the root settles from their verdicts',
  async () => {
    const files = trusted();
    world.api.setFiles(BASE_SHA, files);
    const env = dogStepEnv('.github/workflows/dog.yml', { [KEY_VARIABLE]: SECRET_VALUE });
    const start = model.requests.length;
    const run = await pipeline(
      80,
      { ...files, ...CHECKOUT_PAGES },
      env,
      { fresh: 'true' },
      'pull_request',
    );
    await expectVerifiedInMatrix(run);
    for (const request of model.requests.slice(start))
      expect(request.headers.authorization).toBe(`Bearer ${SECRET_VALUE}`);
  },
  TIMEOUT,
);

test(
  'fork-safe-verify.yml: the privileged run plans without the key and its verify jobs call the model',
  async () => {
    const files = trusted(FORK_SAFE_KEY_VARIABLE);
    world.api.setFiles(BASE_SHA, files);
    const capture = await world.step({
      runId: 81,
      job: 'capture',
      files: { ...files, ...CHECKOUT_PAGES },
      inputs: { command: 'capture' },
    });
    expectOk(capture, 'capture');
    const env = dogStepEnv('examples/workflows/fork-safe-verify.yml', {
      [FORK_SAFE_KEY_VARIABLE]: SECRET_VALUE,
    });
    const run = await pipeline(
      82,
      files,
      env,
      {
        'captures-from-run': '81',
        'head-sha': HEAD_SHA,
        'trusted-source': 'workspace',
        fresh: 'true',
      },
      'workflow_run',
    );
    await expectVerifiedInMatrix(run, FORK_SAFE_KEY_VARIABLE);
  },
  TIMEOUT,
);

test(
  'a verify job without the key settles its goals no_capability, naming the variable',
  async () => {
    const files = trusted();
    world.api.setFiles(BASE_SHA, files);
    const before = model.requests.length;
    const run = await pipeline(
      83,
      { ...files, ...CHECKOUT_PAGES },
      new Map(),
      { fresh: 'true' },
      'pull_request',
    );
    expect(run.verify.length).toBeGreaterThan(0);
    expect(model.requests.length).toBe(before);
    const report = await reportOf(run.aggregate.result);
    for (const id of ['guide', 'faq']) {
      expect(report.nodes[id]?.error?.category).toBe('no_capability');
      expect(report.nodes[id]?.error?.message).toContain(KEY_VARIABLE);
    }
    expect(report.rootState).toBe('infeasible');
  },
  TIMEOUT,
);
