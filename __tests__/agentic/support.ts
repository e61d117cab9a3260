import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { JsonValue } from '../../src/core/types.js';
import {
  ProviderError,
  type ChatMessage,
  type ChatRequest,
  type ChatResponse,
  type ModelClient,
  type ToolCall,
} from '../../src/providers/types.js';
import { RunBudget, type VerificationBudget } from '../../src/verify/agentic/budget.js';
import {
  AgenticVerifier,
  type AgenticVerifierOptions,
  type ResolvedModel,
} from '../../src/verify/agentic/verifier.js';
import type { VerificationRequest } from '../../src/verify/types.js';

export const DIGEST = `sha256:${'a'.repeat(64)}` as const;
export const OTHER_DIGEST = `sha256:${'b'.repeat(64)}` as const;

/** One scripted model turn: a response, a function of the request, or a thrown error. */
export type Step =
  ChatResponse | Error | ((request: ChatRequest) => ChatResponse | Promise<ChatResponse>);

let callCounter = 0;

export function call(name: string, args: Record<string, unknown> | undefined): ToolCall {
  callCounter += 1;
  return {
    id: `call_${callCounter}`,
    name,
    arguments: args,
    rawArguments: args === undefined ? 'not json {' : JSON.stringify(args),
  };
}

export function reply(
  toolCalls: ToolCall[],
  text = '',
  tokens = { inputTokens: 100, outputTokens: 10 },
): ChatResponse {
  return {
    text,
    toolCalls,
    usage: { ...tokens },
    retries: 0,
    stopReason: toolCalls.length ? 'tool_use' : 'end_turn',
  };
}

export function submit(
  verdict: string,
  evidence: JsonValue,
  extra: Record<string, unknown> = {},
): ChatResponse {
  return reply([call('submit_verdict', { verdict, evidence, ...extra })]);
}

export function read(path: string, extra: Record<string, unknown> = {}): ChatResponse {
  return reply([call('read_file', { path, ...extra })]);
}

/** A step that waits until the call's signal aborts, then fails as an adapter would. */
export function hang(): Step {
  return (request) =>
    new Promise<ChatResponse>((_resolve, reject) => {
      const fail = (): void => reject(new ProviderError('aborted', 'request aborted', 0));
      if (request.signal.aborted) fail();
      else request.signal.addEventListener('abort', fail, { once: true });
    });
}

/** An honest in-memory model: returns scripted responses in order and records each request. */
export class ScriptedClient implements ModelClient {
  readonly kind = 'openai' as const;
  readonly requests: ChatRequest[] = [];

  constructor(
    private readonly steps: Step[],
    readonly vision = false,
  ) {}

  get calls(): number {
    return this.requests.length;
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    // A snapshot: the loop may append to its own list after the call.
    this.requests.push({ ...request, messages: structuredClone([...request.messages]) });
    const step = this.steps.shift();
    if (step === undefined) throw new Error('the scripted model has no more responses');
    if (step instanceof Error) throw step;
    if (typeof step === 'function') return step(request);
    return structuredClone(step);
  }
}

/** Every text the model was sent in one request (system, user and tool messages). */
export function textsOf(request: ChatRequest): string[] {
  const texts = [request.system];
  for (const message of request.messages) texts.push(...messageTexts(message));
  return texts;
}

export function messageTexts(message: ChatMessage): string[] {
  if (message.role === 'assistant') return [message.text];
  return message.content.flatMap((part) => (part.type === 'text' ? [part.text] : []));
}

export function toolMessages(request: ChatRequest): (ChatMessage & { role: 'tool' })[] {
  return request.messages.filter(
    (message): message is ChatMessage & { role: 'tool' } => message.role === 'tool',
  );
}

const created: string[] = [];

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dog-agentic-'));
  created.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** A capture directory with the given files (path → content). */
export async function captureDir(files: Record<string, string | Buffer>): Promise<string> {
  const base = await tempDir();
  const root = join(base, 'capture');
  await mkdir(root);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  return root;
}

export function request(
  capturePath: string,
  overrides: Partial<VerificationRequest> & { instruction?: string; votes?: number } = {},
): VerificationRequest {
  const { instruction, votes, ...rest } = overrides;
  return {
    goalId: 'goal',
    runId: 'run',
    captureDigest: DIGEST,
    capturePath,
    captureKind: 'directory',
    verifier: {
      mode: 'agentic',
      instruction: instruction ?? 'The README must explain how to install the tool.',
      ...(votes === undefined ? {} : { votes }),
    },
    timeoutMs: 20_000,
    maxEvidenceBytes: 65_536,
    signal: new AbortController().signal,
    ...rest,
  };
}

export function verifierFor(
  client: ModelClient,
  options: Partial<AgenticVerifierOptions> & {
    budget?: VerificationBudget;
    price?: ResolvedModel['price'];
  } = {},
): AgenticVerifier {
  const { price, ...rest } = options;
  return new AgenticVerifier({
    resolve: () => ({ client, model: 'test-model', ...(price ? { price } : {}) }),
    runBudget: new RunBudget(),
    budget: { turns: 10 },
    nonce: () => 'f00dcafe',
    ...rest,
  });
}
