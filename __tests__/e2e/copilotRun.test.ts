// `dog run` with a copilot provider on the real Copilot runtime, against a scripted Copilot API
// on 127.0.0.1 that echoes the Authorization header it received (the token) into a tool call
// and into its verdict. The goal settles from the model's verdict, the report counts Copilot's
// credits, and neither the token nor any 12-character piece of it reaches the output, the
// reports or any file the run left in the workspace.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveCopilotRuntime } from '../../src/providers/copilot/index.js';
import {
  startFakeCopilotApi,
  type ChatRecord,
  type FakeCopilotApi,
  type FakeTurn,
} from '../support/fakeCopilotApi.js';
import { childrenRunning } from '../support/childProcesses.js';
import { leaks, leaksUnder } from '../support/leaks.js';
import { dog, workspace } from './harness.js';

const TOKEN = 'ghs_C0pil0tRunCanaryT0ken000000000000000';

function runtimeBinary(): string {
  return resolveCopilotRuntime({ kind: 'copilot' }, process.env);
}

function runtimeAvailable(): boolean {
  try {
    resolveCopilotRuntime({ kind: 'copilot' }, process.env);
    return true;
  } catch (error) {
    if (process.env.DOG_COPILOT_REQUIRED === '1') throw error;
    console.log(`SKIPPED dog run on the Copilot runtime: ${(error as Error).message}`);
    return false;
  }
}

const testWithRuntime = runtimeAvailable() ? test : test.skip;

/** Reads a "file" named after the Authorization header, then fails citing it. */
function echoingModel(request: ChatRecord, index: number): FakeTurn {
  const auth = request.headers.authorization ?? 'no header';
  if (index === 0) return { calls: [{ name: 'read_file', args: { path: auth } }] };
  if (index === 1) return { calls: [{ name: 'read_file', args: { path: 'README.md' } }] };
  return {
    calls: [
      {
        name: 'submit_verdict',
        args: { verdict: 'fail', evidence: { summary: `sent ${auth}`, tail: auth.slice(-16) } },
      },
    ],
    nanoAiu: 250_000_000,
  };
}

let api: FakeCopilotApi | undefined;
afterEach(async () => api?.close());

testWithRuntime(
  'a copilot goal settles from its verdict and the token stays out of every file',
  async () => {
    api = await startFakeCopilotApi(['gpt-fake'], echoingModel);
    const graph = {
      schemaVersion: '1',
      id: 'copilot',
      root: 'root',
      nodes: {
        root: {
          kind: 'composite',
          title: 'The readme greets',
          completion: { op: 'all', items: [{ op: 'ref', id: 'greets' }] },
        },
        greets: {
          kind: 'leaf',
          title: 'greets',
          target: 'README.md',
          verifier: { mode: 'agentic', instruction: 'The readme greets.' },
        },
      },
      contains: [{ parent: 'root', child: 'greets' }],
    };
    const config = {
      providers: { gh: { kind: 'copilot', apiUrl: api.url } },
      models: { default: { provider: 'gh', model: 'gpt-fake' } },
    };
    const ws = await workspace({ 'README.md': 'hello\n' }, graph, config);
    const env = { PATH: process.env.PATH, COPILOT_GITHUB_TOKEN: TOKEN };

    const result = await dog(
      ['run', '--json', '--report', 'report.json', '--html', 'report.html'],
      ws,
      undefined,
      env,
    );

    if (result.code !== 1) throw new Error(`exit ${result.code}: ${result.stderr}`);
    expect(api.chats[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const report = JSON.parse(result.stdout) as {
      nodes: Record<string, { state: string; evidence?: unknown }>;
      totals: { aiCredits?: number; premiumRequests?: number };
    };
    expect(report.nodes.greets?.state).toBe('failure');
    expect(JSON.stringify(report.nodes.greets?.evidence)).toContain('[REDACTED]');
    expect(report.totals.aiCredits).toBeCloseTo(0.25);
    expect(report.totals.premiumRequests).toBe(3);
    const found = [
      ...leaks('stdout', result.stdout, [TOKEN]),
      ...leaks('stderr', result.stderr, [TOKEN]),
      ...leaks('report.json', await readFile(join(ws, 'report.json'), 'utf8'), [TOKEN]),
      ...leaks('report.html', await readFile(join(ws, 'report.html'), 'utf8'), [TOKEN]),
      ...(await leaksUnder(ws, [TOKEN])),
    ];
    expect(found).toEqual([]);
  },
  90_000,
);

/** A graph of `count` copilot goals on README.md, all under one root. */
function copilotGraph(count: number): Record<string, unknown> {
  const ids = Array.from({ length: count }, (_, index) => `goal${index}`);
  const nodes: Record<string, unknown> = {
    root: {
      kind: 'composite',
      title: 'The readme',
      completion: { op: 'all', items: ids.map((id) => ({ op: 'ref', id })) },
    },
  };
  for (const id of ids)
    nodes[id] = {
      kind: 'leaf',
      title: id,
      target: 'README.md',
      verifier: { mode: 'agentic', instruction: `${id}: the readme greets.` },
    };
  return {
    schemaVersion: '1',
    id: 'copilot',
    root: 'root',
    nodes,
    contains: ids.map((child) => ({ parent: 'root', child })),
  };
}

testWithRuntime(
  'the goals of a run share one runtime process, and none is left when the run ends',
  async () => {
    const pids = new Set<number>();
    api = await startFakeCopilotApi(['gpt-fake'], (request) => {
      for (const pid of childrenRunning(runtimeBinary())) pids.add(pid);
      return JSON.stringify(request.body).includes('hello')
        ? {
            calls: [
              { name: 'submit_verdict', args: { verdict: 'pass', evidence: { summary: 'hello' } } },
            ],
          }
        : { calls: [{ name: 'read_file', args: { path: 'README.md' } }] };
    });
    const config = {
      providers: { gh: { kind: 'copilot', apiUrl: api.url } },
      models: { default: { provider: 'gh', model: 'gpt-fake' } },
    };
    const ws = await workspace({ 'README.md': 'hello\n' }, copilotGraph(4), config);

    const result = await dog(['run', '--json'], ws, undefined, {
      PATH: process.env.PATH,
      COPILOT_GITHUB_TOKEN: TOKEN,
    });

    if (result.code !== 0) throw new Error(`exit ${result.code}: ${result.stderr}`);
    expect(api.chats).toHaveLength(8);
    expect(pids.size).toBe(1);
    expect(childrenRunning(runtimeBinary())).toEqual([]);
  },
  90_000,
);

testWithRuntime(
  'a cancelled run stops its runtime: no process is left behind',
  async () => {
    const controller = new AbortController();
    api = await startFakeCopilotApi(['gpt-fake'], () => {
      setTimeout(() => controller.abort(), 50);
      return { calls: [{ name: 'read_file', args: { path: 'README.md' } }], delayMs: 30_000 };
    });
    const config = {
      providers: { gh: { kind: 'copilot', apiUrl: api.url } },
      models: { default: { provider: 'gh', model: 'gpt-fake' } },
    };
    const ws = await workspace({ 'README.md': 'hello\n' }, copilotGraph(2), config);

    const result = await dog(['run', '--json'], ws, controller.signal, {
      PATH: process.env.PATH,
      COPILOT_GITHUB_TOKEN: TOKEN,
    });

    expect(api.chats.length).toBeGreaterThan(0);
    const report = JSON.parse(result.stdout) as { nodes: Record<string, { state: string }> };
    expect(report.nodes.goal0?.state).not.toBe('success');
    expect(childrenRunning(runtimeBinary())).toEqual([]);
  },
  90_000,
);
