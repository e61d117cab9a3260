// Admission of agentic work against the run budget before dispatch: worst cases reserved in
// dispatch order, the rest refused, each job's share its reservations; shares never add up to
// more than the run budget.
import fc from 'fast-check';
import { admissionWarnings, admitRunBudget, perVoteLimit } from '../../../src/core/budget/admit.js';
import type {
  AdmissionInput,
  AdmissionJob,
  RunBudgetShare,
} from '../../../src/core/budget/types.js';

const SEED = Number(process.env.DOG_PROPERTY_SEED ?? 1313);

/** `goals` agentic items dealt over `jobs` jobs (w1-1 …), two per job for 20 over 10. */
function matrix(goals: number, jobs: number, votes = 1): AdmissionJob[] {
  return Array.from({ length: jobs }, (_, j) => ({
    label: `w1-${j + 1}`,
    items: Array.from({ length: goals / jobs }, (_, i) => ({
      key: `g${String(j * (goals / jobs) + i).padStart(2, '0')}`,
      agentic: true,
      votes,
    })),
  }));
}

function sum(shares: ReadonlyMap<string, RunBudgetShare>, d: keyof RunBudgetShare): number {
  return [...shares.values()].reduce((acc, share) => acc + (share[d] ?? 0), 0);
}

describe('admitRunBudget', () => {
  it('admits exactly the worst cases the run budget covers: 5 of 20 over 10 jobs', () => {
    const admission = admitRunBudget({
      run: { costUsd: 5, tokens: 1_000_000 },
      verification: { costUsd: 1, tokens: 200_000 },
      jobs: matrix(20, 10),
    });
    expect(admission.counts).toEqual({ agentic: 20, admitted: 5, refused: 15 });
    expect(admission.refused.size).toBe(15);
    // Dispatch order: jobs in order, keys in order within a job.
    expect([...admission.refused.keys()].sort()[0]).toBe('g05');
    expect(admission.refused.has('g04')).toBe(false);
    for (const error of admission.refused.values()) {
      expect(error.category).toBe('budget_exhausted');
      expect(error.message).toMatch(
        /^not started: the run budget \(budget\.run: \$5, 1,000,000 tokens\) covers the worst case of 5 of 20 agentic verifications/,
      );
    }
    expect(Object.fromEntries(admission.shares)).toEqual({
      'w1-1': { costUsd: 2, tokens: 400_000 },
      'w1-2': { costUsd: 2, tokens: 400_000 },
      'w1-3': { costUsd: 1, tokens: 200_000 },
      ...Object.fromEntries(
        Array.from({ length: 7 }, (_, i) => [`w1-${i + 4}`, { costUsd: 0, tokens: 0 }]),
      ),
    });
    expect(sum(admission.shares, 'costUsd')).toBeLessThanOrEqual(5);
    expect(admission.note).toMatch(/^15 of 20 agentic verifications not started/);
    expect(admissionWarnings(admission)).toEqual([
      { code: 'budget_admission', message: admission.note },
    ]);
  });

  it('multiplies the worst case by the votes', () => {
    const admission = admitRunBudget({
      run: { costUsd: 5 },
      verification: { costUsd: 1 },
      jobs: matrix(20, 10, 3),
    });
    // One item of 3 votes costs $3 at worst: one fits, the second would need $6.
    expect(admission.counts).toEqual({ agentic: 20, admitted: 1, refused: 19 });
    expect(admission.shares.get('w1-1')).toEqual({ costUsd: 3 });
  });

  it('refuses everything after the first item that does not fit, in dispatch order', () => {
    const admission = admitRunBudget({
      run: { costUsd: 4 },
      verification: { costUsd: 1 },
      jobs: [
        { label: 'w1-1', items: [{ key: 'b', agentic: true, votes: 3 }] },
        {
          label: 'w1-2',
          items: [
            { key: 'd', agentic: true, votes: 1 },
            { key: 'c', agentic: true, votes: 3 },
          ],
        },
      ],
    });
    // b ($3) fits; c ($3, before d by key) does not; d is refused too though $1 would fit.
    expect([...admission.refused.keys()]).toEqual(['c', 'd']);
    expect(Object.fromEntries(admission.shares)).toEqual({
      'w1-1': { costUsd: 3 },
      'w1-2': { costUsd: 0 },
    });
  });

  it('never refuses programmatic work, and gives a job without agentic work a share of 0', () => {
    const admission = admitRunBudget({
      run: { costUsd: 0 },
      verification: { costUsd: 1 },
      jobs: [
        {
          label: 'plan',
          items: [
            { key: 'p1', agentic: false, votes: 1 },
            { key: 'p2', agentic: false, votes: 1 },
          ],
        },
        { label: 'w1-1', items: [{ key: 'a', agentic: true, votes: 1 }] },
      ],
    });
    expect([...admission.refused.keys()]).toEqual(['a']);
    expect(admission.counts).toEqual({ agentic: 1, admitted: 0, refused: 1 });
    expect(Object.fromEntries(admission.shares)).toEqual({
      plan: { costUsd: 0 },
      'w1-1': { costUsd: 0 },
    });
  });

  it('splits a dimension the verification budget leaves open equally, refusing nothing for it', () => {
    const admission = admitRunBudget({
      run: { tokens: 1000, costUsd: 5 },
      verification: { costUsd: 1 },
      jobs: [{ label: 'plan', items: [{ key: 'p', agentic: false, votes: 1 }] }, ...matrix(6, 3)],
    });
    // Cost reserves (5 of 6 fit); tokens have no worst case: 1000 over the 3 jobs with work.
    expect(admission.counts.refused).toBe(1);
    expect(Object.fromEntries(admission.shares)).toEqual({
      plan: { costUsd: 0, tokens: 0 },
      'w1-1': { costUsd: 2, tokens: 334 },
      'w1-2': { costUsd: 2, tokens: 333 },
      'w1-3': { costUsd: 1, tokens: 333 },
    });
    expect(admission.note).toContain(
      'budget.run.tokens (1,000 tokens) is split equally over the 3 jobs with agentic work, since budget.verification sets no token limit',
    );
  });

  it('admits everything when the run budget bounds nothing, with no shares', () => {
    const admission = admitRunBudget({
      run: {},
      verification: { costUsd: 1 },
      jobs: matrix(20, 10),
    });
    expect(admission.refused.size).toBe(0);
    expect(admission.shares.size).toBe(0);
    expect(admission.note).toBeUndefined();
    expect(admissionWarnings(admission)).toEqual([]);
  });

  it('bounds a vote by inputTokens + outputTokens when budget.verification.tokens is unset', () => {
    expect(perVoteLimit({ inputTokens: 100, outputTokens: 20 }, 'tokens')).toBe(120);
    expect(perVoteLimit({ tokens: 50, inputTokens: 100, outputTokens: 20 }, 'tokens')).toBe(50);
    expect(perVoteLimit({ inputTokens: 100 }, 'tokens')).toBeUndefined();
  });

  it('rejects a work item dispatched twice and votes that are not a positive integer', () => {
    const twice = [
      { label: 'a', items: [{ key: 'k', agentic: true, votes: 1 }] },
      { label: 'b', items: [{ key: 'k', agentic: true, votes: 1 }] },
    ];
    expect(() => admitRunBudget({ run: {}, verification: {}, jobs: twice })).toThrow(
      'work item "k" is dispatched twice',
    );
    const zero = [{ label: 'a', items: [{ key: 'k', agentic: true, votes: 0 }] }];
    expect(() => admitRunBudget({ run: {}, verification: {}, jobs: zero })).toThrow('0 votes');
  });
});

const limit = fc.option(fc.double({ min: 0, max: 50, noNaN: true }), { nil: undefined });
const tokenLimit = fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined });
const inputs: fc.Arbitrary<AdmissionInput> = fc
  .record({
    run: fc.record({ tokens: tokenLimit, costUsd: limit }),
    verification: fc.record({ tokens: tokenLimit, costUsd: limit }),
    jobs: fc.array(
      fc.array(fc.record({ agentic: fc.boolean(), votes: fc.integer({ min: 1, max: 15 }) }), {
        maxLength: 8,
      }),
      { maxLength: 12 },
    ),
  })
  .map(({ run, verification, jobs }) => ({
    run: withoutUndefined(run),
    verification: withoutUndefined(verification),
    jobs: jobs.map((items, j) => ({
      label: `w${1 + (j % 3)}-${j}`,
      items: items.map((item, i) => ({ key: `k${j}-${i}`, ...item })),
    })),
  }));

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

describe('admitRunBudget over random inputs', () => {
  it('never hands out more than the run budget, never refuses programmatic work, and is deterministic', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const admission = admitRunBudget(input);
        for (const d of ['tokens', 'costUsd'] as const) {
          const bound = input.run[d];
          if (bound !== undefined) expect(sum(admission.shares, d)).toBeLessThanOrEqual(bound);
        }
        const all = input.jobs.flatMap((job) => job.items);
        for (const item of all)
          if (!item.agentic) expect(admission.refused.has(item.key)).toBe(false);
        const agentic = all.filter((item) => item.agentic).length;
        expect(admission.counts.agentic).toBe(agentic);
        expect(admission.counts.admitted + admission.refused.size).toBe(agentic);
        const again = admitRunBudget(structuredClone(input));
        expect([...again.refused]).toEqual([...admission.refused]);
        expect([...again.shares]).toEqual([...admission.shares]);
        expect(again.note).toEqual(admission.note);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('gives each job at least the worst cases of its admitted items when a vote is bounded', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const admission = admitRunBudget(input);
        for (const d of ['tokens', 'costUsd'] as const) {
          const perVote = perVoteLimit(input.verification, d);
          if (input.run[d] === undefined || perVote === undefined) continue;
          for (const job of input.jobs) {
            const reserved = job.items
              .filter((item) => item.agentic && !admission.refused.has(item.key))
              .reduce((acc, item) => acc + perVote * item.votes, 0);
            // Float sums may take an ulp off the largest share to stay within the budget.
            expect(admission.shares.get(job.label)?.[d] ?? 0).toBeGreaterThanOrEqual(
              reserved - 1e-9 * Math.max(1, reserved),
            );
          }
        }
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});
