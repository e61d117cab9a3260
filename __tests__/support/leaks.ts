// Looking for credentials in what a run left behind: a credential leaks if it, or any
// 12-character run of it, occurs in a text.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Every 12-character window of `secret`. */
export function fragmentsOf(secret: string): string[] {
  const windows: string[] = [];
  for (let i = 0; i + 12 <= secret.length; i++) windows.push(secret.slice(i, i + 12));
  return windows;
}

/** One line per credential found in `text`, naming `where` and the first piece seen. */
export function leaks(where: string, text: string, secrets: readonly string[]): string[] {
  return secrets.flatMap((secret) =>
    fragmentsOf(secret)
      .filter((fragment) => text.includes(fragment))
      .slice(0, 1)
      .map((fragment) => `${where} holds ${fragment}`),
  );
}

/** Every regular file below `dir`. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** The leaks in every file below `dir` (read as bytes, so binary files are searched too). */
export async function leaksUnder(dir: string, secrets: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of await filesUnder(dir))
    found.push(...leaks(file, await readFile(file, 'latin1'), secrets));
  return found;
}
