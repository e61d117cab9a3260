import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultConfig, loadHostConfig } from '../../src/config/hostConfig.js';
import { ConfigError, UserError } from '../../src/core/errors.js';

async function configFile(text: string, name = 'config.yaml'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dog-config-'));
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

async function problemsOf(promise: Promise<unknown>): Promise<string[]> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UserError)
      return [error.message, ...error.problems.map((p) => `${p.pointer} ${p.message}`)];
    throw error;
  }
  throw new Error('expected a configuration error');
}

describe('host configuration', () => {
  test('an absent default file gives the documented defaults', async () => {
    const config = await loadHostConfig('/nonexistent/.dog/config.yaml', {
      required: false,
      env: {},
    });
    expect(config).toMatchObject({
      allowPartialRoot: false,
      revalidateThreshold: 0.3,
      isolation: 'auto',
    });
    expect(config.limits).toEqual({
      maxNodes: 256,
      maxCaptureBytes: 67108864,
      maxEvidenceBytes: 65536,
      maxExpressionDepth: 64,
      maxExpressionNodes: 512,
      maxGraphBytes: 4194304,
    });
    expect(config.timeouts).toEqual({ programmaticSeconds: 120, agenticSeconds: 600 });
  });

  test('a missing file given with --config is an error', async () => {
    await expect(
      loadHostConfig('/nonexistent/x.yaml', { required: true, env: {} }),
    ).rejects.toBeInstanceOf(ConfigError);
  });

  test('file values merge over defaults, nested limits key by key', async () => {
    const path = await configFile(
      'allowPartialRoot: true\nconcurrency: 3\nlimits: {maxNodes: 1000}\ntimeouts: {programmaticSeconds: 5}\n',
    );
    const config = await loadHostConfig(path, { required: true, env: {} });
    expect(config).toMatchObject({ allowPartialRoot: true, concurrency: 3 });
    expect(config.limits.maxNodes).toBe(1000);
    expect(config.limits.maxEvidenceBytes).toBe(65536);
    expect(config.timeouts).toEqual({ programmaticSeconds: 5, agenticSeconds: 600 });
  });

  test('the full documented shape, providers and models included, is accepted', async () => {
    const path = await configFile(`
budget:
  run: {tokens: 2000000, costUsd: 5}
  verification: {turns: 30, tokens: 200000, costUsd: 0.5}
providers:
  local: {kind: openai, baseUrl: "http://127.0.0.1:11434/v1", apiKeyEnv: OLLAMA_KEY}
  agent-cli: {kind: exec, command: ["my-agent", "--print"], env: {}}
models:
  default: {provider: local, model: "qwen2.5:14b", price: {inputPerMTok: 0, outputPerMTok: 0}}
`);
    const config = await loadHostConfig(path, { required: true, env: {} });
    expect(Object.keys(config.models)).toEqual(['default']);
  });

  test('unknown keys, wrong types and a model naming an undefined provider are rejected with pointers', async () => {
    expect(
      (
        await problemsOf(
          loadHostConfig(await configFile('concurency: 4\n'), { required: true, env: {} }),
        )
      ).join('\n'),
    ).toContain('unknown field "concurency"');
    expect(
      (
        await problemsOf(
          loadHostConfig(await configFile('concurrency: "4"\n'), { required: true, env: {} }),
        )
      ).join('\n'),
    ).toContain('/concurrency must be integer');
    const orphan = await configFile('models: {m: {provider: nowhere, model: x}}\n');
    expect(
      (await problemsOf(loadHostConfig(orphan, { required: true, env: {} }))).join('\n'),
    ).toContain('/models/m/provider provider "nowhere" is not defined');
  });

  test("an exec agent's gateway model must be a defined model API alias", async () => {
    const base =
      'providers:\n  api: {kind: openai, baseUrl: "http://127.0.0.1:1/v1"}\n  agent: {kind: exec, command: [/bin/true], gateway: {model: %M}}\nmodels:\n  m: {provider: api, model: x}\n  a: {provider: agent, model: a}\n';
    const good = await loadHostConfig(await configFile(base.replace('%M', 'm')), {
      required: true,
      env: {},
    });
    expect(good.providers.agent).toMatchObject({ gateway: { model: 'm' } });
    const missing = await configFile(base.replace('%M', 'nope'));
    expect(
      (await problemsOf(loadHostConfig(missing, { required: true, env: {} }))).join('\n'),
    ).toContain('/providers/agent/gateway/model model alias "nope" is not defined under models');
    const itself = await configFile(base.replace('%M', 'a'));
    expect(
      (await problemsOf(loadHostConfig(itself, { required: true, env: {} }))).join('\n'),
    ).toContain('must use an openai or anthropic provider');
    const extra = await configFile(base.replace('%M', 'm}, port: {x: 1'));
    expect(
      (await problemsOf(loadHostConfig(extra, { required: true, env: {} }))).join('\n'),
    ).toMatch(/unknown field/);
  });

  test('a YAML syntax error and a duplicate key are configuration errors', async () => {
    expect(
      (
        await problemsOf(loadHostConfig(await configFile('a: [\n'), { required: true, env: {} }))
      ).join('\n'),
    ).toContain('YAML');
    expect(
      (
        await problemsOf(
          loadHostConfig(await configFile('concurrency: 1\nconcurrency: 2\n'), {
            required: true,
            env: {},
          }),
        )
      ).join('\n'),
    ).toContain('unique');
  });

  test('DOG_* variables override the file and are parsed strictly', async () => {
    const path = await configFile('concurrency: 2\nisolation: bubblewrap\n');
    const env = {
      DOG_CONCURRENCY: '7',
      DOG_ALLOW_PARTIAL_ROOT: 'true',
      DOG_REVALIDATE_THRESHOLD: '0',
      DOG_ISOLATION: 'none',
    };
    expect(await loadHostConfig(path, { required: true, env })).toMatchObject({
      concurrency: 7,
      allowPartialRoot: true,
      revalidateThreshold: 0,
      isolation: 'none',
    });
    for (const [name, value, expected] of [
      ['DOG_CONCURRENCY', '0', 'expected an integer from 1 to 256'],
      ['DOG_CONCURRENCY', '2.5', 'expected an integer'],
      ['DOG_ALLOW_PARTIAL_ROOT', 'yes', 'expected true or false'],
      ['DOG_REVALIDATE_THRESHOLD', '1.5', 'expected a number from 0 to 1'],
      ['DOG_ISOLATION', 'docker', 'expected auto, bubblewrap or none'],
    ] as const) {
      expect(
        (await problemsOf(loadHostConfig(path, { required: true, env: { [name]: value } }))).join(
          '\n',
        ),
      ).toContain(expected);
    }
  });

  test('defaults use every CPU for concurrency', () => {
    expect(defaultConfig().concurrency).toBeGreaterThanOrEqual(1);
  });
});
