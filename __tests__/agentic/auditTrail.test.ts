// The audit trail a verification hands over for its record: a tool-call log bounded in count
// and bytes whatever the model sends, valid against the record schema (records without one
// still are), and for an exec agent the model calls the gateway saw instead of tool calls.
import { join } from 'node:path';
import { MAX_AUDIT_BYTES, MAX_AUDIT_TOOL_CALLS } from '../../src/core/audit.js';
import type { AuditTrail } from '../../src/core/types.js';
import { validateAgainst } from '../../src/schemas/validate.js';
import { ExecAgentVerifier } from '../../src/verify/agentic/exec.js';
import { openAICompletion, sendJson, startUpstream } from '../gateway/upstream.js';
import { availableSandboxes, writeExecutable } from '../sandbox/support.js';
import {
  call,
  captureDir,
  removeTempDirs,
  reply,
  request,
  ScriptedClient,
  submit,
  tempDir,
  verifierFor,
} from './support.js';

afterAll(removeTempDirs);

const RECORD = {
  schemaVersion: '1',
  goalId: 'a',
  role: 'leaf',
  runId: 'r1',
  graphDigest: `sha256:${'0'.repeat(64)}`,
  captureDigest: `sha256:${'1'.repeat(64)}`,
  gmDigest: `sha256:${'2'.repeat(64)}`,
  verifier: { mode: 'agentic', instruction: 'Check it.', votes: 1, model: 'm' },
  verdict: 'fail',
  evidence: { said: 'no' },
  usage: { durationMs: 1, tokens: 0, costUsd: 0 },
  attempts: 1,
  isolation: 'none',
  settledAt: '2026-01-01T00:00:00.000Z',
};

/** One response asking for `count` calls (all logged, at most 16 run), then a fail. */
function flood(count: number, path: string): [ReturnType<typeof reply>, ReturnType<typeof submit>] {
  const calls = Array.from({ length: count }, () => call('file_info', { path }));
  return [reply(calls), submit('fail', { seen: 'too much' })];
}

test('a conversation keeps at most 200 tool calls and counts the rest', async () => {
  const capture = await captureDir({ 'README.md': 'hi\n' });
  const client = new ScriptedClient(flood(260, 'README.md'));

  const outcome = await verifierFor(client).verify(request(capture));

  const [only] = (outcome.audit as AuditTrail).verifications;
  expect(only?.toolCalls).toHaveLength(MAX_AUDIT_TOOL_CALLS);
  // 260 file_info calls and the submission: 61 left out.
  expect(only?.omittedToolCalls).toBe(61);
  expect(only?.toolCalls?.[0]).toMatchObject({ tool: 'file_info', ok: true, turn: 0 });
  expect(only?.toolCalls?.[16]).toMatchObject({ ok: false, error: expect.stringContaining('16') });
  expect(validateAgainst('record', { ...RECORD, audit: outcome.audit })).toMatchObject({
    ok: true,
  });
});

test('fifteen votes of hostile arguments stay within the audit byte bound and the schema', async () => {
  const capture = await captureDir({ 'README.md': 'hi\n' });
  // Quotes and control characters double or sextuple when serialized: the bound is on bytes.
  const hostile = `"\u0001<script>`.repeat(400);
  const steps = Array.from({ length: 15 }, () => flood(200, hostile)).flat();
  const client = new ScriptedClient(steps);

  const outcome = await verifierFor(client).verify(request(capture, { votes: 15 }));

  const audit = outcome.audit as AuditTrail;
  expect(audit.verifications).toHaveLength(15);
  const bytes = Buffer.byteLength(JSON.stringify(audit), 'utf8');
  expect(bytes).toBeLessThanOrEqual(MAX_AUDIT_BYTES + 4096);
  for (const verification of audit.verifications) {
    const kept = verification.toolCalls?.length ?? 0;
    expect(kept).toBeGreaterThan(0);
    expect(kept + (verification.omittedToolCalls ?? 0)).toBe(201);
    for (const entry of verification.toolCalls ?? [])
      expect(entry.arguments.length).toBeLessThanOrEqual(512);
  }
  const record = { ...RECORD, verifier: { ...RECORD.verifier, votes: 15 }, audit };
  expect(validateAgainst('record', record)).toMatchObject({ ok: true });
});

test('records without an audit trail still validate; one past its bounds does not', () => {
  expect(validateAgainst('record', RECORD)).toMatchObject({ ok: true });
  const tooLong: AuditTrail = {
    instruction: 'Check it.',
    model: { kind: 'openai', id: 'm' },
    toolCallsVisible: true,
    verifications: [
      {
        verdict: 'fail',
        toolCalls: [{ turn: 0, tool: 't', arguments: 'x'.repeat(513), bytesReturned: 0, ok: true }],
      },
    ],
  };
  expect(validateAgainst('record', { ...RECORD, audit: tooLong })).toMatchObject({ ok: false });
});

const AGENT = `#!${process.execPath}
const fs = require('node:fs');
async function main() {
  for (const question of ['one?', 'two?']) {
    await fetch(process.env.OPENAI_BASE_URL + '/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'model-one', messages: [{ role: 'user', content: question }] }),
    });
  }
  fs.writeFileSync(process.env.DOG_OUTPUT, JSON.stringify({ verdict: 'fail', evidence: { asked: 2 } }));
}
main().catch((error) => { console.error(error); process.exit(3); });
`;

describe.each(availableSandboxes())('an exec agent, under %s', (_name, sandbox) => {
  test('its trail has the model calls the gateway saw and says tool calls are not visible', async () => {
    const upstream = await startUpstream((_seen, res) =>
      sendJson(res, 200, openAICompletion('ok')),
    );
    try {
      const program = join(await tempDir(), 'agent.cjs');
      await writeExecutable(program, AGENT);
      const verifier = new ExecAgentVerifier({
        sandbox,
        scratchRoot: join(await tempDir(), 'scratch'),
        agent: { name: 'agent-cli', command: [program] },
        gateway: {
          policy: {
            provider: { kind: 'openai', baseUrl: upstream.url, apiKey: 'sk-test-0123456789abcdef' },
            models: ['model-one'],
            maxRequestBytes: 64 * 1024,
            requestsPerMinute: 600,
          },
          nodePath: process.execPath,
        },
      });
      const capture = await captureDir({ 'README.md': 'hi\n' });

      const outcome = await verifier.verify(
        request(capture, { instruction: 'ask twice', votes: 3 }),
      );

      expect(outcome.verdict).toBe('fail');
      expect(outcome.audit).toEqual({
        instruction: 'ask twice',
        model: { kind: 'exec', id: 'agent-cli', gateway: { kind: 'openai', id: 'model-one' } },
        toolCallsVisible: false,
        verifications: Array.from({ length: 3 }, () => ({
          verdict: 'fail',
          modelCalls: { count: 2, inputTokens: 22, outputTokens: 14 },
        })),
      });
      const record = {
        ...RECORD,
        verifier: { ...RECORD.verifier, votes: 3 },
        audit: outcome.audit,
      };
      expect(validateAgainst('record', record)).toMatchObject({ ok: true });
    } finally {
      await upstream.close();
    }
  }, 60_000);
});
