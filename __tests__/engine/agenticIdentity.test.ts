// A verifier's identity (and so its GM digest) comes from configuration alone — provider kind,
// base URL, model — so a job without the API key (plan, aggregate) selects exactly what the
// job holding it verifies; the key is checked where the model would be called.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultConfig, type HostConfig } from '../../src/config/hostConfig.js';
import type { WorkItem } from '../../src/core/graph/model.js';
import { AgenticWiring } from '../../src/engine/host/agentic.js';
import { NoIsolationSandbox } from '../../src/sandbox/none.js';

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'dog-identity-'));
});
afterEach(() => rm(scratch, { recursive: true, force: true }));

function config(providers: HostConfig['providers'], models: HostConfig['models']): HostConfig {
  return { ...defaultConfig(), providers, models };
}

const API = config(
  { hosted: { kind: 'openai', baseUrl: 'https://api.example.test/v1', apiKeyEnv: 'HOSTED_KEY' } },
  { default: { provider: 'hosted', model: 'm-1' } },
);

const EXEC = config(
  {
    hosted: { kind: 'anthropic', apiKeyEnv: 'GATEWAY_KEY' },
    agent: { kind: 'exec', command: ['/bin/true'], gateway: { model: 'behind' } },
  },
  {
    default: { provider: 'agent', model: 'agent' },
    behind: { provider: 'hosted', model: 'claude-x' },
  },
);

const item: WorkItem = {
  key: 'page',
  goalId: 'page',
  role: 'leaf',
  target: 'page.md',
  verifier: { mode: 'agentic', instruction: 'The page reads well.' },
  reuse: 'auto',
};

function wiring(hostConfig: HostConfig, env: NodeJS.ProcessEnv): AgenticWiring {
  return new AgenticWiring({
    config: hostConfig,
    env,
    sandbox: new NoIsolationSandbox(),
    scratchRoot: scratch,
  });
}

async function verifyWithout(hostConfig: HostConfig) {
  const capture = join(scratch, 'page.md');
  await writeFile(capture, '# Page\n');
  return wiring(hostConfig, {})
    .verifierFor(item)
    .verify({
      goalId: 'page',
      runId: 'run-1',
      captureDigest: `sha256:${'a'.repeat(64)}`,
      capturePath: capture,
      captureKind: 'file',
      verifier: item.verifier,
      timeoutMs: 10_000,
      maxEvidenceBytes: 65536,
      signal: new AbortController().signal,
    });
}

test.each([
  ['an API provider', API, 'HOSTED_KEY'],
  ['an exec agent behind the model gateway', EXEC, 'GATEWAY_KEY'],
])('%s: the identity is the same with and without the key', (_what, hostConfig, variable) => {
  const without = wiring(hostConfig, {}).identityOf(item);
  const withKey = wiring(hostConfig, { [variable]: 'sk-secret-value' }).identityOf(item);
  expect(without.ok).toBe(true);
  expect(without).toEqual(withKey);
  expect(JSON.stringify(withKey)).not.toContain('sk-secret-value');
});

test('the identity names the provider kind, its base URL and the model', () => {
  const outcome = wiring(API, {}).identityOf(item);
  expect(outcome.ok && outcome.identity.mode === 'agentic' && outcome.identity.model).toEqual({
    provider: 'openai',
    baseUrl: 'https://api.example.test/v1',
    model: 'm-1',
  });
});

test.each([
  ['an API provider', API, 'HOSTED_KEY'],
  ['an exec agent behind the model gateway', EXEC, 'GATEWAY_KEY'],
])(
  '%s: verifying without the key settles no_capability naming it',
  async (_what, hostConfig, variable) => {
    const outcome = await verifyWithout(hostConfig);
    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.error?.category).toBe('no_capability');
    expect(outcome.error?.message).toContain(variable);
  },
);

test('an unusable base URL is no_capability at selection, naming the provider', () => {
  const broken = config(
    { hosted: { kind: 'openai', baseUrl: 'not a url' } },
    { default: { provider: 'hosted', model: 'm' } },
  );
  const outcome = wiring(broken, {}).identityOf(item);
  expect(outcome).toMatchObject({ ok: false, error: { category: 'no_capability' } });
  expect(!outcome.ok && outcome.error.message).toContain('provider "hosted"');
});
