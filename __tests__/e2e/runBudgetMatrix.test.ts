// One run budget across the matrix, through the CLI's split phases in processes of their own:
// 20 agentic goals, `dog plan --shards 10` with a run budget that covers 5 worst cases, ten
// `dog verify` jobs, `dog aggregate`. The model is a local OpenAI-compatible server whose usage
// is known, so the spend can be counted where it happens.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunReport } from '../../src/core/report/model.js';
import {
  startFakeModelServer,
  toolCallReply,
  type FakeModelServer,
  type FakeRequest,
} from '../support/fakeModelServer.js';
import { dogProcess, type CliOutcome } from './cliProcess.js';
import { workspace } from './harness.js';

const SLOW = 240_000;
const GOALS = Array.from({ length: 20 }, (_, i) => `g${String(i).padStart(2, '0')}`);
const QUOTE = 'Install with npm install app.';

/** Reads the page, then submits a pass: two calls of 10 + 5 tokens, $0.125 each. */
function honestModel(request: FakeRequest) {
  const body = request.body as { messages?: { role: string }[] };
  const hasRead = (body.messages ?? []).some((message) => message.role === 'tool');
  return hasRead
    ? toolCallReply('openai', [
        { id: 's', name: 'submit_verdict', args: { verdict: 'pass', evidence: { quote: QUOTE } } },
      ])
    : toolCallReply('openai', [{ id: 'r', name: 'read_file', args: { path: 'page.md' } }]);
}

const GRAPH = {
  schemaVersion: '1',
  id: 'budgeted',
  root: 'root',
  nodes: {
    root: {
      kind: 'composite',
      title: 'Every page says how to install',
      completion: { op: 'all', items: GOALS.map((id) => ({ op: 'ref', id })) },
    },
    ...Object.fromEntries(
      GOALS.map((id) => [
        id,
        {
          kind: 'leaf',
          title: `Page ${id}`,
          target: id,
          verifier: { mode: 'agentic', instruction: 'The page says how to install.' },
        },
      ]),
    ),
  },
  contains: GOALS.map((child) => ({ parent: 'root', child })),
  dependsOn: [],
};

/** One vote may spend 30 tokens and $0.25 (exactly one honest verification); the run 5 of those. */
function config(server: FakeModelServer): unknown {
  return {
    concurrency: 2,
    budget: {
      run: { tokens: 150, costUsd: 1.25 },
      verification: { tokens: 30, costUsd: 0.25 },
    },
    providers: { local: server.provider('openai') },
    models: {
      default: {
        provider: 'local',
        model: 'fake-model',
        price: { inputPerMTok: 12_500, outputPerMTok: 0 },
      },
    },
  };
}

type PlanJson = {
  waves: number;
  jobs: { job: string; keys: string[] }[];
  refusedByBudget: string[];
};

function ok(outcome: CliOutcome, codes: readonly number[] = [0]): CliOutcome {
  if (outcome.code === null || !codes.includes(outcome.code))
    throw new Error(`exit ${outcome.code}:\n${outcome.stderr}\n${outcome.stdout}`);
  return outcome;
}

describe('the run budget across ten verify jobs', () => {
  let server: FakeModelServer;
  beforeAll(async () => {
    server = await startFakeModelServer(honestModel);
  });
  afterAll(() => server.close());

  test(
    '20 agentic goals, a budget for 5 worst cases: 5 verified within it, 15 budget_exhausted before dispatch',
    async () => {
      const files = Object.fromEntries(
        GOALS.map((id) => [`${id}/page.md`, `# ${id}\n\n${QUOTE}\n`]),
      );
      const ws = await workspace(files, GRAPH, config(server));
      const scratch = await mkdtemp(join(tmpdir(), 'dog-budget-'));
      const env = { PATH: process.env.PATH ?? '', HOME: scratch };
      const exchange = join(scratch, 'exchange');
      const store = join(scratch, 'store');
      const common = ['--exchange', exchange, '--store', store];

      const planned = ok(
        await dogProcess(['plan', '--workspace', ws, ...common, '--shards', '10', '--json'], env),
      );
      const plan = JSON.parse(planned.stdout) as PlanJson;
      expect(plan.refusedByBudget).toHaveLength(15);
      const dispatched = plan.jobs.flatMap((job) => job.keys);
      expect(dispatched).toHaveLength(5);
      expect(dispatched.some((key) => plan.refusedByBudget.includes(key))).toBe(false);
      expect(server.requests).toHaveLength(0);

      const labels = Array.from({ length: 10 }, (_, i) => `w1-${i + 1}`);
      const verifies = await Promise.all(
        labels.map((label) =>
          dogProcess(
            ['verify', '--exchange', exchange, '--shard', label, '--store', join(scratch, label)],
            env,
          ),
        ),
      );
      for (const outcome of verifies) ok(outcome);
      // Each admitted verification reads and submits: two calls, 30 tokens, $0.25.
      expect(server.requests.length).toBeLessThanOrEqual(10);

      const aggregated = ok(
        await dogProcess(['aggregate', '--workspace', ws, ...common, '--json'], env),
        [0, 1, 3],
      );
      const report = JSON.parse(aggregated.stdout) as RunReport;
      expect(report.totals.tokens).toBeLessThanOrEqual(150);
      expect(report.totals.costUsd).toBeLessThanOrEqual(1.25);
      expect(report.totals.tokens).toBe(15 * server.requests.length);
      expect(report.totals.runBudget).toEqual({ tokens: 150, costUsd: 1.25, notStarted: 15 });

      const goals = GOALS.map((id) => report.nodes[id]);
      expect(goals.filter((node) => node?.state === 'success')).toHaveLength(5);
      const refused = goals.filter((node) => node?.error?.category === 'budget_exhausted');
      expect(refused).toHaveLength(15);
      for (const node of refused) {
        expect(node?.state).toBe('needs_human');
        expect(node?.error?.message).toMatch(
          /^not started: the run budget \(budget\.run: \$1\.25, 150 tokens\) covers the worst case of 5 of 20 agentic verifications/,
        );
      }
      expect(report.warnings).toContainEqual({
        code: 'budget_admission',
        message: expect.stringMatching(/^15 of 20 agentic verifications not started/) as string,
      });
      expect(aggregated.stderr).toContain(
        'spent $1.2500 of the $1.25 run budget (150 of 150 tokens); 15 verifications not started',
      );
    },
    SLOW,
  );
});
