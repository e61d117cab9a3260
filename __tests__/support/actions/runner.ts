// Runs a JavaScript action entry the way the runner does: `node <main>` in GITHUB_WORKSPACE
// with a runner-shaped environment (inputs as INPUT_*, command files, event payload, runtime
// token and service URLs), then reads back outputs, job summary and workflow commands.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { cacheModeFor, type CacheMode } from './cacheMode.js';
import { parseCommandFile } from './commandFiles.js';
import { eventDefaults } from './eventDefaults.js';
import {
  backendIdsForRun,
  cacheScopesFor,
  makeRuntimeToken,
  type BackendIds,
} from './runtimeToken.js';
import { parseWorkflowCommands, type WorkflowCommand } from './workflowCommands.js';

export {
  mergeGroupEvent,
  pullRequestEvent,
  type MergeGroupEvent,
  type PullRequestEvent,
  type PullRequestEventOptions,
} from './events.js';

export type RunnerEnvOptions = {
  /** Empty directory for the runner's files: workspace, temp, home, command files, event. */
  root: string;
  /** Defaults to `<root>/workspace`. */
  workspace?: string;
  /** Step inputs (`with:`), by their action.yml names. */
  inputs?: Record<string, string>;
  /** The action.yml whose input defaults the runner fills in for inputs not given. */
  actionYml?: string;
  /** What `${{ github.token }}` evaluates to. */
  githubToken?: string;
  eventName?: string;
  event?: object;
  repository?: string;
  sha?: string;
  ref?: string;
  runId?: number;
  runAttempt?: number;
  job?: string;
  apiUrl: string;
  resultsUrl: string;
  /** Defaults to `backendIdsForRun(runId, job)`, which the fake REST API knows too. */
  backendIds?: BackendIds;
  /**
   * The runner exports the job's cache mode as ACTIONS_CACHE_MODE (default); `false` is a
   * runner that predates it: only the runtime token says the cache is read-only.
   */
  exportsCacheMode?: boolean;
  /** The job's `cache-mode:` (GitHub: `write` when it does not say). */
  cacheMode?: CacheMode;
  /** The `cache-mode:` of the job that called this job's reusable workflow, if one did. */
  callerCacheMode?: CacheMode;
  /** Added last (e.g. ACTIONS_CACHE_MODE, RUNNER_DEBUG). */
  extraEnv?: Record<string, string>;
};

export type RunnerEnv = Record<string, string>;

/** The runner's name for an input's variable: spaces become `_`, hyphens stay. */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
}

export function runnerEnv(options: RunnerEnvOptions): RunnerEnv {
  const paths = runnerPaths(options.root, options.workspace);
  writeFileSync(paths.event, JSON.stringify(options.event ?? {}, null, 2));
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: paths.home,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: paths.workspace,
    RUNNER_TEMP: paths.temp,
    RUNNER_TOOL_CACHE: paths.toolCache,
    RUNNER_OS: 'Linux',
    RUNNER_ARCH: 'X64',
    RUNNER_NAME: 'GitHub Actions 2',
    RUNNER_ENVIRONMENT: 'github-hosted',
    GITHUB_OUTPUT: paths.output,
    GITHUB_STEP_SUMMARY: paths.summary,
    GITHUB_ENV: paths.envFile,
    GITHUB_PATH: paths.pathFile,
    GITHUB_STATE: paths.state,
    GITHUB_EVENT_PATH: paths.event,
    ...githubContext(options),
    ...inputEnv(options),
    ...options.extraEnv,
  };
}

/** The `github` context variables, and the service URLs and runtime token of the run. */
function githubContext(options: RunnerEnvOptions): RunnerEnv {
  const runId = options.runId ?? 1000;
  const job = options.job ?? 'dog';
  const repository = options.repository ?? 'octo-org/octo-repo';
  const defaults = eventDefaults(options.eventName, options.event);
  const { pr, defaultBranch } = defaults;
  const eventName = options.eventName ?? defaults.name;
  const ref = options.ref ?? defaults.ref;
  const cacheMode = cacheModeFor(eventName, options.event, ref, defaultBranch, {
    job: options.cacheMode,
    caller: options.callerCacheMode,
  });
  // GitHub scopes a job's cache to its ref, readable also from the PR base and the default branch.
  const cacheScopes = cacheScopesFor(ref, pr?.base?.ref, defaultBranch, cacheMode);
  return {
    GITHUB_EVENT_NAME: eventName,
    GITHUB_REPOSITORY: repository,
    GITHUB_REPOSITORY_OWNER: repository.split('/')[0] ?? '',
    GITHUB_SHA: options.sha ?? defaults.sha ?? fakeSha(`merge:${ref}`),
    GITHUB_REF: ref,
    GITHUB_REF_NAME: ref.replace(/^refs\/(heads|tags)\//, '').replace(/^refs\//, ''),
    GITHUB_HEAD_REF: pr?.head?.ref ?? '',
    GITHUB_BASE_REF: pr?.base?.ref ?? '',
    GITHUB_RUN_ID: String(runId),
    GITHUB_RUN_NUMBER: '1',
    GITHUB_RUN_ATTEMPT: String(options.runAttempt ?? 1),
    GITHUB_JOB: job,
    GITHUB_ACTION: '__self',
    GITHUB_ACTOR: 'octocat',
    GITHUB_WORKFLOW: 'DoG',
    GITHUB_API_URL: options.apiUrl,
    GITHUB_GRAPHQL_URL: `${options.apiUrl}/graphql`,
    GITHUB_SERVER_URL: 'https://github.com',
    ACTIONS_RUNTIME_TOKEN: makeRuntimeToken(
      options.backendIds ?? backendIdsForRun(runId, job),
      cacheScopes,
    ),
    ACTIONS_RESULTS_URL: `${options.resultsUrl}/`,
    ACTIONS_CACHE_SERVICE_V2: 'True',
    ...(options.exportsCacheMode === false ? {} : { ACTIONS_CACHE_MODE: cacheMode }),
  };
}

type RunnerPaths = Record<
  | 'workspace'
  | 'temp'
  | 'home'
  | 'toolCache'
  | 'output'
  | 'summary'
  | 'envFile'
  | 'pathFile'
  | 'state'
  | 'event',
  string
>;

function runnerPaths(root: string, workspace: string | undefined): RunnerPaths {
  const files = join(root, '_runner_file_commands');
  const paths: RunnerPaths = {
    workspace: workspace ?? join(root, 'workspace'),
    temp: join(root, '_temp'),
    home: join(root, 'home'),
    toolCache: join(root, '_tool'),
    output: join(files, 'set_output'),
    summary: join(files, 'step_summary'),
    envFile: join(files, 'set_env'),
    pathFile: join(files, 'add_path'),
    state: join(files, 'save_state'),
    event: join(root, '_github_workflow', 'event.json'),
  };
  for (const dir of [
    paths.workspace,
    paths.temp,
    paths.home,
    paths.toolCache,
    files,
    join(root, '_github_workflow'),
  ]) {
    mkdirSync(dir, { recursive: true });
  }
  for (const file of [paths.output, paths.summary, paths.envFile, paths.pathFile, paths.state])
    writeFileSync(file, '');
  return paths;
}

function fakeSha(seed: string): string {
  return createHash('sha1').update(seed).digest('hex');
}

/** INPUT_* variables: action.yml defaults (as the runner evaluates them), then the given inputs. */
function inputEnv(options: RunnerEnvOptions): RunnerEnv {
  const given = options.inputs ?? {};
  const values: Record<string, string> = {};
  if (options.actionYml !== undefined) {
    const declared = declaredInputs(options.actionYml);
    const unexpected = Object.keys(given).filter((name) => !(name in declared));
    if (unexpected.length > 0)
      throw new Error(`Unexpected input(s) ${unexpected.join(', ')} for ${options.actionYml}`);
    for (const [name, spec] of Object.entries(declared)) {
      if (spec.default !== undefined)
        values[name] = evaluateDefault(name, spec.default, options.githubToken);
    }
  }
  Object.assign(values, given);
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [inputVariable(name), value]),
  );
}

function declaredInputs(actionYml: string): Record<string, { default?: unknown }> {
  const action = parseYaml(readFileSync(actionYml, 'utf8')) as {
    inputs?: Record<string, { default?: unknown }>;
  };
  return action.inputs ?? {};
}

function evaluateDefault(name: string, value: unknown, githubToken: string | undefined): string {
  const text = String(value);
  if (!text.includes('${{')) return text;
  if (/^\$\{\{\s*github\.token\s*\}\}$/.test(text.trim())) {
    if (githubToken === undefined)
      throw new Error(`input ${name} defaults to github.token: pass githubToken`);
    return githubToken;
  }
  throw new Error(`input ${name}: cannot evaluate default ${text}`);
}

export type ActionResult = {
  code: number;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /**
   * What the runner obeys of stdout, then of stderr (it reads both). The runner interleaves
   * the two pipes as their lines arrive; each is read here on its own.
   */
  commands: WorkflowCommand[];
  durationMs: number;
};

/** Runs `node <entry>` as the runner does and collects what it left behind. */
export async function runAction(
  entryPath: string,
  env: RunnerEnv,
  options: { timeoutMs?: number } = {},
): Promise<ActionResult> {
  const started = Date.now();
  const { code, signal, stdout, stderr } = await spawnStep(
    entryPath,
    env,
    options.timeoutMs ?? 120_000,
  );
  const read = (name: string): string =>
    env[name] === undefined ? '' : readFileSync(env[name], 'utf8');
  return {
    code,
    signal,
    stdout,
    stderr,
    outputs: parseCommandFile(read('GITHUB_OUTPUT')),
    summary: read('GITHUB_STEP_SUMMARY'),
    commands: [...parseWorkflowCommands(stdout), ...parseWorkflowCommands(stderr)],
    durationMs: Date.now() - started,
  };
}

type Exit = { code: number; signal: NodeJS.Signals | null; stdout: string; stderr: string };

function spawnStep(entryPath: string, env: RunnerEnv, timeoutMs: number): Promise<Exit> {
  return new Promise((resolve, reject) => {
    // Own process group, so a timeout also ends what the step started (tar, zstd, ...).
    const child = spawn(process.execPath, [entryPath], {
      cwd: env.GITHUB_WORKSPACE,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
      reject(
        new Error(
          `action timed out after ${timeoutMs} ms\nstdout:\n${stdout.slice(-4000)}\nstderr:\n${stderr.slice(-4000)}`,
        ),
      );
    }, timeoutMs);
    child.once('error', (err) => (clearTimeout(timer), reject(err)));
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? 128, signal, stdout, stderr });
    });
  });
}
