// `dog verify-report` on the report of real runs (inherited, decided and failed goals): the
// chain holds, the store holds each record, the workspace's bytes are the captures; one changed
// byte in the report, a record or a target is named at its node; errors are one JSON document.
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunReport } from '../../src/core/report/model.js';
import { dog, put, workspace } from '../e2e/harness.js';
import { gitRepo } from '../support/gitRepo.js';

const SLOW = 60_000;

const graph = {
  schemaVersion: '1',
  id: 'provenance',
  root: 'root',
  nodes: {
    root: {
      kind: 'composite',
      title: 'Ready',
      completion: { op: 'all', items: ['judged', 'ok', 'bad'].map((id) => ({ op: 'ref', id })) },
    },
    judged: leaf('page.txt', 'unsure'),
    ok: leaf('README.md', 'file.non_empty'),
    bad: leaf('data.txt', 'nope'),
  },
  contains: [
    { parent: 'root', child: 'judged' },
    { parent: 'root', child: 'ok' },
    { parent: 'root', child: 'bad', failure: 'tolerable' },
  ],
  dependsOn: [],
};

function leaf(target: string, script: string) {
  return {
    kind: 'leaf',
    title: `Check ${target}`,
    target,
    verifier: { mode: 'programmatic', script },
  };
}

type Verification = {
  ok: boolean;
  breaks: { node?: string; message: string }[];
  records?: number;
  captures?: number;
};

let ws: string;
let reportFile: string;
let report: RunReport;

beforeAll(async () => {
  ws = await workspace(
    { 'page.txt': 'page one', 'README.md': 'hi', 'data.txt': 'numbers' },
    graph,
    { isolation: 'none', allowPartialRoot: true },
  );
  await put(
    ws,
    '.dog/scripts/unsure',
    `#!/bin/sh\necho '{"verdict":"inconclusive","evidence":{"summary":"cannot tell"}}'\n`,
    0o755,
  );
  await put(
    ws,
    '.dog/scripts/nope',
    `#!/bin/sh\necho '{"verdict":"fail","evidence":{"summary":"wrong numbers"}}'\n`,
    0o755,
  );
  expect((await dog(['run', '--workspace', ws], ws)).code).toBe(3);
  const decided = await dog(
    ['decide', 'approve', 'judged', '--reason', 'read it', '--by', 'alice', '--workspace', ws],
    ws,
  );
  expect(decided.code).toBe(0);
  await mkdir(join(ws, 'out'));
  reportFile = join(ws, 'out', 'report.json');
  const second = await dog(['run', '--workspace', ws, '--report', reportFile], ws);
  if (second.code !== 0) throw new Error(second.stderr);
  report = JSON.parse(await readFile(reportFile, 'utf8')) as RunReport;
}, SLOW);

async function verify(
  file: string,
  ...flags: string[]
): Promise<{ code: number; result: Verification }> {
  const out = await dog(['verify-report', file, '--json', ...flags], ws);
  return { code: out.code, result: JSON.parse(out.stdout) as Verification };
}

async function tamperedCopy(change: (r: RunReport) => void): Promise<string> {
  const copy = JSON.parse(JSON.stringify(report)) as RunReport;
  change(copy);
  const file = join(ws, 'out', `tampered-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify(copy, null, 2));
  return file;
}

test('the run had an inherited, a decided and a failed goal, each with its record and origin', () => {
  expect(report.nodes.ok).toMatchObject({ inherited: true, state: 'success' });
  expect(report.nodes.judged?.decidedBy).toMatchObject({ login: 'alice' });
  expect(report.nodes.bad).toMatchObject({ state: 'failure', verdict: 'fail' });
  for (const id of ['ok', 'judged', 'bad']) {
    expect(report.nodes[id]?.recordDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(report.nodes[id]?.origin).toMatchObject({ kind: 'local', event: 'local' });
  }
  expect(report.rootDigest).toMatch(/^sha256:/);
  // Not a git checkout: no commit is known, and the report says so rather than guessing.
  expect(report.provenance).toMatchObject({ trustedCommit: null, headCommit: null });
  expect(report.provenance?.configDigest).toMatch(/^sha256:/);
  const origins = Object.values(report.nodes).map((node) => node.origin);
  expect(JSON.stringify([origins, report.provenance])).not.toContain(ws);
});

test(
  'in a git checkout the report binds its commit, and records name the branch',
  async () => {
    const repo = gitRepo(
      await workspace(
        { 'README.md': 'hi' },
        {
          ...graph,
          nodes: {
            root: {
              ...graph.nodes.root,
              completion: { op: 'all', items: [{ op: 'ref', id: 'ok' }] },
            },
            ok: graph.nodes.ok,
          },
          contains: [{ parent: 'root', child: 'ok' }],
        },
        { isolation: 'none' },
      ),
    );
    const commit = repo.commit('start');
    const html = join(repo.dir, 'report.html');
    const run = await dog(['run', '--json', '--workspace', repo.dir, '--html', html], repo.dir);
    const own = JSON.parse(run.stdout) as RunReport;
    expect(own.provenance).toMatchObject({ trustedCommit: commit, headCommit: commit });
    expect(own.nodes.ok?.origin).toEqual({
      kind: 'local',
      event: 'local',
      ref: 'refs/heads/main',
      sha: commit,
    });
    // The HTML report keeps the chain out of the reader's way: collapsed, one summary line each.
    const page = await readFile(html, 'utf8');
    expect(page).toContain(
      '<details class="chain"><summary>provenance: a local run (local) on refs/heads/main</summary>',
    );
    expect(page).toContain(own.nodes.ok!.digest!);
    expect(page).toContain(own.rootDigest!);
    expect(page).not.toMatch(/<details class="chain" open/);
  },
  SLOW,
);

test('the report verifies alone, against its store and against the workspace: exit 0', async () => {
  const text = await dog(['verify-report', reportFile], ws);
  expect(text).toMatchObject({ code: 0, stdout: '' });
  expect(text.stderr).toContain("the report's chain holds: 4 node(s)");
  const full = await verify(reportFile, '--store', join(ws, '.dog/store'), '--workspace', ws);
  expect(full).toEqual({
    code: 0,
    result: expect.objectContaining({ ok: true, records: 3, captures: 3, breaks: [] }),
  });
});

test.each<[string, (r: RunReport) => void, string]>([
  ['a verdict', (r) => void (r.nodes.bad!.verdict = 'pass'), 'bad'],
  ['evidence', (r) => void (r.nodes.ok!.evidence = { forged: true }), 'ok'],
  ['a decision', (r) => void (r.nodes.judged!.decidedBy!.login = 'mallory'), 'judged'],
  ['a capture digest', (r) => void (r.nodes.ok!.captureDigest = `sha256:${'0'.repeat(64)}`), 'ok'],
])('changing %s in the report breaks it at that node: exit 1', async (_what, change, node) => {
  const { code, result } = await verify(await tamperedCopy(change));
  expect(code).toBe(1);
  expect(result.breaks[0]?.node).toBe(node);
  const text = await dog(['verify-report', await tamperedCopy(change)], ws);
  expect(text.stderr).toContain(`node "${node}"`);
});

test('a changed graph digest breaks the root digest: exit 1', async () => {
  const file = await tamperedCopy((r) => void (r.graph.digest = `sha256:${'9'.repeat(64)}`));
  const { code, result } = await verify(file);
  expect(code).toBe(1);
  expect(result.breaks).toEqual([{ message: expect.stringContaining('root digest') }]);
});

test(
  'a record changed in the store is not found for its node: exit 1',
  async () => {
    const store = join(ws, 'store-copy');
    await dog(['run', '--workspace', ws, '--store', store], ws);
    const own = JSON.parse(
      (await dog(['status', '--json', '--store', store, '--workspace', ws], ws)).stdout,
    ) as RunReport;
    const file = join(ws, 'out', 'own.json');
    await writeFile(file, JSON.stringify(own));
    expect((await verify(file, '--store', store)).code).toBe(0);
    const log = join(store, 'log', 'verifications.jsonl');
    const lines = (await readFile(log, 'utf8')).split('\n').filter(Boolean);
    await writeFile(
      log,
      `${lines.map((l) => l.replace('"wrong numbers"', '"right numbers"')).join('\n')}\n`,
    );
    const { code, result } = await verify(file, '--store', store);
    expect(code).toBe(1);
    expect(result.breaks).toEqual([
      { node: 'bad', message: expect.stringContaining('not in the store') },
    ]);
  },
  SLOW,
);

test('a target whose bytes changed since the run is named: exit 1', async () => {
  await appendFile(join(ws, 'data.txt'), '!');
  try {
    const { code, result } = await verify(reportFile, '--workspace', ws);
    expect(code).toBe(1);
    expect(result.breaks).toEqual([
      { node: 'bad', message: expect.stringContaining('"data.txt" captures to') },
    ]);
  } finally {
    await writeFile(join(ws, 'data.txt'), 'numbers');
  }
});

test('an unreadable report or a path that is no store is one JSON error document: exit 2', async () => {
  const missing = await dog(['verify-report', join(ws, 'nope.json'), '--json'], ws);
  expect(missing.code).toBe(2);
  expect(JSON.parse(missing.stdout)).toMatchObject({
    ok: false,
    exitCode: 2,
    error: { kind: 'invalid_input' },
  });
  expect(missing.stderr).toContain('cannot read the report');
  const notJson = join(ws, 'out', 'garbage.json');
  await writeFile(notJson, '{');
  expect((await dog(['verify-report', notJson], ws)).code).toBe(2);
  const noStore = await dog(
    ['verify-report', reportFile, '--json', '--store', join(ws, 'out')],
    ws,
  );
  expect(noStore.code).toBe(2);
  expect(JSON.parse(noStore.stdout)).toMatchObject({ ok: false, error: { kind: 'invalid_store' } });
});

test('a report with a changed field that its schema does not know does not verify: exit 1', async () => {
  const file = await tamperedCopy((r) => void ((r.nodes.ok as Record<string, unknown>).note = 'x'));
  const { code, result } = await verify(file);
  expect(code).toBe(1);
  expect(result.breaks[0]?.message).toContain('not a valid DoG report');
});
