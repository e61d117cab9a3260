// `dog run` with credentials in its environment and verifiers that repeat them: a host-library
// script that prints a token (in its evidence, an evidence key and its crash output) and a
// model server that echoes the Authorization header it received (in a tool call and in its
// verdict). Neither the credential nor any 12-character piece of it may reach report.json,
// the HTML report, any file of the store, or the command's output.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  startFakeModelServer,
  toolCallReply,
  type FakeModelServer,
  type FakeRequest,
} from '../support/fakeModelServer.js';
import { filesUnder, leaks, leaksUnder } from '../support/leaks.js';
import { dog, put, workspace } from './harness.js';

const PROVIDER_KEY = 'sk-proj-Zq7vW2mN9xR4tY6uI8oP3aS5dF1gH0jK';
const GITHUB_TOKEN = 'ghp_R3dact10nCanaryT0ken0000000000000000';

/** A judge output that repeats the token, whole and in part, as text and as an evidence key. */
function leakyScript(token: string): string {
  const evidence = {
    printed: `token=${token}`,
    piece: `…${token.slice(4, 20)}…`,
    [token]: 'a key too',
    nested: [{ header: `Bearer ${token}` }],
  };
  return `#!/bin/sh\necho '${JSON.stringify({ verdict: 'fail', evidence })}'\n`;
}

function crashingScript(token: string): string {
  return `#!/bin/sh\necho "using ${token} and ${token.slice(6, 30)}" >&2\nexit 3\n`;
}

/** A model that reads a "file" named after its Authorization header, then fails citing it. */
function echoingModel(request: FakeRequest) {
  const auth = request.headers.authorization ?? 'no header';
  const turn = (request.body as { messages?: unknown[] }).messages?.length ?? 0;
  if (turn <= 2)
    return toolCallReply('openai', [{ id: 'r1', name: 'read_file', args: { path: auth } }]);
  return toolCallReply('openai', [
    {
      id: 's1',
      name: 'submit_verdict',
      args: {
        verdict: 'fail',
        evidence: { sent: auth, tail: auth.slice(-16), [auth]: 'as a key' },
      },
    },
  ]);
}

describe('credentials never leave dog run', () => {
  let server: FakeModelServer;
  afterEach(async () => server.close());

  test('script output and model echoes are redacted from report, HTML, store and output', async () => {
    server = await startFakeModelServer(echoingModel);
    const graph = {
      schemaVersion: '1',
      id: 'leaky',
      root: 'root',
      nodes: {
        root: {
          kind: 'composite',
          title: 'Everything holds',
          completion: {
            op: 'all',
            items: ['printed', 'crashed', 'echoed'].map((id) => ({ op: 'ref', id })),
          },
        },
        printed: leaf('README.md', { mode: 'programmatic', script: 'leak.print' }),
        crashed: leaf('README.md', { mode: 'programmatic', script: 'leak.crash' }),
        echoed: leaf('README.md', { mode: 'agentic', instruction: 'The readme greets.' }),
      },
      contains: ['printed', 'crashed', 'echoed'].map((child) => ({ parent: 'root', child })),
    };
    const config = {
      providers: { fake: server.provider('openai', 'DOG_TEST_KEY') },
      models: { default: { provider: 'fake', model: 'fake-model' } },
    };
    const ws = await workspace({ 'README.md': 'hello\n' }, graph, config);
    await put(ws, '.dog/scripts/leak.print', leakyScript(GITHUB_TOKEN), 0o755);
    await put(ws, '.dog/scripts/leak.crash', crashingScript(PROVIDER_KEY), 0o755);
    const env = { PATH: process.env.PATH, DOG_TEST_KEY: PROVIDER_KEY, GITHUB_TOKEN };

    const result = await dog(
      ['run', '--json', '--report', 'report.json', '--html', 'report.html'],
      ws,
      undefined,
      env,
    );

    if (result.code !== 1) throw new Error(`exit ${result.code}: ${result.stderr}`);
    // The verifiers really did repeat the credentials.
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${PROVIDER_KEY}`);
    const report = JSON.parse(result.stdout) as {
      nodes: Record<string, { state: string; evidence?: unknown; error?: { message: string } }>;
    };
    expect(report.nodes.printed?.state).toBe('failure');
    expect(JSON.stringify(report.nodes.printed?.evidence)).toContain('[REDACTED]');
    expect(report.nodes.crashed?.error?.message).toContain('[REDACTED]');
    expect(report.nodes.echoed?.state).toBe('failure');
    expect(JSON.stringify(report.nodes.echoed?.evidence)).toContain('[REDACTED]');

    const secrets = [PROVIDER_KEY, GITHUB_TOKEN];
    const found = [
      ...leaks('stdout', result.stdout, secrets),
      ...leaks('stderr', result.stderr, secrets),
      ...leaks('report.json', await readFile(join(ws, 'report.json'), 'utf8'), secrets),
      ...leaks('report.html', await readFile(join(ws, 'report.html'), 'utf8'), secrets),
    ];
    const storeFiles = await filesUnder(join(ws, '.dog/store'));
    expect(storeFiles.some((f) => f.includes('records'))).toBe(true);
    found.push(...(await leaksUnder(join(ws, '.dog/store'), secrets)));
    expect(found).toEqual([]);
  }, 60_000);
});

test('a record stored before its credential was known is redacted when inherited and in dog status', async () => {
  const graph = {
    schemaVersion: '1',
    id: 'old',
    root: 'root',
    nodes: {
      root: {
        kind: 'composite',
        title: 'Everything holds',
        completion: { op: 'all', items: [{ op: 'ref', id: 'printed' }] },
      },
      printed: leaf('README.md', { mode: 'programmatic', script: 'leak.print' }),
    },
    contains: [{ parent: 'root', child: 'printed' }],
  };
  const ws = await workspace({ 'README.md': 'hello\n' }, graph);
  await put(ws, '.dog/scripts/leak.print', leakyScript(GITHUB_TOKEN), 0o755);
  // Without the token in its environment, dog cannot know it: the record keeps it.
  const first = await dog(['run', '--json'], ws, undefined, { PATH: process.env.PATH });
  expect(first.stdout).toContain(GITHUB_TOKEN);

  const env = { PATH: process.env.PATH, GITHUB_TOKEN };
  const second = await dog(['run', '--json', '--html', 'report.html'], ws, undefined, env);
  const report = JSON.parse(second.stdout) as { nodes: Record<string, { inherited: boolean }> };
  expect(report.nodes.printed?.inherited).toBe(true);
  const statusFirst = await dog(['status', '--json', runIdOf(first.stdout)], ws, undefined, env);
  expect(statusFirst.code).toBe(0);
  const status = await dog(['status'], ws, undefined, env);
  expect([
    ...leaks('run stdout', second.stdout, [GITHUB_TOKEN]),
    ...leaks('run stderr', second.stderr, [GITHUB_TOKEN]),
    ...leaks('report.html', await readFile(join(ws, 'report.html'), 'utf8'), [GITHUB_TOKEN]),
    ...leaks('status of the first run', statusFirst.stdout, [GITHUB_TOKEN]),
    ...leaks('status', status.stdout + status.stderr, [GITHUB_TOKEN]),
  ]).toEqual([]);
}, 60_000);

function runIdOf(reportJson: string): string {
  return (JSON.parse(reportJson) as { runId: string }).runId;
}

function leaf(target: string, verifier: object): object {
  return { kind: 'leaf', title: `Checks ${target}`, target, verifier };
}
