// A matrix job's share of the run budget is a hard cap in its process: model calls are admitted
// against the share exactly as against budget.run, through the host's wiring and the engine,
// with the model a real OpenAI-compatible server on localhost (and an exec agent's gateway).
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureAll } from '../../src/capture/capture.js';
import { materializeCapture } from '../../src/capture/materialize.js';
import { defaultConfig, type HostConfig } from '../../src/config/hostConfig.js';
import { compileGraph, DEFAULT_COMPILE_LIMITS } from '../../src/core/graph/compile.js';
import type { WorkItem } from '../../src/core/graph/model.js';
import { noRedaction } from '../../src/core/redact.js';
import { AgenticWiring } from '../../src/engine/host/agentic.js';
import { configuredBudget } from '../../src/engine/host/budget.js';
import { silentProgress, type EngineDeps, type RunOptions } from '../../src/engine/ports.js';
import { runGraph } from '../../src/engine/run.js';
import { renderJobSummary } from '../../src/reporting/github/summary.js';
import { formatSummary } from '../../src/reporting/terminalSummary.js';
import { NoIsolationSandbox } from '../../src/sandbox/none.js';
import { validateAgainst } from '../../src/schemas/validate.js';
import { LocalStore } from '../../src/storage/localStore.js';
import { RunBudget } from '../../src/verify/agentic/budget.js';
import {
  startFakeModelServer,
  toolCallReply,
  type FakeModelServer,
  type FakeRequest,
} from '../support/fakeModelServer.js';
import { removeTempDirs, tempDir } from './support.js';

afterAll(removeTempDirs);

const QUOTE = 'Install with npm install app.';

/** Reads the page, then submits a pass quoting it: two calls of 10 + 5 tokens per vote. */
function honestModel(request: FakeRequest) {
  const body = request.body as { messages?: { role: string }[] };
  const hasRead = (body.messages ?? []).some((message) => message.role === 'tool');
  return hasRead
    ? toolCallReply('openai', [
        { id: 's', name: 'submit_verdict', args: { verdict: 'pass', evidence: { quote: QUOTE } } },
      ])
    : toolCallReply('openai', [{ id: 'r', name: 'read_file', args: { path: 'page.md' } }]);
}

/** budget.run allows 1,000 tokens, one vote 30 (its worst case): the share is what limits. */
function hostConfig(server: FakeModelServer): HostConfig {
  return {
    ...defaultConfig(),
    budget: { run: { tokens: 1000 }, verification: { tokens: 30 } },
    providers: { local: { ...server.provider('openai') } },
    models: { default: { provider: 'local', model: 'fake-model' } },
  };
}

describe('RunBudget.within: a job share', () => {
  test('caps the process at the share, charging the configured budget too', () => {
    const run = new RunBudget({ tokens: 1000 });
    const share = { tokens: 30 };
    const capped = run.within(share);
    expect(run.within(share)).toBe(capped);
    expect(run.within(undefined)).toBe(run);
    capped.charge({ inputTokens: 20, outputTokens: 10, costUsd: 0.5 });
    expect(capped.exhausted()).toBe(
      "the run's token budget (this job's share of budget.run.tokens: 30) is spent (30 used)",
    );
    expect(run.spent()).toMatchObject({ tokens: 30, costUsd: 0.5 });
    expect(run.exhausted()).toBeUndefined();
    expect(capped.tokensLeft()).toBe(0);
  });

  test('never loosens the configured budget: a share over it is still bounded by it', () => {
    const run = new RunBudget({ costUsd: 1 });
    const capped = run.within({ costUsd: 10 });
    capped.charge({ inputTokens: 0, outputTokens: 0, costUsd: 1.5 });
    expect(capped.overrun()).toMatch(/budget\.run\.costUsd: 1\) was exceeded/);
  });
});

describe('a job share over HTTP', () => {
  let server: FakeModelServer;
  let root: string;
  beforeAll(async () => {
    server = await startFakeModelServer(honestModel);
    root = await tempDir();
    await writeFile(join(root, 'page.md'), `# Page\n\n${QUOTE}\n`);
  });
  afterAll(() => server.close());

  const item = (id: string): WorkItem => ({
    key: id,
    goalId: id,
    role: 'leaf',
    target: 'page.md',
    verifier: { mode: 'agentic', instruction: 'The page says how to install.' },
    reuse: 'auto',
  });

  async function verifyFour(share: { tokens: number } | undefined) {
    const wiring = new AgenticWiring({
      config: hostConfig(server),
      env: {},
      sandbox: new NoIsolationSandbox(),
      scratchRoot: await tempDir(),
    });
    const before = server.requests.length;
    const outcomes = [];
    for (const id of ['a', 'b', 'c', 'd']) {
      outcomes.push(
        await wiring.verifierFor(item(id)).verify({
          goalId: id,
          runId: 'run-1',
          captureDigest: `sha256:${'a'.repeat(64)}`,
          capturePath: join(root, 'page.md'),
          captureKind: 'file',
          verifier: item(id).verifier,
          timeoutMs: 30_000,
          maxEvidenceBytes: 65536,
          signal: new AbortController().signal,
          ...(share ? { runBudget: share } : {}),
        }),
      );
    }
    return { outcomes, calls: server.requests.length - before };
  }

  test('without a share every verification runs under budget.run', async () => {
    const { outcomes, calls } = await verifyFour(undefined);
    expect(outcomes.map((o) => o.verdict)).toEqual(['pass', 'pass', 'pass', 'pass']);
    expect(calls).toBe(8);
  });

  test('a share of one worst case: the model is called for one verification, the rest not started', async () => {
    const { outcomes, calls } = await verifyFour({ tokens: 30 });
    expect(calls).toBe(2);
    expect(outcomes[0]?.verdict).toBe('pass');
    expect(outcomes[0]?.usage.tokens).toBe(30);
    for (const outcome of outcomes.slice(1)) {
      expect(outcome.verdict).toBe('inconclusive');
      expect(outcome.error?.category).toBe('budget_exhausted');
      expect(outcome.error?.message).toBe(
        "not started: the run's token budget (this job's share of budget.run.tokens: 30) is spent (30 used)",
      );
      expect(outcome.usage.tokens).toBe(0);
    }
  });

  test('through the engine: RunOptions.runBudget caps the verifications of the run', async () => {
    const { graph, deps } = await engineSetup(server, ['a', 'b', 'c', 'd']);
    const before = server.requests.length;
    const report = await runGraph(graph, deps, runOptions({ tokens: 30 }));
    expect(server.requests.length - before).toBe(2);
    const states = Object.entries(report.nodes).filter(([id]) => id !== 'root');
    expect(states.map(([, node]) => node.state).sort()).toEqual([
      'needs_human',
      'needs_human',
      'needs_human',
      'success',
    ]);
    const refused = states.filter(([, node]) => node.error?.category === 'budget_exhausted');
    expect(refused).toHaveLength(3);
    expect(report.totals.tokens).toBe(30);
    // The report states the spend against budget.run and what never started; it stays valid.
    expect(report.totals.runBudget).toEqual({ tokens: 1000, notStarted: 3 });
    expect(validateAgainst('report', report).ok).toBe(true);
    expect(formatSummary(report)).toContain(
      'spent 30 of 1,000 tokens of the run budget; 3 verifications not started',
    );
    expect(renderJobSummary(report, graph)).toContain(
      'spent 30 of 1,000 tokens of the run budget; 3 verifications not started',
    );
  });
});

function runOptions(runBudget: RunOptions['runBudget']): RunOptions {
  return {
    runId: `run-${Math.random().toString(16).slice(2)}`,
    concurrency: 1,
    fresh: true,
    allowPartialRoot: true,
    revalidateThreshold: 0.3,
    timeouts: { programmaticSeconds: 30, agenticSeconds: 30 },
    maxEvidenceBytes: 65536,
    trigger: { event: 'test' },
    signal: new AbortController().signal,
    ...(runBudget ? { runBudget } : {}),
  };
}

async function engineSetup(server: FakeModelServer, ids: readonly string[]) {
  const root = await mkdtemp(join(tmpdir(), 'dog-share-'));
  await mkdir(join(root, 'ws'));
  for (const id of ids) {
    await mkdir(join(root, 'ws', id), { recursive: true });
    await writeFile(join(root, 'ws', id, 'page.md'), `# ${id}\n\n${QUOTE}\n`);
  }
  const store = await LocalStore.open(join(root, 'store'));
  const nodes: Record<string, unknown> = {
    root: {
      kind: 'composite',
      title: 'All pages',
      completion: { op: 'all', items: ids.map((id) => ({ op: 'ref', id })) },
    },
  };
  for (const id of ids) {
    nodes[id] = {
      kind: 'leaf',
      title: id,
      target: id,
      verifier: { mode: 'agentic', instruction: 'The page says how to install.' },
    };
  }
  const graph = compileGraph(
    {
      schemaVersion: '1',
      id: 'shares',
      root: 'root',
      nodes,
      contains: ids.map((id) => ({ parent: 'root', child: id })),
      dependsOn: [],
    },
    {
      source: 'test',
      limits: DEFAULT_COMPILE_LIMITS,
      host: { hasScript: () => true, hasModel: () => true },
    },
  );
  const wiring = new AgenticWiring({
    config: hostConfig(server),
    env: {},
    sandbox: new NoIsolationSandbox(),
    scratchRoot: join(root, 'scratch'),
  });
  const deps: EngineDeps = {
    store,
    captures: {
      captureAll: (targets) =>
        captureAll({
          workspaceRoot: join(root, 'ws'),
          targets,
          store,
          limits: { maxCaptureBytes: 1 << 20 },
          excludeAbsPaths: [],
          concurrency: 2,
        }),
      materialize: async (result, destDir) => {
        const blobPath = (await store.blobPath(result.capture.digest)) as string;
        const laid = await materializeCapture({
          blobPath,
          kind: result.capture.kind,
          target: result.capture.target,
          destDir,
        });
        return { path: laid.path, kind: result.capture.kind };
      },
    },
    verifiers: {
      identityOf: (item) => Promise.resolve(wiring.identityOf(item)),
      verifierFor: (item) => wiring.verifierFor(item),
    },
    progress: silentProgress,
    isolation: { kind: 'none' },
    redactor: noRedaction,
    budget: configuredBudget(hostConfig(server)),
  };
  return { graph, deps };
}
