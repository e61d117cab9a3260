// One verifier conversation run by the Copilot runtime, which owns the loop. It gets the same
// tools, prompt and verdict rules as the agent loop (loop.ts): the capture tools' handlers,
// submit_verdict checked by checkSubmission with proof of reading from earlier turns only, the
// same budgets charged from the runtime's usage events, the same audit trail. Any ending but an
// accepted submit_verdict is inconclusive.
import { performance } from 'node:perf_hooks';
import type {
  CopilotAgent,
  CopilotSessionEnd,
  CopilotTool,
  CopilotToolResult,
  CopilotUsage,
} from '../../providers/copilot/index.js';
import type { ContentPart, ToolCall } from '../../providers/types.js';
import { Deadline } from './deadline.js';
import {
  conversationResult,
  fault,
  messageOf,
  settleSubmission,
  type ConversationResult,
  type Ending,
  type ToolLogEntry,
} from './conversationEnd.js';
import type { ConversationOptions } from './loop.js';
import { NUDGE } from './prompt.js';
import type { EvidenceLocation } from './submission.js';
import { SUBMIT_VERDICT } from './tools.js';
import { bytesOf, ToolCallLog } from './toolAudit.js';
import { toolError, type ToolOutcome } from './toolTypes.js';

export type CopilotConversationOptions = Omit<
  ConversationOptions,
  'client' | 'maxOutputTokens' | 'callTimeoutMs'
> & { agent: CopilotAgent };

const REFUSED = 'refused: not one of the verifier tools';

export async function runCopilotConversation(
  options: CopilotConversationOptions,
): Promise<ConversationResult> {
  return new CopilotConversation(options).run();
}

class CopilotConversation {
  private readonly started = performance.now();
  private readonly toolLog: ToolLogEntry[] = [];
  private readonly calls = new ToolCallLog();
  private readonly deadline: Deadline;
  private locations: EvidenceLocation[] = [];
  private submission: ToolCall | undefined;
  /** Model calls answered so far; a tool runs in the turn of the call that asked for it. */
  private modelCalls = 0;
  private callsThisTurn = 0;
  private callSeq = 0;
  private aiCredits = 0;
  private premiumRequests = 0;
  private creditsReported = false;

  constructor(private readonly options: CopilotConversationOptions) {
    this.deadline = new Deadline(options.signal, [
      {
        ms: options.timeoutMs,
        category: 'timeout',
        message: `the verification did not finish within ${options.timeoutMs} ms`,
      },
      {
        ms: options.meter.remainingMs(),
        category: 'budget_exhausted',
        message: 'the wall-time budget ran out before a verdict was submitted',
      },
    ]);
  }

  private get turn(): number {
    return Math.max(0, this.modelCalls - 1);
  }

  async run(): Promise<ConversationResult> {
    let ending: Ending;
    try {
      const refusal = this.options.meter.refusal();
      ending = refusal
        ? fault('budget_exhausted', refusal)
        : await this.ending(await this.session());
    } catch (error) {
      ending = fault('internal', `the Copilot session failed: ${messageOf(error)}`);
    } finally {
      this.deadline.dispose();
    }
    return this.result(ending);
  }

  private session(): Promise<CopilotSessionEnd> {
    const { prompt, tools } = this.options;
    const reads: CopilotTool[] = tools
      .specs()
      .map((spec) =>
        spec.name === SUBMIT_VERDICT
          ? { ...spec, terminal: true, run: (args) => Promise.resolve(this.submit(args)) }
          : { ...spec, run: (args) => this.read(spec.name, args) },
      );
    return this.options.agent.run({
      model: this.options.model,
      system: prompt.system,
      prompt: textOf(prompt.firstMessage.role === 'user' ? prompt.firstMessage.content : []),
      nudge: NUDGE,
      tools: reads,
      signal: this.deadline.signal,
      beforeTurn: () => this.options.meter.refusal(),
      afterUsage: (usage) => this.charge(usage),
      onRefused: (name, args) => this.refused(name, args),
    });
  }

  private charge(usage: CopilotUsage): string | undefined {
    const { meter, price } = this.options;
    meter.charge(usage, price);
    this.modelCalls += 1;
    this.callsThisTurn = 0;
    if (usage.aiCredits !== undefined) {
      this.aiCredits += usage.aiCredits;
      this.creditsReported = true;
    }
    if (usage.premiumRequests !== undefined) this.premiumRequests += usage.premiumRequests;
    return meter.overrun();
  }

  private call(name: string, args: unknown): ToolCall {
    this.callSeq += 1;
    const parsed =
      typeof args === 'object' && args !== null && !Array.isArray(args)
        ? (args as Record<string, unknown>)
        : undefined;
    const raw = typeof args === 'string' ? args : (JSON.stringify(args) ?? '');
    return { id: `copilot-${this.callSeq}`, name, arguments: parsed, rawArguments: raw };
  }

  private async read(name: string, args: unknown): Promise<CopilotToolResult> {
    const call = this.call(name, args);
    const max = this.options.tools.context.limits.maxCallsPerTurn;
    this.callsThisTurn += 1;
    const outcome =
      this.callsThisTurn > max
        ? toolError(`not run: at most ${max} tool calls are run per turn`)
        : await this.options.tools.run(call);
    this.record(call, outcome);
    return resultOf(outcome);
  }

  private refused(name: string, args: unknown): void {
    this.record(this.call(name, args), toolError(REFUSED));
  }

  private submit(args: unknown): CopilotToolResult {
    if (this.submission) return { ok: false, text: 'error: a verdict was already submitted' };
    this.submission = this.call(SUBMIT_VERDICT, args);
    this.toolLog.push({ turn: this.turn, tool: SUBMIT_VERDICT, ok: true, observed: false });
    return { ok: true, text: 'verdict received' };
  }

  private record(call: ToolCall, outcome: ToolOutcome): void {
    this.toolLog.push({
      turn: this.turn,
      tool: call.name.slice(0, 100),
      ...(outcome.path === undefined ? {} : { path: outcome.path }),
      ok: outcome.ok,
      observed: outcome.observed,
      ...(outcome.error === undefined ? {} : { error: outcome.error.slice(0, 300) }),
    });
    this.calls.add(this.turn, call, {
      bytesReturned: bytesOf(outcome.content),
      ok: outcome.ok,
      ...(outcome.error === undefined ? {} : { error: outcome.error }),
    });
  }

  private async ending(end: CopilotSessionEnd): Promise<Ending> {
    if (end.kind === 'terminal' && this.submission) return this.settle(this.submission);
    const stop = this.deadline.stopped();
    if (stop && stop.category !== 'cancelled') return { ...fault(stop.category, stop.message) };
    switch (end.kind) {
      case 'stopped':
        return fault('budget_exhausted', end.reason);
      case 'cancelled':
        return fault('cancelled', stop?.message ?? 'the verification was cancelled');
      case 'unavailable':
        return fault('no_capability', end.message);
      case 'failed':
        return fault('provider_error', `the Copilot runtime failed: ${end.message}`);
      default:
        return fault('internal', 'the Copilot session ended without a verdict');
    }
  }

  private async settle(call: ToolCall): Promise<Ending> {
    const submitTurn = this.toolLog.find((entry) => entry.tool === SUBMIT_VERDICT)?.turn ?? 0;
    const { ending, locations } = await settleSubmission(
      call,
      submitTurn,
      this.transcript(),
      this.options,
    );
    this.locations = locations;
    return ending;
  }

  private transcript(): { toolLog: ToolLogEntry[]; calls: ToolCallLog } {
    return { toolLog: this.toolLog, calls: this.calls };
  }

  private result(ending: Ending): ConversationResult {
    return conversationResult(ending, {
      started: this.started,
      meter: this.options.meter,
      usage: {
        retries: 0,
        ...(this.creditsReported ? { aiCredits: this.aiCredits } : {}),
        ...(this.premiumRequests > 0 ? { premiumRequests: this.premiumRequests } : {}),
      },
      locations: this.locations,
      transcript: this.transcript(),
    });
  }
}

function textOf(parts: readonly ContentPart[]): string {
  return parts.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

function resultOf(outcome: ToolOutcome): CopilotToolResult {
  const images = outcome.content.flatMap((part) =>
    part.type === 'image' ? [{ mediaType: part.mediaType, base64: part.base64 }] : [],
  );
  return { ok: outcome.ok, text: textOf(outcome.content), ...(images.length ? { images } : {}) };
}
