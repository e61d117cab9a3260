// The distributed run as one engine session (plan → verify each job → aggregate) over an
// in-memory exchange, each phase with a store of its own (another machine), against the
// whole local run on the same workspace: the same states, verdicts and inheritance.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunReport } from '../../../src/core/report/model.js';
import { hostContext } from '../../../src/engine/host/context.js';
import { hostEngineDeps } from '../../../src/engine/host/deps.js';
import { loadGraph } from '../../../src/engine/loadGraph.js';
import { silentProgress, type RunOptions } from '../../../src/engine/ports.js';
import { runGraph } from '../../../src/engine/run.js';
import { aggregateSession } from '../../../src/engine/session/aggregate.js';
import { planSession, type DispatchChoice } from '../../../src/engine/session/plan.js';
import type { PhaseHost } from '../../../src/engine/session/phaseHost.js';
import type { TrustedFiles } from '../../../src/engine/session/planDocument.js';
import { verifyShard } from '../../../src/engine/session/verifyShard.js';
import { LocalStore } from '../../../src/storage/localStore.js';
import { MemoryExchange } from '../../../src/storage/exchange/memoryExchange.js';
import { put, workspace } from '../../e2e/harness.js';

const UNSURE = `#!/bin/sh\necho '{"verdict":"inconclusive","evidence":{"why":"cannot tell"}}'\n`;
const leaf = (target: string, script = 'file.non_empty') => ({
  kind: 'leaf',
  title: `Check ${target}`,
  target,
  verifier: { mode: 'programmatic', script },
});
const refs = (...ids: string[]) => ({ op: 'all', items: ids.map((id) => ({ op: 'ref', id })) });

/** Dependencies over two levels, a composite assert, a failing and an inconclusive leaf. */
const GRAPH = {
  schemaVersion: '1',
  id: 'session',
  root: 'root',
  nodes: {
    root: { kind: 'composite', title: 'All', completion: refs('a', 'b', 'mid', 'f', 'u', 'g') },
    a: leaf('a.txt'),
    b: leaf('b.txt'),
    mid: {
      kind: 'composite',
      title: 'Mid',
      completion: refs('x', 'y'),
      assert: { target: 'x.txt', verifier: { mode: 'programmatic', script: 'file.exists' } },
    },
    x: leaf('x.txt'),
    y: leaf('y.txt'),
    f: leaf('empty.txt'),
    u: leaf('a.txt', 'unsure'),
    g: leaf('b.txt'),
  },
  contains: ['a', 'b', 'mid', 'f', 'u', 'g']
    .map((child) => ({ parent: 'root', child }))
    .concat([
      { parent: 'mid', child: 'x' },
      { parent: 'mid', child: 'y' },
    ]),
  dependsOn: [
    { source: 'b', target: 'a' },
    { source: 'mid', target: 'b' },
    { source: 'g', target: 'f' },
  ],
};

async function fixture(): Promise<string> {
  const ws = await workspace(
    { 'a.txt': 'a', 'b.txt': 'b', 'x.txt': 'x', 'y.txt': 'y', 'empty.txt': '' },
    GRAPH,
    { isolation: 'none' },
  );
  await put(ws, '.dog/scripts/unsure', UNSURE, 0o755);
  return ws;
}

const trusted: TrustedFiles = {
  source: 'test',
  graphPath: '.dog/graph.yaml',
  graph: '',
  configPath: '.dog/config.yaml',
  config: null,
  scripts: [],
};

function runOptions(runId: string): RunOptions {
  return {
    runId,
    concurrency: 2,
    fresh: false,
    allowPartialRoot: false,
    revalidateThreshold: 0,
    timeouts: { programmaticSeconds: 30, agenticSeconds: 30 },
    maxEvidenceBytes: 65536,
    trigger: { event: 'test' },
    signal: new AbortController().signal,
  };
}

/** A phase on "its own machine": a store of its own under `storeDir`. */
async function phaseHost(ws: string, storeDir: string, runId: string): Promise<PhaseHost> {
  const context = await hostContext({
    workspace: ws,
    configPath: join(ws, '.dog/config.yaml'),
    configRequired: true,
    env: { PATH: process.env.PATH },
  });
  const graph = await loadGraph(join(ws, '.dog/graph.yaml'), {
    maxBytes: 1 << 20,
    limits: context.limits,
    host: context.host,
  });
  const store = await LocalStore.open(storeDir);
  const deps = await hostEngineDeps(context, { store, root: storeDir }, silentProgress, {
    PATH: process.env.PATH,
  });
  return { graph, deps, options: runOptions(runId) };
}

type Shape = Record<string, { state: string; verdict?: string; inherited: boolean }>;
function shape(report: RunReport): Shape {
  return Object.fromEntries(
    Object.entries(report.nodes).map(([id, node]) => [
      id,
      {
        state: node.state,
        ...(node.verdict ? { verdict: node.verdict } : {}),
        inherited: node.inherited,
      },
    ]),
  );
}

async function distributedRun(
  ws: string,
  planStore: string,
  runId: string,
  dispatch: DispatchChoice,
): Promise<{ report: RunReport; exchange: MemoryExchange; jobs: string[] }> {
  const exchange = new MemoryExchange();
  const host = await phaseHost(ws, planStore, runId);
  const planned = await planSession({ ...host, exchange, trusted, dispatch });
  const root = await mkdtemp(join(tmpdir(), 'dog-session-'));
  for (const job of planned.summary.jobs)
    await verifyShard(exchange, job.job, () => phaseHost(ws, join(root, job.job), runId));
  const aggregated = await aggregateSession(exchange, () => phaseHost(ws, planStore, runId));
  return { report: aggregated.report, exchange, jobs: planned.summary.jobs.map((j) => j.job) };
}

describe('the distributed session', () => {
  test('reproduces the local run: same states, verdicts and inheritance, cold and warm', async () => {
    const ws = await fixture();
    const scratch = await mkdtemp(join(tmpdir(), 'dog-session-stores-'));
    const local = await phaseHost(ws, join(scratch, 'local'), 'local-1');
    const whole = await runGraph(local.graph, local.deps, local.options);
    const dispatch = { programmaticInPlan: false, jobsPerWave: 2 };
    const split = await distributedRun(ws, join(scratch, 'split'), 'split-1', dispatch);
    expect(split.jobs.length).toBeGreaterThan(2);
    expect(shape(split.report)).toEqual(shape(whole));
    expect(split.report.rootState).toBe(whole.rootState);
    expect(shape(whole)).toMatchObject({
      b: { state: 'success' },
      mid: { state: 'success' },
      f: { state: 'failure', verdict: 'fail' },
      u: { state: 'needs_human', verdict: 'inconclusive' },
      g: { state: 'blocked' },
    });

    const local2 = await phaseHost(ws, join(scratch, 'local'), 'local-2');
    const wholeAgain = await runGraph(local2.graph, local2.deps, local2.options);
    const splitAgain = await distributedRun(ws, join(scratch, 'split'), 'split-2', {
      programmaticInPlan: true,
    });
    expect(shape(splitAgain.report)).toEqual(shape(wholeAgain));
    expect(splitAgain.report.nodes.a?.inherited).toBe(true);
    expect(splitAgain.report.nodes.u?.inherited).toBe(false);
  });
});
