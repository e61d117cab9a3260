// dog graph's pictures: goals labelled with their titles (repository-authored text, escaped
// for Mermaid and DOT), coloured by a run's states with a legend, laid out LR or TB.
import type { CompiledGraph } from '../../src/core/graph/model.js';
import type { NodeState } from '../../src/core/types.js';
import {
  defaultDirection,
  STATE_COLOURS,
  toDot,
  toMermaid,
  type PictureOptions,
} from '../../src/reporting/graphFormats.js';
import { allOf, compile, composite, doc, edge, flatDoc, leaf, ref } from '../core/fixtures.js';

const HOSTILE =
  'Deliver "the" deck <script>alert(1)</script> [v2] (final) {x} |pipe| ]) --> end\nnext line \\ #60; `md` &amp; %% x\u2028y\ttab';
/** What a reader sees of the hostile title on one line. */
const HOSTILE_SHOWN = HOSTILE.replace(/[\n\u2028\t]/g, ' ');

function titled(title: string): CompiledGraph {
  const document = flatDoc(['a', 'b', 'c']);
  for (const node of Object.values(document.nodes)) node.title = title;
  return compile(document);
}

type MermaidNode = { id: string; shape: 'box' | 'stadium'; label: string };

/** A strict reading of the Mermaid DoG emits; labels come back with entities decoded. */
function readMermaid(text: string): {
  direction: string;
  nodes: MermaidNode[];
  styles: Map<string, string>;
  legend: string[];
} {
  const [header, ...lines] = text.trimEnd().split('\n');
  const direction = /^flowchart (LR|TD)$/.exec(header ?? '')?.[1];
  if (!direction) throw new Error(`bad header ${JSON.stringify(header)}`);
  const nodes: MermaidNode[] = [];
  const styles = new Map<string, string>();
  const legend: string[] = [];
  let inLegend = false;
  const label = /"((?:[^"<>#&`\n\\[\]]|#\d+;|\\|\[|\])*)"/.source;
  for (const line of lines) {
    let m = new RegExp(`^ {2}(n\\d+)(\\[|\\(\\[)${label}(\\]|\\]\\))$`).exec(line);
    if (m && !inLegend) {
      const shape = m[2] === '[' ? 'box' : 'stadium';
      expect(m[4]).toBe(shape === 'box' ? ']' : '])');
      nodes.push({ id: m[1] as string, shape, label: decode(m[3] as string) });
      continue;
    }
    if (/^ {2}n\d+ (-->|-\.->)(\|[^|"\n]+\|)? n\d+$/.test(line)) continue;
    m = /^ {2}style (n\d+|legend\d+) fill:(#[0-9a-f]{6}),color:#ffffff$/.exec(line);
    if (m) {
      styles.set(m[1] as string, m[2] as string);
      continue;
    }
    if (line === '  subgraph legend["States"]') inLegend = true;
    else if (line === '  end') inLegend = false;
    else if ((m = /^ {4}(legend\d+|legendNone)\["([a-z_ ]+)"\]$/.exec(line)) && inLegend)
      legend.push(`${m[1]}=${m[2]}`);
    else throw new Error(`not DoG Mermaid: ${JSON.stringify(line)}`);
  }
  return { direction, nodes, styles, legend };
}

function decode(label: string): string {
  return label.replace(/#(\d+);/g, (_all, code: string) => String.fromCodePoint(Number(code)));
}

/** DOT's quoted strings and statements, as Graphviz tokenizes them; fails on imbalance. */
function readDot(text: string): { strings: string[]; statements: string[] } {
  const strings: string[] = [];
  const statements: string[] = [];
  const depth: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"') {
      let value = '';
      for (i += 1; i < text.length && text[i] !== '"'; i++) {
        if (text[i] === '\n') throw new Error('raw newline inside a DOT string');
        value += text[i] === '\\' ? text.slice(i, ++i + 1) : text[i];
      }
      if (i >= text.length) throw new Error('unterminated DOT string');
      strings.push(value);
      current += `"${value}"`;
    } else if (c === '{' || c === '[') {
      depth.push(c);
      current += c;
    } else if (c === '}' || c === ']') {
      if (depth.pop() !== (c === '}' ? '{' : '[')) throw new Error(`unbalanced ${c}`);
      current += c;
    } else if (c === ';') {
      statements.push(current.trim());
      current = '';
    } else current += c;
  }
  if (depth.length > 0) throw new Error('unclosed DOT block');
  return { strings, statements };
}

function unescapeDot(value: string): string {
  return value.replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c));
}

const STATES = new Map<string, NodeState>([
  ['root', 'partial'],
  ['a', 'success'],
  ['b', 'failure'],
]);

describe('Mermaid with titles and a run', () => {
  const graph = titled(HOSTILE);
  const options: PictureOptions = { titles: true, direction: 'LR', states: STATES };
  const picture = readMermaid(toMermaid(graph, undefined, options));

  test('every goal is labelled id: title · state, hostile text shown as written', () => {
    expect(picture.direction).toBe('LR');
    expect(picture.nodes).toHaveLength(4);
    for (const id of ['root', 'a', 'b', 'c']) {
      const state = STATES.get(id);
      const node = picture.nodes.find((n) => n.label.startsWith(`${id}: `));
      expect(node?.label).toBe(`${id}: ${HOSTILE_SHOWN}${state ? ` · ${state}` : ''}`);
    }
  });

  test('colours each goal by the palette of the job summary, with a legend of the states shown', () => {
    const fill = (goal: string) =>
      picture.styles.get(picture.nodes.find((n) => n.label.startsWith(`${goal}: `))?.id ?? '');
    expect(fill('a')).toBe(STATE_COLOURS.success);
    expect(fill('b')).toBe(STATE_COLOURS.failure);
    expect(fill('root')).toBe(STATE_COLOURS.partial);
    expect(fill('c')).toBeUndefined();
    expect(picture.legend).toEqual([
      'legend0=success',
      'legend1=partial',
      'legend2=failure',
      'legendNone=not in this run',
    ]);
    expect(picture.styles.get('legend0')).toBe(STATE_COLOURS.success);
    expect(picture.styles.get('legend2')).toBe(STATE_COLOURS.failure);
  });

  test('without a run there are no colours and no legend; the summary form is unchanged', () => {
    const plain = readMermaid(toMermaid(graph, undefined, { titles: true, direction: 'TB' }));
    expect([plain.direction, plain.styles.size, plain.legend]).toEqual(['TD', 0, []]);
    const summary = toMermaid(graph, STATES);
    expect(summary.startsWith('flowchart TD\n')).toBe(true);
    expect(summary).not.toContain('Deliver');
    expect(summary).not.toContain('subgraph');
  });
});

describe('DOT with titles and a run', () => {
  const graph = titled(HOSTILE);
  const dot = toDot(graph, { titles: true, direction: 'LR', states: STATES });
  const { strings, statements } = readDot(dot);

  test('is balanced, lays out LR, and keeps every title inside its quoted label', () => {
    expect(statements[0]).toBe(`digraph "${graph.id}" {\n  rankdir=LR`);
    const labels = strings.map(unescapeDot).filter((s) => s.includes('Deliver'));
    expect(labels).toHaveLength(4);
    expect(labels).toContain(`a\n${HOSTILE.replace('\u2028', '\n').replace('\t', ' ')}\nsuccess`);
    expect(labels).toContain(`c\n${HOSTILE.replace('\u2028', '\n').replace('\t', ' ')}`);
  });

  test('fills each goal with its state colour and draws a legend cluster', () => {
    const node = (id: string) => statements.find((s) => s.startsWith(`"${id}" [shape=`));
    expect(node('a')).toContain(`style=filled, fillcolor="${STATE_COLOURS.success}"`);
    expect(node('root')).toContain(`fillcolor="${STATE_COLOURS.partial}"`);
    expect(node('c')).not.toContain('fillcolor');
    expect(dot).toContain('  subgraph cluster_legend {\n    label="States";\n');
    expect(statements.filter((s) => s.startsWith('"legend '))).toEqual([
      `"legend success" [shape=box, label="success", style=filled, fillcolor="${STATE_COLOURS.success}", fontcolor="#ffffff"]`,
      `"legend partial" [shape=box, label="partial", style=filled, fillcolor="${STATE_COLOURS.partial}", fontcolor="#ffffff"]`,
      `"legend failure" [shape=box, label="failure", style=filled, fillcolor="${STATE_COLOURS.failure}", fontcolor="#ffffff"]`,
      '"legend none" [shape=box, label="not in this run"]',
    ]);
  });
});

describe('defaultDirection', () => {
  test('LR when the widest layer has more goals than there are layers, else TB', () => {
    expect(defaultDirection(compile(flatDoc(['a', 'b', 'c'])))).toBe('LR');
    expect(defaultDirection(compile(flatDoc(['a', 'b'])))).toBe('TB');
    const chain = doc({
      nodes: {
        root: composite(ref('mid')),
        mid: composite(allOf('x', 'y')),
        x: leaf('x'),
        y: leaf('y'),
      },
      contains: [edge('root', 'mid'), edge('mid', 'x'), edge('mid', 'y')],
    });
    expect(defaultDirection(compile(chain))).toBe('TB');
  });

  test('a dependency pushes its target a layer down, as the picture draws it', () => {
    const flat = flatDoc(['a', 'b', 'c']);
    expect(defaultDirection(compile(flat))).toBe('LR');
    // a needs b and b needs c: the three leaves stack into three layers below the root.
    const stacked = {
      ...flat,
      dependsOn: [
        { source: 'a', target: 'b' },
        { source: 'b', target: 'c' },
      ],
    };
    expect(defaultDirection(compile(stacked))).toBe('TB');
  });
});
