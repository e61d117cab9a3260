// dog graph --run: the picture of a graph coloured by a stored run, on real stores.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import type { RunReport } from '../../src/core/report/model.js';
import { STATE_COLOURS } from '../../src/reporting/graphFormats.js';
import { allOf, dog, put, runJson, workspace } from './harness.js';

const HOSTILE = 'Ship "it" <script>alert(1)</script> [x] (y) --> z\nsecond line `md` #35;';

const threeLeaves = allOf({
  docs: { target: 'README.md', script: 'file.non_empty' },
  notes: { target: 'empty.txt', script: 'file.non_empty' },
  licence: { target: 'LICENSE', script: 'file.exists' },
});

async function ranWorkspace(): Promise<{ ws: string; report: RunReport }> {
  const ws = await workspace({ 'README.md': 'hi', 'empty.txt': '', LICENSE: 'MIT' }, threeLeaves);
  const { report } = await runJson(ws);
  return { ws, report };
}

/** Mermaid node id → [label, fill]. */
function mermaidNodes(text: string): Map<string, { label: string; fill?: string }> {
  const nodes = new Map<string, { label: string; fill?: string }>();
  for (const line of text.split('\n')) {
    const node = /^ {2}(n\d+)(?:\[|\(\[)"([^"\n]*)"(?:\]|\]\))$/.exec(line);
    if (node) nodes.set(node[1] as string, { label: node[2] as string });
    const style = /^ {2}style (n\d+) fill:(#[0-9a-f]{6}),color:#ffffff$/.exec(line);
    const styled = style && nodes.get(style[1] as string);
    if (styled) styled.fill = style[2];
  }
  return nodes;
}

describe('dog graph --run', () => {
  test('mermaid --run latest colours each goal by its state in the stored report', async () => {
    const { ws, report } = await ranWorkspace();
    expect(report.nodes.notes?.state).toBe('failure');
    const result = await dog(['graph', '--format', 'mermaid', '--run', 'latest'], ws);
    expect([result.code, result.stderr]).toEqual([
      0,
      expect.not.stringContaining('dog:') as unknown,
    ]);
    // Three leaves under one root: wider than deep, so left to right.
    expect(result.stdout.split('\n')[0]).toBe('flowchart LR');
    const nodes = [...mermaidNodes(result.stdout).values()];
    expect(nodes).toHaveLength(4);
    for (const [id, node] of Object.entries(report.nodes)) {
      const drawn = nodes.find((n) => n.label.startsWith(`${id}: `));
      expect(drawn).toEqual({
        label: `${id}: ${id === 'root' ? 'Everything holds' : `Goal ${id}`} · ${node.state}`,
        fill: STATE_COLOURS[node.state],
      });
    }
    expect(result.stdout).toContain('  subgraph legend["States"]\n');
  });

  test('dot --run RUN colours the same way, and --direction overrides the layout', async () => {
    const { ws, report } = await ranWorkspace();
    const result = await dog(
      ['graph', '--format', 'dot', '--run', report.runId, '--direction', 'TB'],
      ws,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('  rankdir=TB;\n');
    expect(result.stdout).toContain(
      `  "notes" [shape=ellipse, label="notes\\nGoal notes\\nfailure", style=filled, fillcolor="${STATE_COLOURS.failure}", fontcolor="#ffffff"];`,
    );
    const mermaid = await dog(['graph', '--format', 'mermaid', '--direction', 'TB'], ws);
    expect(mermaid.stdout.split('\n')[0]).toBe('flowchart TD');
  });

  test('a goal added since the run is left uncoloured, and stderr says why', async () => {
    const { ws } = await ranWorkspace();
    const graph = parse(await readFile(join(ws, '.dog/graph.yaml'), 'utf8')) as {
      nodes: Record<string, unknown>;
      contains: unknown[];
    };
    graph.nodes.extra = {
      kind: 'leaf',
      title: 'Extra',
      target: 'LICENSE',
      verifier: { mode: 'programmatic', script: 'file.exists' },
    };
    graph.contains.push({ parent: 'root', child: 'extra' });
    await put(ws, '.dog/graph.yaml', stringify(graph));
    const result = await dog(['graph', '--format', 'mermaid', '--run', 'latest'], ws);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/verified another version of this graph; goals it did not have/);
    const extra = [...mermaidNodes(result.stdout).values()].find((n) =>
      n.label.startsWith('extra: '),
    );
    expect(extra).toEqual({ label: 'extra: Extra' });
    expect(result.stdout).toContain('    legendNone["not in this run"]');
  });

  test('hostile titles stay inside their labels in both formats', async () => {
    const graph = structuredClone(threeLeaves) as { nodes: Record<string, { title: string }> };
    for (const node of Object.values(graph.nodes)) node.title = HOSTILE;
    const ws = await workspace({ 'README.md': 'hi', 'empty.txt': '', LICENSE: 'MIT' }, graph);
    await runJson(ws);
    const mermaid = await dog(['graph', '--format', 'mermaid', '--run', 'latest'], ws);
    expect(mermaid.code).toBe(0);
    const declarations = mermaid.stdout.split('\n').filter((line) => /^ {2}n\d+[[(]/.test(line));
    expect(declarations).toHaveLength(4);
    expect(declarations.join('\n')).not.toMatch(/[<>`]/);
    expect(mermaidNodes(mermaid.stdout).size).toBe(4);
    const labels = [...mermaidNodes(mermaid.stdout).values()].map((n) =>
      n.label.replace(/#(\d+);/g, (_all, code: string) => String.fromCodePoint(Number(code))),
    );
    expect(labels).toContain(`docs: ${HOSTILE.replace('\n', ' ')} · success`);
    const dot = await dog(['graph', '--format', 'dot', '--run', 'latest'], ws);
    expect(dot.stdout).toContain(
      'label="docs\\nShip \\"it\\" <script>alert(1)</script> [x] (y) --> z\\nsecond line `md` #35;\\nsuccess"',
    );
    expect(
      dot.stdout.split('\n').every((line) => (line.match(/(?<!\\)"/g) ?? []).length % 2 === 0),
    ).toBe(true);
  });

  test('mistakes exit 2 with one line: no run yet, a bad run id, --run with json, a bad direction', async () => {
    const ws = await workspace({ 'README.md': 'hi', 'empty.txt': '', LICENSE: 'MIT' }, threeLeaves);
    const cases: [string[], RegExp][] = [
      [['--format', 'mermaid', '--run', 'latest'], /^dog: no store at |^dog: no run has finished/],
      [['--format', 'dot', '--run', '../etc'], /^dog: --run: "\.\.\/etc" is not a run id/],
      [
        ['--format', 'json', '--run', 'latest'],
        /^dog: dog graph: --run and --direction go with --format mermaid or dot/,
      ],
      [
        ['--format', 'mermaid', '--direction', 'up'],
        /^dog: --direction: expected LR or TB, got "up"/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await dog(['graph', ...args], ws);
      expect({ args, code: result.code, stdout: result.stdout }).toEqual({
        args,
        code: 2,
        stdout: '',
      });
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    await runJson(ws);
    const missing = await dog(
      ['graph', '--format', 'mermaid', '--run', '20200101T000000Z-abcdef'],
      ws,
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^dog: no run "20200101T000000Z-abcdef" in /);
  });
});
