// Inside the Action, with no provider configured, agentic goals use GitHub Models with the
// step's token (DESIGN §9); a configured provider is left alone.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareHost, providerEnv } from '../../../src/action/host.js';
import { parseInputs } from '../../../src/action/inputs.js';
import type { TrustedFiles } from '../../../src/action/planDocument.js';
import type { ActionJob } from '../../../src/action/services.js';

const GRAPH = `schemaVersion: "1"
id: models
root: page
nodes:
  page:
    kind: leaf
    title: The page reads well
    target: page.md
    verifier: {mode: agentic, instruction: Check the page.}
`;

let temp: string;
beforeEach(async () => {
  temp = await mkdtemp(join(tmpdir(), 'dog-models-'));
});
afterEach(() => rm(temp, { recursive: true, force: true }));

function job(inputs: Record<string, string>): ActionJob {
  const env = Object.fromEntries(
    Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v]),
  );
  return {
    inputs: parseInputs(env),
    env: {},
    signal: new AbortController().signal,
    runner: {
      owner: 'o',
      repo: 'r',
      eventName: 'push',
      sha: 'a'.repeat(40),
      ref: 'refs/heads/main',
      runId: '1',
      runAttempt: '1',
      job: 'dog',
      workspace: temp,
      runnerTemp: join(temp, '_temp'),
      apiUrl: 'http://127.0.0.1:9',
      pullRequest: undefined,
    },
    services: undefined as unknown as ActionJob['services'],
  };
}

const files = (config: string | null): TrustedFiles => ({
  source: 'test',
  graphPath: '.dog/graph.yaml',
  graph: GRAPH,
  configPath: '.dog/config.yaml',
  config,
  scripts: [],
});

test('without providers, the default model is GitHub Models with the step token', async () => {
  const step = job({ model: 'openai/gpt-4.1', token: 'ghs_x' });
  const { context, graph } = await prepareHost(step, files(null));
  expect(graph.nodes.has('page')).toBe(true);
  expect(context.config.providers).toEqual({
    'github-models': {
      kind: 'openai',
      baseUrl: 'https://models.github.ai/inference',
      apiKeyEnv: 'GITHUB_TOKEN',
    },
  });
  expect(context.config.models.default).toEqual({
    provider: 'github-models',
    model: 'openai/gpt-4.1',
  });
  expect(providerEnv(step).GITHUB_TOKEN).toBe('ghs_x');
});

test('a configured provider is used as configured', async () => {
  const config =
    'providers:\n  local: {kind: openai, baseUrl: "http://127.0.0.1:11434/v1"}\nmodels:\n  default: {provider: local, model: "qwen"}\n';
  const { context } = await prepareHost(job({}), files(config));
  expect(Object.keys(context.config.providers)).toEqual(['local']);
  expect(context.config.models.default?.model).toBe('qwen');
});

test('inputs override the configuration', async () => {
  const { context } = await prepareHost(
    job({ concurrency: '3', 'allow-partial-root': 'true' }),
    files('concurrency: 9\n'),
  );
  expect(context.config.concurrency).toBe(3);
  expect(context.config.allowPartialRoot).toBe(true);
});
