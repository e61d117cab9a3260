// A small "GitHub" for the Action's end-to-end tests: Azurite, the results service
// (artifacts, cache v2) and the REST API stand-in, plus helpers that run the bundled
// dist/action.js as one step of one job of one workflow run — with a fresh checkout, a
// fresh RUNNER_TEMP and HOME per job, as on hosted runners.
import type { RepoEntry } from '../../support/actions/repoFiles.js';
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startAzurite, type Azurite } from '../../support/actions/azurite.js';
import { startGitHubApi, type GitHubApi } from '../../support/actions/githubApi.js';
import { GITHUB_ACTIONS_BOT } from '../../support/actions/identities.js';
import { startResultsService, type ResultsService } from '../../support/actions/resultsService.js';
import { workflowRunEvent } from '../../support/actions/events.js';
import { backendIdsForRun, type BackendIds } from '../../support/actions/runtimeToken.js';
import type { CacheMode } from '../../support/actions/cacheMode.js';
import {
  mergeGroupEvent,
  pullRequestEvent,
  runAction,
  runnerEnv,
  type ActionResult,
} from '../../support/actions/runner.js';

export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');
/** DOG_ACTION_ENTRY runs another bundle (one built with DOG_BUILD_OUTDIR). */
export const ACTION_ENTRY = process.env.DOG_ACTION_ENTRY ?? join(REPO_ROOT, 'dist', 'action.js');
export const ACTION_YML = join(REPO_ROOT, 'action.yml');
export const TOKEN = 'ghs_e2etoken0000000000000000000000000';
export const BASE_SHA = '1'.repeat(40);
export const HEAD_SHA = '2'.repeat(40);
/** The merge queue's commit: BASE_SHA with the pull request at HEAD_SHA merged. */
export const MERGE_GROUP_SHA = '3'.repeat(40);

export type Files = Record<string, string>;

export type Step = {
  runId: number;
  job: string;
  inputs: Record<string, string>;
  /** The job's checkout. */
  files: Files;
  /** File modes in the checkout (default 0644), e.g. an executable script. */
  modes?: Record<string, number>;
  /** Symbolic links in the checkout: path → link text. */
  links?: Record<string, string>;
  /** Default: a pull_request event from HEAD_SHA onto BASE_SHA. */
  event?:
    | 'pull_request'
    | 'push'
    | 'workflow_run'
    | 'merge_group'
    | 'issue_comment'
    | 'workflow_dispatch';
  /** The payload of an issue_comment or workflow_dispatch event. */
  payload?: object;
  extraEnv?: Record<string, string>;
  /** `false`: a runner that does not export ACTIONS_CACHE_MODE (only the token says). */
  exportsCacheMode?: boolean;
  /** The job's `cache-mode:` (and its caller's, for a reusable workflow's job). */
  cacheMode?: CacheMode;
  callerCacheMode?: CacheMode;
  /**
   * GITHUB_RUN_ATTEMPT (default 1): a re-run of the same workflow run. As on GitHub, it keeps
   * the run's backend id (earlier attempts' artifacts stay listed, their names taken) and the
   * job gets a backend id of its own.
   */
  runAttempt?: number;
  /** How long the step may take before the harness kills it (default 120 s). */
  timeoutMs?: number;
};

export class World {
  private jobCount = 0;
  /** The runner root of the last step (its RUNNER_TEMP is `<root>/_temp`). */
  lastRoot = '';
  /** The backend ids of the last step's job (its runtime token's scope). */
  lastJob: BackendIds = { runBackendId: '', jobBackendId: '' };

  private constructor(
    readonly root: string,
    private readonly azurite: Azurite,
    readonly results: ResultsService,
    readonly api: GitHubApi,
  ) {}

  static async start(baseFiles: Files): Promise<World> {
    const root = await mkdtemp(join(tmpdir(), 'dog-action-e2e-'));
    const azurite = await startAzurite();
    const results = await startResultsService({ azurite });
    const api = await startGitHubApi({
      results,
      files: { [BASE_SHA]: baseFiles },
      commits: [BASE_SHA, HEAD_SHA, MERGE_GROUP_SHA],
    });
    // The job's GITHUB_TOKEN: an installation token of the GitHub Actions app.
    api.reviewLoop.identities.tokens.set(TOKEN, GITHUB_ACTIONS_BOT);
    // The pull request every pull_request step belongs to (its comments live there).
    api.reviewLoop.pulls.set(7, {
      number: 7,
      headSha: HEAD_SHA,
      baseSha: BASE_SHA,
      headRef: 'feature',
    });
    return new World(root, azurite, results, api);
  }

  async stop(): Promise<void> {
    await this.api.stop();
    await this.results.stop();
    await this.azurite.stop();
    await rm(this.root, { recursive: true, force: true });
  }

  /** Runs one step as the runner does; its job gets a fresh checkout of `files`. */
  async step(step: Step): Promise<ActionResult> {
    const root = join(this.root, `run-${step.runId}`, `${step.job}-${++this.jobCount}`);
    // As on GitHub, every job — each matrix leg, each attempt — has a backend id of its own.
    const backendIds = backendIdsForRun(step.runId, `${step.job}#${this.jobCount}`);
    const workspace = join(root, 'workspace');
    await checkout(step.files, workspace, step.modes, step.links);
    const env = runnerEnv({
      root,
      workspace,
      runId: step.runId,
      job: step.job,
      ...(step.runAttempt === undefined ? {} : { runAttempt: step.runAttempt }),
      backendIds,
      apiUrl: this.api.url,
      resultsUrl: this.results.url,
      actionYml: ACTION_YML,
      githubToken: TOKEN,
      inputs: step.inputs,
      ...eventOf(step.event ?? 'pull_request', step.payload),
      extraEnv: step.extraEnv ?? {},
      ...(step.exportsCacheMode === undefined ? {} : { exportsCacheMode: step.exportsCacheMode }),
      ...(step.cacheMode === undefined ? {} : { cacheMode: step.cacheMode }),
      ...(step.callerCacheMode === undefined ? {} : { callerCacheMode: step.callerCacheMode }),
    });
    if ((step.event ?? 'pull_request') === 'pull_request')
      this.publishPullRequestCommits(step, env);
    this.lastRoot = root;
    this.lastJob = backendIds;
    // The run's job listing shows it running, then how it ended (by its exit status).
    const listed = this.api.runJobs.start(step.runId, jobNameOf(step), step.runAttempt);
    const result = await runAction(ACTION_ENTRY, env, { timeoutMs: step.timeoutMs ?? 120_000 });
    this.api.runJobs.finish(listed, result.code === 0 ? 'success' : 'failure');
    return result;
  }

  /**
   * What GitHub holds for pull request 7 once a pull_request job checked it out: its merge
   * commit (the job's GITHUB_SHA, named as the pull request's `merge_commit_sha`) and, in these
   * tests, a head commit with the same bytes (the base changes no file the goals read).
   */
  private publishPullRequestCommits(step: Step, env: Record<string, string>): void {
    const entries: Record<string, RepoEntry | string> = { ...step.files };
    for (const [path, mode] of Object.entries(step.modes ?? {}))
      if (mode & 0o111) entries[path] = { mode: '100755', content: step.files[path] ?? '' };
    for (const [path, link] of Object.entries(step.links ?? {}))
      entries[path] = { mode: '120000', content: link };
    const mergeSha = env.GITHUB_SHA as string;
    this.api.setCommit(mergeSha, entries);
    this.api.setCommit(HEAD_SHA, entries);
    const pull = this.api.reviewLoop.pulls.get(7);
    if (pull) this.api.reviewLoop.pulls.set(7, { ...pull, mergeSha });
  }

  /**
   * Uploads `file` as artifact `name` from a job of run `runId`, with the real client: from a
   * job of its own, or holding the runtime token of the job `as`.
   */
  async uploadArtifact(runId: number, name: string, file: string, as?: BackendIds): Promise<void> {
    const root = join(this.root, `run-${runId}`, `forger-${++this.jobCount}`);
    const env = runnerEnv({
      root,
      runId,
      job: 'forger',
      backendIds: as ?? backendIdsForRun(runId, `forger#${this.jobCount}`),
      apiUrl: this.api.url,
      resultsUrl: this.results.url,
    });
    const script = `import { DefaultArtifactClient } from '@actions/artifact';
await new DefaultArtifactClient().uploadArtifact(process.argv[1], [process.argv[2]], process.argv[3]);`;
    // Asynchronously: the services this upload talks to run in this very process.
    await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', script, name, file, dirname(file)],
      {
        env,
        cwd: REPO_ROOT,
      },
    );
  }

  /** plan → every matrix job of every wave → aggregate, as the reusable workflow wires them. */
  async workflow(
    runId: number,
    files: Files,
    planInputs: Record<string, string> = {},
    event: Step['event'] = 'pull_request',
    modes: Partial<Record<'plan' | 'verify' | 'aggregate', CacheMode>> = {},
  ): Promise<Workflow> {
    const mode = (job: keyof typeof modes) =>
      modes[job] === undefined ? {} : { cacheMode: modes[job] };
    const plan = await this.step({
      runId,
      job: 'plan',
      files,
      event,
      ...mode('plan'),
      inputs: { command: 'plan', ...planInputs },
    });
    expectOk(plan, 'plan');
    const matrix = JSON.parse(plan.outputs.matrix ?? '{}') as Record<string, { include: object[] }>;
    const verify: ActionResult[] = [];
    for (let wave = 1; wave <= Number(plan.outputs.waves); wave += 1)
      for (const entry of matrix[`w${wave}`]?.include ?? []) {
        const result = await this.step({
          runId,
          job: `verify-${wave}`,
          files,
          event,
          ...mode('verify'),
          inputs: { command: 'verify', 'matrix-entry': JSON.stringify(entry) },
        });
        expectOk(result, `verify ${JSON.stringify(entry)}`);
        verify.push(result);
      }
    const headSha = planInputs['head-sha'];
    const aggregate = await this.step({
      runId,
      job: 'aggregate',
      files,
      event,
      ...mode('aggregate'),
      inputs: { command: 'aggregate', ...(headSha ? { 'head-sha': headSha } : {}) },
    });
    return { plan, verify, aggregate, matrix };
  }
}

export type Workflow = {
  plan: ActionResult;
  verify: ActionResult[];
  aggregate: ActionResult;
  matrix: Record<string, { include: object[] }>;
};

/** As the example workflows name jobs: `verify ${{ matrix.job }}` for a matrix job. */
function jobNameOf(step: Step): string {
  const entry = step.inputs['matrix-entry'];
  if (entry === undefined) return step.job;
  try {
    const { job } = JSON.parse(entry) as { job?: unknown };
    return typeof job === 'string' ? `verify ${job}` : step.job;
  } catch {
    return step.job;
  }
}

function eventOf(
  event: NonNullable<Step['event']>,
  payload: object = {},
): {
  eventName?: string;
  event: object;
  sha?: string;
} {
  switch (event) {
    case 'push':
      return { eventName: 'push', event: {}, sha: HEAD_SHA };
    case 'workflow_run':
      // The privileged half of the fork-safe pair runs on the default branch, after a fork's
      // pull request: GitHub gives it a read-only cache.
      return {
        eventName: 'workflow_run',
        event: workflowRunEvent({ id: 10, headSha: HEAD_SHA, fork: true }),
        sha: BASE_SHA,
      };
    case 'pull_request':
      return { event: pullRequestEvent({ number: 7, baseSha: BASE_SHA, headSha: HEAD_SHA }) };
    case 'issue_comment':
    case 'workflow_dispatch':
      // Both run on the default branch's newest commit, in its cache scope.
      return { eventName: event, event: payload, sha: BASE_SHA };
    case 'merge_group':
      // The runner takes GITHUB_REF (the gh-readonly-queue branch) and GITHUB_SHA from it.
      return { event: mergeGroupEvent({ baseSha: BASE_SHA, headSha: MERGE_GROUP_SHA }) };
  }
}

export async function checkout(
  files: Files,
  dir: string,
  modes: Record<string, number> = {},
  links: Record<string, string> = {},
): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
    if (modes[path] !== undefined) await chmod(join(dir, path), modes[path]);
  }
  for (const [path, target] of Object.entries(links)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await symlink(target, join(dir, path));
  }
}

export function expectOk(result: ActionResult, what: string): void {
  if (result.code !== 0)
    throw new Error(
      `${what} exited ${result.code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`,
    );
}

export type ReportNode = {
  state: string;
  inherited: boolean;
  rerunReason?: string;
  gmDigest?: string;
  evidence?: unknown;
  error?: { category: string; message: string };
};

export type Report = {
  runId: string;
  rootState: string;
  nodes: Record<string, ReportNode>;
  totals: { verified: number; inherited: number };
  warnings: { code: string; message: string }[];
  isolation?: {
    kind: string;
    note?: string;
    limits?: { name: string; enforced: boolean; detail: string }[];
  };
};

/** The report a step wrote (its path is the report-path output). */
export async function reportOf(result: ActionResult): Promise<Report> {
  const path = result.outputs['report-path'];
  if (!path) throw new Error(`no report-path output\n${result.stdout}\n${result.stderr}`);
  return JSON.parse(await readFile(path, 'utf8')) as Report;
}
