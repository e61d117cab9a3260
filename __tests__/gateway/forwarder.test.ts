// The in-sandbox forwarder, run under this Node without a sandbox: an agent that only knows
// OPENAI_BASE_URL reaches the fake upstream through TCP → forwarder → Unix socket → gateway.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { forwarderArgv, FORWARDER_SCRIPT_PATH } from '../../src/gateway/gateway.js';
import { ModelGateway } from '../../src/gateway/server.js';
import { openAICompletion, sendJson, startUpstream, type FakeUpstream } from './upstream.js';

const KEY = 'sk-forwarder-test-key-abcdefghijkl';

let dir: string;
let socketPath: string;
let upstream: FakeUpstream;
let gateway: ModelGateway;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dog-fw-'));
  socketPath = path.join(dir, 'model.sock');
  upstream = await startUpstream((_seen, res) =>
    sendJson(res, 200, openAICompletion('hello through the gateway')),
  );
  gateway = await ModelGateway.start({
    socketPath,
    policy: {
      provider: { kind: 'openai', baseUrl: `${upstream.url}/v1`, apiKey: KEY },
      models: ['m'],
      maxRequestBytes: 65536,
      requestsPerMinute: 60,
    },
  });
});

afterEach(async () => {
  await gateway.close();
  await upstream.close();
  await rm(dir, { recursive: true, force: true });
});

type Run = { code: number | null; stdout: string; stderr: string };

function run(argv: string[], whileRunning?: (pid: number) => void): Promise<Run> {
  return new Promise((resolve, reject) => {
    const [command, ...args] = argv;
    const child = spawn(command!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('ready')) whileRunning?.(child.pid!);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// The agent: fetch one chat completion from OPENAI_BASE_URL, print it and the environment it
// was given, exit 7.
const AGENT = `(async () => {
  const reply = await fetch(process.env.OPENAI_BASE_URL + '/chat/completions', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + process.env.OPENAI_API_KEY },
    body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
  });
  const body = await reply.json();
  console.log(reply.status, body.choices[0].message.content);
  console.log(process.env.DOG_MODEL_BASE_URL, process.env.ANTHROPIC_BASE_URL, process.env.ANTHROPIC_API_KEY);
  process.exit(7);
})();`;

test('the agent reaches the upstream through the socket; its exit code propagates', async () => {
  const result = await run(
    forwarderArgv(process.execPath, socketPath, [process.execPath, '-e', AGENT]),
  );
  expect(result.stderr).toBe('');
  expect(result.code).toBe(7);
  const [answer, environment] = result.stdout.trim().split('\n');
  expect(answer).toBe('200 hello through the gateway');
  expect(environment).toMatch(/^http:\/\/127\.0\.0\.1:(\d+) http:\/\/127\.0\.0\.1:\1 dog-gateway$/);
  expect(upstream.seen).toHaveLength(1);
  expect(upstream.seen[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  expect(gateway.usage()).toMatchObject({ forwarded: 1, inputTokens: 11, outputTokens: 7 });
});

test('without a gateway behind the socket it fails fast with 125', async () => {
  const missing = path.join(dir, 'absent.sock');
  const result = await run(
    forwarderArgv(process.execPath, missing, [process.execPath, '-e', 'console.log("ran")']),
  );
  expect(result.code).toBe(125);
  expect(result.stdout).toBe('');
  expect(result.stderr).toContain(`model gateway socket ${missing} is not reachable`);
});

test('SIGTERM reaches the agent; a signal death exits 128 + signal', async () => {
  const agent = 'console.log("ready"); setInterval(() => {}, 1000);';
  const argv = forwarderArgv(process.execPath, socketPath, [process.execPath, '-e', agent]);
  const result = await run(argv, (pid) => process.kill(pid, 'SIGTERM'));
  expect(result.code).toBe(128 + os.constants.signals.SIGTERM);
});

test('an agent that cannot be found exits 127', async () => {
  const result = await run(
    forwarderArgv(process.execPath, socketPath, [path.join(dir, 'no-such-agent')]),
  );
  expect(result.code).toBe(127);
  expect(result.stderr).toContain('cannot start the agent');
});

test('bad arguments exit 125 with the usage', async () => {
  const result = await run([process.execPath, FORWARDER_SCRIPT_PATH, '--socket', socketPath]);
  expect(result.code).toBe(125);
  expect(result.stderr).toContain('usage: forwarder.mjs');
});
