// One verifier conversation: call the model, run the tools it asks for, append the results, until
// it calls submit_verdict or a budget, the timeout or cancellation ends it. Only submit_verdict
// settles a verdict; every other ending is inconclusive with an error category.
import { performance } from 'node:perf_hooks';
import type { Digest } from '../../core/types.js';
import {
  ProviderError,
  type ChatMessage,
  type ChatResponse,
  type ModelClient,
  type ToolCall,
} from '../../providers/types.js';
import type { Price, VerificationMeter } from './budget.js';
import { NUDGE, type Prompt } from './prompt.js';
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
import type { EvidenceLocation } from './submission.js';
import { SUBMIT_VERDICT, type CaptureTools } from './tools.js';

export type { ConversationResult, ToolLogEntry } from './conversationEnd.js';
import { bytesOf, ToolCallLog } from './toolAudit.js';
import { toolError, type ToolOutcome } from './toolTypes.js';

export type ConversationOptions = {
  client: ModelClient;
  model: string;
  price?: Price;
  tools: CaptureTools;
  prompt: Prompt;
  meter: VerificationMeter;
  captureDigest: Digest;
  maxEvidenceBytes: number;
  maxOutputTokens: number;
  /** Cancellation of the whole verification. */
  signal: AbortSignal;
  /** Wall-clock limit of this conversation (`timeout` when reached). */
  timeoutMs: number;
  /** Wall-clock limit of one model call (`timeout` when reached). */
  callTimeoutMs?: number;
};

export async function runConversation(options: ConversationOptions): Promise<ConversationResult> {
  return new Conversation(options).run();
}

class Conversation {
  private readonly started = performance.now();
  private readonly messages: ChatMessage[];
  private readonly toolLog: ToolLogEntry[] = [];
  private readonly calls = new ToolCallLog();
  private locations: EvidenceLocation[] = [];
  private retries = 0;
  private turn = 0;
  private readonly deadline: Deadline;

  constructor(private readonly options: ConversationOptions) {
    this.messages = [options.prompt.firstMessage];
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

  /** The ending a fired limit or a cancellation imposes, if any. */
  private halted(): Ending | undefined {
    const reason = this.deadline.stopped();
    return reason ? { verdict: 'inconclusive', evidence: null, error: reason } : undefined;
  }

  async run(): Promise<ConversationResult> {
    let ending: Ending;
    try {
      ending = await this.loop();
    } catch (error) {
      ending = this.halted() ?? fault('internal', `the verifier loop failed: ${messageOf(error)}`);
    } finally {
      this.deadline.dispose();
    }
    return this.result(ending);
  }

  private async loop(): Promise<Ending> {
    const { meter } = this.options;
    for (;;) {
      const stop = this.halted();
      if (stop) return stop;
      const refusal = meter.refusal();
      if (refusal) return fault('budget_exhausted', refusal);
      const response = await this.call();
      if ('verdict' in response) return response;
      meter.charge(response.usage, this.options.price);
      this.retries += response.retries;
      const over = meter.overrun();
      if (over) return fault('budget_exhausted', over);
      this.messages.push({ role: 'assistant', text: response.text, toolCalls: response.toolCalls });
      if (response.toolCalls.length === 0) {
        this.messages.push({ role: 'user', content: [{ type: 'text', text: NUDGE }] });
      } else {
        const submission = await this.runTools(response.toolCalls);
        if (submission) return this.settle(submission);
      }
      this.turn += 1;
    }
  }

  private async call(): Promise<ChatResponse | Ending> {
    const { client, model, tools, prompt, meter, maxOutputTokens, callTimeoutMs } = this.options;
    const call = this.deadline.child(callTimeoutMs);
    try {
      return await call.race(
        client.chat({
          model,
          system: prompt.system,
          messages: [...this.messages],
          tools: tools.specs(),
          maxOutputTokens: meter.outputAllowance(maxOutputTokens),
          signal: call.signal,
        }),
      );
    } catch (error) {
      return this.failure(error, call.timedOut(), callTimeoutMs);
    } finally {
      call.dispose();
    }
  }

  private failure(error: unknown, callTimedOut: boolean, callTimeoutMs?: number): Ending {
    if (error instanceof ProviderError) this.retries += error.retries;
    const stop = this.halted();
    if (stop) return stop;
    if (callTimedOut)
      return fault('timeout', `the model did not answer within ${callTimeoutMs ?? 0} ms`);
    if (!(error instanceof ProviderError)) {
      return fault('internal', `the model client failed unexpectedly: ${messageOf(error)}`);
    }
    const status = error.status === undefined ? '' : `, HTTP ${error.status}`;
    const message = `the model call failed (${error.kind}${status}): ${error.message}`;
    switch (error.kind) {
      case 'aborted':
        return fault('cancelled', message);
      case 'timeout':
        return fault('timeout', message);
      case 'auth':
        return fault('no_capability', message);
      default:
        return fault('provider_error', message);
    }
  }

  /** Runs the calls of one response in order; returns the submit_verdict call if there is one. */
  private async runTools(calls: readonly ToolCall[]): Promise<ToolCall | undefined> {
    const { tools } = this.options;
    const max = tools.context.limits.maxCallsPerTurn;
    for (const [index, call] of calls.entries()) {
      if (this.deadline.stopped()) return undefined;
      if (call.name === SUBMIT_VERDICT && index < max) return call;
      const outcome =
        index < max
          ? await tools.run(call)
          : toolError(`not run: at most ${max} tool calls are run per turn`);
      this.record(call, outcome);
    }
    return undefined;
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
    this.messages.push({
      role: 'tool',
      toolCallId: call.id,
      toolName: call.name,
      content: outcome.content,
    });
  }

  private async settle(call: ToolCall): Promise<Ending> {
    this.toolLog.push({ turn: this.turn, tool: SUBMIT_VERDICT, ok: true, observed: false });
    const { ending, locations } = await settleSubmission(
      call,
      this.turn,
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
      usage: { retries: this.retries },
      locations: this.locations,
      transcript: this.transcript(),
    });
  }
}
