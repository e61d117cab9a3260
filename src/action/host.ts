// Turns trusted files into a compiled graph and a host for the engine, the same way in
// every step of a run: plan reads the files from the trusted tree; verify and aggregate
// take exactly those files from the plan.
import { mkdir, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { loadHostConfig, type HostConfig } from '../config/hostConfig.js';
import { UserError } from '../core/errors.js';
import type { CompiledGraph } from '../core/graph/model.js';
import { hostContext, type HostContext } from '../engine/host/context.js';
import { loadGraph } from '../engine/loadGraph.js';
import { ActionsStore } from '../storage/github/actionsStore.js';
import { PackRecordStore } from '../storage/github/packStore.js';
import { jobCacheTrust } from './cacheScopes.js';
import { LocalStore } from '../storage/localStore.js';
import { HostCache } from '../storage/host/hostCache.js';
import type { DecisionStore } from '../storage/types.js';
import type { CompanionSettings } from '../config/companion.js';
import { ContentsApiTree } from './contentsTree.js';
import type { TrustedFiles } from '../engine/session/planDocument.js';
import { trustedBaseSha } from './runnerContext.js';
import type { ActionJob } from './services.js';
import {
  changedInWorkspace,
  DEFAULT_SCRIPTS_DIR,
  layOutTrusted,
  readTrustedFiles,
  WorkspaceTree,
  type TreeReader,
} from './trusted.js';

/** The directory the goals' targets are relative to: `workspace` inside GITHUB_WORKSPACE. */
export function targetsRoot(job: ActionJob): string {
  const root = resolve(job.runner.workspace, job.inputs.workspace);
  const inside = relative(job.runner.workspace, root);
  if (inside.startsWith('..') || inside.startsWith(sep))
    throw new UserError(
      `input workspace must stay inside GITHUB_WORKSPACE, got "${job.inputs.workspace}"`,
    );
  return root;
}

/** The repository path of `workspace` ('' for the repository root), for the contents API. */
export function workspacePrefix(job: ActionJob): string {
  return relative(job.runner.workspace, targetsRoot(job)).split(sep).join('/');
}

/** True when the trusted files come from a base commit rather than the checkout. */
export function readsBaseCommit(job: ActionJob): boolean {
  return job.inputs.trustedSource !== 'workspace' && trustedBaseSha(job.runner) !== undefined;
}

/**
 * Where graph, configuration and scripts come from for this event (DESIGN §4 step 1): on a
 * pull request its base commit, in a merge queue the merge group's base — never the
 * checked-out changes.
 */
export function trustedTree(job: ActionJob): TreeReader {
  const baseSha = trustedBaseSha(job.runner);
  if (!readsBaseCommit(job) || baseSha === undefined) return new WorkspaceTree(targetsRoot(job));
  const { owner, repo } = job.runner;
  return new ContentsApiTree(job.services.contents, { owner, repo }, baseSha, workspacePrefix(job));
}

/** Reads the trusted files; on a PR that edits them, says that the edit applies after merge. */
export async function readTrusted(job: ActionJob, tree: TreeReader): Promise<TrustedFiles> {
  const files = await readTrustedFiles(
    tree,
    { graph: job.inputs.graph, config: job.inputs.config },
    (text, path) => scriptsDirOf(job, text, path),
  );
  const change = job.runner.mergeGroup ? 'merge group' : 'pull request';
  for (const path of await pathsChangedByCheckout(job, files))
    job.services.log.notice(
      `This ${change} changes ${path}. DoG verifies with the base commit's version; the change takes effect after merge.`,
      join(job.inputs.workspace, path),
    );
  return files;
}

/**
 * The graph, configuration and script paths whose checked-out content differs from the
 * trusted files of the base commit (none when the trusted files are the checkout's own).
 */
export async function pathsChangedByCheckout(
  job: ActionJob,
  files: TrustedFiles,
): Promise<string[]> {
  if (!readsBaseCommit(job)) return [];
  const scriptsDir = await scriptsDirOf(job, files.config, files.configPath);
  return changedInWorkspace(files, new WorkspaceTree(targetsRoot(job)), scriptsDir);
}

/** The script library directory the (trusted) configuration names. */
async function scriptsDirOf(job: ActionJob, text: string | null, path: string): Promise<string> {
  if (text === null) return DEFAULT_SCRIPTS_DIR;
  const scratch = join(job.runner.runnerTemp, 'dog', 'trusted-config');
  await mkdir(scratch, { recursive: true });
  const file = join(scratch, path.endsWith('.json') ? 'config.json' : 'config.yaml');
  await writeFile(file, text);
  try {
    return (await loadHostConfig(file, { required: true, env: {} })).scriptsDir;
  } catch (error) {
    if (error instanceof UserError)
      throw new UserError(
        `${path} (${trustedBaseSha(job.runner) ? 'base commit' : 'workspace'}): ${error.message}`,
        error.problems,
      );
    throw error;
  }
}

export type PreparedHost = { context: HostContext; graph: CompiledGraph };

/** Lays the trusted files out, loads the configuration (with inputs applied) and compiles. */
export async function prepareHost(job: ActionJob, files: TrustedFiles): Promise<PreparedHost> {
  const scriptsDir = await scriptsDirOf(job, files.config, files.configPath);
  const laid = await layOutTrusted(
    files,
    join(job.runner.runnerTemp, 'dog', 'trusted'),
    scriptsDir,
  );
  const context = await hostContext({
    workspace: targetsRoot(job),
    configPath: laid.configPath,
    configRequired: files.config !== null,
    env: job.env,
    libraryDir: laid.scriptsDir,
    adjust: (config) => applyInputs(config, job),
  });
  const graph = await loadGraph(laid.graphPath, {
    maxBytes: context.config.limits.maxGraphBytes,
    limits: context.limits,
    host: context.host,
  });
  return { context, graph };
}

/** The environment the verifiers' providers read keys from: the token as GITHUB_TOKEN. */
export function providerEnv(job: ActionJob): NodeJS.ProcessEnv {
  return job.inputs.token ? { ...job.env, GITHUB_TOKEN: job.inputs.token } : job.env;
}

/** The provider name and model of the zero-configuration default (input model overrides it). */
export const COPILOT_ALIAS = 'copilot';
export const COPILOT_DEFAULT_MODEL = 'gpt-5-mini';

/** The Action's inputs over a loaded configuration (concurrency, partial roots, the default model). */
export function applyInputs(config: HostConfig, job: ActionJob): HostConfig {
  const { inputs } = job;
  const next: HostConfig = { ...config };
  if (inputs.concurrency !== undefined) next.concurrency = inputs.concurrency;
  if (inputs.allowPartialRoot !== undefined) next.allowPartialRoot = inputs.allowPartialRoot;
  // DESIGN §9: inside Actions, with no providers configured, agentic goals use Copilot through
  // the workflow token (it reaches only the runtime process, as COPILOT_GITHUB_TOKEN).
  if (Object.keys(config.providers).length === 0 && !Object.hasOwn(config.models, 'default')) {
    // COPILOT_API_URL is the runtime's own redirect of every model call (a proxy, a test stand-in).
    const apiUrl = job.env.COPILOT_API_URL?.trim();
    next.providers = {
      [COPILOT_ALIAS]: { kind: 'copilot', tokenEnv: 'GITHUB_TOKEN', ...(apiUrl ? { apiUrl } : {}) },
    };
    next.models = {
      ...config.models,
      default: { provider: COPILOT_ALIAS, model: inputs.model ?? COPILOT_DEFAULT_MODEL },
    };
  }
  return next;
}

/** This job's runner-local store, with records looked up in and saved to the Actions cache. */
export async function openActionsStore(
  job: ActionJob,
  companion: CompanionSettings,
  decisions?: DecisionStore,
): Promise<{ store: ActionsStore; root: string }> {
  const root = join(job.runner.runnerTemp, 'dog', 'store');
  const local = await LocalStore.open(root);
  const records = new PackRecordStore({
    cache: job.services.cache,
    trust: jobCacheTrust(job),
    dir: join(job.runner.runnerTemp, 'dog', 'record-pack'),
    homeDir: homedir(),
    runId: `gh-${job.runner.runId}-${job.runner.runAttempt}`,
    trigger: job.runner.eventName,
    warn: (message) => job.services.log.warning(message),
  });
  const host = companion.store ? await openHostCache(job, companion.store) : undefined;
  return { store: new ActionsStore(local, records, host, decisions), root };
}

/** The machine's shared store; one that cannot be opened is a warning, never a lost run. */
async function openHostCache(
  job: ActionJob,
  settings: { path: string; maxBytes: number },
): Promise<HostCache | undefined> {
  try {
    return await HostCache.open({ root: settings.path, maxBytes: settings.maxBytes });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    job.services.log.warning(
      `DoG: the host-local store ${settings.path} is not used: ${message}. Run "dog companion doctor" on this machine.`,
    );
    return undefined;
  }
}
