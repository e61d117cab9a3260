// Where the Copilot provider's runtime comes from on a runner, in this order: the executable
// the workflow names (input copilot-cli-path), the pinned runtime already in the runner's tool
// cache (its tree digest checked), or the pinned npm tarball, downloaded, verified against the
// integrity in copilotRuntimePin.ts, unpacked and moved into the tool cache in one rename.
// dist/ never holds the runtime.
import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir, mkdtemp, realpath, rename, rm, stat } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';
import { UserError } from '../core/errors.js';
import {
  COPILOT_CLI_VERSION,
  currentPlatform,
  pinFor,
  platformName,
  tarballUrl,
  type RunnerPlatform,
  type RuntimePin,
} from './copilotRuntimePin.js';
import { downloadPinned, RuntimeDownloadError } from './runtimeDownload.js';
import type { ActionJob } from './services.js';
import { runtimeTreeDigest, RuntimeTreeError } from './runtimeTree.js';

export const DEFAULT_NPM_REGISTRY = 'https://registry.npmjs.org';
export const TOOL_CACHE_NAME = 'dog-copilot-runtime';
/** Another npm registry (a mirror) to fetch the pinned tarball from; its digest is checked all the same. */
export const REGISTRY_ENV = 'DOG_COPILOT_REGISTRY';
const TAR_TIMEOUT_MS = 300_000;

export type CopilotRuntimeOptions = {
  /** The copilot-cli-path input: an absolute path or a command name on PATH ('' for none). */
  cliPath: string;
  /** RUNNER_TOOL_CACHE. */
  toolCache: string;
  /** Base URL of the npm registry the tarball is fetched from. */
  registry: string;
  platform: RunnerPlatform;
  /** PATH, to find a bare command name given as cliPath. */
  searchPath: string | undefined;
  info: (message: string) => void;
  warning: (message: string) => void;
  signal: AbortSignal;
  /** Which package is pinned for a platform (the real pins unless a test brings its own). */
  pinFor?: (platform: RunnerPlatform) => RuntimePin | undefined;
};

/** This job's runtime source: the inputs and the runner's tool cache, resolved on first use. */
export function jobCopilotRuntime(job: ActionJob): () => Promise<string> {
  const { env, services } = job;
  return () =>
    resolveCopilotRuntime({
      cliPath: job.inputs.copilotCliPath,
      toolCache: env.RUNNER_TOOL_CACHE || join(job.runner.runnerTemp, 'dog', 'tool-cache'),
      registry: env[REGISTRY_ENV] || DEFAULT_NPM_REGISTRY,
      platform: currentPlatform(),
      searchPath: env.PATH,
      info: (message) => services.log.info(message),
      warning: (message) => services.log.warning(message),
      signal: job.signal,
    });
}

/** The path of a runtime executable the Copilot provider may start. */
export async function resolveCopilotRuntime(options: CopilotRuntimeOptions): Promise<string> {
  if (options.cliPath !== '') return workflowRuntime(options.cliPath, options.searchPath);
  const pin = (options.pinFor ?? pinFor)(options.platform);
  if (!pin) throw unsupportedPlatform(platformName(options.platform));
  const dir = join(options.toolCache, TOOL_CACHE_NAME, pin.version, pin.platform);
  if (await cachedRuntimeIsIntact(dir, pin, options)) {
    options.info(`DoG: Copilot runtime ${pin.version} from the tool cache (${dir})`);
    return join(dir, pin.executable);
  }
  await installRuntime(dir, pin, options);
  return join(dir, pin.executable);
}

export function unsupportedPlatform(platform: string): UserError {
  return new UserError(
    `no Copilot runtime is published for this runner's platform (${platform}); DoG fetches one only for Linux x64. Install the Copilot CLI in the workflow (npm install -g @github/copilot@${COPILOT_CLI_VERSION}) and pass its path as the copilot-cli-path input, or configure a provider with an API key in a secret (for example providers: {openai: {kind: openai, apiKeyEnv: OPENAI_API_KEY}})`,
  );
}

/** The executable the workflow names, or a UserError saying why it cannot be used. */
async function workflowRuntime(given: string, searchPath: string | undefined): Promise<string> {
  const input = 'input copilot-cli-path';
  const candidates = isAbsolute(given)
    ? [given]
    : given.includes('/')
      ? []
      : (searchPath ?? '')
          .split(delimiter)
          .filter((dir) => isAbsolute(dir))
          .map((dir) => join(dir, given));
  if (candidates.length === 0)
    throw new UserError(
      `${input}: expected an absolute path or a command name on PATH, got "${given}"`,
    );
  for (const candidate of candidates) {
    const problem = await notExecutable(candidate);
    if (problem === undefined) return candidate;
    if (isAbsolute(given)) throw new UserError(`${input}: ${given} ${problem}`);
  }
  throw new UserError(`${input}: no executable "${given}" on PATH`);
}

/** Why `path` cannot be started (undefined when it is an executable regular file). */
async function notExecutable(path: string): Promise<string | undefined> {
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    return 'does not exist';
  }
  const stats = await stat(real);
  if (!stats.isFile()) return 'is not a regular file';
  try {
    await access(real, constants.X_OK);
  } catch {
    return 'is not executable';
  }
  return undefined;
}

/** True when `dir` holds exactly the pinned tree; a changed copy is removed (and warned of). */
async function cachedRuntimeIsIntact(
  dir: string,
  pin: RuntimePin,
  options: CopilotRuntimeOptions,
): Promise<boolean> {
  let digest: string;
  try {
    digest = await runtimeTreeDigest(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    if (!(error instanceof RuntimeTreeError)) throw error;
    digest = `unusable (${error.message})`;
  }
  if (digest === pin.treeDigest) return true;
  options.warning(
    `DoG: the Copilot runtime in the tool cache (${dir}) is not the pinned ${pin.packageName}@${pin.version} (tree ${digest}); it is removed and downloaded again`,
  );
  await rm(dir, { recursive: true, force: true });
  return false;
}

/** Downloads, verifies and unpacks the pinned tarball beside `dir`, then renames it into place. */
async function installRuntime(
  dir: string,
  pin: RuntimePin,
  options: CopilotRuntimeOptions,
): Promise<void> {
  const versionDir = join(dir, '..');
  await mkdir(versionDir, { recursive: true });
  const work = await mkdtemp(join(versionDir, '.install-'));
  try {
    const url = tarballUrl(options.registry, pin);
    options.info(`DoG: downloading the Copilot runtime ${pin.packageName}@${pin.version} (${url})`);
    const tarball = join(work, 'package.tgz');
    await downloadPinned(url, pin, tarball, options.signal).catch((error: unknown) => {
      throw error instanceof RuntimeDownloadError ? cannotInstall(error.message) : error;
    });
    const unpacked = join(work, 'package');
    await mkdir(unpacked);
    await untar(tarball, unpacked);
    const digest = await runtimeTreeDigest(unpacked);
    if (digest !== pin.treeDigest)
      throw cannotInstall(
        `the unpacked ${pin.packageName}@${pin.version} has tree ${digest}, expected ${pin.treeDigest}; nothing was installed`,
      );
    await moveIntoPlace(unpacked, dir, pin);
    options.info(
      `DoG: Copilot runtime ${pin.version} verified (${pin.integrity.slice(0, 20)}…) and cached in ${dir}`,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function cannotInstall(reason: string): UserError {
  return new UserError(
    `the Copilot runtime could not be installed: ${reason}. If this runner cannot reach the npm registry, install the Copilot CLI in the workflow (npm install -g @github/copilot@${COPILOT_CLI_VERSION}) and pass its path as the copilot-cli-path input`,
  );
}

/** One rename; when another job won the race, its copy is used if it is the pinned one. */
async function moveIntoPlace(unpacked: string, dir: string, pin: RuntimePin): Promise<void> {
  try {
    await rename(unpacked, dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST' && code !== 'ENOTEMPTY') throw error;
    if ((await runtimeTreeDigest(dir)) !== pin.treeDigest)
      throw cannotInstall(`${dir} appeared during the install and is not the pinned runtime`);
  }
}

/** `tar -xzf` without a shell or the job's environment; `package/` becomes the root. */
function untar(tarball: string, into: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      'tar',
      ['-xzf', tarball, '-C', into, '--strip-components=1', '--no-same-owner'],
      { env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, timeout: TAR_TIMEOUT_MS },
      (error, _stdout, stderr) => {
        if (!error) return resolve();
        const detail = stderr.trim().split('\n').slice(-3).join('; ');
        reject(cannotInstall(`tar failed on the verified tarball: ${detail || error.message}`));
      },
    );
  });
}
