// An exec agent that keeps calling its model, run for real behind the gateway: the gateway
// forwards no more than the verification's budget (and the run's) allows, counted at the fake
// upstream, and a verification whose calls were refused for budget is inconclusive
// (`budget_exhausted`) whatever verdict the agent wrote.
import { join } from 'node:path';
import type { VerificationOutcome } from '../../src/core/types.js';
import type { RunBudgetShare } from '../../src/core/budget/types.js';
import { RunBudget, type VerificationBudget } from '../../src/verify/agentic/budget.js';
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

const MODEL = 'model-one';

// argv: model, number of calls, `sequential` or `parallel`. Every answer is read and its
// status kept; whatever happens, the agent writes `pass`.
const LOOPING_AGENT = `#!${process.execPath}
const fs = require('node:fs');
const [model, count, mode] = process.argv.slice(2);
async function ask() {
  try {
    const response = await fetch(process.env.OPENAI_BASE_URL + '/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'again' }] }),
    });
    await response.text();
    return response.status;
  } catch {
    return 0;
  }
}
async function main() {
  const calls = Number(count);
  let statuses = [];
  if (mode === 'parallel') statuses = await Promise.all(Array.from({ length: calls }, ask));
  else for (let i = 0; i < calls; i += 1) statuses.push(await ask());
  fs.writeFileSync(process.env.DOG_OUTPUT, JSON.stringify({
    verdict: 'pass',
    evidence: { statuses, digest: process.env.DOG_CAPTURE_DIGEST },
  }));
}
main().catch((error) => { console.error(error); process.exit(3); });
`;

type Loop = { calls: number; mode: 'sequential' | 'parallel' };

describe.each(availableSandboxes())(
  'exec agent budgets at the gateway, under %s',
  (_n, sandbox) => {
    let upstream: FakeUpstream;
    let capture: string;
    let program: string;
    let scratchRoot: string;

    beforeAll(async () => {
      upstream = await startUpstream(() => undefined);
      capture = await captureDir({ 'README.md': 'fine\n' });
      program = join(await tempDir(), 'agent.cjs');
      await writeExecutable(program, LOOPING_AGENT);
      scratchRoot = join(await tempDir(), 'scratch');
    });
    afterAll(() => upstream.close());

    /** Every answer reports `prompt` + `completion` tokens, after `delayMs`. */
    function answering(prompt: number, completion: number, delayMs = 0): void {
      upstream.setHandler(async (_seen, res) => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        sendJson(res, 200, openAICompletion('again', { prompt, completion }));
      });
    }

    const gateway: () => ExecGatewayConfig = () => ({
      policy: {
        provider: { kind: 'openai', baseUrl: upstream.url, apiKey: 'sk-upstream-key-0123456789' },
        models: [MODEL],
        maxRequestBytes: 64 * 1024,
        requestsPerMinute: 6000,
        maxConcurrent: 64,
      },
      price: { inputPerMTok: 1, outputPerMTok: 2 },
      nodePath: process.execPath,
    });

    /** The outcome, and how many requests the upstream received during it. */
    async function verify(
      loop: Loop,
      budget: VerificationBudget,
      runBudget?: RunBudget,
      share?: RunBudgetShare,
    ): Promise<{ outcome: VerificationOutcome; upstreamCalls: number }> {
      const verifier = new ExecAgentVerifier({
        sandbox,
        scratchRoot,
        agent: { name: 'looper', command: [program, MODEL, String(loop.calls), loop.mode] },
        gateway: gateway(),
        budget,
        ...(runBudget ? { runBudget } : {}),
      });
      const before = upstream.seen.length;
      const outcome = await verifier.verify(
        request(capture, { instruction: 'check it', ...(share ? { runBudget: share } : {}) }),
      );
      return { outcome, upstreamCalls: upstream.seen.length - before };
    }

    test('40 calls against 5 turns and 300 tokens: 5 reach the upstream, the pass is inconclusive', async () => {
      answering(11, 7);
      const { outcome, upstreamCalls } = await verify(
        { calls: 40, mode: 'sequential' },
        { turns: 5, tokens: 300 },
      );
      expect(upstreamCalls).toBe(5);
      expect(outcome.verdict).toBe('inconclusive');
      expect(outcome.error?.category).toBe('budget_exhausted');
      expect(outcome.error?.message).toContain('budget.verification.turns: 5');
      expect(outcome.evidence).toBeNull();
      expect(outcome.usage).toMatchObject({ turns: 5, tokens: 90, inputTokens: 55 });
    });

    test('the token budget stops the calls once spent; the overrun call is the last', async () => {
      answering(100, 20);
      const { outcome, upstreamCalls } = await verify(
        { calls: 40, mode: 'sequential' },
        { turns: 30, tokens: 300 },
      );
      // 120, 240, then 360: the third call is admitted with 240 spent and goes over.
      expect(upstreamCalls).toBe(3);
      expect(outcome.verdict).toBe('inconclusive');
      expect(outcome.error?.category).toBe('budget_exhausted');
      expect(outcome.error?.message).toContain('budget.verification.tokens: 300');
      expect(outcome.usage).toMatchObject({ turns: 3, tokens: 360 });
    });

    test('turns are counted as calls are admitted: 40 at once, 5 turns, 5 upstream', async () => {
      answering(11, 7, 100);
      const { outcome, upstreamCalls } = await verify(
        { calls: 40, mode: 'parallel' },
        { turns: 5 },
      );
      expect(upstreamCalls).toBe(5);
      expect(outcome).toMatchObject({
        verdict: 'inconclusive',
        error: { category: 'budget_exhausted' },
      });
    });

    test('calls refused for the run budget make the verification inconclusive', async () => {
      answering(11, 7);
      const runBudget = new RunBudget({ tokens: 50 });
      const { outcome, upstreamCalls } = await verify(
        { calls: 10, mode: 'sequential' },
        {},
        runBudget,
      );
      // 18, 36, 54: the fourth call finds the run's 50 tokens spent.
      expect(upstreamCalls).toBe(3);
      expect(runBudget.spent().tokens).toBe(54);
      expect(outcome.verdict).toBe('inconclusive');
      expect(outcome.error?.category).toBe('budget_exhausted');
      expect(outcome.error?.message).toContain('budget.run.tokens: 50');
    });

    test("a job's share of the run budget caps the gateway's calls in place of budget.run", async () => {
      answering(11, 7);
      const runBudget = new RunBudget({ tokens: 10_000 });
      const share = { tokens: 50 };
      const first = await verify({ calls: 10, mode: 'sequential' }, {}, runBudget, share);
      // 18, 36, 54: the fourth call finds the share's 50 tokens spent; budget.run is far off.
      expect(first.upstreamCalls).toBe(3);
      expect(runBudget.spent().tokens).toBe(54);
      expect(first.outcome).toMatchObject({
        verdict: 'inconclusive',
        error: { category: 'budget_exhausted' },
      });
      expect(first.outcome.error?.message).toContain("this job's share of budget.run.tokens: 50");
      // The next verification of the same job does not start.
      const second = await verify({ calls: 10, mode: 'sequential' }, {}, runBudget, share);
      expect(second.upstreamCalls).toBe(0);
      expect(second.outcome.error?.message).toMatch(/^not started: .*share of budget\.run/);
    });

    test('within its budgets the agent verdict stands', async () => {
      answering(11, 7);
      const { outcome, upstreamCalls } = await verify(
        { calls: 5, mode: 'sequential' },
        { turns: 5, tokens: 90 },
      );
      expect(upstreamCalls).toBe(5);
      expect(outcome.error).toBeUndefined();
      expect(outcome.verdict).toBe('pass');
      expect(outcome.evidence).toEqual({ statuses: [200, 200, 200, 200, 200], digest: DIGEST });
    });
  },
);
