// The agentic verifier: for each vote, a fresh conversation with a tool-calling model over the
// read-only capture tools, under the verification budget and the run's shared budget.
import { performance } from 'node:perf_hooks';
import { boundAuditTrail } from '../../core/audit.js';
import type {
  AgenticVerifierSpec,
  AuditTrail,
  ErrorInfo,
  VerificationOutcome,
  VoteOutcome,
} from '../../core/types.js';
import type { CopilotAgent } from '../../providers/copilot/index.js';
import type { ModelClient } from '../../providers/types.js';
import type { VerificationRequest, Verifier } from '../types.js';
import { RunBudget, VerificationMeter, type Price, type VerificationBudget } from './budget.js';
import { makeFence, newNonce } from './fence.js';
import { runCopilotConversation } from './copilotConversation.js';
import { runConversation, type ConversationResult, type ToolLogEntry } from './loop.js';
import { buildPrompt } from './prompt.js';
import type { EvidenceLocation } from './submission.js';
import { CaptureTools } from './tools.js';
import type { ToolLimits } from './toolTypes.js';
import { combineVotes, runVotes, sumUsage, voteAudits, type VoteResult } from './votes.js';

export type ResolvedModel = {
  /** A model endpoint (our loop runs the conversation) or the Copilot runtime (its loop does). */
  client: ModelClient | CopilotAgent;
  model: string;
  price?: Price;
  /** The host configuration's alias that chose this model (the audit trail names it). */
  alias?: string;
};
export type ModelResolution = ResolvedModel | { error: ErrorInfo };
/** Resolves a graph's model alias (undefined: the default model) to a client, or says why not. */
export type ModelResolver = (alias: string | undefined) => ModelResolution;

export type AgenticTimeouts = {
  /** Limit of one model call, in seconds (none by default; the request's timeout still applies). */
  callSeconds?: number;
};

export type AgenticVerifierOptions = {
  resolve: ModelResolver;
  runBudget: RunBudget;
  /** Per verification, i.e. per vote: each vote is one independent verification. */
  budget: VerificationBudget;
  timeouts?: AgenticTimeouts;
  /** Largest answer asked of the model per call (cut further by the token budgets). */
  maxOutputTokens?: number;
  /** Votes of one leaf run at the same time (default 1). */
  voteConcurrency?: number;
  toolLimits?: ToolLimits;
  /** Source of fence nonces (tests fix it). */
  nonce?: () => string;
};

/** The outcome plus what the engine may use for annotations and audit. */
export type AgenticVerificationOutcome = VerificationOutcome & {
  /** Capture-relative file/line locations named by the (majority) evidence. */
  locations: EvidenceLocation[];
  /** One tool log per vote (tool, path, ok; no contents). */
  toolLogs: ToolLogEntry[][];
};

const DEFAULT_MAX_OUTPUT_TOKENS = 4096;

function auditTrail(
  spec: AgenticVerifierSpec,
  resolved: ResolvedModel,
  results: readonly VoteResult[],
): AuditTrail {
  const alias = resolved.alias ?? spec.model;
  return boundAuditTrail({
    instruction: spec.instruction,
    model: {
      kind: resolved.client.kind,
      id: resolved.model,
      ...(alias === undefined ? {} : { alias }),
    },
    toolCallsVisible: true,
    verifications: voteAudits(results),
  });
}
const MAX_VOTES = 15;

export class AgenticVerifier implements Verifier {
  constructor(private readonly options: AgenticVerifierOptions) {}

  async verify(request: VerificationRequest): Promise<AgenticVerificationOutcome> {
    const started = performance.now();
    const spec = request.verifier;
    const runBudget = this.options.runBudget.within(request.runBudget);
    const early = this.precheck(request, runBudget);
    if (early || spec.mode !== 'agentic') {
      return this.inconclusive(
        started,
        early ?? { category: 'internal', message: 'not an agentic verifier' },
      );
    }
    const resolution = this.resolve(spec.model);
    if ('error' in resolution) return this.inconclusive(started, resolution.error);
    const count = spec.votes ?? 1;
    const vote = (index: number) => this.vote(request, spec, resolution, index, runBudget);
    const results = await runVotes(vote, {
      votes: count,
      concurrency: this.options.voteConcurrency,
      runBudget,
      signal: request.signal,
    });
    const toolLogs = results.map((result) => result.toolLog ?? []);
    const audit = auditTrail(spec, resolution, results);
    const only = results[0];
    if (count === 1 && only) {
      return { ...this.settled(started, only), locations: only.locations ?? [], toolLogs, audit };
    }
    const combined = combineVotes(results, Math.round(performance.now() - started));
    return { ...combined, attempts: 1, isolation: 'none', toolLogs, audit };
  }

  /** Reasons to settle without calling any model. */
  private precheck(request: VerificationRequest, runBudget: RunBudget): ErrorInfo | undefined {
    const spec = request.verifier;
    if (request.signal.aborted)
      return { category: 'cancelled', message: 'cancelled before the verification started' };
    const spent = runBudget.exhausted();
    if (spent) return { category: 'budget_exhausted', message: `not started: ${spent}` };
    if (spec.mode === 'agentic') {
      const votes = spec.votes ?? 1;
      if (!Number.isSafeInteger(votes) || votes < 1 || votes > MAX_VOTES) {
        return { category: 'internal', message: `votes must be an integer from 1 to ${MAX_VOTES}` };
      }
    }
    return undefined;
  }

  private resolve(alias: string | undefined): ModelResolution {
    try {
      return this.options.resolve(alias);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return {
        error: { category: 'internal', message: `the model could not be resolved: ${message}` },
      };
    }
  }

  private inconclusive(started: number, error: ErrorInfo): AgenticVerificationOutcome {
    return this.settled(started, {
      verdict: 'inconclusive',
      evidence: null,
      error,
      usage: sumUsage([], 0),
    });
  }

  private settled(started: number, vote: VoteOutcome): AgenticVerificationOutcome {
    const usage = { ...vote.usage, durationMs: Math.round(performance.now() - started) };
    return {
      verdict: vote.verdict,
      evidence: vote.evidence,
      ...(vote.error ? { error: vote.error } : {}),
      usage,
      attempts: 1,
      // The agent's tools run in this process, confined to the capture; no sandbox is involved.
      isolation: 'none',
      locations: [],
      toolLogs: [],
    };
  }

  private async vote(
    request: VerificationRequest,
    spec: AgenticVerifierSpec,
    resolved: ResolvedModel,
    _index: number,
    runBudget: RunBudget,
  ): Promise<VoteResult> {
    const started = performance.now();
    try {
      const fence = makeFence((this.options.nonce ?? newNonce)());
      const tools = await CaptureTools.open(request.capturePath, request.captureKind, {
        fence,
        vision: resolved.client.vision,
        ...(this.options.toolLimits ? { limits: this.options.toolLimits } : {}),
      });
      const prompt = await buildPrompt({
        instruction: spec.instruction,
        captureKind: request.captureKind,
        captureDigest: request.captureDigest,
        root: tools.context.root,
        fence,
        ...(this.options.budget.turns === undefined ? {} : { maxTurns: this.options.budget.turns }),
      });
      const common = {
        model: resolved.model,
        ...(resolved.price ? { price: resolved.price } : {}),
        tools,
        prompt,
        meter: new VerificationMeter(this.options.budget, runBudget),
        captureDigest: request.captureDigest,
        maxEvidenceBytes: request.maxEvidenceBytes,
        signal: request.signal,
        timeoutMs: request.timeoutMs,
      };
      return await this.converse(resolved.client, common);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return {
        verdict: 'inconclusive',
        evidence: null,
        error: {
          category: 'internal',
          message: `the agentic verification could not start: ${message}`,
        },
        usage: { ...sumUsage([], Math.round(performance.now() - started)) },
      };
    }
  }

  private converse(
    client: ModelClient | CopilotAgent,
    common: Omit<Parameters<typeof runConversation>[0], 'client' | 'maxOutputTokens'>,
  ): Promise<ConversationResult> {
    if (client.kind === 'copilot') return runCopilotConversation({ ...common, agent: client });
    return runConversation({
      ...common,
      client,
      maxOutputTokens: this.options.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
      ...(this.options.timeouts?.callSeconds === undefined
        ? {}
        : { callTimeoutMs: this.options.timeouts.callSeconds * 1000 }),
    });
  }
}
