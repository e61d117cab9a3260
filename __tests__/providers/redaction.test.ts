import {
  errorReply,
  startFakeModelServer,
  type FakeModelServer,
  type FakeReply,
  type FakeRequest,
  type WireFormat,
} from '../support/fakeModelServer.js';
import { REDACTED } from '../../src/providers/redact.js';
import {
  chatRequest,
  clientFor,
  everythingShown,
  failure,
  FORMATS,
  KEY,
  userText,
} from './fixtures.js';

let server: FakeModelServer;

beforeEach(async () => {
  server = await startFakeModelServer();
});

afterEach(async () => {
  await server.close();
});

/** What the client sent as its key, read back from the request (so a true echo). */
function echoed(request: FakeRequest): string {
  const header = request.headers['x-api-key'] ?? request.headers.authorization ?? 'NO KEY SENT';
  return header.replace(/^Bearer /, '');
}

type Scenario = [string, (format: WireFormat, key: string) => FakeReply];

const scenarios: Scenario[] = [
  ['401 quoting the key', (f, key) => errorReply(f, 401, `Incorrect API key provided: ${key}.`)],
  ['400 quoting the key', (f, key) => errorReply(f, 400, `bad request for ${key}`)],
  [
    '500 quoting the key, retried until exhausted',
    (f, key) => errorReply(f, 500, `crash near ${key}`),
  ],
  [
    '429 quoting the key, retried until exhausted',
    (f, key) => errorReply(f, 429, `limit for ${key}`),
  ],
  ['an HTML error page with the key', (_f, key) => ({ status: 502, body: `<html>${key}</html>` })],
  [
    'a partial echo of the key',
    (f, key) => errorReply(f, 401, `key ${key.slice(0, 20)}*** rejected`),
  ],
  ['a 200 that is not JSON', (_f, key) => ({ status: 200, body: `oops ${key}` })],
  [
    'a 200 carrying an error',
    (f, key) => ({
      status: 200,
      body:
        f === 'openai' ? { error: { message: key } } : { type: 'error', error: { message: key } },
    }),
  ],
];

describe.each(FORMATS)('%s: the planted key never shows in an error', (format) => {
  test.each(scenarios)('%s', async (_name, reply) => {
    server.setHandler((request) => reply(format, echoed(request)));
    const err = await failure(
      clientFor(server, format, { maxRetries: 1 }).chat(chatRequest([userText('go')])),
    );
    const shown = everythingShown(err);
    expect(shown).not.toContain(KEY);
    expect(shown).not.toContain(KEY.slice(0, 20));
    expect(shown).not.toContain(KEY.slice(-12));
    // The provider's text did reach the message, with the key cut out of it.
    expect(err.message).toContain(REDACTED);
  });

  test('the key travels only in the auth header', async () => {
    server.setHandler(() => errorReply(format, 400, 'nope'));
    await failure(clientFor(server, format).chat(chatRequest([userText('go')])));
    const request = server.requests[0]!;
    expect(JSON.stringify(request.body)).not.toContain(KEY);
    expect(request.path).not.toContain(KEY);
    const carrying = Object.entries(request.headers).filter(([, value]) => value.includes(KEY));
    expect(carrying.map(([name]) => name)).toEqual([
      format === 'openai' ? 'authorization' : 'x-api-key',
    ]);
  });
});
