// GitHub Models was retired on 2026-07-30 (DESIGN §9): a configuration that points at
// models.github.ai is refused when it is loaded, with what to use instead, and the Action no
// longer falls back to it when no provider is configured. A configured provider is left alone.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareHost, providerEnv } from '../../../src/action/host.js';
import { parseInputs } from '../../../src/action/inputs.js';
import type { TrustedFiles } from '../../../src/engine/session/planDocument.js';
import type { ActionJob } from '../../../src/action/services.js';
import { loadHostConfig } from '../../../src/config/hostConfig.js';
import { resolveModel } from '../../../src/config/models.js';
import { ConfigError, UserError } from '../../../src/core/errors.js';

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

const RETIRED = /GitHub Models \(models\.github\.ai\) was retired on 2026-07-30/;
const configWith = (baseUrl: string): string =>
  `providers:\n  gh: {kind: openai, baseUrl: ${JSON.stringify(baseUrl)}, apiKeyEnv: GITHUB_TOKEN}\nmodels:\n  default: {provider: gh, model: openai/gpt-4.1}\n`;

describe('a configuration that points at GitHub Models', () => {
  test.each([
    'https://models.github.ai/inference',
    'HTTPS://Models.GitHub.AI/inference/',
    'http://models.github.ai:8443',
    'https://eu.models.github.ai/v1',
    'https://models.github.ai./inference',
  ])('%s is refused at load time, saying what to use instead', async (baseUrl) => {
    const path = join(temp, 'config.yaml');
    await writeFile(path, configWith(baseUrl));
    const error = await loadHostConfig(path, { required: true, env: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toEqual([
      { pointer: '/providers/gh/baseUrl', message: expect.stringMatching(RETIRED) },
    ]);
    expect(problems[0]?.message).toContain('kind: copilot');
    expect(problems[0]?.message).toContain('copilot-requests: write');
    expect(problems[0]?.message).toContain('apiKeyEnv');
  });

  test.each([
    'https://notmodels.github.ai/inference',
    'https://models.github.ai.example.test/v1',
    'https://api.openai.com/v1',
  ])('%s is another host and loads', async (baseUrl) => {
    const path = join(temp, 'config.yaml');
    await writeFile(path, configWith(baseUrl));
    const config = await loadHostConfig(path, { required: true, env: {} });
    expect(config.providers.gh?.baseUrl).toBe(baseUrl);
  });

  test('the Action stops with a user error naming the file, not a run of failing goals', async () => {
    const error = await prepareHost(
      job({}),
      files(configWith('https://models.github.ai/inference')),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect(JSON.stringify((error as UserError).problems)).toMatch(RETIRED);
  });
});

test('without providers, the Action no longer falls back to GitHub Models', async () => {
  const step = job({ token: 'ghs_x' });
  const { context, graph } = await prepareHost(step, files(null));
  expect(graph.nodes.has('page')).toBe(true);
  expect(JSON.stringify(context.config)).not.toContain('models.github.ai');
  expect(Object.values(context.config.providers).map((p) => p.baseUrl)).not.toContain(
    'https://models.github.ai/inference',
  );
  const model = resolveModel(context.config, undefined);
  expect(model.ok || model.error.category).toBe(model.ok ? true : 'no_capability');
  if (!model.ok) expect(model.error.message).toMatch(/add a provider under "providers"/);
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
