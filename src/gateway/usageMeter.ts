// Token usage read from an upstream answer as it streams past, for the run budget.
// - JSON bodies (bounded): `usage.prompt_tokens/completion_tokens` (OpenAI) or
//   `usage.input_tokens/output_tokens` (Anthropic).
// - Server-sent events: every `data:` line mentioning "usage" is parsed; OpenAI sends usage in
//   a final chunk (some servers in every chunk, cumulatively), Anthropic the input count in
//   `message_start.message.usage` and the cumulative output count in `message_delta.usage`.
//   Counts are cumulative in every format, so the last one seen wins. Lines are scanned with a
//   bounded buffer; a longer line is skipped, not buffered.
// Anthropic input counts include cache creation and cache reads, as in the provider client,
// since all of them are billed.
import { isRecord, tokenCount } from '../providers/shape.js';
import type { GatewayProviderKind } from './policy.js';

export type TokenUsage = { inputTokens: number; outputTokens: number };

export const MAX_METERED_JSON_BYTES = 8 * 1024 * 1024;
export const MAX_SSE_LINE_BYTES = 1024 * 1024;

const NEWLINE = 0x0a;

type Mode = 'json' | 'sse' | 'none';

function modeOf(contentType: string | null): Mode {
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('text/event-stream')) return 'sse';
  if (type.includes('json')) return 'json';
  return 'none';
}

export class UsageMeter {
  private input: number | undefined;
  private output: number | undefined;
  private readonly mode: Mode;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private overflowed = false;

  constructor(
    private readonly kind: GatewayProviderKind,
    contentType: string | null,
  ) {
    this.mode = modeOf(contentType);
  }

  push(chunk: Buffer): void {
    if (this.mode === 'json') this.keep(chunk, MAX_METERED_JSON_BYTES);
    else if (this.mode === 'sse') this.scanLines(chunk);
  }

  /** The usage seen, or undefined when the answer reported none. */
  finish(): TokenUsage | undefined {
    if (this.mode === 'json' && !this.overflowed) this.observeBody(this.takePending());
    if (this.mode === 'sse' && !this.overflowed) this.observeLine(this.takePending());
    if (this.input === undefined && this.output === undefined) return undefined;
    return { inputTokens: this.input ?? 0, outputTokens: this.output ?? 0 };
  }

  private keep(chunk: Buffer, maxBytes: number): void {
    if (this.overflowed) return;
    this.pendingBytes += chunk.byteLength;
    if (this.pendingBytes > maxBytes) {
      this.overflowed = true;
      this.pending = [];
    } else {
      this.pending.push(chunk);
    }
  }

  private takePending(): Buffer {
    const all = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    return all;
  }

  private scanLines(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      this.keep(chunk.subarray(start, end), MAX_SSE_LINE_BYTES);
      if (!this.overflowed) this.observeLine(this.takePending());
      this.pending = [];
      this.pendingBytes = 0;
      this.overflowed = false;
      start = end + 1;
    }
    if (start < chunk.byteLength) this.keep(Buffer.from(chunk.subarray(start)), MAX_SSE_LINE_BYTES);
  }

  private observeLine(line: Buffer): void {
    const text = line.toString('utf8').replace(/\r$/, '');
    if (!text.startsWith('data:') || !text.includes('"usage"')) return;
    const event = parseJson(text.slice('data:'.length).trim());
    if (!isRecord(event)) return;
    if (this.kind === 'openai') this.observeUsage(event.usage);
    else if (event.type === 'message_start' && isRecord(event.message)) {
      this.observeUsage(event.message.usage);
    } else if (event.type === 'message_delta') this.observeUsage(event.usage);
  }

  private observeBody(body: Buffer): void {
    const parsed = parseJson(body.toString('utf8'));
    if (isRecord(parsed)) this.observeUsage(parsed.usage);
  }

  private observeUsage(usage: unknown): void {
    if (!isRecord(usage)) return;
    const input = this.kind === 'openai' ? tokenCount(usage.prompt_tokens) : anthropicInput(usage);
    const output = tokenCount(
      this.kind === 'openai' ? usage.completion_tokens : usage.output_tokens,
    );
    if (input !== undefined) this.input = input;
    if (output !== undefined) this.output = output;
  }
}

function anthropicInput(usage: Record<string, unknown>): number | undefined {
  const input = tokenCount(usage.input_tokens);
  if (input === undefined) return undefined;
  const created = tokenCount(usage.cache_creation_input_tokens) ?? 0;
  const read = tokenCount(usage.cache_read_input_tokens) ?? 0;
  return input + created + read;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
