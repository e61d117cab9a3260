import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { validateAgainst } from '../../src/schemas/validate.js';
import { allOf, dog, put, runJson, workspace } from './harness.js';

const okGraph = allOf({ readme: { target: 'README.md', script: 'file.non_empty' } });

describe('exit codes of dog run (DESIGN §9)', () => {
  test('0 on success', async () => {
    const ws = await workspace({ 'README.md': 'hi' }, okGraph);
    expect((await dog(['run'], ws)).code).toBe(0);
  });

  test('1 on failure, and a missing target fails with target_missing', async () => {
    const ws = await workspace({}, okGraph);
    const { code, report } = await runJson(ws);
    expect(code).toBe(1);
    expect(report.rootState).toBe('failure');
    expect(report.nodes.readme?.error?.category).toBe('target_missing');
  });

  test('2 on an invalid graph, listing every problem with its pointer', async () => {
    const ws = await workspace(
      {},
      {
        schemaVersion: '1',
        id: 'bad',
        root: 'nope',
        nodes: {
          a: {
            kind: 'leaf',
            title: '',
            target: '/etc/passwd',
            verifier: { mode: 'programmatic', script: 'no.such' },
          },
        },
      },
    );
    const { code, stderr } = await dog(['run'], ws);
    expect(code).toBe(2);
    expect(stderr).toContain('/root');
    expect(stderr).toContain('/nodes/a/title');
    expect(stderr).toContain('/nodes/a/target');
    expect(stderr).toContain('/nodes/a/verifier/script');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  test('2 on an invalid host configuration, naming the key', async () => {
    const ws = await workspace({ 'README.md': 'hi' }, okGraph, { isolation: 'docker' });
    const { code, stderr } = await dog(['run'], ws);
    expect(code).toBe(2);
    expect(stderr).toContain('/isolation: must be one of "auto", "bubblewrap", "none"');
  });

  test('2 on bad usage: unknown flag, bad integer, unknown command', async () => {
    const ws = await workspace({ 'README.md': 'hi' }, okGraph);
    expect((await dog(['run', '--frsh'], ws)).code).toBe(2);
    const bad = await dog(['run', '--concurrency', 'many'], ws);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--concurrency: expected an integer from 1 to 256');
    expect((await dog(['deploy'], ws)).code).toBe(2);
  });

  test('3 when an agentic leaf has no model provider: root infeasible, leaf no_capability', async () => {
    const graph = {
      schemaVersion: '1',
      id: 'g',
      root: 'root',
      nodes: {
        root: {
          kind: 'composite',
          title: 'Root',
          completion: { op: 'all', items: [{ op: 'ref', id: 'look' }] },
        },
        look: {
          kind: 'leaf',
          title: 'Looks right',
          target: 'README.md',
          verifier: { mode: 'agentic', instruction: 'Is it friendly?' },
        },
      },
      contains: [{ parent: 'root', child: 'look' }],
    };
    const ws = await workspace({ 'README.md': 'hi' }, graph);
    const { code, report } = await runJson(ws);
    expect(code).toBe(3);
    expect(report.rootState).toBe('infeasible');
    expect(report.nodes.look).toMatchObject({
      state: 'needs_human',
      error: { category: 'no_capability' },
    });
    expect(report.nodes.look?.error?.message).toContain('providers');
  });

  test('3 with needs_replan when a script returns malformed output', async () => {
    const ws = await workspace(
      { 'README.md': 'hi' },
      allOf({ readme: { target: 'README.md', script: 'broken' } }),
    );
    await put(
      ws,
      '.dog/scripts/broken',
      '#!/bin/sh\necho \'{"verdict":"pass","evidence":1,"extra":true}\'\n',
      0o755,
    );
    const { code, report } = await runJson(ws);
    expect(code).toBe(3);
    expect(report.rootState).toBe('needs_replan');
  });

  test('a tolerable failure is partial: failure by default, 0 when the host allows partial roots', async () => {
    const graph = {
      schemaVersion: '1',
      id: 'g',
      root: 'root',
      nodes: {
        root: {
          kind: 'composite',
          title: 'Root',
          completion: {
            op: 'all',
            items: [
              { op: 'ref', id: 'a' },
              { op: 'ref', id: 'b' },
            ],
          },
        },
        a: {
          kind: 'leaf',
          title: 'A',
          target: 'a.txt',
          verifier: { mode: 'programmatic', script: 'file.exists' },
        },
        b: {
          kind: 'leaf',
          title: 'B',
          target: 'missing.txt',
          verifier: { mode: 'programmatic', script: 'file.exists' },
        },
      },
      contains: [
        { parent: 'root', child: 'a' },
        { parent: 'root', child: 'b', failure: 'tolerable' },
      ],
    };
    const strict = await workspace({ 'a.txt': 'a' }, graph);
    const denied = await runJson(strict);
    expect([denied.code, denied.report.rootState]).toEqual([1, 'failure']);
    expect(denied.report.nodes.root).toMatchObject({
      state: 'partial',
      reason: 'b failed (tolerated)',
    });
    const lenient = await workspace({ 'a.txt': 'a' }, graph, { allowPartialRoot: true });
    const allowed = await runJson(lenient);
    expect([allowed.code, allowed.report.rootState]).toEqual([0, 'partial_success']);
  });
});

describe('other commands', () => {
  test('--json prints exactly one JSON document on stdout; human output goes to stderr', async () => {
    const ws = await workspace({ 'README.md': 'hi' }, okGraph);
    const result = await dog(['run', '--json'], ws);
    const report: unknown = JSON.parse(result.stdout);
    expect(validateAgainst('report', report).ok).toBe(true);
    expect(result.stderr).toContain('SUCCESS');
  });

  test('--report and --html write files; the HTML has no scripts', async () => {
    const ws = await workspace({ 'README.md': 'hi' }, okGraph);
    const { code } = await dog(['run', '--report', 'out.json', '--html', 'out.html'], ws);
    expect(code).toBe(0);
    const report: unknown = JSON.parse(await readFile(join(ws, 'out.json'), 'utf8'));
    expect(validateAgainst('report', report).ok).toBe(true);
    const html = await readFile(join(ws, 'out.html'), 'utf8');
    expect(html).toContain('readme');
    expect(html).not.toContain('<script');
  });

  test('dog status shows the last run, a given run, and exits 2 for an unknown run', async () => {
    const ws = await workspace({ 'README.md': 'hi' }, okGraph);
    const { report } = await runJson(ws);
    const last = await dog(['status', '--json'], ws);
    expect(last.code).toBe(0);
    expect((JSON.parse(last.stdout) as { runId: string }).runId).toBe(report.runId);
    const given = await dog(['status', report.runId], ws);
    expect(given.stdout).toContain('SUCCESS');
    const unknown = await dog(['status', 'no-such-run'], ws);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no run "no-such-run"');
  });

  test('dog status on a workspace that never ran exits 2', async () => {
    const ws = await workspace({}, okGraph);
    expect((await dog(['status'], ws)).code).toBe(2);
  });

  test('dog validate: 0 and nothing written for a valid graph; --json lists every problem', async () => {
    const ws = await workspace({ 'README.md': 'hi' }, okGraph);
    expect((await dog(['validate'], ws)).code).toBe(0);
    await put(
      ws,
      '.dog/graph.yaml',
      'schemaVersion: "1"\nid: g\nroot: r\nnodes:\n  r: {kind: composite, title: R, completion: {op: ref, id: x}}\n',
    );
    const invalid = await dog(['validate', '--json'], ws);
    expect(invalid.code).toBe(2);
    const body = JSON.parse(invalid.stdout) as { valid: boolean; problems: { pointer: string }[] };
    expect(body.valid).toBe(false);
    expect(body.problems.map((p) => p.pointer)).toEqual(
      expect.arrayContaining(['/nodes/r', '/nodes/r/completion/id']),
    );
  });

  test('dog validate rejects a JSON graph with a duplicate key', async () => {
    const ws = await workspace({
      'g.json': '{"schemaVersion":"1","id":"a","id":"b","root":"r","nodes":{}}',
    });
    const result = await dog(['validate', 'g.json'], ws);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Map keys must be unique');
  });

  test('dog graph prints mermaid, dot and json', async () => {
    const ws = await workspace({ 'README.md': 'hi' }, okGraph);
    expect((await dog(['graph', '--format', 'mermaid'], ws)).stdout).toMatch(/^flowchart TD/);
    expect((await dog(['graph', '--format', 'dot'], ws)).stdout).toMatch(/^digraph "e2e" \{/);
    const json = JSON.parse((await dog(['graph', '--format', 'json'], ws)).stdout) as {
      digest: string;
    };
    expect(json.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect((await dog(['graph', '--format', 'svg'], ws)).code).toBe(2);
  });

  test('the store directory is never captured, even when the target is the whole workspace', async () => {
    const ws = await workspace(
      { 'a.txt': 'a' },
      allOf({ all: { target: '.', script: 'dir.non_empty' } }),
    );
    const first = await runJson(ws);
    expect(first.code).toBe(0);
    // The first run filled .dog/store; had it been captured, the digest would now differ.
    const second = await runJson(ws);
    expect(second.report.nodes.all?.captureDigest).toBe(first.report.nodes.all?.captureDigest);
    expect(second.report.nodes.all?.inherited).toBe(true);
  });
});

describe('host configuration takes effect', () => {
  test('limits.maxCaptureBytes: an oversized target needs a person (capture_too_large)', async () => {
    const ws = await workspace({ 'README.md': 'x'.repeat(100) }, okGraph, {
      limits: { maxCaptureBytes: 10 },
    });
    const { code, report } = await runJson(ws);
    expect(code).toBe(3);
    expect(report.nodes.readme?.error?.category).toBe('capture_too_large');
  });

  test('limits.maxNodes: a graph over the limit is invalid (exit 2)', async () => {
    const ws = await workspace({ 'README.md': 'hi' }, okGraph, { limits: { maxNodes: 1 } });
    const result = await dog(['run'], ws);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('limits.maxNodes');
  });

  test('timeouts.programmaticSeconds: a script over time is inconclusive (timeout)', async () => {
    const ws = await workspace(
      { 'README.md': 'hi' },
      allOf({ readme: { target: 'README.md', script: 'sleepy' } }),
      { timeouts: { programmaticSeconds: 0.5 } },
    );
    await put(ws, '.dog/scripts/sleepy', '#!/bin/sh\nsleep 20\n', 0o755);
    const started = Date.now();
    const { code, report } = await runJson(ws);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(code).toBe(3);
    expect(report.nodes.readme?.error?.category).toBe('timeout');
  });

  test('limits.maxEvidenceBytes: oversized evidence is not a pass', async () => {
    const ws = await workspace(
      { 'README.md': 'hi' },
      allOf({ readme: { target: 'README.md', script: 'chatty' } }),
      { limits: { maxEvidenceBytes: 100 } },
    );
    await put(
      ws,
      '.dog/scripts/chatty',
      `#!/bin/sh\necho '{"verdict":"pass","evidence":"${'y'.repeat(300)}"}'\n`,
      0o755,
    );
    const { report } = await runJson(ws);
    expect(report.nodes.readme).toMatchObject({
      state: 'needs_human',
      error: { category: 'evidence_too_large' },
    });
  });

  test('isolation: the report says which isolation was used', async () => {
    const ws = await workspace({ 'README.md': 'hi' }, okGraph, { isolation: 'none' });
    const { report } = await runJson(ws);
    expect(report.isolation?.kind).toBe('none');
    expect(report.warnings.map((w) => w.code)).toContain('no_isolation');
    expect(report.nodes.readme?.isolation).toBe('none');
  });
});
