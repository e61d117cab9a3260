import { accessSync, constants, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { BubblewrapSandbox, DEFAULT_BWRAP_PATH, type BubblewrapOptions } from './bubblewrap.js';

export type PreflightResult =
  { ok: true; bwrapPath: string } | { ok: false; bwrapPath: string | undefined; reason: string };

const PREFLIGHT_TIMEOUT_MS = 5000;
const PROBE_PROGRAM = '/usr/bin/true';

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** bwrap on PATH, else /usr/bin/bwrap; undefined when neither exists. */
export function findBwrap(pathVariable: string | undefined = process.env.PATH): string | undefined {
  const dirs = (pathVariable ?? '').split(delimiter).filter((dir) => dir.startsWith('/'));
  for (const dir of [...dirs, '/usr/bin']) {
    const candidate = join(dir, 'bwrap');
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

const cache = new Map<string, Promise<PreflightResult>>();

/**
 * Checks that bubblewrap really works here by running a trivial program with exactly the
 * flags every verification uses. The answer is cached for the life of this process.
 */
export function preflightBubblewrap(options: BubblewrapOptions = {}): Promise<PreflightResult> {
  const bwrapPath = options.bwrapPath ?? findBwrap() ?? DEFAULT_BWRAP_PATH;
  const key = JSON.stringify({ ...options, bwrapPath });
  let result = cache.get(key);
  if (!result) {
    result = probe({ ...options, bwrapPath });
    cache.set(key, result);
  }
  return result;
}

async function probe(options: BubblewrapOptions & { bwrapPath: string }): Promise<PreflightResult> {
  const { bwrapPath } = options;
  if (!isExecutableFile(bwrapPath)) {
    return { ok: false, bwrapPath: undefined, reason: `no bwrap executable at ${bwrapPath}` };
  }
  const root = await mkdtemp(join(tmpdir(), 'dog-preflight-'));
  try {
    const capturePath = join(root, 'capture');
    const scratchDir = join(root, 'scratch');
    await writeFile(capturePath, 'probe');
    await mkdir(scratchDir);
    const result = await new BubblewrapSandbox(options).run({
      argv: [PROBE_PROGRAM],
      capturePath,
      captureKind: 'file',
      scratchDir,
      readOnlyPaths: [],
      env: { PATH: '/usr/bin:/bin' },
      timeoutMs: PREFLIGHT_TIMEOUT_MS,
      maxOutputBytes: 4096,
    });
    if (result.exitCode === 0) return { ok: true, bwrapPath };
    const said = result.stderr.trim().split('\n').slice(-3).join(' ');
    const how = result.timedOut
      ? `did not finish within ${PREFLIGHT_TIMEOUT_MS} ms`
      : `exited with ${result.exitCode ?? result.signal ?? 'no status'}`;
    return { ok: false, bwrapPath, reason: `${bwrapPath} ${how}${said ? `: ${said}` : ''}` };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, bwrapPath, reason: `${bwrapPath} could not be started: ${message}` };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
