// The emulated GitHub the Action benchmarks run against: the end-to-end tests' stand-ins
// (Azurite, the artifact / cache v2 results service, the REST API), every step the bundled
// action run as the runner does in a fresh job, timed from spawn to exit, with the cache and
// artifact calls it made counted from the stand-ins' call logs.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startAzurite, type Azurite } from '../__tests__/support/actions/azurite.js';
import type { CacheCall } from '../__tests__/support/actions/cacheService.js';
import { startGitHubApi, type GitHubApi } from '../__tests__/support/actions/githubApi.js';
import {
  startResultsService,
  type ResultsService,
} from '../__tests__/support/actions/resultsService.js';
import {
  pullRequestEvent,
  runAction,
  runnerEnv,
  type ActionResult,
} from '../__tests__/support/actions/runner.js';
import { backendIdsForRun } from '../__tests__/support/actions/runtimeToken.js';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** DOG_ACTION_ENTRY / DOG_CLI_ENTRY: other bundles (e.g. built with DOG_BUILD_OUTDIR). */
export const ACTION_ENTRY =
  process.env.DOG_ACTION_ENTRY ?? path.join(REPO_ROOT, 'dist', 'action.js');
export const CLI_ENTRY = process.env.DOG_CLI_ENTRY ?? path.join(REPO_ROOT, 'dist', 'cli.js');
const ACTION_YML = path.join(REPO_ROOT, 'action.yml');
const TOKEN = 'ghs_benchtoken00000000000000000000000';
const BASE_SHA = '1'.repeat(40);
const HEAD_SHA = '2'.repeat(40);
const STEP_TIMEOUT_MS = 900_000;

export type Files = Record<string, string>;

export type StepOptions = {
  runId: number;
  job: string;
  inputs: Record<string, string>;
  /** The job's checkout: written into a fresh workspace before the step (not timed). */
  files: Files;
  /** Default `push` (of HEAD_SHA to main); `pull_request`: pull request 7 onto BASE_SHA. */
  event?: 'push' | 'pull_request';
};

/** What one step cost in calls to GitHub's services. */
export type StepCalls = {
  cacheLookups: number;
  cacheUploads: number;
  /** Reservations refused (rate limit, already there, denied). */
  cacheRefused: number;
  artifactUploads: number;
  artifactDownloads: number;
  artifactLists: number;
};

export type TimedStep = { result: ActionResult; ms: number; calls: StepCalls };

/** Azurite, the results service and the REST API; every step in a fresh job root. */
export class Services {
  private jobs = 0;

  private constructor(
    private readonly root: string,
    private readonly stops: (() => Promise<void>)[],
    readonly results: ResultsService,
    readonly api: GitHubApi,
  ) {}

  static async start(): Promise<Services> {
    const root = await mkdtemp(path.join(os.tmpdir(), 'dog-bench-action-'));
    const stops: (() => Promise<void>)[] = [() => rm(root, { recursive: true, force: true })];
    try {
      const azurite: Azurite = await startAzurite();
      stops.unshift(() => azurite.stop());
      const results = await startResultsService({ azurite });
      stops.unshift(() => results.stop());
      const api = await startGitHubApi({ results, files: {}, commits: [BASE_SHA, HEAD_SHA] });
      stops.unshift(() => api.stop());
      return new Services(root, stops, results, api);
    } catch (err) {
      await stopAll(stops);
      throw err;
    }
  }

  /** Stops every service (Azurite last), even when one of them fails to stop. */
  stop(): Promise<void> {
    return stopAll(this.stops);
  }

  /** One step of a run (a `push` unless it says), timed from spawn to exit of the bundled action. */
  async step(step: StepOptions): Promise<TimedStep> {
    const root = path.join(this.root, `run-${step.runId}`, `${step.job}-${++this.jobs}`);
    const workspace = path.join(root, 'workspace');
    await checkout(step.files, workspace);
    const env = runnerEnv({
      root,
      workspace,
      runId: step.runId,
      job: step.job,
      // As on GitHub, every job (each matrix leg) has a backend id of its own.
      backendIds: backendIdsForRun(step.runId, `${step.job}#${this.jobs}`),
      apiUrl: this.api.url,
      resultsUrl: this.results.url,
      actionYml: ACTION_YML,
      githubToken: TOKEN,
      inputs: { 'trusted-source': 'workspace', ...step.inputs },
      ...(step.event === 'pull_request'
        ? { event: pullRequestEvent({ number: 7, baseSha: BASE_SHA, headSha: HEAD_SHA }) }
        : { eventName: 'push', event: {}, sha: HEAD_SHA }),
      extraEnv: profileEnv(),
    });
    const cacheFrom = this.results.cacheCalls().length;
    const callsFrom = this.results.calls.length;
    const start = performance.now();
    const result = await runAction(ACTION_ENTRY, env, { timeoutMs: STEP_TIMEOUT_MS });
    const ms = performance.now() - start;
    if (result.code !== 0)
      throw new Error(
        `${step.inputs.command} (run ${step.runId}) exited ${result.code}\n--- stdout\n${result.stdout.slice(-4000)}\n--- stderr\n${result.stderr.slice(-4000)}`,
      );
    const violations = this.api.takeViolations();
    if (violations.length > 0)
      throw new Error(`REST API violations: ${JSON.stringify(violations).slice(0, 2000)}`);
    const calls = {
      ...cacheCounts(this.results.cacheCalls().slice(cacheFrom)),
      ...artifactCounts(this.results.calls.slice(callsFrom).map((c) => c.method)),
    };
    return { result, ms, calls };
  }
}

/** DOG_BENCH_CPU_PROF=DIR: every step writes a V8 CPU profile there (node --cpu-prof). */
function profileEnv(): Record<string, string> {
  const dir = process.env.DOG_BENCH_CPU_PROF;
  return dir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` } : {};
}

function cacheCounts(calls: readonly CacheCall[]) {
  const creates = calls.filter((c) => c.method === 'CreateCacheEntry');
  return {
    cacheLookups: calls.filter((c) => c.method === 'GetCacheEntryDownloadURL').length,
    cacheUploads: creates.filter((c) => c.result === 'reserved').length,
    cacheRefused: creates.filter((c) => c.result !== 'reserved').length,
  };
}

function artifactCounts(methods: readonly string[]) {
  const count = (name: string) => methods.filter((m) => m === name).length;
  return {
    artifactUploads: count('FinalizeArtifact'),
    artifactDownloads: count('GetSignedArtifactURL'),
    artifactLists: count('ListArtifacts'),
  };
}

/** The sum of several steps' calls (the verify jobs of a run). */
export function sumCalls(steps: readonly TimedStep[]): StepCalls {
  const total: StepCalls = {
    cacheLookups: 0,
    cacheUploads: 0,
    cacheRefused: 0,
    artifactUploads: 0,
    artifactDownloads: 0,
    artifactLists: 0,
  };
  for (const step of steps)
    for (const name of Object.keys(total) as (keyof StepCalls)[]) total[name] += step.calls[name];
  return total;
}

async function stopAll(stops: (() => Promise<void>)[]): Promise<void> {
  const errors: unknown[] = [];
  for (const stop of stops) {
    try {
      await stop();
    } catch (err) {
      errors.push(err);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, 'stopping the bench services failed');
}

async function checkout(files: Files, dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const dirs = new Set(Object.keys(files).map((rel) => path.dirname(path.join(dir, rel))));
  for (const parent of dirs) await mkdir(parent, { recursive: true });
  for (const [rel, content] of Object.entries(files)) await writeFile(path.join(dir, rel), content);
}

export function expectOutput(step: TimedStep, name: string, value: string, what: string): void {
  const actual = step.result.outputs[name];
  if (actual !== value) throw new Error(`${what}: output ${name} is ${actual}, expected ${value}`);
}
