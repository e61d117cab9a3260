// One upstream exchange on behalf of the agent. A successful answer is streamed back as it
// arrives (SSE included), metered for usage and redacted of secrets on the way; an error answer
// is small, so it is buffered (bounded) and redacted in full, fragments included. Network
// failures, timeouts before the answer and redirects (never followed: auth headers would go
// along) become a 502 naming the cause. A failure after the answer started cuts the stream,
// which the agent sees as a broken response.
import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { boundText, boundUtf8, redactSecrets } from '../providers/redact.js';
import { agentResponseHeaders } from './headers.js';
import type { GatewayProviderKind } from './policy.js';
import { StreamRedactor } from './redactStream.js';
import { sendRefusal } from './replies.js';
import { UsageMeter, type TokenUsage } from './usageMeter.js';

const MAX_ERROR_BODY_BYTES = 64 * 1024;
const MAX_FAILURE_MESSAGE_CHARS = 500;

export type ForwardRequest = {
  kind: GatewayProviderKind;
  upstream: URL;
  headers: Record<string, string>;
  body: Buffer;
  secrets: readonly string[];
  timeoutMs: number;
  fetchImpl: typeof fetch;
};

export type ForwardOutcome =
  | { kind: 'answered'; status: number; usage: TokenUsage | undefined }
  | { kind: 'failed' }
  | { kind: 'abandoned' };

export async function forward(
  request: ForwardRequest,
  res: ServerResponse,
): Promise<ForwardOutcome> {
  const agentGone = new AbortController();
  const onClose = (): void => {
    if (!res.writableFinished) agentGone.abort();
  };
  res.on('close', onClose);
  const timeout = AbortSignal.timeout(request.timeoutMs);
  try {
    let response: Response;
    try {
      response = await request.fetchImpl(request.upstream, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.any([agentGone.signal, timeout]),
        redirect: 'manual',
      });
    } catch (err) {
      if (agentGone.signal.aborted) return { kind: 'abandoned' };
      const cause = timeout.aborted
        ? `timed out after ${request.timeoutMs} ms`
        : describeCause(err);
      return fail(request, res, `upstream ${request.upstream.host} did not answer: ${cause}`);
    }
    const { status } = response;
    if (status >= 300 && status < 400) {
      await response.body?.cancel().catch(() => undefined);
      return fail(
        request,
        res,
        `upstream ${request.upstream.host} redirected (HTTP ${status}); refused`,
      );
    }
    if (status >= 200 && status < 300) return await relayStream(request, response, res);
    return await relayError(request, response, res);
  } finally {
    res.off('close', onClose);
  }
}

function fail(request: ForwardRequest, res: ServerResponse, message: string): ForwardOutcome {
  const text = boundText(redactSecrets(message, request.secrets), MAX_FAILURE_MESSAGE_CHARS);
  if (!res.headersSent) sendRefusal(res, request.kind, 'upstream', text);
  else res.destroy();
  return { kind: 'failed' };
}

async function relayStream(
  request: ForwardRequest,
  response: Response,
  res: ServerResponse,
): Promise<ForwardOutcome> {
  const meter = new UsageMeter(request.kind, response.headers.get('content-type'));
  const redactor = new StreamRedactor(request.secrets);
  res.writeHead(response.status, agentResponseHeaders(response.headers, request.secrets));
  res.flushHeaders();
  try {
    if (response.body === null) res.end();
    else await pipeline(meteredChunks(response.body, meter, redactor), res);
  } catch {
    res.destroy();
  }
  return { kind: 'answered', status: response.status, usage: meter.finish() };
}

async function* meteredChunks(
  body: AsyncIterable<Uint8Array>,
  meter: UsageMeter,
  redactor: StreamRedactor,
): AsyncGenerator<Buffer> {
  for await (const bytes of body) {
    const chunk = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    meter.push(chunk);
    const safe = redactor.push(chunk);
    if (safe.byteLength > 0) yield safe;
  }
  const rest = redactor.end();
  if (rest.byteLength > 0) yield rest;
}

async function relayError(
  request: ForwardRequest,
  response: Response,
  res: ServerResponse,
): Promise<ForwardOutcome> {
  let text: string;
  try {
    text = await readPrefix(response, MAX_ERROR_BODY_BYTES);
  } catch (err) {
    return fail(request, res, `upstream ${request.upstream.host} failed: ${describeCause(err)}`);
  }
  const body = redactSecrets(text, request.secrets);
  res.writeHead(response.status, {
    ...agentResponseHeaders(response.headers, request.secrets),
    'content-length': String(Buffer.byteLength(body)),
  });
  res.end(body);
  return { kind: 'answered', status: response.status, usage: undefined };
}

/** At most `maxBytes` of the body as text; the rest is not read. */
async function readPrefix(response: Response, maxBytes: number): Promise<string> {
  if (response.body === null) return '';
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    const bytes = Buffer.from(chunk as Uint8Array);
    chunks.push(bytes);
    total += bytes.byteLength;
    if (total >= maxBytes) break;
  }
  return boundUtf8(Buffer.concat(chunks).toString('utf8'), maxBytes);
}

// Duck-typed: fetch errors may come from another realm; the cause carries the useful code.
function describeCause(err: unknown): string {
  if (typeof err !== 'object' || err === null) return String(err);
  const { message, cause } = err as { message?: unknown; cause?: unknown };
  if (typeof message !== 'string') return 'unknown error';
  const inner =
    typeof cause === 'object' && cause !== null ? (cause as Record<string, unknown>) : {};
  const detail = typeof inner.code === 'string' ? inner.code : inner.message;
  return typeof detail === 'string' ? `${message} (${detail})` : message;
}
