import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, chmod, lstat, mkdir, readFile, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

const SOURCE = join(dirname(fileURLToPath(import.meta.url)), 'probe', 'escape.c');
const GCC_FLAGS = ['-O1', '-Wall', '-Werror'];
const INSTALL_HINT = 'install gcc (apt-get install -y gcc libc6-dev)';

let compiled: Promise<string> | undefined;

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * A shared temp directory could have been planted by another user: only reuse one that is a
 * real directory we own, and make it (not its contents' writers) world-executable.
 */
async function ownedProbeDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o755 });
  const stat = await lstat(dir);
  if (!stat.isDirectory() || stat.uid !== process.getuid?.()) {
    throw new Error(`${dir} is not a directory owned by this user; remove it`);
  }
  await chmod(dir, 0o755);
}

async function compile(): Promise<string> {
  const source = await readFile(SOURCE);
  const hash = createHash('sha256').update(source).update(GCC_FLAGS.join(' ')).digest('hex');
  // Per TMPDIR: a suite run by another user (CI runs it as root and as a plain user) has its own.
  const dir = join(tmpdir(), `dog-probe-${hash}`);
  const binary = join(dir, 'escape');
  await ownedProbeDir(dir);
  if (await exists(binary)) return binary;
  // Compile beside it and rename, so parallel test workers never run a half-written file.
  const partial = join(dir, `escape.${process.pid}.partial`);
  try {
    await execFileAsync('gcc', [...GCC_FLAGS, '-o', partial, SOURCE]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(INSTALL_HINT);
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(
      `compiling ${SOURCE} failed (${INSTALL_HINT} if headers are missing):\n${stderr}`,
    );
  }
  await chmod(partial, 0o755);
  await rename(partial, binary);
  return binary;
}

/** Absolute path of the compiled escape probe, built at most once per test process. */
export function escapeProbe(): Promise<string> {
  compiled ??= compile();
  return compiled;
}

export type ProbeResult = { check: string; ok: boolean; errno?: number };

/** Reads the probe's final `RESULT <check> ok|denied errno=<n> …` line. */
export function parseProbeResult(stdout: string): ProbeResult {
  const last = stdout.trimEnd().split('\n').at(-1) ?? '';
  const match = /^RESULT (\S+) (?:(ok)|denied errno=(\d+) .*)$/.exec(last);
  if (!match) throw new Error(`no RESULT line at the end of the probe output:\n${stdout}`);
  const [, check = '', ok, errno] = match;
  return ok ? { check, ok: true } : { check, ok: false, errno: Number(errno) };
}
