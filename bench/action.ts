// The GitHub Action: bundle sizes, cold start of the bundled entries, the overhead of one
// matrix job — each step the bundled dist/action.js run as
// the runner does, against the end-to-end tests' local stand-ins of GitHub's artifact, cache
// and REST services (Azurite, the results service, the REST API).
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ACTION_ENTRY, CLI_ENTRY, expectOutput, Services, type Files } from './emulatedGitHub.js';
import { markdownTable } from './markdown.js';
import { median } from './median.js';

const START_RUNS = 15;
const VERIFY_RUNS = 7;

const formatMs = (ms: number): string => (ms < 100 ? ms.toFixed(1) : ms.toFixed(0));

// --- 1. bundle sizes ---------------------------------------------------------------------

async function bundleSize(file: string): Promise<number> {
  return (await stat(file)).size;
}

/** Bytes of a bundled module and of every chunk it imports statically (loaded before it runs). */
async function staticBytes(entry: string): Promise<number> {
  const seen = new Set<string>();
  const visit = async (file: string): Promise<void> => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = await readFile(file, 'utf8');
    for (const m of text.matchAll(/^import\s(?:[^;]*?\sfrom\s*)?"(\.\/[^"]+)"/gm))
      await visit(join(dirname(file), m[1] as string));
  };
  await visit(entry);
  let total = 0;
  for (const file of seen) total += await bundleSize(file);
  return total;
}

/** Bytes of every file of the bundle's directory (entries, chunks and sibling programs). */
async function bundleDirBytes(entry: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(dirname(entry)))
    total += await bundleSize(join(dirname(entry), name));
  return total;
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

type StartTimes = { bare: number; action: number; plan: number; cli: number };

/** A runner-shaped environment for a `plan` step whose workspace holds no graph. */
function planEnv(dir: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    INPUT_COMMAND: 'plan',
    GITHUB_REPOSITORY: 'octo-org/octo-repo',
    GITHUB_EVENT_NAME: 'push',
    GITHUB_SHA: 'a'.repeat(40),
    GITHUB_REF: 'refs/heads/main',
    GITHUB_RUN_ID: '1',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_JOB: 'plan',
    GITHUB_WORKSPACE: dir,
    RUNNER_TEMP: dir,
    GITHUB_API_URL: 'http://127.0.0.1:9',
  };
}

/** Median wall times; the four commands alternate, after one warm-up run of each. */
async function coldStarts(): Promise<StartTimes> {
  // The runner's environment minus GITHUB_REPOSITORY: the action checks it first and fails
  // with an ::error:: and exit code 2 before it loads the engine.
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
  const dir = await mkdtemp(join(os.tmpdir(), 'dog-bench-plan-'));
  const commands: [keyof StartTimes, string[], number, NodeJS.ProcessEnv][] = [
    ['bare', ['-e', '0'], 0, env],
    ['action', [ACTION_ENTRY], 2, env],
    // A plan step that loads the engine and the plan command, then finds no graph (exit 2).
    ['plan', [ACTION_ENTRY], 2, planEnv(dir)],
    ['cli', [CLI_ENTRY, '--version'], 0, env],
  ];
  const samples: Record<keyof StartTimes, number[]> = { bare: [], action: [], plan: [], cli: [] };
  try {
    for (const [, args, code, e] of commands) await timeNode(args, e, code);
    for (let i = 0; i < START_RUNS; i += 1)
      for (const [name, args, code, e] of commands)
        samples[name].push(await timeNode(args, e, code));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return {
    bare: median(samples.bare),
    action: median(samples.action),
    plan: median(samples.plan),
    cli: median(samples.cli),
  };
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

// --- the section ---------------------------------------------------------------------------

export async function runActionBench(): Promise<{ rows: string[][]; notes: string[] }> {
  const [actionBytes, cliBytes, allBytes] = await Promise.all([
    staticBytes(ACTION_ENTRY),
    staticBytes(CLI_ENTRY),
    bundleDirBytes(ACTION_ENTRY),
  ]);
  process.stderr.write('bench: action cold start…\n');
  const starts = await coldStarts();
  process.stderr.write('bench: action services (Azurite, results service, REST API)…\n');
  const services = await Services.start();
  let verifySamples: number[];
  try {
    process.stderr.write(`bench: action matrix job (${VERIFY_RUNS + 1} plan + verify runs)…\n`);
    verifySamples = await matrixJob(services, 100);
  } finally {
    await services.stop();
  }
  const verify = median(verifySamples);
  const mb = (bytes: number): string => (bytes / 1e6).toFixed(2);
  const ratio = (ms: number): string => `${(ms / starts.bare).toFixed(1)}×`;
  const rows = [
    ['measure', 'value', 'compared with'],
    ['bundle dist/ (entries, chunks, programs)', `${allBytes} bytes (${mb(allBytes)} MB)`, ''],
    ['loaded first: dist/action.js', `${actionBytes} bytes (${mb(actionBytes)} MB)`, ''],
    ['loaded first: dist/cli.js', `${cliBytes} bytes (${mb(cliBytes)} MB)`, ''],
    ['start: `node -e 0`', `${formatMs(starts.bare)} ms`, '1.0×'],
    [
      'start: `node dist/action.js` (fails, exit 2)',
      `${formatMs(starts.action)} ms`,
      `${ratio(starts.action)} node -e 0`,
    ],
    [
      'start: a `plan` step up to its first use of the workspace (no graph, exit 2)',
      `${formatMs(starts.plan)} ms`,
      `${ratio(starts.plan)} node -e 0`,
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
  ];
  const notes = [
    `Every step is the bundled \`node dist/action.js\` (or the bundle DOG_ACTION_ENTRY names; DOG_CLI_ENTRY for the CLI) run as the runner does (runner-shaped environment, inputs as INPUT_* with action.yml defaults, a fresh workspace, RUNNER_TEMP and HOME per job; event \`push\`, \`trusted-source: workspace\`) against the end-to-end tests' local services: Azurite (in memory), the artifact / cache v2 results service and the REST API stand-in, all on 127.0.0.1. Times are wall time from spawn to exit of the step's process; writing the job's checkout is not timed. ${os.cpus().length} cores, Node ${process.version}.`,
    `Bundle size: all of \`dist/\` as built, and what each entry loads before its code runs: the entry and every chunk it imports statically (the Action's commands, the engine and the Copilot SDK are chunks imported when needed). MB = 10⁶ bytes.`,
    `Cold start: median of ${START_RUNS} alternating runs (after one warm-up run each) of \`node -e 0\`; \`node dist/action.js\` in an environment with only PATH (no GITHUB_REPOSITORY: it checks the inputs and the runner's environment first, prints an \`::error::\` and exits 2 before loading the engine); a \`plan\` step in a runner-shaped environment whose workspace holds no graph (it loads the toolkit, the engine and the plan command, then exits 2 naming the missing graph: what every plan step pays before its work); and \`node dist/cli.js --version\`. The ratio is over \`node -e 0\`.`,
    `Matrix job: each sample is its own run: \`plan\` (untimed) of a graph of one composite root and one \`file.non_empty\` leaf with \`programmatic-in-plan: false\`, so the leaf is the one matrix entry; then the timed \`verify\` step of that entry in a fresh job: download the plan and capture artifacts, verify the leaf, upload its record artifact. A fresh run per sample, as a matrix job of its own run. Median of ${VERIFY_RUNS} samples after one warm-up run; compared with the failing \`node dist/action.js\` start above, which is the cost of loading the bundle alone.`,
  ];
  return { rows, notes };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { rows, notes } = await runActionBench();
  process.stdout.write(`${markdownTable(rows)}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`);
}
