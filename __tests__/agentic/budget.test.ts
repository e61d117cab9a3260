import { costOf, RunBudget, VerificationMeter } from '../../src/verify/agentic/budget.js';
import {
  ScriptedClient,
  captureDir,
  hang,
  read,
  removeTempDirs,
  request,
  submit,
  verifierFor,
} from './support.js';

afterAll(removeTempDirs);

let root: string;
beforeAll(async () => {
  root = await captureDir({ 'README.md': '# Tool\nInstall with npm.\n' });
});

const EVIDENCE = { summary: 'README line 2 explains installing' };
const honest = () => [read('README.md'), submit('pass', EVIDENCE)];

describe('cost and usage', () => {
  test('cost comes from the price table per million tokens', () => {
    expect(
      costOf(
        { inputTokens: 2_000_000, outputTokens: 500_000 },
        { inputPerMTok: 3, outputPerMTok: 15 },
      ),
    ).toBeCloseTo(13.5);
    expect(costOf({ inputTokens: 1000, outputTokens: 1000 })).toBe(0);
    expect(costOf({ inputTokens: 1000, outputTokens: 1000 }, { outputPerMTok: 10 })).toBeCloseTo(
      0.01,
    );
  });

  test('a verification reports tokens (input + output), turns and cost', async () => {
    const client = new ScriptedClient(honest());
    const verifier = verifierFor(client, { price: { inputPerMTok: 3, outputPerMTok: 15 } });
    const outcome = await verifier.verify(request(root));
    expect(outcome.verdict).toBe('pass');
    expect(outcome.usage).toMatchObject({
      inputTokens: 200,
      outputTokens: 20,
      tokens: 220,
      turns: 2,
    });
    expect(outcome.usage.costUsd).toBeCloseTo((200 * 3 + 20 * 15) / 1e6, 12);
    expect(outcome.usage.durationMs).toBeGreaterThanOrEqual(0);
  });
});

describe('the run budget', () => {
  test('once spent, the next verification settles without calling the model', async () => {
    const runBudget = new RunBudget({ tokens: 220 });
    const first = new ScriptedClient(honest());
    expect((await verifierFor(first, { runBudget }).verify(request(root))).verdict).toBe('pass');
    const second = new ScriptedClient(honest());
    const outcome = await verifierFor(second, { runBudget }).verify(request(root));
    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.error?.category).toBe('budget_exhausted');
    expect(outcome.error?.message).toMatch(/^not started: .*budget\.run\.tokens/);
    expect(second.calls).toBe(0);
    expect(outcome.usage.tokens).toBe(0);
  });

  test('a cost limit works the same way', async () => {
    const runBudget = new RunBudget({ costUsd: 0.0001 });
    const price = { inputPerMTok: 1000, outputPerMTok: 0 };
    const first = await verifierFor(new ScriptedClient(honest()), { runBudget, price }).verify(
      request(root),
    );
    expect(first.error?.category).toBe('budget_exhausted');
    const second = new ScriptedClient(honest());
    await verifierFor(second, { runBudget, price }).verify(request(root));
    expect(second.calls).toBe(0);
  });

  test('a call that overruns the run budget ends that verification, even if it submitted', async () => {
    const runBudget = new RunBudget({ tokens: 150 });
    const outcome = await verifierFor(new ScriptedClient(honest()), { runBudget }).verify(
      request(root),
    );
    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.error?.category).toBe('budget_exhausted');
    expect(outcome.error?.message).toContain('was exceeded');
    expect(runBudget.spent().tokens).toBe(220);
  });

  test('its wall time is measured from its creation', async () => {
    let now = 0;
    const runBudget = new RunBudget({ wallSeconds: 10 }, () => now);
    expect(runBudget.exhausted()).toBeUndefined();
    now = 10_000;
    const client = new ScriptedClient(honest());
    const outcome = await verifierFor(client, { runBudget }).verify(request(root));
    expect(outcome.error?.category).toBe('budget_exhausted');
    expect(client.calls).toBe(0);
  });
});

describe('the verification budget', () => {
  test.each([
    [{ tokens: 150 }, 'tokens'],
    [{ inputTokens: 150 }, 'inputTokens'],
    [{ outputTokens: 15 }, 'outputTokens'],
    [{ costUsd: 0.00015 }, 'costUsd'],
  ])('%j is enforced', async (limits, name) => {
    const runBudget = new RunBudget();
    const outcome = await verifierFor(new ScriptedClient(honest()), {
      runBudget,
      budget: limits,
      price: { inputPerMTok: 1, outputPerMTok: 1 },
    }).verify(request(root));
    expect(outcome.error?.category).toBe('budget_exhausted');
    expect(outcome.error?.message).toContain(`budget.verification.${name}`);
    // The run budget has room: the next verification still runs.
    const next = new ScriptedClient(honest());
    await verifierFor(next, { runBudget }).verify(request(root));
    expect(next.calls).toBe(2);
  });

  test('the output allowance of each call shrinks with what is left', async () => {
    const client = new ScriptedClient(honest());
    await verifierFor(client, { budget: { tokens: 1000 }, maxOutputTokens: 4096 }).verify(
      request(root),
    );
    expect(client.requests.map((each) => each.maxOutputTokens)).toEqual([1000, 890]);
  });

  test('its wall time ends the verification as budget_exhausted, not timeout', async () => {
    const outcome = await verifierFor(new ScriptedClient([hang()]), {
      budget: { wallSeconds: 0.1 },
    }).verify(request(root));
    expect(outcome.error?.category).toBe('budget_exhausted');
  });

  test('the meter refuses at the limit and reports an overrun past it', () => {
    const run = new RunBudget();
    const meter = new VerificationMeter({ turns: 2, tokens: 100 }, run);
    expect(meter.refusal()).toBeUndefined();
    meter.charge({ inputTokens: 60, outputTokens: 40 });
    expect(meter.overrun()).toBeUndefined();
    expect(meter.refusal()).toContain('tokens');
    meter.charge({ inputTokens: 1, outputTokens: 0 });
    expect(meter.overrun()).toContain('was exceeded');
    expect(meter.refusal()).toContain('turns');
    expect(run.spent().tokens).toBe(101);
  });
});
