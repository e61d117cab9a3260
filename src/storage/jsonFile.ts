import { readFile } from 'node:fs/promises';

/**
 * Reads a JSON file; undefined when it does not exist or is not valid JSON (a torn or
 * foreign file is never trusted, and the caller decides what a missing value means).
 */
export async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
