// bubblewrap's options reach it through a descriptor (`--args FD`), not its command line: every
// local account can read a command line (ps, /proc/<pid>/cmdline), and the options name host
// paths and carry the program's environment (parameters, instructions).
import { randomBytes } from 'node:crypto';
import { open, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * An open descriptor holding `args` NUL-separated, as `--args` reads them. The file exists only
 * until it is opened (in `dir`, readable by this user alone); closing the handle frees it.
 */
export async function openArgsFile(dir: string, args: readonly string[]): Promise<FileHandle> {
  const bad = args.find((arg) => arg.includes('\0'));
  if (bad !== undefined)
    throw new Error(`a sandbox argument contains a NUL byte: ${JSON.stringify(bad.slice(0, 80))}`);
  const path = join(dir, `args-${randomBytes(8).toString('hex')}`);
  await writeFile(path, args.map((arg) => `${arg}\0`).join(''), { mode: 0o600, flag: 'wx' });
  try {
    return await open(path, 'r');
  } finally {
    await unlink(path);
  }
}
