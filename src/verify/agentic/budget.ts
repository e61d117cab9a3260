// Budgets for agentic verification: per verification (one conversation, i.e. one vote) and per
// run (shared by every verification of the run). Both are checked before each model call and
// charged after it; any overrun ends the verification inconclusive with `budget_exhausted`.
// In a matrix the plan gives each job a share of the run budget; within() caps a process by it.
import type { RunBudgetShare } from '../../core/budget/types.js';

export type VerificationBudget = {
  turns?: number;
  tokens?: number;
  inputTokens?: number;
  outputTokens?: number;
  costUsd?: number;
  wallSeconds?: number;
};

export type RunBudgetLimits = { tokens?: number; costUsd?: number; wallSeconds?: number };

export type Price = { inputPerMTok?: number; outputPerMTok?: number };

export type Charge = { inputTokens: number; outputTokens: number; costUsd: number };

export function costOf(
  usage: { inputTokens: number; outputTokens: number },
  price?: Price,
): number {
  if (!price) return 0;
  const input = (usage.inputTokens * (price.inputPerMTok ?? 0)) / 1_000_000;
  const output = (usage.outputTokens * (price.outputPerMTok ?? 0)) / 1_000_000;
  return input + output;
}

type Clock = () => number;

function count(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** What a run has spent; one object shared by all verifications of the run. */
export class RunBudget {
  private tokens = 0;
  private cost = 0;
  private readonly started: number;
  private readonly shares = new WeakMap<RunBudgetShare, RunBudget>();

  constructor(
    readonly limits: RunBudgetLimits = {},
    private readonly now: Clock = Date.now,
    /** The budget a job's share is carved from: it is charged too and still bounds the share. */
    private readonly parent?: RunBudget,
    /** How the limits are named in messages: `budget.run` or the job's share. */
    private readonly label = 'budget.run',
  ) {
    this.started = now();
  }

  /**
   * This budget capped by a job's share of the run budget (from the plan): spending counts
   * against the share and against this budget. The same share object (one per job: every
   * request of one engine run carries it) always gives the same capped budget.
   */
  within(share: RunBudgetShare | undefined): RunBudget {
    if (share === undefined) return this;
    let capped = this.shares.get(share);
    if (!capped) {
      const limits: RunBudgetLimits = {
        ...(share.tokens === undefined ? {} : { tokens: share.tokens }),
        ...(share.costUsd === undefined ? {} : { costUsd: share.costUsd }),
      };
      capped = new RunBudget(limits, this.now, this, "this job's share of budget.run");
      this.shares.set(share, capped);
    }
    return capped;
  }

  spent(): { tokens: number; costUsd: number; elapsedMs: number } {
    return { tokens: this.tokens, costUsd: this.cost, elapsedMs: this.now() - this.started };
  }

  /** Why no further model call may start, or undefined while there is budget left. */
  exhausted(): string | undefined {
    const { tokens, costUsd, wallSeconds } = this.limits;
    if (tokens !== undefined && this.tokens >= tokens) {
      return `the run's token budget (${this.label}.tokens: ${tokens}) is spent (${this.tokens} used)`;
    }
    if (costUsd !== undefined && this.cost >= costUsd) {
      return `the run's cost budget (${this.label}.costUsd: ${costUsd}) is spent ($${this.cost.toFixed(4)} used)`;
    }
    if (wallSeconds !== undefined && this.now() - this.started >= wallSeconds * 1000) {
      return `the run's wall-time budget (${this.label}.wallSeconds: ${wallSeconds}) is spent`;
    }
    return this.parent?.exhausted();
  }

  /** Why the last charge went over a limit, or undefined. */
  overrun(): string | undefined {
    const { tokens, costUsd } = this.limits;
    if (tokens !== undefined && this.tokens > tokens) {
      return `the run's token budget (${this.label}.tokens: ${tokens}) was exceeded (${this.tokens} used)`;
    }
    if (costUsd !== undefined && this.cost > costUsd) {
      return `the run's cost budget (${this.label}.costUsd: ${costUsd}) was exceeded ($${this.cost.toFixed(4)} used)`;
    }
    return this.parent?.overrun();
  }

  /** Tokens the run may still spend (Infinity without a limit). */
  tokensLeft(): number {
    const own = this.limits.tokens === undefined ? Infinity : this.limits.tokens - this.tokens;
    return Math.min(own, this.parent?.tokensLeft() ?? Infinity);
  }

  /** Milliseconds of wall time the run has left (Infinity without a limit). */
  remainingMs(): number {
    const own =
      this.limits.wallSeconds === undefined
        ? Infinity
        : this.limits.wallSeconds * 1000 - (this.now() - this.started);
    return Math.min(own, this.parent?.remainingMs() ?? Infinity);
  }

  charge(charge: Charge): void {
    this.tokens += charge.inputTokens + charge.outputTokens;
    this.cost += charge.costUsd;
    this.parent?.charge(charge);
  }
}

/** One conversation's spending against its own budget and the run's. */
export class VerificationMeter {
  turns = 0;
  inputTokens = 0;
  outputTokens = 0;
  costUsd = 0;
  private readonly started: number;

  constructor(
    readonly limits: VerificationBudget,
    readonly run: RunBudget,
    private readonly now: Clock = Date.now,
  ) {
    this.started = now();
  }

  get tokens(): number {
    return this.inputTokens + this.outputTokens;
  }

  /** Checked before each model call: why it may not start, or undefined. */
  refusal(): string | undefined {
    const { turns, wallSeconds } = this.limits;
    if (turns !== undefined && this.turns >= turns) {
      return `the turn budget (budget.verification.turns: ${turns}) ran out before a verdict was submitted`;
    }
    if (wallSeconds !== undefined && this.now() - this.started >= wallSeconds * 1000) {
      return `the wall-time budget (budget.verification.wallSeconds: ${wallSeconds}) ran out`;
    }
    return this.over(true) ?? this.run.exhausted();
  }

  /** Checked after each charge: why this verification went over, or undefined. */
  overrun(): string | undefined {
    return this.over(false) ?? this.run.overrun();
  }

  private over(atLimit: boolean): string | undefined {
    const checks: [keyof VerificationBudget, number][] = [
      ['tokens', this.tokens],
      ['inputTokens', this.inputTokens],
      ['outputTokens', this.outputTokens],
      ['costUsd', this.costUsd],
    ];
    for (const [name, used] of checks) {
      const limit = this.limits[name];
      if (limit === undefined) continue;
      if (atLimit ? used >= limit : used > limit) {
        const verb = atLimit ? 'is spent' : 'was exceeded';
        return `the ${name} budget (budget.verification.${name}: ${limit}) ${verb} (${Number(used.toFixed(6))} used)`;
      }
    }
    return undefined;
  }

  /** Output tokens the next call may ask for: the default, cut to what the budgets leave. */
  outputAllowance(defaultMax: number): number {
    const left = [defaultMax];
    if (this.limits.tokens !== undefined) left.push(this.limits.tokens - this.tokens);
    if (this.limits.outputTokens !== undefined)
      left.push(this.limits.outputTokens - this.outputTokens);
    left.push(this.run.tokensLeft());
    return Math.max(1, Math.min(...left));
  }

  /** Milliseconds this conversation may still run by its own wall budget (Infinity: no limit). */
  remainingMs(): number {
    const own =
      this.limits.wallSeconds === undefined
        ? Infinity
        : this.limits.wallSeconds * 1000 - (this.now() - this.started);
    return Math.min(own, this.run.remainingMs());
  }

  charge(reported: { inputTokens: number; outputTokens: number }, price?: Price): Charge {
    // Counts come from the provider's answer: anything but a finite non-negative number is 0.
    const usage = {
      inputTokens: count(reported.inputTokens),
      outputTokens: count(reported.outputTokens),
    };
    const charge = { ...usage, costUsd: costOf(usage, price) };
    this.turns += 1;
    this.spend(charge);
    return charge;
  }

  /**
   * For calls that may run at once (an exec agent's, through the model gateway): the turn is
   * counted when the call is admitted, since waiting for its answer would let every call in
   * flight pass the same check. Why it may not start, or undefined; charge it with spend().
   */
  admitCall(): string | undefined {
    const refused = this.refusal();
    if (refused === undefined) this.turns += 1;
    return refused;
  }

  /** Adds an admitted call's tokens and cost, here and to the run. */
  spend(charge: Charge): void {
    const spent = {
      inputTokens: count(charge.inputTokens),
      outputTokens: count(charge.outputTokens),
      costUsd: count(charge.costUsd),
    };
    this.inputTokens += spent.inputTokens;
    this.outputTokens += spent.outputTokens;
    this.costUsd += spent.costUsd;
    this.run.charge(spent);
  }
}
