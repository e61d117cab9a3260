// Copilot verification overhead: the same scripted exchange (read_file turns, then
// submit_verdict) through the real Copilot runtime and through DoG's OpenAI client, both
// against the same local fake Copilot API. Start-up overhead is the difference at the shortest
// exchange; per-turn overhead is the difference of the slopes between a short and a long one.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
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

async function medianOf(turns: number, kind: 'openai' | 'copilot', dir: string): Promise<number> {
  const api = await startFakeCopilotApi(['bench-model'], script(turns));
  try {
    const client =
      kind === 'openai'
        ? createModelClient({ kind: 'openai', baseUrl: api.url }, { env: {}, vision: false })
        : createCopilotAgent(
            { kind: 'copilot', apiUrl: api.url },
            {
              env: { COPILOT_GITHUB_TOKEN: 'ghs_benchmarkTokenNotReal000000000000' },
              vision: false,
              scratchRoot: dir,
            },
          );
    const resolved: ResolvedModel = { client, model: 'bench-model' };
    const samples: number[] = [];
    await timeOne(resolved, path.join(dir, 'capture'));
    for (let run = 0; run < RUNS; run += 1)
      samples.push(await timeOne(resolved, path.join(dir, 'capture')));
    return median(samples);
  } finally {
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
    const openaiShortMs = await medianOf(SHORT, 'openai', dir);
    const openaiLongMs = await medianOf(LONG, 'openai', dir);
    const copilotShortMs = await medianOf(SHORT, 'copilot', dir);
    const copilotLongMs = await medianOf(LONG, 'copilot', dir);
    const openaiPerTurnMs = (openaiLongMs - openaiShortMs) / (LONG - SHORT);
    const copilotPerTurnMs = (copilotLongMs - copilotShortMs) / (LONG - SHORT);
    return {
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
      `Median of ${result.runs} verifications after one warm-up, each a fresh runtime process for Copilot (fresh temporary homes, removed afterwards); both against the same local fake Copilot API, same scripted turns (read_file, then submit_verdict).`,
      `Runtime start and session set-up, beyond what the OpenAI provider needs: ${ms(result.startOverheadMs)} ms per verification (per vote).`,
    ],
  };
}
