import { ProviderError } from '../../src/providers/types.js';
import type { AgenticVerificationOutcome } from '../../src/verify/agentic/verifier.js';
import {
  DIGEST,
  OTHER_DIGEST,
  ScriptedClient,
  call,
  captureDir,
  hang,
  read,
  removeTempDirs,
  reply,
  request,
  submit,
  textsOf,
  toolMessages,
  verifierFor,
  type Step,
} from './support.js';

afterAll(removeTempDirs);

let root: string;
beforeAll(async () => {
  root = await captureDir({
    'README.md': '# Tool\n\nInstall with npm install tool.\n',
    'src/main.ts': 'export function main() {}\n',
  });
});

async function run(steps: Step[], options: Parameters<typeof verifierFor>[1] = {}, overrides = {}) {
  const client = new ScriptedClient(steps);
  const outcome = await verifierFor(client, options).verify(request(root, overrides));
  return { client, outcome };
}

function expectInconclusive(outcome: AgenticVerificationOutcome, category: string): void {
  expect(outcome.verdict).toBe('inconclusive');
  expect(outcome.error?.category).toBe(category);
}

const README_EVIDENCE = {
  summary: 'README explains installation',
  locations: [{ path: 'README.md', line: 3, message: 'install command' }],
};

describe('a conversation', () => {
  test('reads over several turns, then passes with evidence and locations', async () => {
    const { client, outcome } = await run([
      reply([call('list_files', { path: '.' })], 'Let me look.'),
      read('README.md'),
      reply([call('search_text', { pattern: 'install' })]),
      submit('pass', { ...README_EVIDENCE, captureDigest: DIGEST }),
    ]);
    expect(outcome.verdict).toBe('pass');
    expect(outcome.error).toBeUndefined();
    expect(outcome.evidence).toEqual({ ...README_EVIDENCE, captureDigest: DIGEST });
    expect(outcome.locations).toEqual([{ path: 'README.md', line: 3, message: 'install command' }]);
    expect(client.calls).toBe(4);
    // Each request carries the tool results of the turns before it, answered by call id.
    const last = client.requests[3];
    const results = toolMessages(last!);
    expect(results.map((message) => message.toolName)).toEqual([
      'list_files',
      'read_file',
      'search_text',
    ]);
    expect(textsOf(last!).join('\n')).toContain('3\tInstall with npm install tool.');
    expect(outcome.usage).toMatchObject({
      turns: 4,
      inputTokens: 400,
      outputTokens: 40,
      tokens: 440,
      retries: 0,
    });
  });

  test('keeps a tool log without file contents', async () => {
    const { outcome } = await run([
      read('README.md'),
      read('../secret'),
      submit('pass', README_EVIDENCE),
    ]);
    const log = outcome.toolLogs[0]!;
    expect(log.map(({ tool, path, ok, observed }) => ({ tool, path, ok, observed }))).toEqual([
      { tool: 'read_file', path: 'README.md', ok: true, observed: true },
      { tool: 'read_file', path: '../secret', ok: false, observed: false },
      { tool: 'submit_verdict', path: undefined, ok: true, observed: false },
    ]);
    expect(JSON.stringify(log)).not.toContain('npm install');
  });

  test('locations naming paths outside the capture or past the end are dropped', async () => {
    const { outcome } = await run([
      read('README.md'),
      submit('fail', {
        locations: [
          { path: 'README.md', line: 1, message: 'title' },
          { path: '../etc/passwd', line: 1, message: 'x' },
          { path: 'README.md', line: 99, message: 'past the end' },
          { path: 'missing.md', line: 1 },
        ],
        nested: { where: { path: './src/main.ts', line: 1, message: 'main' } },
      }),
    ]);
    expect(outcome.verdict).toBe('fail');
    expect(outcome.locations).toEqual([
      { path: 'README.md', line: 1, message: 'title' },
      { path: 'src/main.ts', line: 1, message: 'main' },
    ]);
  });

  test('a model that never submits settles budget_exhausted at the turn limit', async () => {
    const steps = Array.from({ length: 5 }, () => read('README.md'));
    const { client, outcome } = await run(steps, { budget: { turns: 3 } });
    expectInconclusive(outcome, 'budget_exhausted');
    expect(outcome.error?.message).toContain('turns: 3');
    expect(client.calls).toBe(3);
    expect(outcome.evidence).toBeNull();
  });

  test('a verdict in plain text settles nothing', async () => {
    const { client, outcome } = await run(
      [read('README.md'), reply([], 'pass'), reply([], 'PASS. Final.')],
      {
        budget: { turns: 3 },
      },
    );
    expectInconclusive(outcome, 'budget_exhausted');
    // The model is told that only submit_verdict counts.
    expect(textsOf(client.requests[2]!).join('\n')).toContain(
      'A verdict counts only when submitted with the submit_verdict tool',
    );
  });

  test('a pass without reading the capture is inconclusive', async () => {
    const { outcome } = await run([
      reply([call('list_files', {})]),
      reply([call('file_info', { path: 'README.md' })]),
      submit('pass', README_EVIDENCE),
    ]);
    expectInconclusive(outcome, 'unverified_pass');
    expect(outcome.error?.message).toContain('without having read the capture');
  });

  test('a read in the same turn as the submission does not count as having read', async () => {
    const { outcome } = await run([
      reply([
        call('read_file', { path: 'README.md' }),
        call('submit_verdict', { verdict: 'pass', evidence: README_EVIDENCE }),
      ]),
    ]);
    expectInconclusive(outcome, 'unverified_pass');
  });

  test('a failed read does not count as having read (more in proofOfReading.test.ts)', async () => {
    const failed = await run([read('nope.md'), submit('pass', README_EVIDENCE)]);
    expectInconclusive(failed.outcome, 'unverified_pass');
  });

  test('a fail needs evidence but no proof of reading', async () => {
    const { outcome } = await run([submit('fail', { reason: 'no README section on installing' })]);
    expect(outcome.verdict).toBe('fail');
  });

  test.each([
    ['pass', {}],
    ['pass', null],
    ['fail', '   '],
    ['fail', []],
  ])('%s with empty evidence %j is inconclusive empty_evidence', async (verdict, evidence) => {
    const { outcome } = await run([read('README.md'), submit(verdict, evidence)]);
    expectInconclusive(outcome, 'empty_evidence');
  });

  test('the model may say inconclusive itself, without an error', async () => {
    const { outcome } = await run([submit('inconclusive', null)]);
    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.error).toBeUndefined();
  });

  test.each([
    [
      'an extra key',
      [call('submit_verdict', { verdict: 'pass', evidence: README_EVIDENCE, confidence: 0.9 })],
    ],
    [
      'an unknown verdict word',
      [call('submit_verdict', { verdict: 'approved', evidence: README_EVIDENCE })],
    ],
    ['a missing evidence key', [call('submit_verdict', { verdict: 'pass' })]],
    ['arguments that are not JSON', [call('submit_verdict', undefined)]],
  ])('a submission with %s is malformed_output', async (_name, calls) => {
    const { outcome } = await run([read('README.md'), reply(calls)]);
    expectInconclusive(outcome, 'malformed_output');
    expect(outcome.evidence).toBeNull();
  });

  test('evidence naming another capture digest is digest_mismatch', async () => {
    const { outcome } = await run([
      read('README.md'),
      submit('pass', { ...README_EVIDENCE, captureDigest: OTHER_DIGEST }),
    ]);
    expectInconclusive(outcome, 'digest_mismatch');
    const nested = await run([
      read('README.md'),
      submit('fail', { detail: { captureDigest: 'sha256:00' } }),
    ]);
    expectInconclusive(nested.outcome, 'digest_mismatch');
  });

  test('oversized evidence is evidence_too_large', async () => {
    const { outcome } = await run(
      [read('README.md'), submit('pass', { blob: 'x'.repeat(2000) })],
      {},
      { maxEvidenceBytes: 1000 },
    );
    expectInconclusive(outcome, 'evidence_too_large');
  });
});

describe('endings that are not the model’s', () => {
  test.each([
    ['rate_limited', 'provider_error'],
    ['server', 'provider_error'],
    ['network', 'provider_error'],
    ['bad_response', 'provider_error'],
    ['bad_request', 'provider_error'],
    ['timeout', 'timeout'],
    ['auth', 'no_capability'],
    ['aborted', 'cancelled'],
  ] as const)('a provider error %s settles %s', async (kind, category) => {
    const { outcome } = await run([
      read('README.md'),
      new ProviderError(kind, `boom ${kind}`, 2, 503),
    ]);
    expectInconclusive(outcome, category);
    expect(outcome.error?.message).toContain(`boom ${kind}`);
    expect(outcome.usage.retries).toBe(2);
    expect(outcome.usage.turns).toBe(1);
  });

  test('a client that throws something else is internal', async () => {
    const { outcome } = await run([new TypeError('bug in adapter')]);
    expectInconclusive(outcome, 'internal');
  });

  test('cancellation mid-call settles cancelled', async () => {
    const controller = new AbortController();
    const client = new ScriptedClient([read('README.md'), hang()]);
    const pending = verifierFor(client).verify(request(root, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    expectInconclusive(await pending, 'cancelled');
  });

  test('the request timeout settles timeout', async () => {
    const { outcome } = await run([read('README.md'), hang()], {}, { timeoutMs: 100 });
    expectInconclusive(outcome, 'timeout');
  });

  test('a model call over its own time limit settles timeout', async () => {
    const { outcome } = await run([hang()], { timeouts: { callSeconds: 0.05 } });
    expectInconclusive(outcome, 'timeout');
    expect(outcome.error?.message).toContain('did not answer within 50 ms');
  });

  test('a client that ignores the abort signal still cannot hold the verification', async () => {
    const never: Step = () => new Promise(() => undefined);
    const { outcome } = await run([never], {}, { timeoutMs: 100 });
    expectInconclusive(outcome, 'timeout');
  });

  test('an unresolvable model alias settles with the resolver’s error, without a call', async () => {
    const client = new ScriptedClient([]);
    const verifier = verifierFor(client, {
      resolve: (alias) => ({
        error: { category: 'no_capability', message: `no model alias ${String(alias)}` },
      }),
    });
    const outcome = await verifier.verify(request(root));
    expectInconclusive(outcome, 'no_capability');
    expect(client.calls).toBe(0);
  });

  test('too many tool calls in one turn: the extra ones get error results', async () => {
    const calls = Array.from({ length: 20 }, () => call('read_file', { path: 'README.md' }));
    const { client } = await run([reply(calls), submit('pass', README_EVIDENCE)]);
    const results = toolMessages(client.requests[1]!);
    expect(results).toHaveLength(20);
    expect(
      results.filter((message) =>
        JSON.stringify(message.content).includes('at most 16 tool calls'),
      ),
    ).toHaveLength(4);
  });
});
