// Which directory a command works on: --workspace when given, else the nearest directory at
// or above the current one that holds `.dog/`, without leaving the repository.
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Io } from './io.js';

export type WorkspaceChoice = {
  dir: string;
  /** How it was chosen: the flag, the current directory, or an ancestor holding `.dog/`. */
  from: 'flag' | 'cwd' | 'ancestor';
};

/**
 * The walk stops at the first directory holding `.git` (the repository's top, or a submodule's)
 * so a `.dog/` of an enclosing project or of the home directory is never picked up by accident;
 * with no `.dog/` found the current directory is the workspace, as before.
 */
export async function chooseWorkspace(
  cwd: string,
  given: string | undefined,
): Promise<WorkspaceChoice> {
  if (given !== undefined) return { dir: resolve(cwd, given), from: 'flag' };
  const start = resolve(cwd);
  for (let dir = start; ; dir = dirname(dir)) {
    if ((await statOf(join(dir, '.dog')))?.isDirectory())
      return { dir, from: dir === start ? 'cwd' : 'ancestor' };
    if (dirname(dir) === dir || (await statOf(join(dir, '.git'))) !== undefined) break;
  }
  return { dir: start, from: 'cwd' };
}

/** Chooses the workspace and says so on stderr when it is not the current directory. */
export async function resolveWorkspace(io: Io, given: string | undefined): Promise<string> {
  const choice = await chooseWorkspace(io.cwd, given);
  if (choice.from === 'ancestor')
    io.stderr.write(`dog: workspace ${choice.dir} (the nearest .dog/ above ${resolve(io.cwd)})\n`);
  return choice.dir;
}

/** What is at `path`, if anything can be seen there (an unreadable parent counts as nothing). */
async function statOf(path: string): Promise<Stats | undefined> {
  try {
    return await stat(path);
  } catch {
    return undefined;
  }
}
