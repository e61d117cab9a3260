import { accessSync, constants, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { BubblewrapSandbox, DEFAULT_BWRAP_PATH, type BubblewrapOptions } from './bubblewrap.js';
import type { EnforcedLimit } from './enforcement.js';
import { SETPRIV_PATH } from './launch.js';
import { PROBE_SCRIPT, judgeProbe, parseProbe, type ProbeCheck } from './probe.js';
import { runProcess } from './process.js';
import { WorkRootError } from './workRoot.js';

/**
 * What stopped the sandbox: bubblewrap itself (absent, too old, or unable to run here), or the
 * work root and runtime of this launcher (a place another local account may have tampered
 * with, or one that cannot be used). Only the first may be worked around by running without.
 */
export type PreflightFailure = 'bubblewrap' | 'work_root';

export type PreflightResult = {
  ok: boolean;
  bwrapPath: string | undefined;
  version?: string;
  /** Why isolation cannot be provided here (when not ok). */
  reason?: string;
  /** Which part failed (when not ok). */
  failure?: PreflightFailure;
  /** Each isolation property as observed from inside a real sandbox. */
  checks: ProbeCheck[];
  /** The limits each verification gets on this host. */
  enforced: EnforcedLimit[];
};

const PREFLIGHT_TIMEOUT_MS = 10_000;
const MIN_VERSION = [0, 8] as const;
// Identity and seccomp are isolation, not sizing: without them the sandbox is refused.
const REQUIRED_LIMITS = new Set(['identity', 'seccomp', 'wall_time', 'scratch_size', 'tmp_size']);

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

export type PreparedSandbox = { sandbox: BubblewrapSandbox; preflight: PreflightResult };

const cache = new Map<
  string,
  { prepared: Promise<PreparedSandbox>; result: Promise<PreflightResult> }
>();

/**
 * A bubblewrap sandbox and whether it isolates fully here, checked by running a probe with
 * exactly the setup every verification uses. Cached for the life of this process, so the
 * sandbox that passed the check is the one that runs verifications.
 */
export function preparedBubblewrap(options: BubblewrapOptions = {}): Promise<PreparedSandbox> {
  return cached(options).prepared;
}

/** The preflight answer alone (see preparedBubblewrap). */
export function preflightBubblewrap(options: BubblewrapOptions = {}): Promise<PreflightResult> {
  return cached(options).result;
}

function cached(options: BubblewrapOptions): {
  prepared: Promise<PreparedSandbox>;
  result: Promise<PreflightResult>;
} {
  const bwrapPath = options.bwrapPath ?? findBwrap() ?? DEFAULT_BWRAP_PATH;
  const key = JSON.stringify({ ...options, runtime: undefined, bwrapPath });
  let entry = cache.get(key);
  if (!entry) {
    const sandbox = new BubblewrapSandbox({ ...options, bwrapPath });
    const result = checkSandbox(sandbox);
    entry = { prepared: result.then((preflight) => ({ sandbox, preflight })), result };
    cache.set(key, entry);
  }
  return entry;
}

function refused(
  bwrapPath: string | undefined,
  reason: string,
  rest: Partial<PreflightResult> = {},
): PreflightResult {
  return { ok: false, bwrapPath, reason, failure: 'bubblewrap', checks: [], enforced: [], ...rest };
}

function unusableWorkRoot(bwrapPath: string, error: unknown): PreflightResult {
  const reason =
    error instanceof WorkRootError
      ? error.message
      : `the sandbox work root could not be set up: ${messageOf(error)}; set TMPDIR or sandbox.workRoot in the companion settings to a directory this user owns`;
  return refused(bwrapPath, reason, { failure: 'work_root' });
}

/** Checks one sandbox instance: its executable, version, runtime and every property. */
export async function checkSandbox(sandbox: BubblewrapSandbox): Promise<PreflightResult> {
  const { bwrapPath } = sandbox;
  if (!isExecutableFile(bwrapPath))
    return refused(undefined, `no bwrap executable at ${bwrapPath}`);
  const version = await bwrapVersion(bwrapPath);
  if ('error' in version) return refused(bwrapPath, version.error);
  if (process.getuid?.() === 0 && !isExecutableFile(SETPRIV_PATH))
    return refused(bwrapPath, `${SETPRIV_PATH} (util-linux) is needed to drop root privileges`);
  let enforced: EnforcedLimit[];
  try {
    enforced = await sandbox.enforced();
  } catch (error) {
    return unusableWorkRoot(bwrapPath, error);
  }
  const missing = enforced.filter((limit) => REQUIRED_LIMITS.has(limit.name) && !limit.enforced);
  if (missing.length > 0)
    return refused(bwrapPath, missing.map((limit) => `${limit.name}: ${limit.detail}`).join('; '), {
      enforced,
    });
  return probeInside(sandbox, version.version, enforced);
}

async function bwrapVersion(bwrapPath: string): Promise<{ version: string } | { error: string }> {
  const result = await runProcess({
    command: bwrapPath,
    args: ['--version'],
    env: {},
    cwd: '/',
    timeoutMs: PREFLIGHT_TIMEOUT_MS,
    maxOutputBytes: 4096,
  }).catch((error: unknown) => ({
    error: `${bwrapPath} could not be started: ${messageOf(error)}`,
  }));
  if ('error' in result) return result;
  if (result.exitCode !== 0)
    return {
      error: `${bwrapPath} exited with ${result.exitCode ?? result.signal ?? 'no status'} when asked for its version`,
    };
  const found = parseBwrapVersion(result.stdout);
  if (!found) return { error: `${bwrapPath} --version printed no version` };
  if (!found.recent)
    return { error: `bubblewrap ${found.version} is too old; 0.8 or newer is needed` };
  return { version: found.version };
}

/** The version `bwrap --version` printed, and whether it is 0.8 or newer. */
export function parseBwrapVersion(
  stdout: string,
): { version: string; recent: boolean } | undefined {
  const match = /(\d+)\.(\d+)(?:\.(\d+))?/.exec(stdout);
  if (!match) return undefined;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  const recent = major > MIN_VERSION[0] || (major === MIN_VERSION[0] && minor >= MIN_VERSION[1]);
  return { version: match[0], recent };
}

async function probeInside(
  sandbox: BubblewrapSandbox,
  version: string,
  enforced: EnforcedLimit[],
): Promise<PreflightResult> {
  const { bwrapPath } = sandbox;
  let root: string;
  try {
    root = await probeFiles(await sandbox.workDir());
  } catch (error) {
    return unusableWorkRoot(bwrapPath, error);
  }
  try {
    const capturePath = join(root, 'capture');
    const scratchDir = join(root, 'scratch');
    const view = sandbox.view({ capturePath, scratchDir, captureKind: 'file' });
    const result = await sandbox.run({
      argv: ['/usr/bin/sh', '-c', PROBE_SCRIPT, 'probe', view.capturePath],
      capturePath,
      captureKind: 'file',
      scratchDir,
      readOnlyPaths: [],
      env: { PATH: '/usr/bin:/bin' },
      timeoutMs: PREFLIGHT_TIMEOUT_MS,
      maxOutputBytes: 64 * 1024,
    });
    const checks = judgeProbe(parseProbe(result.stdout));
    const failed = checks.filter((check) => !check.ok);
    if (result.exitCode === 0 && failed.length === 0)
      return { ok: true, bwrapPath, version, checks, enforced };
    const said = result.stderr.trim().split('\n').slice(-3).join(' ');
    const how = result.timedOut
      ? `did not finish within ${PREFLIGHT_TIMEOUT_MS} ms`
      : `exited with ${result.exitCode ?? result.signal ?? 'no status'}`;
    const reason =
      failed.length > 0 && result.exitCode === 0
        ? `isolation properties do not hold: ${failed.map((check) => `${check.name} (${check.detail})`).join('; ')}`
        : `${bwrapPath} ${how}${said ? `: ${said}` : ''}`;
    return refused(bwrapPath, reason, { version, checks, enforced });
  } catch (error) {
    return refused(bwrapPath, `${bwrapPath} could not be started: ${messageOf(error)}`, {
      version,
      enforced,
    });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** A capture file and a scratch directory for the probe, in the sandbox's work dir. */
async function probeFiles(workDir: string): Promise<string> {
  const root = await mkdtemp(join(workDir, 'preflight-'));
  try {
    await writeFile(join(root, 'capture'), 'probe', { mode: 0o644 });
    await mkdir(join(root, 'scratch'));
    return root;
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
