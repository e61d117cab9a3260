import type { Verdict } from '../../src/core/types.js';
import { RunBudget } from '../../src/verify/agentic/budget.js';
import { combineVotes, majorityVerdict, runVotes } from '../../src/verify/agentic/votes.js';
import {
  ScriptedClient,
  captureDir,
  read,
  removeTempDirs,
  request,
  submit,
  textsOf,
  verifierFor,
  type Step,
} from './support.js';

afterAll(removeTempDirs);

let root: string;
beforeAll(async () => {
  root = await captureDir({ 'README.md': '# Tool\nInstall with npm.\n' });
});

/** Two turns per vote: read, then submit the given verdict. */
function voteSteps(verdict: Verdict): Step[] {
  return [
    read('README.md'),
    submit(verdict, verdict === 'inconclusive' ? null : { vote: verdict }),
  ];
}

async function vote(verdicts: Verdict[], options: Parameters<typeof verifierFor>[1] = {}) {
  const client = new ScriptedClient(verdicts.flatMap(voteSteps));
  const outcome = await verifierFor(client, options).verify(
    request(root, { votes: verdicts.length }),
  );
  return { client, outcome };
}

describe('votes', () => {
  test.each<[Verdict[], Verdict]>([
    [['pass', 'pass', 'fail'], 'pass'],
    [['fail', 'pass', 'pass'], 'pass'],
    [['fail', 'fail', 'fail'], 'fail'],
    [['pass', 'fail', 'inconclusive'], 'inconclusive'],
    [['pass', 'pass', 'fail', 'fail'], 'inconclusive'],
    [['pass', 'pass', 'inconclusive', 'inconclusive'], 'inconclusive'],
    [['pass', 'pass', 'pass', 'inconclusive'], 'pass'],
    [['fail', 'fail', 'inconclusive'], 'fail'],
  ])('%j settles %s', async (verdicts, expected) => {
    const { client, outcome } = await vote(verdicts);
    expect(outcome.verdict).toBe(expected);
    expect(client.calls).toBe(verdicts.length * 2);
    expect(outcome.votes?.map((each) => each.verdict)).toEqual(verdicts);
  });

  test('the record keeps every vote, a tally and the majority’s evidence; usage is summed', async () => {
    const { outcome } = await vote(['fail', 'pass', 'pass'], {
      price: { inputPerMTok: 1, outputPerMTok: 1 },
    });
    expect(outcome.evidence).toEqual({
      votes: { pass: 2, fail: 1, inconclusive: 0 },
      majority: { vote: 'pass' },
    });
    expect(outcome.votes?.[0]).toMatchObject({ verdict: 'fail', evidence: { vote: 'fail' } });
    expect(outcome.votes?.[0]?.usage).toMatchObject({ tokens: 220, turns: 2 });
    expect(outcome.usage).toMatchObject({
      tokens: 660,
      inputTokens: 600,
      outputTokens: 60,
      turns: 6,
    });
    expect(outcome.usage.costUsd).toBeCloseTo(660 / 1e6, 12);
    expect(outcome.toolLogs).toHaveLength(3);
  });

  test('each vote is a fresh conversation that never sees another vote', async () => {
    const { client } = await vote(['pass', 'fail', 'pass']);
    const firstOfEach = [0, 2, 4].map((index) => client.requests[index]!);
    for (const each of firstOfEach) expect(each.messages).toHaveLength(1);
    // Nothing of an earlier vote (its calls, results or verdict) is in a later vote's requests.
    const later = JSON.stringify(client.requests.slice(2).map((each) => each.messages));
    expect(later).not.toContain('"name":"submit_verdict"');
    expect(client.requests[3]!.messages).toHaveLength(3);
    expect(textsOf(client.requests[3]!).join('\n')).toContain('Install with npm.');
  });

  test('a run budget spent mid-vote leaves the remaining votes budget_exhausted, then the majority rule applies', async () => {
    // Each vote spends 220 tokens; the run allows 440: two votes run, the third does not start.
    const runBudget = new RunBudget({ tokens: 440 });
    const { client, outcome } = await vote(['pass', 'pass', 'pass'], { runBudget });
    expect(client.calls).toBe(4);
    expect(outcome.votes?.map((each) => each.verdict)).toEqual(['pass', 'pass', 'inconclusive']);
    expect(outcome.votes?.[2]?.error?.category).toBe('budget_exhausted');
    expect(outcome.verdict).toBe('pass');
  });

  test('without a majority, the budget error says why', async () => {
    const runBudget = new RunBudget({ tokens: 220 });
    const { outcome } = await vote(['pass', 'pass', 'pass'], { runBudget });
    expect(outcome.votes?.map((each) => each.verdict)).toEqual([
      'pass',
      'inconclusive',
      'inconclusive',
    ]);
    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.error?.category).toBe('budget_exhausted');
    expect(outcome.error?.message).toContain(
      'no strict majority of 3 votes (1 pass, 0 fail, 2 inconclusive)',
    );
  });

  test('votes may run in parallel, bounded', async () => {
    let running = 0;
    let peak = 0;
    const results = await runVotes(
      async (index) => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
        return {
          verdict: index % 2 ? 'fail' : 'pass',
          evidence: { index },
          usage: { durationMs: 1, tokens: 1, costUsd: 0 },
        };
      },
      { votes: 5, concurrency: 2, signal: new AbortController().signal },
    );
    expect(peak).toBe(2);
    expect(results.map((each) => each.evidence)).toEqual(
      [0, 1, 2, 3, 4].map((index) => ({ index })),
    );
    expect(combineVotes(results, 5).verdict).toBe('pass');
  });

  test('strict majority arithmetic', () => {
    expect(majorityVerdict({ pass: 1, fail: 0, inconclusive: 0 })).toBe('pass');
    expect(majorityVerdict({ pass: 1, fail: 1, inconclusive: 0 })).toBe('inconclusive');
    expect(majorityVerdict({ pass: 2, fail: 0, inconclusive: 2 })).toBe('inconclusive');
    expect(majorityVerdict({ pass: 0, fail: 3, inconclusive: 2 })).toBe('fail');
  });
});
