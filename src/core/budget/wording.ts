// How the run budget's admission and spending read in records, reports and summaries.
import type { AdmissionCounts, RunBudgetShare } from './types.js';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function dollars(value: number): string {
  return `$${Number(value.toFixed(4))}`;
}

/** "$5, 2,000,000 tokens"; "no limit" when neither dimension is set. */
export function budgetText(limits: RunBudgetShare): string {
  const parts: string[] = [];
  if (limits.costUsd !== undefined) parts.push(dollars(limits.costUsd));
  if (limits.tokens !== undefined) parts.push(`${whole.format(limits.tokens)} tokens`);
  return parts.length > 0 ? parts.join(', ') : 'no limit';
}

type Split = { dimension: 'tokens' | 'costUsd'; limit: number };

export type AdmissionWording = {
  run: string;
  perVote: string;
  counts: AdmissionCounts;
  split: readonly Split[];
};

const plural = (n: number, one: string, many = `${one}s`): string =>
  `${whole.format(n)} ${n === 1 ? one : many}`;

/** Why an agentic work item was refused before dispatch (its record's error message). */
export function refusalMessage({ run, perVote, counts }: AdmissionWording): string {
  return (
    `not started: the run budget (budget.run: ${run}) covers the worst case of ` +
    `${whole.format(counts.admitted)} of ${plural(counts.agentic, 'agentic verification')} ` +
    `(budget.verification × votes, each vote up to ${perVote}); the others were refused ` +
    `before any job started — raise budget.run, lower budget.verification or votes, or verify fewer goals`
  );
}

function splitText({ dimension, limit }: Split, jobs: number): string {
  const name = dimension === 'tokens' ? 'tokens' : 'costUsd';
  const amount = dimension === 'tokens' ? `${whole.format(limit)} tokens` : dollars(limit);
  const what = dimension === 'tokens' ? 'token limit' : 'cost limit';
  return (
    `budget.run.${name} (${amount}) is split equally over the ${plural(jobs, 'job')} with ` +
    `agentic work, since budget.verification sets no ${what} to reserve against`
  );
}

/** The summary's sentence on the admission, or undefined when it changed nothing. */
export function admissionNote(
  wording: AdmissionWording & { jobsWithWork: number },
): string | undefined {
  const sentences: string[] = [];
  const { counts } = wording;
  if (counts.refused > 0) {
    sentences.push(
      `${whole.format(counts.refused)} of ${plural(counts.agentic, 'agentic verification')} ` +
        `not started: the run budget (${wording.run}) covers the worst case of ` +
        `${whole.format(counts.admitted)} (each vote up to ${wording.perVote}); they settle ` +
        `needs_human (budget_exhausted)`,
    );
  }
  if (wording.jobsWithWork > 0)
    for (const split of wording.split) sentences.push(splitText(split, wording.jobsWithWork));
  return sentences.length > 0 ? `${sentences.join('. ')}.` : undefined;
}
