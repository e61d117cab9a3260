// `dog run` keeps the audit trail of an agentic goal: the instruction, the model that judged,
// each vote's verdict and the tool calls it made (arguments bounded and redacted, bytes
// returned). Three votes against a real HTTP model server; the trail survives inheritance and
// the HTML report shows it as text.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_AUDIT_ARGUMENT_CHARS } from '../../src/core/audit.js';
import type { RunReport } from '../../src/core/report/model.js';
import type { AuditTrail } from '../../src/core/types.js';
import { validateAgainst } from '../../src/schemas/validate.js';
import {
  startFakeModelServer,
  toolCallReply,
  type FakeModelServer,
  type FakeRequest,
} from '../support/fakeModelServer.js';
import { leaks } from '../support/leaks.js';
import { dog, workspace } from './harness.js';

const PROVIDER_KEY = 'sk-proj-Au9dItTr4iLk3yQ7wE5rT1yU8iO2pA6s';
const INSTRUCTION = 'The README must say how to install the tool.';
const HOSTILE = '<script>alert("audit")</script>';
const LONG_PATTERN = 'x'.repeat(10 * 1024);

type WireMessage = { role: string; tool_call_id?: string; content?: unknown };

function messagesOf(request: FakeRequest): WireMessage[] {
  return (request.body as { messages: WireMessage[] }).messages;
}

/** Each conversation reads, tries three hostile calls, then submits: pass, fail, pass. */
function votingModel(): (request: FakeRequest) => ReturnType<typeof toolCallReply> {
  const verdicts = ['pass', 'fail', 'pass'];
  let conversation = -1;
  return (request) => {
    const messages = messagesOf(request);
    if (!messages.some((m) => m.role === 'tool')) {
      conversation += 1;
      const n = conversation;
      return toolCallReply('openai', [
        { id: `read${n}`, name: 'read_file', args: { path: 'README.md' } },
        { id: `long${n}`, name: 'search_text', args: { pattern: LONG_PATTERN } },
        { id: `key${n}`, name: 'read_file', args: { path: `keys/${PROVIDER_KEY}` } },
        { id: `html${n}`, name: 'file_info', args: { path: HOSTILE } },
      ]);
    }
    const verdict = verdicts[conversation] ?? 'inconclusive';
    const evidence = { readme: `vote ${conversation + 1}: line 1 says "npm install"` };
    return toolCallReply('openai', [
      { id: `submit${conversation}`, name: 'submit_verdict', args: { verdict, evidence } },
    ]);
  };
}

const graph = {
  schemaVersion: '1',
  id: 'audited',
  root: 'root',
  nodes: {
    root: {
      kind: 'composite',
      title: 'Docs hold',
      completion: { op: 'all', items: [{ op: 'ref', id: 'installs' }] },
    },
    installs: {
      kind: 'leaf',
      title: 'README explains installation',
      target: 'README.md',
      verifier: { mode: 'agentic', instruction: INSTRUCTION, votes: 3 },
    },
  },
  contains: [{ parent: 'root', child: 'installs' }],
};

/** What the model was sent back for each tool call id, as the wire carried it. */
function toolResults(server: FakeModelServer): Map<string, string> {
  const results = new Map<string, string>();
  for (const request of server.requests)
    for (const message of messagesOf(request))
      if (message.role === 'tool' && typeof message.content === 'string')
        results.set(message.tool_call_id ?? '', message.content);
  return results;
}

describe('the audit trail of an agentic goal', () => {
  let server: FakeModelServer;
  afterEach(async () => server.close());

  test('three votes: instruction, model, each vote and its bounded, redacted tool log', async () => {
    server = await startFakeModelServer(votingModel());
    const config = {
      providers: { fake: server.provider('openai', 'DOG_TEST_KEY') },
      models: { default: { provider: 'fake', model: 'fake-model' } },
    };
    const ws = await workspace({ 'README.md': 'Run npm install.\n' }, graph, config);
    const env = { PATH: process.env.PATH, DOG_TEST_KEY: PROVIDER_KEY };

    const run = await dog(['run', '--json', '--html', 'report.html'], ws, undefined, env);

    if (run.code !== 0) throw new Error(`exit ${run.code}: ${run.stderr}`);
    const report = JSON.parse(run.stdout) as RunReport;
    expect(validateAgainst('report', report)).toMatchObject({ ok: true });
    const audit = report.nodes.installs?.audit as AuditTrail;
    expect(audit.instruction).toBe(INSTRUCTION);
    expect(audit.model).toEqual({ kind: 'openai', id: 'fake-model', alias: 'default' });
    expect(audit.toolCallsVisible).toBe(true);
    expect(audit.verifications.map((v) => v.verdict)).toEqual(['pass', 'fail', 'pass']);

    const sent = toolResults(server);
    for (const [index, verification] of audit.verifications.entries()) {
      const calls = verification.toolCalls ?? [];
      expect(calls.map((c) => [c.turn, c.tool, c.ok])).toEqual([
        [0, 'read_file', true],
        [0, 'search_text', false],
        [0, 'read_file', false],
        [0, 'file_info', false],
        [1, 'submit_verdict', true],
      ]);
      expect(verification.omittedToolCalls).toBe(0);
      const [read, long, key, html] = calls;
      expect(read?.arguments).toBe('{"path":"README.md"}');
      // Bytes returned are exactly what went back to the model over the wire.
      const readResult = sent.get(`read${index}`) ?? '';
      expect(readResult).toContain('Run npm install.');
      expect(read?.bytesReturned).toBe(Buffer.byteLength(readResult));
      expect(long?.bytesReturned).toBe(Buffer.byteLength(sent.get(`long${index}`) ?? 'missing'));
      expect(long?.error).toContain('longer than 512');
      // The 10 KB argument is cut to the bound and says how long it was.
      expect(long?.arguments.length).toBeLessThanOrEqual(MAX_AUDIT_ARGUMENT_CHARS);
      expect(long?.arguments).toMatch(/^\{"pattern":"x+…\[10254 chars\]$/);
      expect(key?.arguments).toBe('{"path":"keys/[REDACTED]"}');
      expect(html?.arguments).toBe(JSON.stringify({ path: HOSTILE }));
    }

    const html = await readFile(join(ws, 'report.html'), 'utf8');
    expect(html).toContain('<details');
    expect(html).toContain('&#60;script&#62;alert(\\&#34;audit\\&#34;)&#60;/script&#62;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('fake-model');
    expect([
      ...leaks('stdout', run.stdout, [PROVIDER_KEY]),
      ...leaks('report.html', html, [PROVIDER_KEY]),
    ]).toEqual([]);

    // Inherited, the verdict keeps its trail: it comes with the record.
    const again = await dog(['run', '--json'], ws, undefined, env);
    const inherited = JSON.parse(again.stdout) as RunReport;
    expect(inherited.nodes.installs?.inherited).toBe(true);
    expect(inherited.nodes.installs?.audit).toEqual(audit);
  }, 90_000);
});
