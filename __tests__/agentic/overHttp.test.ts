// The agent loop over the real OpenAI and Anthropic clients, against a local server that
// speaks both wire formats: the scenarios that matter at the wire, end to end.
import { mkdtemp, mkdir, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createModelClient } from '../../src/providers/factory.js';
import { RunBudget } from '../../src/verify/agentic/budget.js';
import { AgenticVerifier } from '../../src/verify/agentic/verifier.js';
import {
  errorReply,
  startFakeModelServer,
  textReply,
  toolCallReply,
  type FakeModelServer,
  type FakeReply,
  type WireFormat,
} from '../support/fakeModelServer.js';

const DIGEST = `sha256:${'c'.repeat(64)}` as const;

async function capture(): Promise<string> {
  const outside = await mkdtemp(join(tmpdir(), 'dog-outside-'));
  await writeFile(join(outside, 'secret.txt'), 'CANARY-OUTSIDE-THE-CAPTURE');
  const root = await mkdtemp(join(tmpdir(), 'dog-capture-'));
  await mkdir(join(root, 'docs'));
  await writeFile(join(root, 'docs', 'guide.md'), '# Guide\n\nInstall with npm install app.\n');
  await symlink(join(outside, 'secret.txt'), join(root, 'docs', 'escape.md'));
  return join(root, 'docs');
}

async function verify(server: FakeModelServer, format: WireFormat, turns = 6) {
  const client = createModelClient(
    { ...server.provider(format), maxRetries: 2 },
    { env: {}, vision: false, backoffMs: 1 },
  );
  const verifier = new AgenticVerifier({
    resolve: () => ({ client, model: 'fake-model' }),
    runBudget: new RunBudget({}),
    budget: { turns },
  });
  return verifier.verify({
    goalId: 'docs',
    runId: 'run-1',
    captureDigest: DIGEST,
    capturePath: await capture(),
    captureKind: 'directory',
    verifier: { mode: 'agentic', instruction: 'The guide must say how to install.' },
    timeoutMs: 30_000,
    maxEvidenceBytes: 65536,
    signal: new AbortController().signal,
  });
}

/** Every text the server sent back to the model in tool results, across all requests. */
function toolResultsSent(server: FakeModelServer): string {
  return JSON.stringify(server.requests.map((r) => r.body));
}

describe.each(['openai', 'anthropic'] as const)('agent loop over the %s wire format', (format) => {
  let server: FakeModelServer;
  afterEach(async () => server.close());

  const run = async (script: FakeReply[], turns?: number) => {
    server = await startFakeModelServer(script);
    return verify(server, format, turns);
  };

  test('read, then submit a pass with evidence: multi-turn tool calls settle pass', async () => {
    const outcome = await run([
      toolCallReply(format, [{ id: 't1', name: 'read_file', args: { path: 'guide.md' } }]),
      toolCallReply(format, [
        {
          id: 't2',
          name: 'submit_verdict',
          args: { verdict: 'pass', evidence: { quote: 'Install with npm install app.' } },
        },
      ]),
    ]);
    expect(outcome.verdict).toBe('pass');
    expect(outcome.usage.turns).toBe(2);
    expect(toolResultsSent(server)).toContain('Install with npm install app.');
  });

  test('a 429 then success is retried and counted', async () => {
    const outcome = await run([
      errorReply(format, 429, 'slow down', { 'retry-after': '0' }),
      toolCallReply(format, [{ id: 't1', name: 'read_file', args: { path: 'guide.md' } }]),
      toolCallReply(format, [
        {
          id: 't2',
          name: 'submit_verdict',
          args: { verdict: 'fail', evidence: 'no install section' },
        },
      ]),
    ]);
    expect(outcome.verdict).toBe('fail');
    expect(outcome.usage.retries).toBe(1);
  });

  test('500 until retries are exhausted settles inconclusive provider_error', async () => {
    const outcome = await run([
      errorReply(format, 500, 'down'),
      errorReply(format, 500, 'down'),
      errorReply(format, 500, 'down'),
    ]);
    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.error?.category).toBe('provider_error');
    expect(outcome.usage.retries).toBe(2);
  });

  test('a malformed JSON body settles inconclusive, never pass', async () => {
    const outcome = await run([{ status: 200, body: '{"choices": [' }]);
    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.error?.category).toBe('provider_error');
  });

  test('a model that never calls submit_verdict runs out of turns: budget_exhausted', async () => {
    const outcome = await run(
      [
        textReply(format, 'It passes.'),
        textReply(format, 'Definitely passes.'),
        textReply(format, 'pass'),
      ],
      3,
    );
    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.error?.category).toBe('budget_exhausted');
  });

  test('a pass submitted without reading the capture is unverified', async () => {
    const outcome = await run([
      toolCallReply(format, [
        {
          id: 't1',
          name: 'submit_verdict',
          args: { verdict: 'pass', evidence: { looked: 'trust me' } },
        },
      ]),
    ]);
    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.error?.category).toBe('unverified_pass');
  });

  test('../../etc/passwd and a symlink out of the capture are refused; no outside bytes reach the model', async () => {
    const outcome = await run([
      toolCallReply(format, [{ id: 't1', name: 'read_file', args: { path: '../../etc/passwd' } }]),
      toolCallReply(format, [{ id: 't2', name: 'read_file', args: { path: 'escape.md' } }]),
      toolCallReply(format, [
        { id: 't3', name: 'submit_verdict', args: { verdict: 'fail', evidence: 'could not read' } },
      ]),
    ]);
    const sent = toolResultsSent(server);
    expect(sent).not.toContain('root:x:0:0');
    expect(sent).not.toContain('CANARY-OUTSIDE-THE-CAPTURE');
    expect(outcome.verdict).toBe('fail');
    expect(server.requests).toHaveLength(3);
  });
});
