// The summaries' run budget line: actual spend against budget.run and the verifications it
// kept from starting.
import {
  notStartedForBudget,
  runBudgetLine,
  statedRunBudget,
} from '../../../src/core/report/budgetLine.js';

describe('runBudgetLine', () => {
  test('states cost spent of the run budget, tokens alongside, and what never started', () => {
    expect(
      runBudgetLine({
        tokens: 12_000,
        costUsd: 0.06,
        runBudget: { costUsd: 5, tokens: 2_000_000, notStarted: 15 },
      }),
    ).toBe(
      'spent $0.0600 of the $5 run budget (12,000 of 2,000,000 tokens); 15 verifications not started',
    );
  });

  test('a token-only budget, one verification not started', () => {
    expect(
      runBudgetLine({ tokens: 30, costUsd: 0, runBudget: { tokens: 1000, notStarted: 1 } }),
    ).toBe('spent 30 of 1,000 tokens of the run budget; 1 verification not started');
  });

  test('no line without a run budget in tokens or cost', () => {
    expect(runBudgetLine({ tokens: 30, costUsd: 0 })).toBeUndefined();
    expect(runBudgetLine({ tokens: 30, costUsd: 0, runBudget: { notStarted: 0 } })).toBeUndefined();
    expect(statedRunBudget({})).toBeUndefined();
    expect(statedRunBudget({ costUsd: 5 })).toEqual({ costUsd: 5 });
  });

  test('counts as not started only a budget refusal before any model call', () => {
    expect(notStartedForBudget({ category: 'budget_exhausted', message: 'not started: x' })).toBe(
      true,
    );
    expect(
      notStartedForBudget({ category: 'budget_exhausted', message: 'the turn budget ran out' }),
    ).toBe(false);
    expect(notStartedForBudget({ category: 'internal', message: 'not started: x' })).toBe(false);
    expect(notStartedForBudget(undefined)).toBe(false);
  });
});
