import {
  errorReply,
  startFakeModelServer,
  textReply,
  type FakeModelServer,
} from '../support/fakeModelServer.js';
import {
  createModelClient,
  modelIdentity,
  type ApiProviderConfig,
} from '../../src/providers/factory.js';
import { ProviderError } from '../../src/providers/types.js';
import { chatRequest, clientFor, failure, KEY, KEY_ENV, userText } from './fixtures.js';

describe('createModelClient', () => {
  let server: FakeModelServer;

  beforeEach(async () => {
    server = await startFakeModelServer();
  });

  afterEach(async () => {
    await server.close();
  });

  test.each([{}, { MODEL_KEY: '' }, { MODEL_KEY: '  ' }])(
    'a missing or empty key variable is an auth error naming the variable (%j)',
    (env) => {
      const provider: ApiProviderConfig = { kind: 'anthropic', apiKeyEnv: 'MODEL_KEY' };
      let thrown: unknown;
      try {
        createModelClient(provider, { env: { ...env, OTHER: 'unrelated-secret' }, vision: false });
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(ProviderError);
      expect(thrown).toMatchObject({ kind: 'auth', retries: 0 });
      expect((thrown as Error).message).toContain('MODEL_KEY');
      expect((thrown as Error).message).not.toContain('unrelated-secret');
    },
  );

  test('builds the client of the configured kind with the given vision', () => {
    const openai = createModelClient({ kind: 'openai' }, { env: {}, vision: true });
    const anthropic = createModelClient({ kind: 'anthropic' }, { env: {}, vision: false });
    expect([openai.kind, openai.vision]).toEqual(['openai', true]);
    expect([anthropic.kind, anthropic.vision]).toEqual(['anthropic', false]);
  });

  test('a baseUrl with credentials or a non-http scheme is refused', () => {
    expect(() =>
      createModelClient(
        { kind: 'openai', baseUrl: 'https://u:p@h/v1' },
        { env: {}, vision: false },
      ),
    ).toThrow(/credentials/);
    expect(() =>
      createModelClient({ kind: 'openai', baseUrl: 'file:///etc' }, { env: {}, vision: false }),
    ).toThrow(/http or https/);
  });

  test('config headers are sent; the auth header wins over a same-named one', async () => {
    server.enqueue(textReply('openai', 'ok'));
    const provider = {
      ...server.provider('openai', KEY_ENV),
      headers: { 'X-Extra': 'yes', Authorization: 'Bearer from-config' },
    };
    await createModelClient(provider, { env: { [KEY_ENV]: KEY }, vision: false }).chat(
      chatRequest([userText('go')]),
    );
    expect(server.requests[0]!.headers['x-extra']).toBe('yes');
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  test('maxRetries 0 fails on the first 5xx; values above 10 are clamped to 10', async () => {
    server.setHandler(() => errorReply('openai', 503, 'busy', { 'retry-after': '0' }));
    const none = await failure(
      clientFor(server, 'openai', { maxRetries: 0 }).chat(chatRequest([userText('go')])),
    );
    expect(none).toMatchObject({ kind: 'server', retries: 0 });
    expect(server.requests).toHaveLength(1);
    const many = await failure(
      clientFor(server, 'openai', { maxRetries: 50 }).chat(chatRequest([userText('go')])),
    );
    expect(many).toMatchObject({ kind: 'server', retries: 10 });
    expect(server.requests).toHaveLength(12);
  });
});

describe('modelIdentity', () => {
  test.each<[ApiProviderConfig, string]>([
    [{ kind: 'openai' }, 'https://api.openai.com/v1'],
    [{ kind: 'openai', baseUrl: 'HTTPS://API.OpenAI.com:443/v1/' }, 'https://api.openai.com/v1'],
    [{ kind: 'openai', baseUrl: 'http://127.0.0.1:11434/v1' }, 'http://127.0.0.1:11434/v1'],
    [
      { kind: 'openai', baseUrl: 'https://r.openai.azure.com/openai/v1?api-version=preview' },
      'https://r.openai.azure.com/openai/v1?api-version=preview',
    ],
    [{ kind: 'anthropic' }, 'https://api.anthropic.com'],
    [{ kind: 'anthropic', baseUrl: 'https://api.anthropic.com/v1/' }, 'https://api.anthropic.com'],
    [
      { kind: 'openai', baseUrl: 'https://llm.example.test/inference/' },
      'https://llm.example.test/inference',
    ],
  ])('%j → %s', (provider, baseUrl) => {
    expect(modelIdentity(provider, 'm')).toEqual({ provider: provider.kind, baseUrl, model: 'm' });
  });

  test('carries no key variable, headers or retry settings', () => {
    const identity = modelIdentity(
      { kind: 'openai', apiKeyEnv: 'SECRET_ENV', headers: { 'x-tenant': 'T' }, maxRetries: 5 },
      'gpt-x',
    );
    expect(Object.keys(identity).sort()).toEqual(['baseUrl', 'model', 'provider']);
    expect(JSON.stringify(identity)).not.toMatch(/SECRET_ENV|x-tenant/);
  });
});
