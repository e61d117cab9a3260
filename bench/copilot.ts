// Copilot verification overhead: the same scripted exchange (read_file turns, then
// submit_verdict) through the real Copilot runtime and through DoG's OpenAI client, both
// against the same local fake Copilot API, in the same run. The Copilot verifications of one
// measurement share one runtime process, as the verifications of a job do; its start (with the
// first verification) and its stop are measured apart, once per job. The fixed cost per
// verification is the difference at the shortest exchange less its turns; the per-turn
// overhead is the difference of the slopes between a short and a long exchange.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createCopilotAgent, resolveCopilotRuntime } from '../src/providers/copilot/index.js';
import { createModelClient } from '../src/providers/factory.js';
import { RunBudget } from '../src/verify/agentic/budget.js';
import { AgenticVerifier, type ResolvedModel } from '../src/verify/agentic/verifier.js';
import { startFakeCopilotApi, type FakeTurn } from '../__tests__/support/fakeCopilotApi.js';
import { median } from './median.js';

const RUNS = 15;
const SHORT = 2;
const LONG = 20;

export type CopilotBench = {
  /** The first verification of a job less a later one: starting the runtime process. */
  runtimeStartMs: number;
  /** Stopping the runtime at the end of the job. */
  runtimeStopMs: number;
  openaiShortMs: number;
  openaiLongMs: number;
  copilotShortMs: number;
  copilotLongMs: number;
  startOverheadMs: number;
  openaiPerTurnMs: number;
  copilotPerTurnMs: number;
  runs: number;
};

function script(turns: number): (request: unknown, index: number) => FakeTurn {
  return (_request, index) =>
    index % turns < turns - 1
      ? { calls: [{ name: 'read_file', args: { path: 'guide.md' } }] }
      : {
          calls: [
            { name: 'submit_verdict', args: { verdict: 'pass', evidence: { summary: 'ok' } } },
          ],
        };
}

async function timeOne(resolved: ResolvedModel, capturePath: string): Promise<number> {
  const verifier = new AgenticVerifier({
    resolve: () => resolved,
    runBudget: new RunBudget({}),
    budget: {},
  });
  const started = performance.now();
  const outcome = await verifier.verify({
    goalId: 'bench',
    runId: 'bench',
    captureDigest: `sha256:${'0'.repeat(64)}`,
    capturePath,
    captureKind: 'directory',
    verifier: { mode: 'agentic', instruction: 'The guide says how to install.' },
    timeoutMs: 60_000,
    maxEvidenceBytes: 65536,
    signal: new AbortController().signal,
  });
  if (outcome.verdict !== 'pass')
    throw new Error(`bench exchange did not pass: ${outcome.error?.message}`);
  return performance.now() - started;
}

type Measured = { medianMs: number; firstMs: number; stopMs: number };

async function medianOf(turns: number, kind: 'openai' | 'copilot', dir: string): Promise<Measured> {
  const api = await startFakeCopilotApi(['bench-model'], script(turns));
  const agent =
    kind === 'copilot'
      ? createCopilotAgent(
          { kind: 'copilot', apiUrl: api.url },
          {
            env: { COPILOT_GITHUB_TOKEN: 'ghs_benchmarkTokenNotReal000000000000' },
            vision: false,
            scratchRoot: dir,
          },
        )
      : undefined;
  try {
    const client =
      agent ?? createModelClient({ kind: 'openai', baseUrl: api.url }, { env: {}, vision: false });
    const resolved: ResolvedModel = { client, model: 'bench-model' };
    const samples: number[] = [];
    const firstMs = await timeOne(resolved, path.join(dir, 'capture'));
    for (let run = 0; run < RUNS; run += 1)
      samples.push(await timeOne(resolved, path.join(dir, 'capture')));
    const stopping = performance.now();
    await agent?.close();
    return { medianMs: median(samples), firstMs, stopMs: performance.now() - stopping };
  } finally {
    await agent?.close();
    await api.close();
  }
}

/** Undefined when no Copilot runtime is installed here. */
export async function benchCopilot(): Promise<CopilotBench | undefined> {
  try {
    resolveCopilotRuntime({ kind: 'copilot' }, process.env);
  } catch {
    return undefined;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dog-bench-copilot-'));
  try {
    await mkdir(path.join(dir, 'capture'));
    await writeFile(
      path.join(dir, 'capture', 'guide.md'),
      '# Guide\n\nInstall with npm install app.\n',
    );
    const openaiShortMs = (await medianOf(SHORT, 'openai', dir)).medianMs;
    const openaiLongMs = (await medianOf(LONG, 'openai', dir)).medianMs;
    const short = await medianOf(SHORT, 'copilot', dir);
    const copilotShortMs = short.medianMs;
    const copilotLongMs = (await medianOf(LONG, 'copilot', dir)).medianMs;
    const openaiPerTurnMs = (openaiLongMs - openaiShortMs) / (LONG - SHORT);
    const copilotPerTurnMs = (copilotLongMs - copilotShortMs) / (LONG - SHORT);
    return {
      runtimeStartMs: short.firstMs - short.medianMs,
      runtimeStopMs: short.stopMs,
      openaiShortMs,
      openaiLongMs,
      copilotShortMs,
      copilotLongMs,
      startOverheadMs:
        copilotShortMs - SHORT * copilotPerTurnMs - (openaiShortMs - SHORT * openaiPerTurnMs),
      openaiPerTurnMs,
      copilotPerTurnMs,
      runs: RUNS,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The numbers as a printed section (run.ts adds it to docs/benchmarks.md). */
export function copilotSection(result: CopilotBench | undefined): {
  rows: string[][];
  notes: string[];
} {
  if (!result) return { rows: [['Copilot runtime'], ['not installed here: skipped']], notes: [] };
  const ms = (value: number): string => value.toFixed(1);
  const ratio = (a: number, b: number): string => `${(a / b).toFixed(1)}×`;
  return {
    rows: [
      ['exchange', 'OpenAI provider, ms', 'Copilot runtime, ms', 'ratio'],
      [
        `${SHORT} turns`,
        ms(result.openaiShortMs),
        ms(result.copilotShortMs),
        ratio(result.copilotShortMs, result.openaiShortMs),
      ],
      [
        `${LONG} turns`,
        ms(result.openaiLongMs),
        ms(result.copilotLongMs),
        ratio(result.copilotLongMs, result.openaiLongMs),
      ],
      [
        'per turn',
        ms(result.openaiPerTurnMs),
        ms(result.copilotPerTurnMs),
        ratio(result.copilotPerTurnMs, result.openaiPerTurnMs),
      ],
    ],
    notes: [
      `Median of ${result.runs} verifications after a first one; the Copilot verifications of each row are sessions on one runtime process, as a job's are (each session with its own directories, removed after it); both against the same local fake Copilot API, same scripted turns (read_file, then submit_verdict), measured in the same run.`,
      `Fixed cost per Copilot verification (per vote) beyond what the OpenAI provider needs: ${ms(result.startOverheadMs)} ms (session set-up and teardown on the running process).`,
      `Once per job: starting the runtime process, ${ms(result.runtimeStartMs)} ms (the first verification less a later one), and stopping it, ${ms(result.runtimeStopMs)} ms.`,
    ],
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { rows, notes } = copilotSection(await benchCopilot());
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  const [head, ...body] = rows;
  process.stdout.write(
    [
      line(head ?? []),
      line((head ?? []).map(() => '---')),
      ...body.map(line),
      '',
      ...notes.map((note) => `- ${note}`),
      '',
    ].join('\n'),
  );
}
