import { join } from 'node:path';
import type { VerificationOutcome } from '../../src/core/types.js';
import { RunBudget } from '../../src/verify/agentic/budget.js';
import { ExecAgentVerifier, type ExecAgentConfig } from '../../src/verify/agentic/exec.js';
import { availableSandboxes, writeExecutable } from '../sandbox/support.js';
import { DIGEST, captureDir, removeTempDirs, request, tempDir } from './support.js';

afterAll(removeTempDirs);

const INSTRUCTION = 'README must say "install"; check it.\nSecond line: $HOME `x`.';

/** A /bin/sh agent whose body writes the judge file; `json` is a shell here-doc-free printf. */
function agent(body: string): string {
  return `#!/bin/sh\n${body}\n`;
}

const WRITES_PASS = agent(
  [
    'grep -q install "$DOG_TARGET/README.md" || exit 7',
    'printf \'{"verdict":"pass","evidence":{"found":"install","digest":"%s"}}\' "$DOG_CAPTURE_DIGEST" > "$DOG_OUTPUT"',
  ].join('\n'),
);

describe.each(availableSandboxes())('ExecAgentVerifier under %s', (_name, sandbox) => {
  let capture: string;
  let bin: string;
  let scratchRoot: string;

  beforeAll(async () => {
    capture = await captureDir({ 'README.md': 'To install: npm install tool\n' });
    bin = await tempDir();
    scratchRoot = join(await tempDir(), 'scratch');
  });

  async function verify(
    body: string,
    config: Partial<ExecAgentConfig> = {},
    overrides: Parameters<typeof request>[1] = {},
  ): Promise<VerificationOutcome> {
    const program = join(bin, `agent-${Math.random().toString(36).slice(2)}`);
    await writeExecutable(program, body);
    const verifier = new ExecAgentVerifier({
      sandbox,
      scratchRoot,
      agent: { name: 'agent-cli', command: [program], ...config },
    });
    return verifier.verify(request(capture, { instruction: INSTRUCTION, ...overrides }));
  }

  function expectFault(outcome: VerificationOutcome, category: string): void {
    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.evidence).toBeNull();
    expect(outcome.error?.category).toBe(category);
  }

  test('an agent that reads the capture and writes a judge file passes', async () => {
    const outcome = await verify(WRITES_PASS);
    expect(outcome.error).toBeUndefined();
    expect(outcome.verdict).toBe('pass');
    expect(outcome.evidence).toEqual({ found: 'install', digest: DIGEST });
    expect(outcome.isolation).toBe(sandbox.kind);
  });

  test('it gets the instruction verbatim in DOG_INSTRUCTION, and nothing on its command line', async () => {
    const body = agent(
      [
        'test "$DOG_INSTRUCTION" = "$(printf \'%s\\n%s\' \'README must say "install"; check it.\' \'Second line: $HOME `x`.\')" || exit 9',
        'test "$#" = 2 && test "$1" = "--print" && test "$2" = \'$DOG_INSTRUCTION\' || exit 8',
        'echo \'{"verdict":"fail","evidence":"args were literal"}\' > "$DOG_OUTPUT"',
      ].join('\n'),
    );
    const program = join(bin, 'literal-agent');
    await writeExecutable(program, body);
    const verifier = new ExecAgentVerifier({
      sandbox,
      scratchRoot,
      agent: { name: 'agent-cli', command: [program, '--print', '$DOG_INSTRUCTION'] },
    });
    const outcome = await verifier.verify(request(capture, { instruction: INSTRUCTION }));
    expect(outcome.error).toBeUndefined();
    expect(outcome.verdict).toBe('fail');
  });

  test('it sees exactly the configured environment: a planted key stays out unless listed', async () => {
    process.env.FAKE_API_KEY = 'sk-planted-in-parent';
    try {
      const body = agent(
        'printf \'{"verdict":"fail","evidence":{"key":"%s","names":"%s"}}\' "${FAKE_API_KEY:-absent}" "$(env | cut -d= -f1 | grep -v "^PWD$" | sort | tr "\\n" " ")" > "$DOG_OUTPUT"',
      );
      const single = { instruction: 'one line' };
      const hidden = await verify(body, {}, single);
      expect(hidden.evidence).toEqual({
        key: 'absent',
        names: 'DOG_CAPTURE_DIGEST DOG_INSTRUCTION DOG_OUTPUT DOG_TARGET HOME LANG PATH TMPDIR ',
      });
      const listed = await verify(body, { env: { FAKE_API_KEY: 'configured-value' } }, single);
      expect(listed.evidence).toMatchObject({ key: 'configured-value' });
    } finally {
      delete process.env.FAKE_API_KEY;
    }
  });

  test.each([
    [
      'an extra key',
      'echo \'{"verdict":"pass","evidence":{"x":1},"confidence":1}\' > "$DOG_OUTPUT"',
    ],
    ['no judge file', 'echo \'{"verdict":"pass","evidence":{"x":1}}\''],
    ['text that is not JSON', 'echo "PASS" > "$DOG_OUTPUT"'],
    ['an unknown verdict', 'echo \'{"verdict":"ok","evidence":{"x":1}}\' > "$DOG_OUTPUT"'],
  ])('a judge file with %s is malformed_output', async (_case, line) => {
    expectFault(await verify(agent(line)), 'malformed_output');
  });

  test('empty evidence is empty_evidence; another capture digest is digest_mismatch', async () => {
    expectFault(
      await verify(agent('echo \'{"verdict":"pass","evidence":{}}\' > "$DOG_OUTPUT"')),
      'empty_evidence',
    );
    const wrong = `{"verdict":"pass","evidence":{"captureDigest":"sha256:${'c'.repeat(64)}"}}`;
    expectFault(await verify(agent(`echo '${wrong}' > "$DOG_OUTPUT"`)), 'digest_mismatch');
  });

  test('a non-zero exit is crash, with the stderr tail', async () => {
    const outcome = await verify(agent('echo "agent exploded" >&2\nexit 3'));
    expectFault(outcome, 'crash');
    expect(outcome.error?.message).toContain('exited with code 3');
    expect(outcome.error?.message).toContain('agent exploded');
  });

  test('an agent over the time limit is killed: timeout', async () => {
    const outcome = await verify(agent('sleep 20'), {}, { timeoutMs: 300 });
    expectFault(outcome, 'timeout');
  });

  test('cancellation settles cancelled', async () => {
    const controller = new AbortController();
    const pending = verify(agent('sleep 20'), {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    expectFault(await pending, 'cancelled');
  });

  test('a command that cannot be found or is relative is no_capability', async () => {
    const missing = new ExecAgentVerifier({
      sandbox,
      scratchRoot,
      agent: { name: 'x', command: ['no-such-agent-xyz'] },
    });
    expectFault(await missing.verify(request(capture)), 'no_capability');
    const relative = new ExecAgentVerifier({
      sandbox,
      scratchRoot,
      agent: { name: 'x', command: ['./agent'] },
    });
    expectFault(await relative.verify(request(capture)), 'no_capability');
  });

  test('votes run the agent independently and settle by majority', async () => {
    const body = agent(
      [
        'n=$(cat "$HOME/count" 2>/dev/null || echo 0)',
        'echo "{\\"verdict\\":\\"pass\\",\\"evidence\\":{\\"seen\\":$n}}" > "$DOG_OUTPUT"',
        'echo 1 > "$HOME/count"',
      ].join('\n'),
    );
    const outcome = await verify(body, {}, { votes: 3 });
    expect(outcome.verdict).toBe('pass');
    // A fresh scratch per vote: no vote saw what another left behind.
    expect(outcome.votes?.map((vote) => vote.evidence)).toEqual([
      { seen: 0 },
      { seen: 0 },
      { seen: 0 },
    ]);
  });

  test('with the run budget spent it does not start the agent', async () => {
    const runBudget = new RunBudget({ tokens: 0 });
    const program = join(bin, 'never-run');
    await writeExecutable(program, agent(`touch "${join(bin, 'ran')}"`));
    const verifier = new ExecAgentVerifier({
      sandbox,
      scratchRoot,
      agent: { name: 'x', command: [program] },
      runBudget,
    });
    expectFault(await verifier.verify(request(capture)), 'budget_exhausted');
  });
});
