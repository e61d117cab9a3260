// The GitHub Action: bundle sizes, cold start of the bundled entries, the overhead of one
// matrix job — each step the bundled dist/action.js run as
// the runner does, against the end-to-end tests' local stand-ins of GitHub's artifact, cache
// and REST services (Azurite, the results service, the REST API).
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
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
  const [actionBytes, cliBytes] = await Promise.all([
    bundleSize(ACTION_ENTRY),
    bundleSize(CLI_ENTRY),
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
  ];
  const notes = [
    `Every step is the bundled \`node dist/action.js\` (or the bundle DOG_ACTION_ENTRY names; DOG_CLI_ENTRY for the CLI) run as the runner does (runner-shaped environment, inputs as INPUT_* with action.yml defaults, a fresh workspace, RUNNER_TEMP and HOME per job; event \`push\`, \`trusted-source: workspace\`) against the end-to-end tests' local services: Azurite (in memory), the artifact / cache v2 results service and the REST API stand-in, all on 127.0.0.1. Times are wall time from spawn to exit of the step's process; writing the job's checkout is not timed. ${os.cpus().length} cores, Node ${process.version}.`,
    `Bundle size: the byte size of \`dist/action.js\` and \`dist/cli.js\` as built (MB = 10⁶ bytes).`,
    `Cold start: median of ${START_RUNS} alternating runs (after one warm-up run each) of \`node -e 0\`, \`node dist/action.js\` in an environment with only PATH (no GITHUB_REPOSITORY: it loads the whole bundle, prints an \`::error::\` and exits 2 before any work) and \`node dist/cli.js --version\`; the ratio is over \`node -e 0\`.`,
    `Matrix job: each sample is its own run: \`plan\` (untimed) of a graph of one composite root and one \`file.non_empty\` leaf with \`programmatic-in-plan: false\`, so the leaf is the one matrix entry; then the timed \`verify\` step of that entry in a fresh job: download the plan and capture artifacts, verify the leaf, upload its record artifact. A fresh run per sample, as a matrix job of its own run. Median of ${VERIFY_RUNS} samples after one warm-up run; compared with the failing \`node dist/action.js\` start above, which is the cost of loading the bundle alone.`,
  ];
  return { rows, notes };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { rows, notes } = await runActionBench();
  process.stdout.write(`${markdownTable(rows)}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`);
}
