import { readFile } from 'node:fs/promises';

export type JsonRead =
  { kind: 'missing' } | { kind: 'unparsable' } | { kind: 'ok'; value: unknown };

/** Reads a JSON file and says whether it was missing, not JSON (torn or foreign), or a value. */
export async function readJson(path: string): Promise<JsonRead> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    // ENOTDIR: a component of the path is a file, so nothing is there either.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    throw error;
  }
  try {
    return { kind: 'ok', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'unparsable' };
  }
}

/**
 * Reads a JSON file; undefined when it does not exist or is not valid JSON (a torn or
 * foreign file is never trusted, and the caller decides what a missing value means).
 */
export async function readJsonFile(path: string): Promise<unknown> {
  const read = await readJson(path);
  return read.kind === 'ok' ? read.value : undefined;
}
