// The artifact names of one distributed run. GitHub keeps artifact names unique within a
// workflow run across all its attempts (a second upload of a name answers 409 Conflict) and
// lists the artifacts of earlier attempts in a re-run, so every name carries the attempt
// (GITHUB_RUN_ATTEMPT) that uploaded it: `dog-plan-a2`, `dog-records-plan-a1`,
// `dog-records-w1-3-a2`, `dog-captures-w1-3-a1`; `dog-taken-w1-3-a1` is the marker a job
// uploads when its own records name was already taken (recordsArtifacts.ts). Parsing is strict: a name that starts like
// ours but does not parse is nobody's.
import { UserError } from '../../core/errors.js';

export const PLAN_PREFIX = 'dog-plan-';
export const RECORDS_PREFIX = 'dog-records-';
export const CAPTURES_PREFIX = 'dog-captures-';
export const TAKEN_PREFIX = 'dog-taken-';

const ATTEMPT = '[1-9][0-9]{0,5}';
const JOB = `plan|w${ATTEMPT}-${ATTEMPT}`;
/** A bundle name the session chooses; artifact names may hold neither `/` nor `:`. */
const BUNDLE = '[A-Za-z0-9][A-Za-z0-9._-]{0,99}';

const PLAN_NAME = new RegExp(`^dog-plan-a(${ATTEMPT})$`);
const RECORDS_NAME = new RegExp(`^dog-records-(${JOB})-a(${ATTEMPT})$`);
const TAKEN_NAME = new RegExp(`^dog-taken-(${JOB})-a(${ATTEMPT})$`);
const CAPTURES_NAME = new RegExp(`^dog-captures-(${BUNDLE})-a(${ATTEMPT})$`);
const JOB_LABEL = new RegExp(`^(?:${JOB})$`);
const BUNDLE_NAME = new RegExp(`^${BUNDLE}$`);
const ATTEMPT_TEXT = new RegExp(`^${ATTEMPT}$`);

export type ParsedName =
  | { kind: 'plan'; attempt: number }
  | { kind: 'records'; job: string; attempt: number }
  | { kind: 'captures'; bundle: string; attempt: number }
  | { kind: 'taken'; job: string; attempt: number };

/** What an artifact name says, or undefined when it is not a name the exchange writes. */
export function parseArtifactName(name: string): ParsedName | undefined {
  const plan = PLAN_NAME.exec(name);
  if (plan) return { kind: 'plan', attempt: Number(plan[1]) };
  const records = RECORDS_NAME.exec(name);
  if (records) return { kind: 'records', job: records[1] as string, attempt: Number(records[2]) };
  const taken = TAKEN_NAME.exec(name);
  if (taken) return { kind: 'taken', job: taken[1] as string, attempt: Number(taken[2]) };
  const captures = CAPTURES_NAME.exec(name);
  if (captures)
    return { kind: 'captures', bundle: captures[1] as string, attempt: Number(captures[2]) };
  return undefined;
}

export function isJobLabel(job: string): boolean {
  return JOB_LABEL.test(job);
}

export function isBundleName(bundle: string): boolean {
  return BUNDLE_NAME.test(bundle);
}

export function planArtifactName(attempt: number): string {
  return `${PLAN_PREFIX}a${checkedAttempt(attempt)}`;
}

/** `job`: `plan` for the plan job, `w<wave>-<shard>` for a matrix job. */
export function recordsArtifactName(job: string, attempt: number): string {
  if (!isJobLabel(job)) throw new Error(`"${job}" is not a job label of a plan (plan, w1-3)`);
  return `${RECORDS_PREFIX}${job}-a${checkedAttempt(attempt)}`;
}

/** The marker `job` uploads when `recordsArtifactName(job, attempt)` was taken before it. */
export function takenArtifactName(job: string, attempt: number): string {
  return `${TAKEN_PREFIX}${recordsArtifactName(job, attempt).slice(RECORDS_PREFIX.length)}`;
}

export function capturesArtifactName(bundle: string, attempt: number): string {
  if (!isBundleName(bundle))
    throw new Error(`"${bundle}" is not a capture bundle name (letters, digits, . _ -)`);
  return `${CAPTURES_PREFIX}${bundle}-a${checkedAttempt(attempt)}`;
}

/** GITHUB_RUN_ATTEMPT as a number; the runner sets it to 1, 2, … */
export function runAttemptOf(value: string | undefined): number {
  const text = value ?? '1';
  if (!ATTEMPT_TEXT.test(text))
    throw new UserError(
      `GITHUB_RUN_ATTEMPT must be a positive integer, got "${text.slice(0, 20)}": run this action as a step of a GitHub Actions job (the runner sets it)`,
    );
  return Number(text);
}

function checkedAttempt(attempt: number): number {
  if (!Number.isSafeInteger(attempt) || attempt < 1 || !ATTEMPT_TEXT.test(String(attempt)))
    throw new Error(`run attempt ${attempt} is not a positive integer`);
  return attempt;
}

/**
 * For each key, the item with the greatest attempt among those in `from..to` (inclusive):
 * what a job delivered in the newest attempt that ran it.
 */
export function newestAttempts<T extends { attempt: number }>(
  items: Iterable<T>,
  keyOf: (item: T) => string,
  range: { from: number; to: number },
): Map<string, T> {
  const newest = new Map<string, T>();
  for (const item of items) {
    if (item.attempt < range.from || item.attempt > range.to) continue;
    const key = keyOf(item);
    const held = newest.get(key);
    if (!held || held.attempt < item.attempt) newest.set(key, item);
  }
  return newest;
}
