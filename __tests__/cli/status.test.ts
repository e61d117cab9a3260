import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { allOf, dog, workspace } from '../e2e/harness.js';

const graph = allOf({ readme: { target: 'README.md', script: 'file.non_empty' } });
const STACK_FRAME = /\n\s+at /;

type Listing = {
  runId: string;
  startedAt: string;
  status: string;
  rootState?: string;
  totals?: { verified: number; inherited: number; blocked: number };
};

async function twoRuns(): Promise<{ ws: string; first: string; second: string }> {
  const ws = await workspace({ 'README.md': 'hello' }, graph);
  expect((await dog(['run'], ws)).code).toBe(0);
  expect((await dog(['run'], ws)).code).toBe(0);
  const listed = await dog(['status', '--list', '--json'], ws);
  const runs = (JSON.parse(listed.stdout) as { runs: Listing[] }).runs;
  return { ws, first: runs[1]!.runId, second: runs[0]!.runId };
}

test('dog status latest shows the newest run, the same as no argument', async () => {
  const { ws, second } = await twoRuns();
  const latest = await dog(['status', 'latest', '--json'], ws);
  expect(latest).toMatchObject({ code: 0, stderr: '' });
  expect((JSON.parse(latest.stdout) as { runId: string }).runId).toBe(second);
  const bare = await dog(['status', '--json'], ws);
  expect(bare.stdout).toBe(latest.stdout);
  expect((await dog(['status', 'latest'], ws)).stdout).toContain(`(run ${second})`);
});

test('dog status --list lists runs newest first with when, root state and counts', async () => {
  const { ws, first, second } = await twoRuns();
  const json = await dog(['status', '--list', '--json'], ws);
  expect(json.code).toBe(0);
  const runs = (JSON.parse(json.stdout) as { runs: Listing[] }).runs;
  expect(runs.map((run) => run.runId)).toEqual([second, first]);
  expect(runs[0]).toMatchObject({
    status: 'finished',
    rootState: 'success',
    totals: { verified: 0, inherited: 1, blocked: 0 },
  });
  expect(runs[1]).toMatchObject({ totals: { verified: 1, inherited: 0, blocked: 0 } });
  expect(Date.parse(runs[0]!.startedAt)).toBeGreaterThanOrEqual(Date.parse(runs[1]!.startedAt));

  const text = await dog(['status', '--list'], ws);
  const lines = text.stdout.trimEnd().split('\n');
  expect(lines[0]).toMatch(/^RUN\s+STARTED\s+STATE\s+VERIFIED\s+INHERITED\s+BLOCKED$/);
  expect(lines[1]).toMatch(new RegExp(`^${second}\\s+\\S+ \\S+Z\\s+success\\s+0\\s+1\\s+0$`));
  expect(lines[2]).toMatch(new RegExp(`^${first}\\s+.*success\\s+1\\s+0\\s+0$`));
});

test('an unknown run exits 2 and says how to see the runs', async () => {
  const { ws } = await twoRuns();
  const result = await dog(['status', 'nosuch'], ws);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('no run "nosuch" in');
  expect(result.stderr).toContain('dog status --list');
});

test('an interrupted run is listed, and asking for it says it has no report', async () => {
  const { ws } = await twoRuns();
  const id = '20200101T000000Z-abcdef';
  await mkdir(join(ws, '.dog/store/runs', id), { recursive: true });
  const meta = { runId: id, graphId: 'e2e', graphDigest: `sha256:${'0'.repeat(64)}` };
  await writeFile(
    join(ws, '.dog/store/runs', id, 'run.json'),
    JSON.stringify({
      ...meta,
      startedAt: '2020-01-01T00:00:00.000Z',
      status: 'interrupted',
      pid: 1,
    }),
  );
  const runs = JSON.parse((await dog(['status', '--list', '--json'], ws)).stdout) as {
    runs: Listing[];
  };
  expect(runs.runs[2]).toEqual({
    runId: id,
    startedAt: '2020-01-01T00:00:00.000Z',
    status: 'interrupted',
  });
  const asked = await dog(['status', id], ws);
  expect(asked.code).toBe(2);
  expect(asked.stderr).toContain(`run "${id}" was interrupted and has no report`);
});

const ODD_IDS: [string, string][] = [
  ['a parent path', '../x'],
  ['an absolute path', '/etc/passwd'],
  ['a dot', '.'],
  ['two dots', '..'],
  ['an empty id', ''],
  ['a 3 MB id', 'a'.repeat(3 * 1024 * 1024)],
  ['an id with NUL', 'run\0id'],
  ['an id with a newline', 'run\nid'],
  ['latest with a newline', 'latest\n'],
  ['a terminal escape', '\u001b[31mred'],
  ['a path through latest', 'latest/../latest'],
  ['a format string', '%s%n'],
  ['a non-ASCII id', 'läuft'],
];

describe('no input makes dog status print a stack trace', () => {
  let ws: string;
  beforeAll(async () => {
    ws = (await twoRuns()).ws;
  });

  test.each(ODD_IDS)('%s exits 2 with a one-line message', async (_name, id) => {
    const result = await dog(['status', id], ws);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toMatch(STACK_FRAME);
    expect(result.stderr).not.toContain('internal error');
    expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(result.stderr.length).toBeLessThan(500);
    expect(result.stderr).toContain('dog status --list');
  });

  test('--list together with a run is a usage error', async () => {
    const result = await dog(['status', '--list', 'latest'], ws);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('give a run or --list, not both');
  });
});

describe('a damaged store is reported, not a crash', () => {
  const damages: [string, (store: string, runId: string) => Promise<void>][] = [
    [
      'a report that is a directory',
      async (store, runId) => {
        await rm(join(store, 'runs', runId, 'report.json'));
        await mkdir(join(store, 'runs', runId, 'report.json'));
      },
    ],
    [
      'a report that is not JSON',
      (store, runId) => writeFile(join(store, 'runs', runId, 'report.json'), '{"torn'),
    ],
    [
      'a report that does not match its schema',
      (store, runId) =>
        writeFile(join(store, 'runs', runId, 'report.json'), '{"schemaVersion":"9"}'),
    ],
    [
      'runs that is a file',
      async (store) => {
        await rm(join(store, 'runs'), { recursive: true });
        await writeFile(join(store, 'runs'), 'x');
      },
    ],
    [
      'layout.json that is a directory',
      async (store) => {
        await rm(join(store, 'layout.json'));
        await mkdir(join(store, 'layout.json'));
      },
    ],
    ['another layout', (store) => writeFile(join(store, 'layout.json'), '{"layout":9}')],
  ];

  test.each(damages)('%s', async (_name, damage) => {
    const ws = await workspace({ 'README.md': 'hello' }, graph);
    expect((await dog(['run'], ws)).code).toBe(0);
    const store = join(ws, '.dog/store');
    const [runId] = (await readdir(join(store, 'runs'))).filter((name) => name !== 'latest');
    await damage(store, runId!);
    for (const args of [
      ['status'],
      ['status', runId!],
      ['status', '--list'],
      ['status', 'latest'],
    ]) {
      const result = await dog(args, ws);
      expect([0, 2]).toContain(result.code);
      expect(result.stderr).not.toMatch(STACK_FRAME);
      expect(result.stderr).not.toContain('internal error');
    }
  });
});

test('dog status never creates a store: a directory that is not one is left untouched', async () => {
  const ws = await workspace({ 'README.md': 'hello' });
  const elsewhere = join(ws, 'not-a-store');
  await mkdir(elsewhere);
  const result = await dog(['status', '--store', elsewhere], ws);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain(`no store at ${elsewhere}`);
  expect(await readdir(elsewhere)).toEqual([]);
});

describe('odd paths for --store and --workspace end in exit 2, never a stack trace', () => {
  const paths: [string, string][] = [
    ['NUL', 'a\0b'],
    ['a 3 MB name', 'x'.repeat(3 * 1024 * 1024)],
    ['a file', '/etc/passwd'],
    ['nothing there', '../../../../no/such/dir'],
  ];
  test.each(paths)('%s', async (_name, path) => {
    const ws = await workspace({ 'README.md': 'hello' });
    for (const args of [
      ['status', '--store', path],
      ['status', '--list', '--store', path],
      ['gc', '--store', path],
      ['init', '--workspace', path],
    ]) {
      const result = await dog(args, ws);
      expect({ args: args.slice(0, 2), code: result.code }).toEqual({
        args: args.slice(0, 2),
        code: 2,
      });
      expect(result.stderr).not.toMatch(STACK_FRAME);
      expect(result.stderr).not.toContain('internal error');
    }
  });
});
