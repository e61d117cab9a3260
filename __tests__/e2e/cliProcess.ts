// The real `dog` CLI in a process of its own (from source, through tsx), optionally as another
// uid: for what an in-process run cannot show, such as the launcher's uid or its TMPDIR.
import { spawn } from 'node:child_process';
import { chown, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const TSX = join(REPO, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs');
const CLI = join(REPO, 'src', 'cli', 'bin.ts');

export type CliOutcome = { code: number | null; stdout: string; stderr: string };

/** Runs `dog <args>` with exactly `env`; as `uid` (and the same gid, no groups) when given. */
export function dogProcess(
  args: readonly string[],
  env: Record<string, string>,
  uid?: number,
): Promise<CliOutcome> {
  const node = [process.execPath, '--import', TSX, CLI, ...args];
  const id = String(uid);
  const [command, ...argv] =
    uid === undefined
      ? node
      : ['/usr/bin/setpriv', '--reuid', id, '--regid', id, '--clear-groups', '--', ...node];
  const child = spawn(command as string, argv, { cwd: '/', env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Hands a directory tree to `uid` (and the same gid). */
export async function chownTree(dir: string, uid: number): Promise<void> {
  await chown(dir, uid, uid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(path, uid);
    else await chown(path, uid, uid);
  }
}
