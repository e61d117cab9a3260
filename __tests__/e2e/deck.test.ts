// `dog run` on examples/deck with a local model server speaking the OpenAI wire format: a
// scripted agent that lists the capture, reads a page and then submits its verdict.
import { cp, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';
import {
  startFakeModelServer,
  toolCallReply,
  type FakeModelServer,
  type FakeRequest,
} from '../support/fakeModelServer.js';
import { dog } from './harness.js';
import type { RunReport } from '../../src/core/report/model.js';

const PLANTED_KEY = 'sk-test-planted-0123456789abcdef';

type Message = { role: string; content?: unknown };

function conversation(request: FakeRequest): { messages: Message[]; text: string } {
  const messages = (request.body as { messages: Message[] }).messages;
  return { messages, text: JSON.stringify(messages) };
}

/** The scripted agent: list, read the page its instruction is about, then judge. */
function agent(request: FakeRequest) {
  const { messages, text } = conversation(request);
  const toolResults = messages.filter((m) => m.role === 'tool').length;
  const page = text.includes('figure 2') ? 'page-03.png' : 'page-01.png';
  const usage = { input: 100, output: 20 };
  if (toolResults === 0) {
    return toolCallReply('openai', [{ id: 'c1', name: 'list_files', args: { path: '.' } }], {
      usage,
    });
  }
  if (toolResults === 1) {
    return toolCallReply('openai', [{ id: 'c2', name: 'read_file', args: { path: page } }], {
      usage,
    });
  }
  if (text.includes('figure 2')) {
    const evidence = {
      locations: [{ path: page, line: 1, message: 'a grey caption line runs into figure 2' }],
    };
    return toolCallReply(
      'openai',
      [{ id: 'c3', name: 'submit_verdict', args: { verdict: 'fail', evidence } }],
      { usage },
    );
  }
  const evidence = { inspected: [page], observation: 'header bar present; nothing cut off' };
  return toolCallReply(
    'openai',
    [{ id: 'c3', name: 'submit_verdict', args: { verdict: 'pass', evidence } }],
    { usage },
  );
}

async function deckWorkspace(server: FakeModelServer): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'dog-deck-'));
  await cp(resolve('examples/deck'), root, {
    recursive: true,
    filter: (src) => !src.includes('.dog/store'),
  });
  const provider = { ...server.provider('openai', 'DECK_TEST_KEY') };
  await writeFile(
    join(root, '.dog/config.yaml'),
    stringify({
      concurrency: 2,
      budget: { run: { tokens: 100000 }, verification: { turns: 8 } },
      providers: { local: provider },
      models: {
        default: {
          provider: 'local',
          model: 'fake-vision',
          vision: true,
          price: { inputPerMTok: 1, outputPerMTok: 2 },
        },
        vision: {
          provider: 'local',
          model: 'fake-vision',
          vision: true,
          price: { inputPerMTok: 1, outputPerMTok: 2 },
        },
      },
    }),
  );
  return root;
}

async function run(ws: string): Promise<{ code: number; report: RunReport; stderr: string }> {
  const env = { PATH: process.env.PATH, DECK_TEST_KEY: PLANTED_KEY };
  const result = await dog(['run', '--json'], ws, undefined, env);
  return {
    code: result.code,
    report: JSON.parse(result.stdout) as RunReport,
    stderr: result.stderr,
  };
}

describe('examples/deck against a local model server', () => {
  let server: FakeModelServer;
  let ws: string;
  beforeAll(async () => {
    server = await startFakeModelServer(agent);
    ws = await deckWorkspace(server);
  });
  afterAll(async () => server.close());

  test('the first run verifies every leaf; page 3 fails on the overlap; tokens are counted', async () => {
    const { code, report } = await run(ws);
    expect(code).toBe(1);
    expect(report.rootState).toBe('failure');
    expect([...(report.partition?.rerun ?? [])].sort()).toEqual([
      'brand',
      'page3',
      'renders',
      'truncation',
    ]);
    expect(report.nodes.page3).toMatchObject({ state: 'failure', verdict: 'fail' });
    // Capture-relative locations become workspace paths, ready for annotations.
    expect(report.nodes.page3?.locations).toEqual([
      {
        path: 'build/pages/page-03.png',
        line: 1,
        message: 'a grey caption line runs into figure 2',
      },
    ]);
    expect(report.nodes.truncation).toMatchObject({ state: 'success', verdict: 'pass' });
    expect(report.nodes.brand).toMatchObject({ state: 'success', verdict: 'pass' });
    expect(report.nodes.brand?.votes).toHaveLength(3);
    const human = await dog(['status'], ws);
    expect(human.stdout).toContain('votes: 3 pass, 0 fail, 0 inconclusive');
    // 3 model calls per conversation; page3 + truncation + 3 brand votes = 5 conversations.
    expect(server.requests).toHaveLength(15);
    expect(report.totals.tokens).toBe(15 * 120);
    expect(report.totals.costUsd).toBeCloseTo((15 * 100 * 1 + 15 * 20 * 2) / 1e6, 10);
    expect(report.nodes.page3?.usage?.tokens).toBe(3 * 120);
  });

  test('the instruction sent is the graph text, the key stays in the auth header only', async () => {
    const first = server.requests[0];
    expect(first?.headers.authorization).toBe(`Bearer ${PLANTED_KEY}`);
    const bodies = JSON.stringify(server.requests.map((r) => r.body));
    expect(bodies).not.toContain(PLANTED_KEY);
    expect(bodies).toContain('Decide whether any text or caption line overlaps figure 2.');
    await run(ws);
    for (const file of await filesUnder(join(ws, '.dog/store'))) {
      expect((await readFile(file)).includes(PLANTED_KEY)).toBe(false);
    }
  });

  test('an unchanged run calls no model: every leaf is inherited', async () => {
    const before = server.requests.length;
    const { report } = await run(ws);
    expect(server.requests.length).toBe(before);
    expect(report.totals).toMatchObject({ verified: 0, inherited: 4, tokens: 0 });
  });

  test('changing one page re-runs only the leaves whose capture includes it', async () => {
    await cp(join(ws, 'build/pages/page-01.png'), join(ws, 'build/pages/page-02.png'));
    const { report } = await run(ws);
    expect([...(report.partition?.rerun ?? [])].sort()).toEqual(['brand', 'renders', 'truncation']);
    expect(report.nodes.page3).toMatchObject({ inherited: true, state: 'failure' });
    expect(report.nodes.truncation?.rerunReason).toBe('capture_changed');
    expect(report.totals.inherited).toBe(1);
    expect(report.totals.tokens).toBe(4 * 3 * 120);
  });

  test('a graph naming a model alias the host does not define is refused before any capture (exit 2)', async () => {
    const bare = await mkdtemp(join(tmpdir(), 'dog-deck-bare-'));
    await cp(resolve('examples/deck'), bare, {
      recursive: true,
      filter: (src) => !src.includes('.dog/store'),
    });
    await writeFile(join(bare, '.dog/config.yaml'), 'concurrency: 2\n');
    const result = await dog(['run', '--json'], bare);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('model alias "vision" is not defined');
  });
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}
