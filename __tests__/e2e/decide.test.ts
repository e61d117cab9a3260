// A person's part, end to end through the real `dog` process: a goal the verifier cannot
// decide waits (exit 3); `dog decide approve` records who and why; the next run settles it
// from that decision and says so; new bytes drop it; a failed goal cannot be approved away;
// `--retry` re-verifies exactly the goals named.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunReport } from '../../src/core/report/model.js';
import { dogProcess } from './cliProcess.js';
import { put, workspace } from './harness.js';

const SLOW = 60_000;

const graph = {
  schemaVersion: '1',
  id: 'review',
  root: 'root',
  nodes: {
    root: {
      kind: 'composite',
      title: 'Ready to ship',
      completion: {
        op: 'all',
        items: ['judged', 'ok', 'bad'].map((id) => ({ op: 'ref', id })),
      },
    },
    judged: leaf('page.txt', 'unsure'),
    ok: leaf('README.md', 'file.exists'),
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

const REASON = 'looked at it; $(touch PWNED) `touch PWNED2` && echo "x" | tee > PWNED3';

let ws: string;
const dog = (...args: string[]) =>
  dogProcess([...args, '--workspace', ws], { PATH: process.env.PATH ?? '/usr/bin:/bin' });
const runJson = async (...args: string[]) => {
  const result = await dog('run', '--json', ...args);
  return { ...result, report: JSON.parse(result.stdout) as RunReport };
};

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
}, SLOW);

test(
  'an inconclusive goal waits for a person: exit 3',
  async () => {
    const { code, report } = await runJson();
    expect(code).toBe(3);
    expect(report.nodes.judged).toMatchObject({ state: 'needs_human', verdict: 'inconclusive' });
    expect(report.nodes.bad).toMatchObject({ state: 'failure', verdict: 'fail' });
  },
  SLOW,
);

test(
  'a goal that failed its verifier cannot be approved: exit 2 with the reason',
  async () => {
    const result = await dog('decide', 'approve', 'bad', '--reason', 'fine', '--by', 'alice');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/failed its verifier.*a retry \(dog run --retry bad\)/);
    expect(existsSync(join(ws, '.dog/store/records/human/bad.json'))).toBe(false);
  },
  SLOW,
);

test(
  'unknown goals, bad logins and multi-line reasons are refused: exit 2',
  async () => {
    const unknown = await dog('decide', 'approve', 'judgd', '--reason', 'x', '--by', 'alice');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('did you mean "judged"');
    const login = await dog('decide', 'approve', 'judged', '--reason', 'x', '--by', 'al ice');
    expect(login.code).toBe(2);
    expect(login.stderr).toContain('not a valid login');
    const lines = await dog('decide', 'approve', 'judged', '--reason', 'a\nb', '--by', 'alice');
    expect(lines.code).toBe(2);
    expect(lines.stderr).toContain('one line of plain text');
  },
  SLOW,
);

test(
  'dog decide approve records the person and the reason, shell characters as plain text',
  async () => {
    const result = await dog(
      'decide',
      'approve',
      'judged',
      '--reason',
      REASON,
      '--by',
      'alice',
      '--json',
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`judged approved by @alice — ${REASON}`);
    const stored = JSON.parse(
      await readFile(join(ws, '.dog/store/records/human/judged.json'), 'utf8'),
    ) as { decidedBy: { reason: string; login: string } };
    expect(stored.decidedBy).toMatchObject({ login: 'alice', reason: REASON });
    for (const file of ['PWNED', 'PWNED2', 'PWNED3'])
      expect(existsSync(join(ws, file))).toBe(false);
    expect(existsSync('/PWNED')).toBe(false);
    const status = await dog('status');
    expect(status.stdout).toContain('decided since: judged approved by @alice — looked at it');
  },
  SLOW,
);

test(
  'the next run settles the goal from the decision, naming who decided',
  async () => {
    const result = await dog('run');
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/judged +success +decided +approved by @alice — looked at it/);
    expect(result.stderr).toContain('1 approved, 0 rejected by a person');
    const status = await dog('status', '--json');
    const report = JSON.parse(status.stdout) as RunReport;
    expect(report.nodes.judged).toMatchObject({
      state: 'success',
      verdict: 'pass',
      inherited: true,
      decidedBy: { kind: 'human', login: 'alice', reason: REASON },
    });
    expect(report.totals).toMatchObject({ approved: 1, rejected: 0, inherited: 2 });
    expect(report.partition?.decided).toEqual(['judged']);
    const text = await dog('status');
    expect(text.stdout).toContain('approved by @alice');
    const html = await dog('run', '--html', join(ws, 'out.html'));
    expect(html.code).toBe(0);
    expect(await readFile(join(ws, 'out.html'), 'utf8')).toContain(
      'approved by @alice — looked at it; $(touch PWNED) `touch PWNED2` &#38;&#38; echo &#34;x&#34;',
    );
  },
  SLOW,
);

test(
  'dog run --retry GOAL re-verifies that goal only (retry_requested)',
  async () => {
    const { report } = await runJson('--retry', 'ok');
    expect(report.nodes.ok).toMatchObject({ rerunReason: 'retry_requested', inherited: false });
    expect(report.nodes.bad).toMatchObject({ inherited: true });
    expect(report.nodes.judged).toMatchObject({ decidedBy: { login: 'alice' } });
  },
  SLOW,
);

test(
  'dog run --retry failed re-verifies the failed goals of the last run',
  async () => {
    const { report } = await runJson('--retry', 'failed');
    expect(report.nodes.bad).toMatchObject({ rerunReason: 'retry_requested', state: 'failure' });
    expect(report.nodes.ok).toMatchObject({ inherited: true });
    expect(report.nodes.judged?.decidedBy).toBeDefined();
  },
  SLOW,
);

test(
  '--retry of a goal the graph does not have: exit 2',
  async () => {
    const result = await dog('run', '--retry', 'okk,bad');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('did you mean "ok"');
  },
  SLOW,
);

test(
  'new bytes drop the decision: the goal is verified again and waits again',
  async () => {
    await put(ws, 'page.txt', 'page one, edited');
    const { code, report } = await runJson();
    expect(code).toBe(3);
    expect(report.nodes.judged).toMatchObject({
      state: 'needs_human',
      rerunReason: 'capture_changed',
    });
    expect(report.nodes.judged?.decidedBy).toBeUndefined();
    expect(report.totals.approved).toBeUndefined();
  },
  SLOW,
);
