// The distributed run at GitHub's scale: plan, verify jobs and aggregate of 1,000 and 10,000
// programmatic goals against the emulated services (GitHub's cache upload limit on), cold and
// fully inherited, with the cache and artifact calls of every run from the stand-ins' logs.
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import {
  expectOutput,
  Services,
  sumCalls,
  type Files,
  type StepCalls,
  type TimedStep,
} from './emulatedGitHub.js';
import { markdownTable } from './markdown.js';

/** DOG_BENCH_SIZES=1000,10000 (default). */
const SIZES = (process.env.DOG_BENCH_SIZES ?? '1000,10000').split(',').map(Number);
/** Matrix jobs per wave of the matrix run: enough to show the fan-out, few enough to run here. */
const MATRIX_JOBS = 8;
/**
 * From this size on, the goals are verified without the sandbox (\`isolation: none\`) and the
 * matrix run is left out: one sandboxed process per goal makes a cold run of 10,000 goals take
 * longer than the whole benchmark may.
 */
const UNSANDBOXED_FROM = 5000;

/** One composite root over `leaves` `file.non_empty` goals, each on a file of its own. */
export function wideWorkspace(leaves: number, salt = '', config = ''): Files {
  const ids = Array.from({ length: leaves }, (_, i) => `f${String(i).padStart(5, '0')}`);
  const nodes = ids
    .map(
      (id) =>
        `  ${id}:\n    kind: leaf\n    title: ${id} is not empty\n    target: files/${id}.txt\n    verifier: {mode: programmatic, script: file.non_empty}\n`,
    )
    .join('');
  const items = ids.map((id) => `{op: ref, id: ${id}}`).join(', ');
  const contains = ids.map((id) => `  - {parent: root, child: ${id}}\n`).join('');
  const limit = 2 * leaves;
  const files: Files = {
    '.dog/graph.yaml': `schemaVersion: "1"\nid: bench-wide-${leaves}\nroot: root\nnodes:\n  root:\n    kind: composite\n    title: No file is empty\n    completion: {op: all, items: [${items}]}\n${nodes}contains:\n${contains}`,
    '.dog/config.yaml': `limits: {maxNodes: ${limit}, maxExpressionNodes: ${limit}}\n${config}`,
  };
  for (const id of ids) files[`files/${id}.txt`] = `${id}: some content${salt}\n`;
  return files;
}

export type PhaseRun = {
  plan: TimedStep;
  verify: TimedStep[];
  aggregate: TimedStep;
};

type Expect = { verified: number; inherited: number };

async function distributedRun(
  services: Services,
  runId: number,
  files: Files,
  planInputs: Record<string, string>,
  expect: Expect,
): Promise<PhaseRun> {
  const plan = await services.step({
    runId,
    job: 'plan',
    files,
    inputs: { command: 'plan', ...planInputs },
  });
  const matrix = JSON.parse(plan.result.outputs.matrix ?? '{}') as Record<
    string,
    { include: object[] } | undefined
  >;
  const verify: TimedStep[] = [];
  for (let wave = 1; wave <= Number(plan.result.outputs.waves ?? 0); wave += 1)
    for (const entry of matrix[`w${wave}`]?.include ?? [])
      verify.push(
        await services.step({
          runId,
          job: `verify-${wave}`,
          files,
          inputs: { command: 'verify', 'matrix-entry': JSON.stringify(entry) },
        }),
      );
  const aggregate = await services.step({
    runId,
    job: 'aggregate',
    files,
    inputs: { command: 'aggregate' },
  });
  const outputs = {
    'root-state': 'success',
    verified: String(expect.verified),
    inherited: String(expect.inherited),
  };
  for (const [name, value] of Object.entries(outputs))
    expectOutput(aggregate, name, value, `aggregate of run ${runId}`);
  return { plan, verify, aggregate };
}

export type SizeResult = {
  goals: number;
  cold: PhaseRun;
  inherited: PhaseRun;
  matrix?: PhaseRun;
  sandboxed: boolean;
};

async function benchSize(services: Services, goals: number, firstRunId: number) {
  const large = goals >= UNSANDBOXED_FROM;
  const files = wideWorkspace(goals, '', large ? 'isolation: none\n' : '');
  const inPlan = { 'programmatic-in-plan': 'true' };
  const n = goals.toLocaleString('en-US');
  process.stderr.write(`bench: distributed run, ${n} goals, cold (verified in plan)…\n`);
  const cold = await distributedRun(services, firstRunId, files, inPlan, {
    verified: goals,
    inherited: 0,
  });
  process.stderr.write(`bench: distributed run, ${n} goals, fully inherited…\n`);
  const inherited = await distributedRun(services, firstRunId + 1, files, inPlan, {
    verified: 0,
    inherited: goals,
  });
  if (large) return { goals, cold, inherited, sandboxed: false };
  process.stderr.write(
    `bench: distributed run, ${n} goals, cold over ${MATRIX_JOBS} matrix jobs…\n`,
  );
  const matrix = await distributedRun(
    services,
    firstRunId + 2,
    wideWorkspace(goals, ' changed'),
    { 'programmatic-in-plan': 'false', 'max-jobs': String(MATRIX_JOBS) },
    { verified: goals, inherited: 0 },
  );
  return { goals, cold, inherited, matrix, sandboxed: true };
}

const seconds = (ms: number): string => (ms / 1000).toFixed(2);
const maxMs = (steps: readonly TimedStep[]): number => Math.max(0, ...steps.map((s) => s.ms));

function callsText(calls: StepCalls): string {
  const refused = calls.cacheRefused > 0 ? `, ${calls.cacheRefused} refused` : '';
  return `${calls.cacheLookups} / ${calls.cacheUploads}${refused} · ${calls.artifactUploads} / ${calls.artifactDownloads}`;
}

function rowsOf(result: SizeResult): string[][] {
  const n = result.goals.toLocaleString('en-US');
  const row = (what: string, run: PhaseRun): string[] => [
    `${n} goals, ${what}`,
    seconds(run.plan.ms),
    run.verify.length === 0
      ? '—'
      : `${run.verify.length} jobs, ${seconds(maxMs(run.verify))} slowest`,
    seconds(run.aggregate.ms),
    seconds(run.plan.ms + run.aggregate.ms),
    callsText(run.plan.calls),
    run.verify.length === 0 ? '—' : callsText(sumCalls(run.verify)),
    callsText(run.aggregate.calls),
  ];
  const how = result.sandboxed ? '' : ' (isolation: none)';
  return [
    row(`cold, verified in the plan job${how}`, result.cold),
    row(`fully inherited${how}`, result.inherited),
    ...(result.matrix ? [row(`cold, ${MATRIX_JOBS} matrix jobs`, result.matrix)] : []),
  ];
}

export type Aim = { aim: string; measured: string; met: boolean };

function aimsOf(results: readonly SizeResult[]): Aim[] {
  const aims: Aim[] = [];
  const at = (goals: number) => results.find((r) => r.goals === goals);
  const one = at(1000);
  const ten = at(10000);
  if (one) {
    aims.push({
      aim: '1,000 goals fully inherited: plan ≤ 3 s',
      measured: `${seconds(one.inherited.plan.ms)} s`,
      met: one.inherited.plan.ms <= 3000,
    });
    const total = one.cold.plan.ms + one.cold.aggregate.ms;
    aims.push({
      aim: '1,000 goals cold: plan + aggregate ≤ 15 s',
      measured: `${seconds(total)} s`,
      met: total <= 15000,
    });
  }
  if (ten)
    aims.push({
      aim: '10,000 goals fully inherited: plan ≤ 15 s',
      measured: `${seconds(ten.inherited.plan.ms)} s`,
      met: ten.inherited.plan.ms <= 15000,
    });
  const runs = results.flatMap((r) => [r.cold, r.inherited, ...(r.matrix ? [r.matrix] : [])]);
  const uploads = Math.max(
    ...runs.map((run) => sumCalls([run.plan, ...run.verify, run.aggregate]).cacheUploads),
  );
  aims.push({
    aim: 'cache uploads per run ≤ 2, at any size',
    measured: `at most ${uploads}`,
    met: uploads <= 2,
  });
  const lookups = runs.map((run) => run.plan.calls.cacheLookups);
  const steady = results.map((r) => r.inherited.plan.calls.cacheLookups);
  aims.push({
    aim: 'cache look-ups per plan ≤ 3, at any size',
    measured: `${Math.max(...steady)} once the graph has a pack; ${Math.max(...lookups)} on a graph's first run (no pack yet: the old per-record layout is asked up to 16 times)`,
    met: Math.max(...lookups) <= 3,
  });
  return aims;
}

export async function runDistributedBench(): Promise<{
  rows: string[][];
  notes: string[];
  aims: Aim[];
}> {
  const services = await Services.start();
  const results: SizeResult[] = [];
  try {
    let runId = 1000;
    for (const goals of SIZES) {
      results.push(await benchSize(services, goals, runId));
      runId += 10;
    }
  } finally {
    await services.stop();
  }
  const rows = [
    [
      'run',
      'plan s',
      'verify jobs',
      'aggregate s',
      'plan + aggregate s',
      'plan calls',
      'verify calls (all jobs)',
      'aggregate calls',
    ],
    ...results.flatMap(rowsOf),
  ];
  const aims = aimsOf(results);
  const notes = [
    `Every step is the bundled action run as the runner does (a fresh job per step: workspace, RUNNER_TEMP, HOME, runtime token with a backend id of its own; event \`push\`, \`trusted-source: workspace\`) against the emulated services on 127.0.0.1, GitHub's cache upload limit on (200 new entries per minute per repository). Wall time from spawn to exit of each step; writing the checkout is not timed. One sample per cell (single runs, not medians). ${os.cpus().length} cores, Node ${process.version}.`,
    `Workspace: one composite root over N \`file.non_empty\` leaves, one small file each; \`.dog/config.yaml\` raises \`limits\` to \`{maxNodes: 2N, maxExpressionNodes: 2N}\` (the root's completion has N + 1 expression nodes). Verifications run in the default sandbox (one bubblewrap-isolated process per goal) up to 1,000 goals; at 10,000 goals with \`isolation: none\` (one plain process per goal), because the sandboxed cold run alone would take longer than the whole benchmark may, and the matrix run is left out there for the same reason.`,
    `Runs per size, one after the other on one set of services: (1) cold: \`plan\` with \`programmatic-in-plan: true\` verifies every goal in the plan job, then \`aggregate\` settles, reports and saves the record pack; (2) the same commit as a new run: everything inherited from the pack; (3) every file changed, \`programmatic-in-plan: false\`, \`max-jobs: ${MATRIX_JOBS}\`: the plan dispatches ${MATRIX_JOBS} matrix jobs, each verify job downloads its capture bundle and uploads its records; the jobs run one after the other here (on GitHub they run in parallel, so the slowest job is the wall time of the wave). Each run is checked to settle \`success\` with N verified (cold) or N inherited.`,
    `Where the time goes: a cold run pays one verification process per goal (a \`node\` start of the built-in script, in the sandbox up to 1,000 goals; see the sandbox section for the chain's own cost), run at the host's concurrency on ${os.cpus().length} cores. Capture, identities, selection, the plan document and the one pack upload are in the fully inherited rows, bundle start included.`,
    `Calls columns: cache look-ups / cache uploads (accepted reservations; refused ones are named) · artifact uploads / artifact downloads, counted from the stand-ins' call logs for that step (verify: all jobs together).`,
  ];
  return { rows, notes, aims };
}

export function aimsTable(aims: readonly Aim[]): string[][] {
  return [
    ['aim', 'measured', 'met'],
    ...aims.map((a) => [a.aim, a.measured, a.met ? 'met' : 'NOT met']),
  ];
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { rows, notes, aims } = await runDistributedBench();
  process.stdout.write(
    `${markdownTable(rows)}\n\n${markdownTable(aimsTable(aims))}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`,
  );
}
