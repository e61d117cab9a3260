// Reading an agent's request body without ever holding more than the cap: a declared length
// over the cap is refused before any byte is read, and a chunked body stops being read (and
// buffered) at the chunk that crosses the cap.
import type { IncomingMessage } from 'node:http';

export type RequestBody =
  { kind: 'complete'; bytes: Buffer } | { kind: 'too_large' } | { kind: 'aborted' };

export function readRequestBody(req: IncomingMessage, maxBytes: number): Promise<RequestBody> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    return Promise.resolve({ kind: 'too_large' });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const finish = (body: RequestBody): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onAbort);
      resolve(body);
    };
    const onData = (chunk: Buffer): void => {
      total += chunk.byteLength;
      if (total > maxBytes) {
        req.pause();
        finish({ kind: 'too_large' });
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = (): void => finish({ kind: 'complete', bytes: Buffer.concat(chunks) });
    const onAbort = (): void => finish({ kind: 'aborted' });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onAbort);
  });
}
