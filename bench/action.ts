// The GitHub Action: bundle sizes, cold start of the bundled entries, the overhead of one
// matrix job and plan / aggregate of 1,000 goals — each step the bundled dist/action.js run as
// the runner does, against the end-to-end tests' local stand-ins of GitHub's artifact, cache
// and REST services (Azurite, the results service, the REST API).
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startAzurite, type Azurite } from '../__tests__/support/actions/azurite.js';
import { startGitHubApi, type GitHubApi } from '../__tests__/support/actions/githubApi.js';
import {
  startResultsService,
  type ResultsService,
} from '../__tests__/support/actions/resultsService.js';
import { runAction, runnerEnv, type ActionResult } from '../__tests__/support/actions/runner.js';
import { markdownTable } from './markdown.js';
import { median } from './median.js';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const ACTION_ENTRY = path.join(REPO_ROOT, 'dist', 'action.js');
const CLI_ENTRY = path.join(REPO_ROOT, 'dist', 'cli.js');
const ACTION_YML = path.join(REPO_ROOT, 'action.yml');
const TOKEN = 'ghs_benchtoken00000000000000000000000';
const BASE_SHA = '1'.repeat(40);
const HEAD_SHA = '2'.repeat(40);

const START_RUNS = 15;
const VERIFY_RUNS = 7;
const LEAVES = 1_000;
const STEP_TIMEOUT_MS = 600_000;

type Files = Record<string, string>;

const formatMs = (ms: number): string => (ms < 100 ? ms.toFixed(1) : ms.toFixed(0));

// --- 1. bundle sizes ---------------------------------------------------------------------

async function bundleSize(file: string): Promise<number> {
  return (await stat(file)).size;
}

// --- 2. cold start -----------------------------------------------------------------------

/** Wall time of one `node <args>` from spawn to exit; checks the exit code. */
function timeNode(args: string[], env: NodeJS.ProcessEnv, expectedCode: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, args, { env, cwd: os.tmpdir(), stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => {
      const ms = performance.now() - start;
      if (code !== expectedCode)
        reject(
          new Error(`node ${args.join(' ')} exited ${code}, expected ${expectedCode}\n${output}`),
        );
      else resolve(ms);
    });
  });
}

type StartTimes = { bare: number; action: number; cli: number };

/** Median wall times; the three commands alternate, after one warm-up run of each. */
async function coldStarts(): Promise<StartTimes> {
  // The runner's environment minus GITHUB_REPOSITORY: the action loads its whole bundle,
  // then fails with an ::error:: and exit code 2 before doing any work.
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
  const commands: [keyof StartTimes, string[], number][] = [
    ['bare', ['-e', '0'], 0],
    ['action', [ACTION_ENTRY], 2],
    ['cli', [CLI_ENTRY, '--version'], 0],
  ];
  const samples: Record<keyof StartTimes, number[]> = { bare: [], action: [], cli: [] };
  for (const [, args, code] of commands) await timeNode(args, env, code);
  for (let i = 0; i < START_RUNS; i += 1)
    for (const [name, args, code] of commands) samples[name].push(await timeNode(args, env, code));
  return { bare: median(samples.bare), action: median(samples.action), cli: median(samples.cli) };
}

// --- the emulated GitHub -------------------------------------------------------------------

type StepOptions = {
  runId: number;
  job: string;
  inputs: Record<string, string>;
  /** The job's checkout: written into a fresh workspace before the step (not timed). */
  files: Files;
};

type TimedStep = { result: ActionResult; ms: number };

/** Azurite, the results service and the REST API; every step in a fresh job root. */
class Services {
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

  /** One step of a `push` run, timed from spawn to exit of `node dist/action.js`. */
  async step(step: StepOptions): Promise<TimedStep> {
    const root = path.join(this.root, `run-${step.runId}`, `${step.job}-${++this.jobs}`);
    const workspace = path.join(root, 'workspace');
    await checkout(step.files, workspace);
    const env = runnerEnv({
      root,
      workspace,
      runId: step.runId,
      job: step.job,
      apiUrl: this.api.url,
      resultsUrl: this.results.url,
      actionYml: ACTION_YML,
      githubToken: TOKEN,
      inputs: { 'trusted-source': 'workspace', ...step.inputs },
      eventName: 'push',
      event: {},
      sha: HEAD_SHA,
    });
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
    return { result, ms };
  }
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
  for (const [rel, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), content);
  }
}

function expectOutput(step: TimedStep, name: string, value: string, what: string): void {
  const actual = step.result.outputs[name];
  if (actual !== value) throw new Error(`${what}: output ${name} is ${actual}, expected ${value}`);
}

// --- 3. one matrix job -------------------------------------------------------------------

const TINY: Files = {
  '.dog/graph.yaml': `schemaVersion: "1"
id: bench-tiny
root: root
nodes:
  root:
    kind: composite
    title: The guide is there
    completion: {op: all, items: [{op: ref, id: guide}]}
  guide:
    kind: leaf
    title: The guide is not empty
    target: docs/guide.md
    verifier: {mode: programmatic, script: file.non_empty}
contains:
  - {parent: root, child: guide}
`,
  'docs/guide.md': '# Guide\n\nDoG verifies this.\n',
};

/** Verify-step wall times: each sample its own run (plan untimed, then one verify job). */
async function matrixJob(services: Services, firstRunId: number): Promise<number[]> {
  const samples: number[] = [];
  // One warm-up run, not counted.
  for (let i = 0; i <= VERIFY_RUNS; i += 1) {
    const runId = firstRunId + i;
    const plan = await services.step({
      runId,
      job: 'plan',
      files: TINY,
      inputs: { command: 'plan', 'programmatic-in-plan': 'false' },
    });
    expectOutput(plan, 'waves', '1', 'tiny plan');
    const matrix = JSON.parse(plan.result.outputs.matrix ?? '{}') as Record<
      string,
      { include: object[] } | undefined
    >;
    const entries = matrix.w1?.include ?? [];
    if (entries.length !== 1)
      throw new Error(`tiny plan: expected one matrix entry, got ${entries.length}`);
    const verify = await services.step({
      runId,
      job: 'verify-1',
      files: TINY,
      inputs: { command: 'verify', 'matrix-entry': JSON.stringify(entries[0]) },
    });
    if (i > 0) samples.push(verify.ms);
  }
  return samples;
}

// --- 4. plan and aggregate of 1,000 goals -----------------------------------------------

function wideWorkspace(leaves: number): Files {
  const ids = Array.from({ length: leaves }, (_, i) => `f${String(i).padStart(4, '0')}`);
  const nodes = ids
    .map(
      (id) =>
        `  ${id}:\n    kind: leaf\n    title: ${id} is not empty\n    target: files/${id}.txt\n    verifier: {mode: programmatic, script: file.non_empty}\n`,
    )
    .join('');
  const items = ids.map((id) => `{op: ref, id: ${id}}`).join(', ');
  const contains = ids.map((id) => `  - {parent: root, child: ${id}}\n`).join('');
  const files: Files = {
    '.dog/graph.yaml': `schemaVersion: "1"\nid: bench-wide\nroot: root\nnodes:\n  root:\n    kind: composite\n    title: No file is empty\n    completion: {op: all, items: [${items}]}\n${nodes}contains:\n${contains}`,
    '.dog/config.yaml': 'limits: {maxNodes: 2000, maxExpressionNodes: 2000}\n',
  };
  for (const id of ids) files[`files/${id}.txt`] = `${id}: some content\n`;
  return files;
}

type WideTimes = { plan1: number; aggregate1: number; plan2: number; aggregate2: number };

async function wideRuns(services: Services, firstRunId: number): Promise<WideTimes> {
  const files = wideWorkspace(LEAVES);
  const run = async (runId: number, expect: { verified: string; inherited: string }) => {
    const plan = await services.step({
      runId,
      job: 'plan',
      files,
      inputs: { command: 'plan', 'programmatic-in-plan': 'true' },
    });
    expectOutput(plan, 'waves', '0', `plan of run ${runId}`);
    const aggregate = await services.step({
      runId,
      job: 'aggregate',
      files,
      inputs: { command: 'aggregate' },
    });
    for (const [name, value] of Object.entries({ 'root-state': 'success', ...expect }))
      expectOutput(aggregate, name, value, `aggregate of run ${runId}`);
    return { plan: plan.ms, aggregate: aggregate.ms };
  };
  const cold = await run(firstRunId, { verified: String(LEAVES), inherited: '0' });
  const warm = await run(firstRunId + 1, { verified: '0', inherited: String(LEAVES) });
  return {
    plan1: cold.plan,
    aggregate1: cold.aggregate,
    plan2: warm.plan,
    aggregate2: warm.aggregate,
  };
}

// --- the section ---------------------------------------------------------------------------

export async function runActionBench(): Promise<{ rows: string[][]; notes: string[] }> {
  const [actionBytes, cliBytes] = await Promise.all([
    bundleSize(ACTION_ENTRY),
    bundleSize(CLI_ENTRY),
  ]);
  process.stderr.write('bench: action cold start…\n');
  const starts = await coldStarts();
  process.stderr.write('bench: action services (Azurite, results service, REST API)…\n');
  const services = await Services.start();
  let verifySamples: number[];
  let wide: WideTimes;
  try {
    process.stderr.write(`bench: action matrix job (${VERIFY_RUNS + 1} plan + verify runs)…\n`);
    verifySamples = await matrixJob(services, 100);
    process.stderr.write(
      `bench: action plan + aggregate of ${LEAVES.toLocaleString('en-US')} goals…\n`,
    );
    wide = await wideRuns(services, 200);
  } finally {
    await services.stop();
  }
  const verify = median(verifySamples);
  const mb = (bytes: number): string => (bytes / 1e6).toFixed(2);
  const ratio = (ms: number): string => `${(ms / starts.bare).toFixed(1)}×`;
  const perGoal = (ms: number): string => `${(ms / LEAVES).toFixed(1)} ms/goal`;
  const n = LEAVES.toLocaleString('en-US');
  const rows = [
    ['measure', 'value', 'compared with'],
    ['bundle dist/action.js', `${actionBytes} bytes (${mb(actionBytes)} MB)`, ''],
    ['bundle dist/cli.js', `${cliBytes} bytes (${mb(cliBytes)} MB)`, ''],
    ['start: `node -e 0`', `${formatMs(starts.bare)} ms`, '1.0×'],
    [
      'start: `node dist/action.js` (fails, exit 2)',
      `${formatMs(starts.action)} ms`,
      `${ratio(starts.action)} node -e 0`,
    ],
    [
      'start: `node dist/cli.js --version`',
      `${formatMs(starts.cli)} ms`,
      `${ratio(starts.cli)} node -e 0`,
    ],
    [
      'matrix job: `verify` of one trivial goal',
      `${formatMs(verify)} ms`,
      `${(verify / starts.action).toFixed(1)}× the failing start; +${formatMs(verify - starts.action)} ms`,
    ],
    [
      `\`plan\`, ${n} goals, cold (all verified in plan)`,
      `${formatMs(wide.plan1)} ms`,
      perGoal(wide.plan1),
    ],
    [
      `\`aggregate\`, ${n} goals, cold (cache save)`,
      `${formatMs(wide.aggregate1)} ms`,
      perGoal(wide.aggregate1),
    ],
    [
      `\`plan\`, ${n} goals, second run (all inherited)`,
      `${formatMs(wide.plan2)} ms`,
      perGoal(wide.plan2),
    ],
    [
      `\`aggregate\`, ${n} goals, second run`,
      `${formatMs(wide.aggregate2)} ms`,
      perGoal(wide.aggregate2),
    ],
  ];
  const notes = [
    `Every step is the bundled \`node dist/action.js\` run as the runner does (runner-shaped environment, inputs as INPUT_* with action.yml defaults, a fresh workspace, RUNNER_TEMP and HOME per job; event \`push\`, \`trusted-source: workspace\`) against the end-to-end tests' local services: Azurite (in memory), the artifact / cache v2 results service and the REST API stand-in, all on 127.0.0.1. Times are wall time from spawn to exit of the step's process; writing the job's checkout is not timed. ${os.cpus().length} cores, Node ${process.version}.`,
    `Bundle size: the byte size of \`dist/action.js\` and \`dist/cli.js\` as built (MB = 10⁶ bytes).`,
    `Cold start: median of ${START_RUNS} alternating runs (after one warm-up run each) of \`node -e 0\`, \`node dist/action.js\` in an environment with only PATH (no GITHUB_REPOSITORY: it loads the whole bundle, prints an \`::error::\` and exits 2 before any work) and \`node dist/cli.js --version\`; the ratio is over \`node -e 0\`.`,
    `Matrix job: each sample is its own run: \`plan\` (untimed) of a graph of one composite root and one \`file.non_empty\` leaf with \`programmatic-in-plan: false\`, so the leaf is the one matrix entry; then the timed \`verify\` step of that entry in a fresh job: download the plan and capture artifacts, verify the leaf, upload its record artifact. A fresh run per sample because a second upload of the same record artifact name in one run is rejected (409). Median of ${VERIFY_RUNS} samples after one warm-up run; compared with the failing \`node dist/action.js\` start above, which is the cost of loading the bundle alone.`,
    `${n} goals: a workspace of ${n} small files and a graph of one composite root over ${n} \`file.non_empty\` leaves, host configuration \`.dog/config.yaml\` with \`limits: {maxNodes: 2000, maxExpressionNodes: 2000}\` (the root's completion, \`all\` over ${n} refs, is ${LEAVES + 1} expression nodes, over the default limit of 512). Cold run: \`plan\` with \`programmatic-in-plan: true\` captures, verifies all ${n} goals in the plan job and uploads plan, captures and records; \`aggregate\` downloads them, settles, saves the ${n} records to the cache, writes the report and job summary and creates the check run. Second run (same files, new run id): \`plan\` inherits all ${n} goals from the cache (0 waves) and \`aggregate\` settles them again. One sample each (these are single runs, not medians); both runs checked to settle \`success\` with ${n} verified, then ${n} inherited.`,
  ];
  return { rows, notes };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { rows, notes } = await runActionBench();
  process.stdout.write(`${markdownTable(rows)}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`);
}
