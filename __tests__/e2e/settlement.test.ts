// DESIGN §3 through `dog run` on real workspaces: a missing target behind a gate, infeasible
// only when it matters, report fields that agree with the state, and when an assert starts.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dog, put, runJson, workspace } from './harness.js';

const UNSURE = `#!/bin/sh\necho '{"verdict":"inconclusive","evidence":{"why":"cannot tell"}}'\n`;
const SLOW_PASS = `#!/bin/sh\nsleep 1.5\necho '{"verdict":"pass","evidence":{"slept":1.5}}'\n`;

type Node = Record<string, unknown>;
const leaf = (target: string, script: string, params?: unknown): Node => ({
  kind: 'leaf',
  title: `Check ${target}`,
  target,
  verifier: { mode: 'programmatic', script, ...(params === undefined ? {} : { params }) },
});
const ref = (id: string) => ({ op: 'ref', id });

function graph(parts: {
  nodes: Record<string, Node>;
  contains: Node[];
  dependsOn?: Node[];
}): unknown {
  return { schemaVersion: '1', id: 'settle', root: 'root', dependsOn: [], ...parts };
}

describe('dog run: settlement on real files', () => {
  test('a missing target behind a dependency that needs a person fails (exit 1), not needs_human', async () => {
    const ws = await workspace(
      { 'present.txt': 'here' },
      graph({
        nodes: {
          root: {
            kind: 'composite',
            title: 'Both',
            completion: { op: 'all', items: [ref('a'), ref('b')] },
          },
          a: leaf('present.txt', 'unsure'),
          b: leaf('nope.txt', 'file.exists'),
        },
        contains: [
          { parent: 'root', child: 'a' },
          { parent: 'root', child: 'b' },
        ],
        dependsOn: [{ source: 'b', target: 'a' }],
      }),
    );
    await put(ws, '.dog/scripts/unsure', UNSURE, 0o755);
    const { code, report } = await runJson(ws);
    expect(report.nodes.a?.state).toBe('needs_human');
    expect(report.nodes.b).toMatchObject({
      state: 'failure',
      verdict: 'fail',
      error: { category: 'target_missing' },
    });
    expect(report.rootState).toBe('failure');
    expect(code).toBe(1);
  });

  test('all[u, any[ok, n]]: a goal without a provider that cannot change the result leaves the root needs_human, not infeasible', async () => {
    const ws = await workspace(
      { 'u.txt': 'u', 'ok.txt': 'ok', 'n.txt': 'n' },
      graph({
        nodes: {
          root: {
            kind: 'composite',
            title: 'Everything that matters',
            completion: {
              op: 'all',
              items: [ref('u'), { op: 'any', items: [ref('ok'), ref('n')] }],
            },
          },
          u: leaf('u.txt', 'unsure'),
          ok: leaf('ok.txt', 'file.exists'),
          n: {
            kind: 'leaf',
            title: 'A model looks at n',
            target: 'n.txt',
            verifier: { mode: 'agentic', instruction: 'Is n fine?' },
          },
        },
        contains: [
          { parent: 'root', child: 'u' },
          { parent: 'root', child: 'ok', required: false },
          { parent: 'root', child: 'n', required: false },
        ],
      }),
      {
        providers: {
          local: {
            kind: 'openai',
            baseUrl: 'http://127.0.0.1:9/v1',
            apiKeyEnv: 'DOG_TEST_ABSENT_KEY',
          },
        },
        models: { default: { provider: 'local', model: 'absent' } },
      },
    );
    await put(ws, '.dog/scripts/unsure', UNSURE, 0o755);
    const result = await dog(['run'], ws);
    const { report } = await runJson(ws);
    expect(report.nodes.n).toMatchObject({
      state: 'needs_human',
      error: { category: 'no_capability' },
    });
    expect(report.rootState).toBe('needs_human');
    expect(result.code).toBe(3);
    // The terminal names a person's job, not a missing capability.
    expect(result.stderr).toContain('NEEDS A PERSON');
    expect(result.stderr).not.toContain('INFEASIBLE');
  });

  test('a leaf whose gate closed shows no inherited verdict, is counted once, and never carries a rerunReason', async () => {
    const ws = await workspace(
      { 'a.txt': 'good', 'b.txt': 'b' },
      graph({
        nodes: {
          root: {
            kind: 'composite',
            title: 'Both',
            completion: { op: 'all', items: [ref('a'), ref('b')] },
          },
          a: leaf('a.txt', 'text.includes', { text: 'good' }),
          b: leaf('b.txt', 'file.exists'),
        },
        contains: [
          { parent: 'root', child: 'a' },
          { parent: 'root', child: 'b' },
        ],
        dependsOn: [{ source: 'b', target: 'a' }],
      }),
    );
    expect((await runJson(ws)).report.rootState).toBe('success');
    await put(ws, 'a.txt', 'bad');
    const html = join(ws, 'report.html');
    const second = await dog(['run', '--json', '--html', html], ws);
    const report = JSON.parse(second.stdout) as Awaited<ReturnType<typeof runJson>>['report'];
    expect(report.nodes.a).toMatchObject({ state: 'failure', rerunReason: 'capture_changed' });
    const b = report.nodes.b;
    expect(b).toMatchObject({ state: 'blocked', inherited: false });
    for (const field of ['verdict', 'inheritedFrom', 'rerunReason', 'evidence'])
      expect(b).not.toHaveProperty(field);
    expect(report.totals).toMatchObject({ verified: 1, inherited: 0, blocked: 1 });
    expect(report.partition).toEqual({ rerun: ['a'], inherited: [] });
    // The terminal summary and the HTML report say the same.
    const line = second.stderr.split('\n').find((l) => /^\s+b\s/.test(l)) ?? '';
    expect(line).toMatch(/blocked/);
    expect(line).not.toMatch(/inherited/);
    const page = await readFile(html, 'utf8');
    const start = page.indexOf('id="goal-b"');
    const section = page.slice(start, page.indexOf('</section>', start));
    expect(section).toContain('blocked');
    expect(section).not.toMatch(/inherited/);

    const fresh = await runJson(ws, '--fresh');
    expect(fresh.report.nodes.a?.rerunReason).toBe('fresh_requested');
    expect(fresh.report.nodes.b).toMatchObject({ state: 'blocked' });
    expect(fresh.report.nodes.b).not.toHaveProperty('rerunReason');
  });

  test('an assert skipped because its subtree failed is not pending and has no rerunReason', async () => {
    const ws = await workspace(
      { 'a.txt': 'a', 'deck.txt': 'deck' },
      graph({
        nodes: {
          root: {
            kind: 'composite',
            title: 'The deck',
            completion: ref('a'),
            assert: {
              target: 'deck.txt',
              verifier: { mode: 'programmatic', script: 'file.exists' },
            },
          },
          a: leaf('a.txt', 'text.includes', { text: 'missing words' }),
        },
        contains: [{ parent: 'root', child: 'a' }],
      }),
    );
    const { code, report } = await runJson(ws);
    expect(code).toBe(1);
    expect(report.nodes.root?.state).toBe('failure');
    expect(report.nodes.root?.assert).toMatchObject({ state: 'blocked', inherited: false });
    expect(report.nodes.root?.assert).not.toHaveProperty('rerunReason');
  });

  test('an assert starts only after a non-required child its decided completion no longer needs', async () => {
    const ws = await workspace(
      { 'a.txt': 'a', 's.txt': 's', 'deck.txt': 'deck' },
      graph({
        nodes: {
          root: {
            kind: 'composite',
            title: 'The deck',
            completion: { op: 'any', items: [ref('a'), ref('s')] },
            assert: {
              target: 'deck.txt',
              verifier: { mode: 'programmatic', script: 'file.exists' },
            },
          },
          a: leaf('a.txt', 'file.exists'),
          s: leaf('s.txt', 'slow'),
        },
        contains: [
          { parent: 'root', child: 'a' },
          { parent: 'root', child: 's', required: false },
        ],
      }),
      { concurrency: 4 },
    );
    await put(ws, '.dog/scripts/slow', SLOW_PASS, 0o755);
    const { code, report } = await runJson(ws);
    expect(code).toBe(0);
    expect(report.nodes.root?.assert?.state).toBe('success');
    const events = async (goal: string) =>
      (await readFile(join(ws, '.dog/store/runs', report.runId, 'events', `${goal}.jsonl`), 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; at: string });
    const at = (list: { type: string; at: string }[], type: string) =>
      Date.parse(list.find((e) => e.type === type)?.at ?? 'invalid');
    const slowFinished = at(await events('s'), 'verifier_finished');
    const assertStarted = at(await events('root'), 'verifier_started');
    expect(Number.isNaN(slowFinished) || Number.isNaN(assertStarted)).toBe(false);
    expect(assertStarted).toBeGreaterThanOrEqual(slowFinished);
  });
});
