// `votes: N`: N independent verifications (none sees another's result), settled by strict
// majority — more than half pass → pass, more than half fail → fail, otherwise inconclusive.
import type {
  ErrorInfo,
  JsonValue,
  Usage,
  Verdict,
  VerificationAudit,
  VoteOutcome,
} from '../../core/types.js';
import type { RunBudget } from './budget.js';
import type { ToolLogEntry } from './loop.js';
import type { EvidenceLocation } from './submission.js';

export type VoteResult = VoteOutcome & {
  locations?: EvidenceLocation[];
  toolLog?: ToolLogEntry[];
  /** What this vote did, for the audit trail (absent for a vote that never started). */
  audit?: VerificationAudit;
};

/** Each vote's audit in vote order; a vote that never started made no calls. */
export function voteAudits(results: readonly VoteResult[]): VerificationAudit[] {
  return results.map((result) => result.audit ?? { verdict: result.verdict });
}

export type VoteOptions = {
  votes: number;
  /** Votes run at the same time (default 1: one after another). */
  concurrency?: number;
  /** When spent, votes not yet started settle `budget_exhausted` without running. */
  runBudget?: RunBudget;
  signal: AbortSignal;
};

export type Tally = { pass: number; fail: number; inconclusive: number };

export type Combined = {
  verdict: Verdict;
  evidence: JsonValue;
  error?: ErrorInfo;
  usage: Usage;
  votes: VoteOutcome[];
  locations: EvidenceLocation[];
};

const ZERO_USAGE: Usage = {
  durationMs: 0,
  tokens: 0,
  costUsd: 0,
  inputTokens: 0,
  outputTokens: 0,
  turns: 0,
  retries: 0,
};

function skipped(category: ErrorInfo['category'], message: string): VoteResult {
  return {
    verdict: 'inconclusive',
    evidence: null,
    error: { category, message },
    usage: { ...ZERO_USAGE },
  };
}

/** Runs the votes with bounded parallelism; results are in vote order. */
export async function runVotes(
  run: (index: number) => Promise<VoteResult>,
  options: VoteOptions,
): Promise<VoteResult[]> {
  const results: VoteResult[] = new Array<VoteResult>(options.votes);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < options.votes) {
      const index = next;
      next += 1;
      const spent = options.runBudget?.exhausted();
      if (options.signal.aborted)
        results[index] = skipped('cancelled', 'cancelled before this vote started');
      else if (spent) results[index] = skipped('budget_exhausted', `vote not started: ${spent}`);
      else results[index] = await run(index);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 1, options.votes));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}

export function tally(votes: readonly VoteOutcome[]): Tally {
  const counts: Tally = { pass: 0, fail: 0, inconclusive: 0 };
  for (const vote of votes) counts[vote.verdict] += 1;
  return counts;
}

export function majorityVerdict(counts: Tally): Verdict {
  const total = counts.pass + counts.fail + counts.inconclusive;
  if (counts.pass * 2 > total) return 'pass';
  if (counts.fail * 2 > total) return 'fail';
  return 'inconclusive';
}

export function sumUsage(usages: readonly Usage[], durationMs: number): Usage {
  const total: Usage = { ...ZERO_USAGE, durationMs };
  for (const usage of usages) {
    total.tokens += usage.tokens;
    total.costUsd += usage.costUsd;
    total.inputTokens = (total.inputTokens ?? 0) + (usage.inputTokens ?? 0);
    total.outputTokens = (total.outputTokens ?? 0) + (usage.outputTokens ?? 0);
    total.turns = (total.turns ?? 0) + (usage.turns ?? 0);
    total.retries = (total.retries ?? 0) + (usage.retries ?? 0);
    if (usage.aiCredits !== undefined) total.aiCredits = (total.aiCredits ?? 0) + usage.aiCredits;
    if (usage.premiumRequests !== undefined)
      total.premiumRequests = (total.premiumRequests ?? 0) + usage.premiumRequests;
  }
  return total;
}

/** Why a vote without majority is inconclusive: the votes' own errors, cancellation first. */
function noMajorityError(votes: readonly VoteOutcome[], counts: Tally): ErrorInfo | undefined {
  const errors = votes
    .map((vote, index) => ({ index, error: vote.error }))
    .filter((item) => item.error);
  if (errors.length === 0) return undefined;
  const rank = (category: string): number =>
    category === 'cancelled' ? 0 : category === 'budget_exhausted' ? 1 : 2;
  const first = [...errors].sort(
    (a, b) => rank(a.error?.category ?? '') - rank(b.error?.category ?? '') || a.index - b.index,
  )[0];
  const error = first?.error as ErrorInfo;
  return {
    category: error.category,
    message:
      `no strict majority of ${votes.length} votes (${counts.pass} pass, ${counts.fail} fail, ` +
      `${counts.inconclusive} inconclusive); vote ${(first?.index ?? 0) + 1}: ${error.message}`,
  };
}

/** Settles N votes: strict majority, the majority's evidence, every vote kept, usage summed. */
export function combineVotes(results: readonly VoteResult[], durationMs: number): Combined {
  const votes: VoteOutcome[] = results.map(({ verdict, evidence, error, usage }) => ({
    verdict,
    evidence,
    ...(error ? { error } : {}),
    usage,
  }));
  const counts = tally(votes);
  const verdict = majorityVerdict(counts);
  const winner =
    verdict === 'inconclusive' ? undefined : results.find((vote) => vote.verdict === verdict);
  const error = verdict === 'inconclusive' ? noMajorityError(votes, counts) : undefined;
  return {
    verdict,
    evidence: { votes: { ...counts }, majority: winner ? winner.evidence : null },
    ...(error ? { error } : {}),
    usage: sumUsage(
      votes.map((vote) => vote.usage),
      durationMs,
    ),
    votes,
    locations: winner?.locations ?? [],
  };
}
