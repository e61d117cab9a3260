// Fetches one pinned tarball over HTTPS into a file and checks it against the pinned npm
// integrity before anyone unpacks it: more bytes than pinned stop the download, and a wrong
// digest deletes the file.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { RuntimePin } from './copilotRuntimePin.js';

const DOWNLOAD_TIMEOUT_MS = 600_000;

/** The download failed or its bytes are not the pinned ones; nothing was kept. */
export class RuntimeDownloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuntimeDownloadError';
  }
}

/** Downloads `url` to `file` and verifies it is the tarball `pin` names. */
export async function downloadPinned(
  url: string,
  pin: RuntimePin,
  file: string,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetchTarball(url, signal);
  const algorithm = pin.integrity.split('-', 1)[0] ?? '';
  const hash = createHash(algorithm);
  let received = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > pin.size)
        return done(
          new RuntimeDownloadError(`${url} sent more than the pinned ${pin.size} bytes; refused`),
        );
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    await pipeline(body, meter, createWriteStream(file, { mode: 0o600 }), { signal });
    const integrity = `${algorithm}-${hash.digest('base64')}`;
    if (received !== pin.size || integrity !== pin.integrity)
      throw new RuntimeDownloadError(
        `${url} is not the pinned ${pin.packageName}@${pin.version}: got ${received} bytes with integrity ${integrity}, expected ${pin.size} bytes with ${pin.integrity}; nothing was installed`,
      );
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}

async function fetchTarball(url: string, signal: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS)]),
      redirect: 'follow',
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RuntimeDownloadError(`could not download ${url}: ${reason}`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new RuntimeDownloadError(`could not download ${url}: HTTP ${response.status}`);
  }
  return response;
}
