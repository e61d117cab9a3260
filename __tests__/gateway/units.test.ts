// The gateway's parts on their own: routes, rate limit, usage metering, stream redaction,
// the upstream request body and the forwarder command line.
import { forwarderArgv, FORWARDER_SCRIPT_PATH } from '../../src/gateway/gateway.js';
import { checkPolicy, RouteTable, type GatewayPolicy } from '../../src/gateway/policy.js';
import { TokenBucket } from '../../src/gateway/rateLimit.js';
import { StreamRedactor } from '../../src/gateway/redactStream.js';
import { MAX_SSE_LINE_BYTES, UsageMeter } from '../../src/gateway/usageMeter.js';
import { withUsageRequested } from '../../src/gateway/usageRequest.js';
import { anthropicStreamEvents, openAIStreamEvents } from './upstream.js';

function policy(kind: 'openai' | 'anthropic', baseUrl: string): GatewayPolicy {
  return {
    provider: { kind, baseUrl },
    models: ['m'],
    maxRequestBytes: 1,
    requestsPerMinute: 1,
  };
}

describe('RouteTable', () => {
  test('maps the agent paths onto the upstream base URL exactly', () => {
    const openai = new RouteTable(policy('openai', 'https://llm.example.test/inference/'));
    expect(openai.resolve('POST', '/v1/chat/completions?x=1')).toEqual({
      kind: 'forward',
      upstream: new URL('https://llm.example.test/inference/chat/completions'),
    });
    expect(openai.resolve('GET', '/v1/models')).toEqual({ kind: 'models' });
    const azure = new RouteTable(
      policy('openai', 'https://a.openai.azure.com/openai/deployments/d?api-version=1'),
    );
    const route = azure.resolve('POST', '/v1/chat/completions');
    expect(route?.kind === 'forward' && route.upstream.href).toBe(
      'https://a.openai.azure.com/openai/deployments/d/chat/completions?api-version=1',
    );
    const anthropic = new RouteTable(policy('anthropic', 'https://api.anthropic.com/v1'));
    expect(anthropic.resolve('POST', '/v1/messages?beta=true')).toEqual({
      kind: 'forward',
      upstream: new URL('https://api.anthropic.com/v1/messages'),
    });
    expect(anthropic.resolve('GET', '/v1/models')).toBeUndefined();
    expect(anthropic.resolve('POST', '//v1/messages')).toBeUndefined();
    expect(anthropic.describe()).toBe('POST /v1/messages');
  });

  test('a policy that cannot be enforced is rejected', () => {
    expect(() => checkPolicy({ ...policy('openai', 'http://h'), models: [] })).toThrow('no model');
    expect(() => checkPolicy({ ...policy('openai', 'http://h'), requestsPerMinute: 0 })).toThrow(
      'requestsPerMinute',
    );
    expect(() => new RouteTable(policy('openai', 'file:///etc'))).toThrow('http or https');
  });
});

test('TokenBucket: a minute of burst, then refills continuously', () => {
  let now = 0;
  const bucket = new TokenBucket(3, () => now);
  expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([0, 0, 0]);
  expect(bucket.take()).toBe(20_000);
  now = 15_000;
  expect(bucket.take()).toBe(5_000);
  now = 20_000;
  expect(bucket.take()).toBe(0);
});

describe('UsageMeter', () => {
  test('reads SSE usage fed one byte at a time', () => {
    for (const [kind, events, expected] of [
      ['openai', openAIStreamEvents(), { inputTokens: 31, outputTokens: 4 }],
      ['anthropic', anthropicStreamEvents(), { inputTokens: 28, outputTokens: 15 }],
    ] as const) {
      const meter = new UsageMeter(kind, 'text/event-stream; charset=utf-8');
      for (const byte of Buffer.from(events.join(''))) meter.push(Buffer.from([byte]));
      expect(meter.finish()).toEqual(expected);
    }
  });

  test('skips an overlong line without buffering it, then reads on', () => {
    const meter = new UsageMeter('openai', 'text/event-stream');
    const long = `data: {"usage":{"prompt_tokens":999},"pad":"${'x'.repeat(MAX_SSE_LINE_BYTES)}"}\n`;
    meter.push(Buffer.from(long.slice(0, 1000)));
    meter.push(Buffer.from(long.slice(1000)));
    meter.push(Buffer.from('data: {"usage":{"prompt_tokens":2,"completion_tokens":3}}\r\n\r\n'));
    expect(meter.finish()).toEqual({ inputTokens: 2, outputTokens: 3 });
  });

  test('reads a JSON body; no usage and other content types report none', () => {
    const json = new UsageMeter('anthropic', 'application/json');
    json.push(Buffer.from('{"usage":{"input_tokens":4,'));
    json.push(Buffer.from('"output_tokens":5,"cache_read_input_tokens":1}}'));
    expect(json.finish()).toEqual({ inputTokens: 5, outputTokens: 5 });
    const none = new UsageMeter('openai', 'application/json');
    none.push(Buffer.from('{"choices":[]}'));
    expect(none.finish()).toBeUndefined();
    const text = new UsageMeter('openai', 'text/plain');
    text.push(Buffer.from('{"usage":{"prompt_tokens":1}}'));
    expect(text.finish()).toBeUndefined();
  });
});

describe('StreamRedactor', () => {
  const secret = 'sk-abcdefghijklmnop';

  test('catches a secret however the stream is cut, and holds nothing back otherwise', () => {
    const text = `before ${secret} middle sk-abc ${secret}${secret} after sk-ab`;
    for (const size of [1, 2, 5, 7, 13, 64]) {
      const redactor = new StreamRedactor([secret]);
      const bytes = Buffer.from(text);
      let out = '';
      for (let at = 0; at < bytes.byteLength; at += size) {
        out += redactor.push(bytes.subarray(at, at + size)).toString();
      }
      out += redactor.end().toString();
      expect(out).toBe('before [REDACTED] middle sk-abc [REDACTED][REDACTED] after sk-ab');
    }
    expect(new StreamRedactor([secret]).push(Buffer.from('data: x\n\n')).toString()).toBe(
      'data: x\n\n',
    );
  });
});

test('withUsageRequested asks OpenAI streams for usage, leaves everything else as sent', () => {
  expect(withUsageRequested('openai', { model: 'm', stream: true })).toEqual({
    model: 'm',
    stream: true,
    stream_options: { include_usage: true },
  });
  const already = { model: 'm', stream: true, stream_options: { include_usage: true } };
  expect(withUsageRequested('openai', already)).toBe(already);
  const plain = { model: 'm' };
  expect(withUsageRequested('openai', plain)).toBe(plain);
  const anthropic = { model: 'm', stream: true };
  expect(withUsageRequested('anthropic', anthropic)).toBe(anthropic);
});

test('forwarderArgv puts the agent after --', () => {
  expect(forwarderArgv('/usr/bin/node', '/run/dog/model.sock', ['agent', '--flag'])).toEqual([
    '/usr/bin/node',
    FORWARDER_SCRIPT_PATH,
    '--socket',
    '/run/dog/model.sock',
    '--port',
    '0',
    '--',
    'agent',
    '--flag',
  ]);
  expect(FORWARDER_SCRIPT_PATH).toMatch(/forwarder\.mjs$/);
  expect(() => forwarderArgv('node', '/s', [])).toThrow('agent command');
});
