// The split phases of the CLI as another CI runs them: `dog plan --exchange DIR --shards 3`,
// the verify jobs in processes of their own (a wave's jobs at once, each with a store of its
// own, like separate machines), then `dog aggregate` — against `dog run` on the same
// workspace. Also: what aggregate refuses, and the mistakes people make with the commands.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunReport } from '../../src/core/report/model.js';
import { dogProcess, type CliOutcome } from './cliProcess.js';
import { put, workspace } from './harness.js';

const SLOW = 240_000;

const UNSURE = `#!/bin/sh\necho '{"verdict":"inconclusive","evidence":{"why":"cannot tell"}}'\n`;
const leaf = (target: string, script = 'file.non_empty') => ({
  kind: 'leaf',
  title: `Check ${target}`,
  target,
  verifier: { mode: 'programmatic', script },
});
const refs = (...ids: string[]) => ({ op: 'all', items: ids.map((id) => ({ op: 'ref', id })) });
const TOP = ['a', 'b', 'c', 'd', 'mid', 'f', 'u', 'g'];

const GRAPH = {
  schemaVersion: '1',
  id: 'split',
  root: 'root',
  nodes: {
    root: { kind: 'composite', title: 'All', completion: refs(...TOP) },
    a: leaf('a.txt'),
    b: leaf('b.txt'),
    c: leaf('c.txt'),
    d: leaf('d.txt'),
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
  contains: [
    ...TOP.map((child) => ({ parent: 'root', child })),
    { parent: 'mid', child: 'x' },
    { parent: 'mid', child: 'y' },
  ],
  dependsOn: [
    { source: 'b', target: 'a' },
    { source: 'mid', target: 'b' },
    { source: 'g', target: 'f' },
  ],
};

type PlanJson = {
  runId: string;
  waves: number;
  inherited: number;
  jobs: { job: string; wave: number; keys: string[] }[];
};

const env = (home: string): Record<string, string> => ({
  PATH: process.env.PATH ?? '',
  HOME: home,
});

async function fixture(): Promise<{ ws: string; scratch: string; env: Record<string, string> }> {
  const ws = await workspace(
    {
      'a.txt': 'a',
      'b.txt': 'b',
      'c.txt': 'c',
      'd.txt': 'd',
      'x.txt': 'x',
      'y.txt': 'y',
      'empty.txt': '',
    },
    GRAPH,
  );
  await put(ws, '.dog/scripts/unsure', UNSURE, 0o755);
  const scratch = await mkdtemp(join(tmpdir(), 'dog-split-'));
  return { ws, scratch, env: env(scratch) };
}

function ok(outcome: CliOutcome, code = 0): CliOutcome {
  if (outcome.code !== code)
    throw new Error(
      `exit ${outcome.code}, expected ${code}:\n${outcome.stderr}\n${outcome.stdout}`,
    );
  return outcome;
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

/** plan → every wave's jobs at once, each on a store of its own → aggregate. */
async function splitRun(
  f: { ws: string; scratch: string; env: Record<string, string> },
  name: string,
  planArgs: string[],
): Promise<{ plan: PlanJson; exchange: string; aggregate: CliOutcome; report: RunReport }> {
  const exchange = join(f.scratch, name);
  const store = join(f.scratch, 'split-store');
  const plan = JSON.parse(
    ok(
      await dogProcess(
        [
          'plan',
          '--workspace',
          f.ws,
          '--exchange',
          exchange,
          '--store',
          store,
          '--json',
          ...planArgs,
        ],
        f.env,
      ),
    ).stdout,
  ) as PlanJson;
  for (let wave = 1; wave <= plan.waves; wave++) {
    const jobs = plan.jobs.filter((job) => job.wave === wave);
    const runs = jobs.map((job) =>
      dogProcess(
        [
          'verify',
          '--exchange',
          exchange,
          '--shard',
          job.job,
          '--store',
          join(f.scratch, `${name}-${job.job}`),
        ],
        f.env,
      ),
    );
    for (const outcome of await Promise.all(runs)) ok(outcome);
  }
  const aggregate = await dogProcess(
    ['aggregate', '--workspace', f.ws, '--exchange', exchange, '--store', store, '--json'],
    f.env,
  );
  return { plan, exchange, aggregate, report: JSON.parse(aggregate.stdout) as RunReport };
}

async function runReport(f: {
  ws: string;
  scratch: string;
  env: Record<string, string>;
}): Promise<CliOutcome & { report: RunReport }> {
  const outcome = await dogProcess(
    ['run', '--workspace', f.ws, '--store', join(f.scratch, 'run-store'), '--json'],
    f.env,
  );
  return { ...outcome, report: JSON.parse(outcome.stdout) as RunReport };
}

describe('dog plan | verify | aggregate', () => {
  test(
    'three verify jobs in separate processes settle as dog run does; a second plan inherits what aggregate kept',
    async () => {
      const f = await fixture();
      const whole = await runReport(f);
      const split = await splitRun(f, 'ex1', ['--shards', '3', '--in-plan', 'none']);
      expect(split.plan.jobs.filter((job) => job.wave === 1)).toHaveLength(3);
      expect(split.plan.waves).toBeGreaterThan(1);
      expect(shape(split.report)).toEqual(shape(whole.report));
      expect(split.report.rootState).toBe(whole.report.rootState);
      expect(split.aggregate.code).toBe(whole.code);
      expect(shape(whole.report)).toMatchObject({
        mid: { state: 'success' },
        f: { state: 'failure', verdict: 'fail' },
        u: { state: 'needs_human', verdict: 'inconclusive' },
        g: { state: 'blocked' },
      });

      const wholeAgain = await runReport(f);
      const again = await splitRun(f, 'ex2', ['--shards', '3']);
      // Everything but the inconclusive goal comes from the records aggregate saved.
      expect(again.plan.jobs.flatMap((job) => job.keys)).toEqual([]);
      expect(shape(again.report)).toEqual(shape(wholeAgain.report));
      expect(again.report.nodes.a?.inherited).toBe(true);
      expect(again.report.nodes.x?.inherited).toBe(true);
      expect(again.report.nodes.u?.inherited).toBe(false);
    },
    SLOW,
  );

  test(
    'a forged records file and an altered record are refused: their goals fail record_integrity',
    async () => {
      const f = await fixture();
      const exchange = join(f.scratch, 'ex');
      const store = join(f.scratch, 'store');
      const plan = JSON.parse(
        ok(
          await dogProcess(
            [
              'plan',
              '--workspace',
              f.ws,
              '--exchange',
              exchange,
              '--store',
              store,
              '--shards',
              '3',
              '--in-plan',
              'none',
              '--json',
            ],
            f.env,
          ),
        ).stdout,
      ) as PlanJson;
      for (const job of plan.jobs)
        ok(
          await dogProcess(
            ['verify', '--exchange', exchange, '--shard', job.job, '--store', store],
            f.env,
          ),
        );
      const ownerOfC = plan.jobs.find((job) => job.keys.includes('c'))?.job as string;
      const file = join(exchange, 'records', `${ownerOfC}.json`);
      const body = JSON.parse(await readFile(file, 'utf8')) as {
        records: Record<string, { captureDigest: string }>;
      };
      (body.records.c as { captureDigest: string }).captureDigest = `sha256:${'1'.repeat(64)}`;
      await writeFile(file, JSON.stringify(body));
      const forged = { schemaVersion: '1', job: 'w7-1', records: { f: body.records.c } };
      await writeFile(join(exchange, 'records', 'w7-1.json'), JSON.stringify(forged));
      const aggregate = await dogProcess(
        ['aggregate', '--workspace', f.ws, '--exchange', exchange, '--store', store, '--json'],
        f.env,
      );
      expect(aggregate.code).toBe(1);
      const report = JSON.parse(aggregate.stdout) as RunReport;
      expect(report.nodes.c).toMatchObject({
        state: 'failure',
        error: { category: 'record_integrity' },
      });
      expect(report.nodes.f).toMatchObject({
        state: 'failure',
        error: { category: 'record_integrity' },
      });
      expect(report.nodes.d?.state).toBe('success');
      const warnings = report.warnings.map((w) => w.message).join('\n');
      expect(warnings).toContain('records/w7-1.json was refused');
      expect(warnings).toContain(`records/${ownerOfC}.json was refused (wrong capture digest`);
    },
    SLOW,
  );

  test(
    'mistakes get exit 2 and the fix: no plan yet, an unknown shard, a second plan into a used directory',
    async () => {
      const f = await fixture();
      const exchange = join(f.scratch, 'ex');
      const store = join(f.scratch, 'store');
      const early = await dogProcess(
        ['verify', '--exchange', exchange, '--shard', 'w1-1', '--store', store],
        f.env,
      );
      expect(early.code).toBe(2);
      expect(early.stderr).toContain(`run \`dog plan --exchange ${exchange}\` first`);
      ok(
        await dogProcess(
          [
            'plan',
            '--workspace',
            f.ws,
            '--exchange',
            exchange,
            '--shards',
            '3',
            '--in-plan',
            'none',
          ],
          f.env,
        ),
      );
      const unknown = await dogProcess(
        ['verify', '--exchange', exchange, '--shard', 'w1-9'],
        f.env,
      );
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain(
        'unknown shard "w1-9": the plan puts at most 3 job(s) in a wave; the plan\'s verify jobs: w1-1, w1-2, w1-3',
      );
      const missing = await dogProcess(['verify', '--exchange', exchange, '--store', store], f.env);
      expect([missing.code, missing.stderr]).toEqual([
        2,
        expect.stringContaining('dog verify needs --shard K') as unknown,
      ]);
      const second = await dogProcess(
        ['plan', '--workspace', f.ws, '--exchange', exchange, '--store', store],
        f.env,
      );
      expect(second.code).toBe(2);
      expect(second.stderr).toContain('already holds a plan');
    },
    SLOW,
  );
});
