// What `dog run` prints for goals that fail or wait: one line of reason per goal (the
// evidence's own summary, the exception a crashing script printed, the agent's summary),
// problems first, colour only when asked for, and where report.json was written.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunReport } from '../../src/core/report/model.js';
import {
  startFakeModelServer,
  toolCallReply,
  type FakeModelServer,
  type FakeRequest,
} from '../support/fakeModelServer.js';
import { dog, put, workspace, type DogResult } from './harness.js';

const KEY_ENV = 'REASONS_TEST_KEY';
const AGENT_SUMMARY = 'The notes never greet the reader';

const FAILS_WITH_SUMMARY = `#!/bin/sh
printf '%s\\n' '{"verdict":"fail","evidence":{"summary":"3 broken links in README.md","broken":["a","b","c"]}}'
exit 1
`;

/** A real Python traceback of 42 lines: 20 distinct nested calls, then the exception. */
const CRASHES = [
  '#!/usr/bin/python3',
  ...Array.from({ length: 19 }, (_, i) => `def step${i}():\n    step${i + 1}()`),
  'def step19():',
  '    raise ValueError("params.depth must be a positive integer")',
  'step0()',
  '',
].join('\n');

/** Reads the notes, then fails them with a one-line summary. */
function agent(request: FakeRequest) {
  const messages = (request.body as { messages: { role: string }[] }).messages;
  const done = messages.filter((m) => m.role === 'tool').length;
  const call =
    done === 0
      ? { id: 'c1', name: 'read_file', args: { path: 'notes.txt' } }
      : {
          id: 'c2',
          name: 'submit_verdict',
          args: {
            verdict: 'fail',
            evidence: { summary: `${AGENT_SUMMARY}\nsecond line`, read: 'notes.txt' },
          },
        };
  return toolCallReply('openai', [call], { usage: { input: 10, output: 5 } });
}

function leaf(title: string, target: string, script: string): unknown {
  return { kind: 'leaf', title, target, verifier: { mode: 'programmatic', script } };
}

const graph = {
  schemaVersion: '1',
  id: 'reasons',
  root: 'root',
  nodes: {
    root: {
      kind: 'composite',
      title: 'Everything holds',
      completion: {
        op: 'all',
        items: ['fine', 'links', 'crashy', 'notes'].map((id) => ({ op: 'ref', id })),
      },
    },
    fine: leaf('The readme exists', 'README.md', 'file.exists'),
    links: leaf('Links resolve', 'README.md', 'links.check'),
    crashy: leaf('Depth is sane', 'README.md', 'depth.check'),
    notes: {
      kind: 'leaf',
      title: 'The notes greet the reader',
      target: 'notes.txt',
      verifier: { mode: 'agentic', instruction: 'Do the notes greet the reader?' },
    },
  },
  contains: ['fine', 'links', 'crashy', 'notes'].map((child) => ({ parent: 'root', child })),
  dependsOn: [],
};

describe('dog run prints a reason for every goal that failed or waits', () => {
  let server: FakeModelServer;
  let ws: string;
  let plain: DogResult;

  beforeAll(async () => {
    server = await startFakeModelServer(agent);
    ws = await workspace({ 'README.md': '# readme\n', 'notes.txt': 'Notes.\n' }, graph, {
      providers: { local: server.provider('openai', KEY_ENV) },
      models: { default: { provider: 'local', model: 'fake-model' } },
    });
    await put(ws, '.dog/scripts/links.check', FAILS_WITH_SUMMARY, 0o755);
    await put(ws, '.dog/scripts/depth.check', CRASHES, 0o755);
    plain = await dog(['run'], ws, undefined, env());
  });
  afterAll(async () => server.close());

  function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return { PATH: process.env.PATH, [KEY_ENV]: 'sk-reasons-test-0123456789', ...extra };
  }

  function goalLine(output: string, id: string): string {
    const line = output.split('\n').find((l) => l.trimStart().startsWith(`${id} `));
    if (line === undefined) throw new Error(`no line for ${id} in:\n${output}`);
    return line;
  }

  test('a failing script shows its evidence summary', () => {
    expect(plain.code).toBe(1);
    expect(goalLine(plain.stderr, 'links')).toMatch(
      /^ {2}links +failure +new +3 broken links in README\.md$/,
    );
  });

  test('a crash shows its headline and exception line, not its stack', () => {
    expect(goalLine(plain.stderr, 'crashy')).toMatch(
      /crashy +needs_human +new +crash: script "depth\.check" exited with code 1, writing to stderr: ValueError: params\.depth must be a positive integer$/,
    );
    expect(plain.stderr).not.toContain('Traceback');
    expect(plain.stderr).not.toMatch(/File ".*", line \d+/);
  });

  test('the report and the HTML keep the bounded tail of the stack', async () => {
    const report = JSON.parse(await readFile(reportPathOf(plain.stderr), 'utf8')) as RunReport;
    const message = report.nodes.crashy?.error?.message ?? '';
    // The last 2,000 characters of stderr: most of the 44 lines, ending with the exception.
    expect(message).toMatch(/File ".*", line \d+, in step19\n/);
    expect(message.split('\n').length).toBeGreaterThanOrEqual(25);
    expect(message.length).toBeLessThanOrEqual(2200);
    expect(message.trimEnd()).toMatch(/ValueError: params\.depth must be a positive integer$/);
    await dog(['run', '--html', 'out.html'], ws, undefined, env());
    const html = await readFile(join(ws, 'out.html'), 'utf8');
    expect(html).toMatch(/File &#34;.*&#34;, line \d+, in step19/);
    expect(html).toContain('ValueError: params.depth must be a positive integer');
  });

  test("an agentic fail shows the agent's own one-line summary", () => {
    expect(goalLine(plain.stderr, 'notes')).toMatch(
      new RegExp(`^ {2}notes +failure +new +${AGENT_SUMMARY}$`),
    );
  });

  test('problems come first, each with its next step, success last', () => {
    const lines = plain.stderr.split('\n');
    const order = ['links', 'notes', 'root', 'crashy', 'fine'].map((id) =>
      lines.findIndex((l) => l.trimStart().startsWith(`${id} `)),
    );
    expect(order.every((index) => index > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const after = (id: string): string =>
      lines[lines.indexOf(goalLine(plain.stderr, id)) + 1] ?? '';
    expect(after('links')).toMatch(/^ +→ fix what the evidence names/);
    expect(after('crashy')).toMatch(/^ +→ see the script's output in the report/);
  });

  test('the report path is printed last, and the file is the run report', async () => {
    const last = plain.stderr.trimEnd().split('\n').at(-1) ?? '';
    expect(last).toMatch(/^report: .*\/\.dog\/store\/runs\/[^/]+\/report\.json$/);
    const report = JSON.parse(await readFile(reportPathOf(plain.stderr), 'utf8')) as RunReport;
    expect(report.rootState).toBe('failure');
  });

  test('no colour unless a terminal or FORCE_COLOR asks for it, and NO_COLOR wins', async () => {
    expect(plain.stderr).not.toContain('\u001b[');
    const forced = await dog(['run'], ws, undefined, env({ FORCE_COLOR: '1' }));
    expect(goalLine(forced.stderr, 'links')).toContain('\u001b[31mfailure');
    const both = await dog(['run'], ws, undefined, env({ FORCE_COLOR: '1', NO_COLOR: '1' }));
    expect(both.stderr).not.toContain('\u001b[');
  });
});

function reportPathOf(stderr: string): string {
  const match = /^report: (.+)$/m.exec(stderr);
  if (!match?.[1]) throw new Error(`no report path in:\n${stderr}`);
  return match[1];
}
