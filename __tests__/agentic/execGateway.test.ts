// An exec agent that needs a model, run for real: the agent (a Node program) inside the
// sandbox talks to its model only through the gateway, whose key never enters the sandbox.
// The upstream is a local server speaking the OpenAI chat-completions wire format.
import { join } from 'node:path';
import type { VerificationOutcome } from '../../src/core/types.js';
import type { VerificationBudget } from '../../src/verify/agentic/budget.js';
import { ExecAgentVerifier } from '../../src/verify/agentic/exec.js';
import type { ExecGatewayConfig } from '../../src/verify/agentic/execGateway.js';
import {
  openAICompletion,
  sendJson,
  startUpstream,
  type FakeUpstream,
} from '../gateway/upstream.js';
import { availableSandboxes, writeExecutable } from '../sandbox/support.js';
import { DIGEST, captureDir, removeTempDirs, request, tempDir } from './support.js';

afterAll(removeTempDirs);

const KEY = 'sk-test-gateway-secret-0123456789abcdef';
const MODEL = 'model-one';

// The agent asks the model, then writes a verdict that carries what it can see of its
// environment and the model's answer: the test checks that neither holds the key.
const AGENT = `#!${process.execPath}
const fs = require('node:fs');
async function main() {
  const response = await fetch(process.env.OPENAI_BASE_URL + '/chat/completions', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + process.env.OPENAI_API_KEY },
    body: JSON.stringify({ model: process.argv[2], messages: [{ role: 'user', content: 'is it fine?' }] }),
  });
  const text = await response.text();
  const environ = fs.readFileSync('/proc/self/environ', 'utf8');
  const answer = response.ok ? JSON.parse(text).choices[0].message.content : 'refused';
  fs.writeFileSync(process.env.DOG_OUTPUT, JSON.stringify({
    verdict: answer === 'fine' ? 'pass' : 'fail',
    evidence: { status: response.status, answer, environ, body: text, digest: process.env.DOG_CAPTURE_DIGEST },
  }));
}
main().catch((error) => { console.error(error); process.exit(3); });
`;

describe.each(availableSandboxes())(
  'an exec agent behind the model gateway, under %s',
  (_name, sandbox) => {
    let upstream: FakeUpstream;
    let capture: string;
    let program: string;
    let scratchRoot: string;

    beforeAll(async () => {
      upstream = await startUpstream((_seen, res) => sendJson(res, 200, openAICompletion('fine')));
      capture = await captureDir({ 'README.md': 'fine\n' });
      const bin = await tempDir();
      program = join(bin, 'agent.cjs');
      await writeExecutable(program, AGENT);
      scratchRoot = join(await tempDir(), 'scratch');
    });
    afterAll(() => upstream.close());

    function gateway(models = [MODEL]): ExecGatewayConfig {
      return {
        policy: {
          provider: { kind: 'openai', baseUrl: upstream.url, apiKey: KEY },
          models,
          maxRequestBytes: 64 * 1024,
          requestsPerMinute: 600,
        },
        price: { inputPerMTok: 1_000_000, outputPerMTok: 0 },
        nodePath: process.execPath,
      };
    }

    async function verify(
      config: ExecGatewayConfig,
      model = MODEL,
      budget: VerificationBudget = {},
    ): Promise<VerificationOutcome> {
      const verifier = new ExecAgentVerifier({
        sandbox,
        scratchRoot,
        agent: { name: 'agent-cli', command: [program, model] },
        gateway: config,
        budget,
      });
      return verifier.verify(request(capture, { instruction: 'check it' }));
    }

    test('reaches its model through the gateway; the key stays outside', async () => {
      const before = upstream.seen.length;
      const outcome = await verify(gateway());
      expect(outcome.error).toBeUndefined();
      expect(outcome.verdict).toBe('pass');
      expect(outcome.evidence).toMatchObject({ status: 200, answer: 'fine', digest: DIGEST });
      expect(JSON.stringify(outcome)).not.toContain(KEY);
      const seen = upstream.seen.slice(before);
      expect(seen).toHaveLength(1);
      expect(seen[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(seen[0]?.path).toBe('/chat/completions');
      // The usage the upstream reported (11 in, 7 out) is the verification's usage and cost.
      expect(outcome.usage).toMatchObject({
        tokens: 18,
        inputTokens: 11,
        outputTokens: 7,
        costUsd: 11,
      });
    });

    test('a model the configuration does not name is refused by the gateway', async () => {
      const before = upstream.seen.length;
      const outcome = await verify(gateway(), 'another-model');
      expect(outcome.verdict).toBe('fail');
      expect(outcome.evidence).toMatchObject({ status: 403, answer: 'refused' });
      expect(upstream.seen.length).toBe(before);
    });

    test('a spent budget stops model calls; the verdict written without them is inconclusive', async () => {
      const before = upstream.seen.length;
      const outcome = await verify(gateway(), MODEL, { tokens: 0 });
      // The gateway answers 429 without asking the upstream; the agent wrote `fail`.
      expect(upstream.seen.length).toBe(before);
      expect(outcome.verdict).toBe('inconclusive');
      expect(outcome.evidence).toBeNull();
      expect(outcome.error?.category).toBe('budget_exhausted');
      expect(outcome.error?.message).toContain('budget.verification.tokens: 0');
    });
  },
);
