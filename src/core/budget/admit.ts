// Admission of agentic work against the run budget, before any job starts. Every agentic item
// reserves its worst case (one vote's budget × votes) in each dimension where both the run and
// one verification are bounded; items are admitted in dispatch order while the reservations
// fit, and the rest are refused. A dimension the run bounds but one verification does not has
// no finite worst case: it refuses nothing and is split equally over the jobs with admitted
// agentic work. Each job's share (its reservations, or its equal part) is its hard cap.
import type { Warning } from '../select.js';
import type { ErrorInfo } from '../types.js';
import { budgetText, refusalMessage, admissionNote } from './wording.js';
import {
  SHARED_DIMENSIONS,
  type Admission,
  type AdmissionInput,
  type AdmissionItem,
  type RunBudgetShare,
  type SharedDimension,
  type VerificationLimits,
} from './types.js';

type Amounts = Partial<Record<SharedDimension, number>>;

/** What one vote may spend in a dimension, or undefined when nothing bounds it. */
export function perVoteLimit(
  verification: VerificationLimits,
  dimension: SharedDimension,
): number | undefined {
  if (dimension === 'costUsd') return verification.costUsd;
  const { tokens, inputTokens, outputTokens } = verification;
  const parts =
    inputTokens !== undefined && outputTokens !== undefined
      ? inputTokens + outputTokens
      : undefined;
  if (tokens === undefined) return parts;
  return parts === undefined ? tokens : Math.min(tokens, parts);
}

export function admitRunBudget(input: AdmissionInput): Admission {
  checkInput(input);
  const bounded = SHARED_DIMENSIONS.filter((d) => input.run[d] !== undefined);
  const perVote: Amounts = {};
  for (const d of bounded) {
    const limit = perVoteLimit(input.verification, d);
    if (limit !== undefined) perVote[d] = limit;
  }
  const reserved = bounded.filter((d) => perVote[d] !== undefined);
  const split = bounded.filter((d) => perVote[d] === undefined);
  const worstOf = (item: AdmissionItem): Amounts =>
    Object.fromEntries(reserved.map((d) => [d, (perVote[d] as number) * item.votes]));

  const reservations = new Map<string, Amounts>(input.jobs.map((job) => [job.label, {}]));
  const refusedKeys: string[] = [];
  const total: Amounts = {};
  let agentic = 0;
  for (const job of input.jobs) {
    for (const item of inKeyOrder(job.items)) {
      agentic += 1;
      const worst = worstOf(item);
      const fits = refusedKeys.length === 0 && fitsWithin(total, worst, input.run, reserved);
      if (!fits) {
        refusedKeys.push(item.key);
        continue;
      }
      addTo(total, worst, reserved);
      addTo(reservations.get(job.label) as Amounts, worst, reserved);
    }
  }
  const admitted = agentic - refusedKeys.length;
  const counts = { agentic, admitted, refused: refusedKeys.length };
  const context = {
    run: budgetText(input.run),
    perVote: budgetText(perVote),
    counts,
    split: split.map((d) => ({ dimension: d, limit: input.run[d] as number })),
  };
  const refused = new Map<string, ErrorInfo>(
    refusedKeys.map((key) => [
      key,
      { category: 'budget_exhausted', message: refusalMessage(context) },
    ]),
  );
  const withWork = input.jobs
    .filter((job) => job.items.some((item) => item.agentic && !refused.has(item.key)))
    .map((job) => job.label);
  const shares = sharesOf(input, reservations, reserved, split, withWork);
  const note = admissionNote({ ...context, jobsWithWork: withWork.length });
  return { refused, shares, counts, ...(note ? { note } : {}) };
}

function inKeyOrder(items: readonly AdmissionItem[]): AdmissionItem[] {
  return items
    .filter((item) => item.agentic)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

function fitsWithin(
  total: Amounts,
  worst: Amounts,
  run: RunBudgetShare,
  dimensions: readonly SharedDimension[],
): boolean {
  return dimensions.every((d) => (total[d] ?? 0) + (worst[d] ?? 0) <= (run[d] as number));
}

function addTo(sum: Amounts, amounts: Amounts, dimensions: readonly SharedDimension[]): void {
  for (const d of dimensions) sum[d] = (sum[d] ?? 0) + (amounts[d] ?? 0);
}

function sharesOf(
  input: AdmissionInput,
  reservations: ReadonlyMap<string, Amounts>,
  reserved: readonly SharedDimension[],
  split: readonly SharedDimension[],
  withWork: readonly string[],
): Map<string, RunBudgetShare> {
  const shares = new Map<string, RunBudgetShare>();
  if (reserved.length + split.length === 0) return shares;
  for (const job of input.jobs) {
    const share: RunBudgetShare = {};
    for (const d of reserved) share[d] = reservations.get(job.label)?.[d] ?? 0;
    shares.set(job.label, share);
  }
  for (const d of split) {
    const parts = equalParts(input.run[d] as number, withWork.length, d === 'tokens');
    for (const label of input.jobs.map((job) => job.label)) {
      const at = withWork.indexOf(label);
      (shares.get(label) as RunBudgetShare)[d] = at === -1 ? 0 : parts[at];
    }
  }
  for (const d of [...reserved, ...split])
    fitWithin([...shares.values()], d, input.run[d] as number);
  return shares;
}

/** `total` in `count` parts that add up to it at most: whole numbers for tokens. */
function equalParts(total: number, count: number, whole: boolean): number[] {
  if (count === 0) return [];
  if (!whole) return Array.from({ length: count }, () => total / count);
  const base = Math.floor(total / count);
  const rest = Math.floor(total) - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < rest ? 1 : 0));
}

/** Floating-point sums can round over the limit: take the excess off the largest share. */
function fitWithin(shares: RunBudgetShare[], dimension: SharedDimension, limit: number): void {
  for (let round = 0; round < 64; round += 1) {
    const sum = shares.reduce((acc, share) => acc + (share[dimension] ?? 0), 0);
    if (sum <= limit) return;
    const largest = shares.reduce((best, share) =>
      (share[dimension] ?? 0) > (best[dimension] ?? 0) ? share : best,
    );
    const value = largest[dimension] ?? 0;
    const step = Math.max(sum - limit, Number.EPSILON * Math.max(1, value));
    largest[dimension] = Math.max(0, value - step);
  }
}

function checkInput(input: AdmissionInput): void {
  for (const [name, limits] of [
    ['budget.run', input.run],
    ['budget.verification', input.verification],
  ] as const) {
    for (const [dimension, value] of Object.entries(limits)) {
      if (value !== undefined && !(Number.isFinite(value) && value >= 0))
        throw new Error(`${name}.${dimension} must be a finite number ≥ 0 (got ${String(value)})`);
    }
  }
  const labels = new Set<string>();
  const keys = new Set<string>();
  for (const job of input.jobs) {
    if (labels.has(job.label)) throw new Error(`job "${job.label}" is listed twice`);
    labels.add(job.label);
    for (const item of job.items) {
      if (keys.has(item.key)) throw new Error(`work item "${item.key}" is dispatched twice`);
      keys.add(item.key);
      if (!Number.isSafeInteger(item.votes) || item.votes < 1)
        throw new Error(`work item "${item.key}" has ${String(item.votes)} votes`);
    }
  }
}

export const BUDGET_ADMISSION_WARNING = 'budget_admission';

/** The report's warning on the admission (counts, split dimensions), when there is one to give. */
export function admissionWarnings(admission: Admission): Warning[] {
  return admission.note ? [{ code: BUDGET_ADMISSION_WARNING, message: admission.note }] : [];
}
