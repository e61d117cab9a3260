import { inspect } from 'node:util';
import { createModelClient, type ModelClientOptions } from '../../src/providers/factory.js';
import {
  ProviderError,
  type ChatMessage,
  type ChatRequest,
  type ImagePart,
  type ModelClient,
  type ToolSpec,
} from '../../src/providers/types.js';
import type { FakeModelServer, WireFormat } from '../support/fakeModelServer.js';

export const FORMATS: readonly WireFormat[] = ['openai', 'anthropic'];

/** A planted key: servers echo it, errors must never show it. */
export const KEY = 'sk-test-PLANTED-0123456789abcdefghij';
export const KEY_ENV = 'DOG_TEST_MODEL_KEY';

export const TOOLS: ToolSpec[] = [
  {
    name: 'read_file',
    description: 'Read a file of the capture',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
  {
    name: 'submit_verdict',
    description: 'Submit the verdict',
    parameters: { type: 'object', properties: { verdict: { enum: ['pass', 'fail'] } } },
  },
];

/** "ABCDEFGHIJKLMNOP" in base64: easy to look for in request bodies. */
export const IMAGE: ImagePart = {
  type: 'image',
  mediaType: 'image/png',
  base64: 'QUJDREVGR0hJSktMTU5PUA==',
};

export function chatRequest(
  messages: readonly ChatMessage[],
  overrides: Partial<ChatRequest> = {},
): ChatRequest {
  return {
    model: 'test-model',
    system: 'You are a verifier.',
    messages,
    tools: TOOLS,
    maxOutputTokens: 256,
    signal: new AbortController().signal,
    ...overrides,
  };
}

export function userText(text: string): ChatMessage {
  return { role: 'user', content: [{ type: 'text', text }] };
}

/** A client for `format` on the fake server, keyed with KEY, with fast retries. */
export function clientFor(
  server: FakeModelServer,
  format: WireFormat,
  options: Partial<ModelClientOptions> & { maxRetries?: number } = {},
): ModelClient {
  const { maxRetries, ...rest } = options;
  const provider = { ...server.provider(format, KEY_ENV), maxRetries };
  return createModelClient(provider, {
    env: { [KEY_ENV]: KEY },
    vision: false,
    backoffMs: 1,
    ...rest,
  });
}

/** The ProviderError `promise` rejects with (fails the test otherwise). */
export async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ProviderError) return err;
    throw err;
  }
  throw new Error('expected the call to fail with a ProviderError');
}

/** Everything an error could show: JSON, message, stack, string and inspect forms. */
export function everythingShown(err: Error): string {
  return [
    JSON.stringify(err),
    JSON.stringify({ ...err, message: err.message, stack: err.stack, name: err.name }),
    String(err),
    inspect(err, { depth: 10, showHidden: true }),
  ].join('\n');
}
