// Problems of a graph or configuration file, with the line and column each pointer reaches.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { DocumentError, Problem } from '../core/errors.js';
import { locateProblems } from '../core/graph/locate.js';

// Above any configured graph limit in practice; a larger file is simply not located.
const MAX_LOCATED_BYTES = 16 * 1024 * 1024;

/**
 * The error's problems, located in the file it names. The text is read again after the
 * failure, so a file that is gone, unreadable, not a regular file or too large leaves the
 * problems unlocated rather than hiding them behind a second error.
 */
export async function locatedProblems(error: DocumentError): Promise<Problem[]> {
  if (!error.problems.some((problem) => problem.line === undefined && problem.pointer !== '')) {
    return [...error.problems];
  }
  const text = await readSmallFile(error.source);
  return text === undefined ? [...error.problems] : locateProblems(text, error.problems);
}

async function readSmallFile(path: string): Promise<string | undefined> {
  let handle;
  try {
    // Non-blocking, so a named pipe (already drained by the loader) is refused, not waited on.
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size > MAX_LOCATED_BYTES) return undefined;
    // One byte more than stat said, to notice a file that grew since.
    const buffer = Buffer.alloc(info.size + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return bytesRead > info.size ? undefined : buffer.toString('utf8', 0, bytesRead);
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}
