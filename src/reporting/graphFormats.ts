// `dog graph --format mermaid|dot|json`, and the Mermaid picture of a settled run.
import type { CompiledGraph } from '../core/graph/model.js';
import type { JsonValue, NodeState } from '../core/types.js';

export type GraphFormat = 'mermaid' | 'dot' | 'json';

/** Which way the picture grows: left to right, or top to bottom. */
export type Direction = 'LR' | 'TB';

/**
 * How `dog graph` draws: nodes labelled with their titles, coloured by a run's states with a
 * legend, in the given direction. Without options a picture keeps the job summary's form.
 */
export type PictureOptions = {
  states?: ReadonlyMap<string, NodeState>;
  direction: Direction;
  titles: boolean;
};

/** The job summary's palette, shared by every picture. */
export const STATE_COLOURS: Readonly<Record<NodeState, string>> = {
  success: '#2da44e',
  partial: '#bf8700',
  failure: '#cf222e',
  blocked: '#8c959f',
  needs_human: '#8250df',
  pending: '#d0d7de',
  running: '#0969da',
  cancelled: '#6e7781',
  invalidated: '#6e7781',
};

/** Mermaid node ids must be simple: index them, and keep the real id in the label. */
function mermaidIds(graph: CompiledGraph): Map<string, string> {
  return new Map(graph.order.map((id, index) => [id, `n${index}`]));
}

// Line breaks of any kind become spaces; what Mermaid could read as syntax, markup, an entity
// or a markdown string becomes a numeric entity, which Mermaid shows as the character itself.
const LINE_BREAKS = /[\r\n\u2028\u2029]+/g;
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f]/g;

function mermaidLabel(text: string): string {
  return text
    .replace(LINE_BREAKS, ' ')
    .replace(CONTROLS, ' ')
    .replace(/["<>#&`]/g, (c) => `#${c.charCodeAt(0)};`);
}

/**
 * LR when the graph is wider than deep: its widest layer (nodes at the same distance from the
 * root along the longest path of containment and dependency edges) has more nodes than
 * there are layers. A top-down picture of such a graph is a wide, flat strip.
 */
export function defaultDirection(graph: CompiledGraph): Direction {
  const layer = new Map<string, number>([[graph.root, 0]]);
  const deeper = (id: string, than: number): void => {
    layer.set(id, Math.max(layer.get(id) ?? 0, than + 1));
  };
  // `order` puts every node after its children and dependency targets: reversed, each node's
  // layer is final before its edges push the nodes below it.
  for (const id of [...graph.order].reverse()) {
    const here = layer.get(id) ?? 0;
    const node = graph.nodes.get(id);
    if (node?.kind === 'composite') for (const r of node.children) deeper(r.child, here);
    for (const target of graph.dependencies.get(id) ?? []) deeper(target, here);
  }
  const widths = new Map<number, number>();
  for (const value of layer.values()) widths.set(value, (widths.get(value) ?? 0) + 1);
  return Math.max(...widths.values()) > widths.size ? 'LR' : 'TB';
}

/** The states a run gave, in the palette's order, then whether some goal has none. */
function legendOf(
  graph: CompiledGraph,
  states: ReadonlyMap<string, NodeState>,
): { shown: NodeState[]; unstated: boolean } {
  const present = new Set(states.values());
  const shown = (Object.keys(STATE_COLOURS) as NodeState[]).filter((s) => present.has(s));
  return { shown, unstated: graph.order.some((id) => !states.has(id)) };
}

const NOT_IN_RUN = 'not in this run';

function relationLabel(relation: {
  failure: string;
  required: boolean;
  degradeTo?: string;
}): string {
  const parts: string[] = [];
  if (relation.failure !== 'fatal')
    parts.push(relation.degradeTo ? `degrade→${relation.degradeTo}` : relation.failure);
  if (!relation.required) parts.push('optional');
  return parts.join(', ');
}

export function toMermaid(
  graph: CompiledGraph,
  states?: ReadonlyMap<string, NodeState>,
  options?: PictureOptions,
): string {
  const ids = mermaidIds(graph);
  const shown = options?.states ?? states;
  const lines = [`flowchart ${options?.direction === 'LR' ? 'LR' : 'TD'}`];
  for (const id of [...graph.order].reverse()) {
    const node = graph.nodes.get(id);
    if (!node) continue;
    const state = shown?.get(id);
    const title = options?.titles ? `: ${node.title}` : '';
    const text = mermaidLabel(`${id}${title}${state ? ` · ${state}` : ''}`);
    lines.push(
      node.kind === 'composite' ? `  ${ids.get(id)}["${text}"]` : `  ${ids.get(id)}(["${text}"])`,
    );
  }
  lines.push(...mermaidEdges(graph, ids));
  if (shown) {
    for (const [id, state] of shown) {
      const mermaidId = ids.get(id);
      if (mermaidId) lines.push(`  style ${mermaidId} fill:${STATE_COLOURS[state]},color:#ffffff`);
    }
    if (options) lines.push(...mermaidLegend(legendOf(graph, shown)));
  }
  return `${lines.join('\n')}\n`;
}

function mermaidEdges(graph: CompiledGraph, ids: ReadonlyMap<string, string>): string[] {
  const lines: string[] = [];
  for (const node of graph.nodes.values()) {
    if (node.kind !== 'composite') continue;
    for (const relation of node.children) {
      const label = relationLabel(relation);
      const arrow = label ? `-->|${mermaidLabel(label)}|` : '-->';
      lines.push(`  ${ids.get(relation.parent)} ${arrow} ${ids.get(relation.child)}`);
    }
  }
  for (const [source, targets] of graph.dependencies) {
    for (const target of targets) lines.push(`  ${ids.get(source)} -.->|needs| ${ids.get(target)}`);
  }
  return lines;
}

/** A box of one sample node per state shown (goal ids are n0, n1, …: these cannot clash). */
function mermaidLegend(legend: { shown: NodeState[]; unstated: boolean }): string[] {
  const lines = ['  subgraph legend["States"]'];
  legend.shown.forEach((state, index) => lines.push(`    legend${index}["${state}"]`));
  if (legend.unstated) lines.push(`    legendNone["${NOT_IN_RUN}"]`);
  lines.push('  end');
  legend.shown.forEach((state, index) =>
    lines.push(`  style legend${index} fill:${STATE_COLOURS[state]},color:#ffffff`),
  );
  return lines;
}

function dotString(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\r\n?|[\n\u2028\u2029]/g, '\\n')
    .replace(CONTROLS, ' ');
  return `"${escaped}"`;
}

export function toDot(graph: CompiledGraph, options?: PictureOptions): string {
  const lines = [`digraph ${dotString(graph.id)} {`, `  rankdir=${options?.direction ?? 'TB'};`];
  for (const id of graph.order) {
    const node = graph.nodes.get(id);
    if (!node) continue;
    const shape = node.kind === 'composite' ? 'box' : 'ellipse';
    const state = options?.states?.get(id);
    const label = dotString(`${id}\n${node.title}${state ? `\n${state}` : ''}`);
    lines.push(`  ${dotString(id)} [shape=${shape}, label=${label}${dotFill(state)}];`);
  }
  for (const node of graph.nodes.values()) {
    if (node.kind !== 'composite') continue;
    for (const relation of node.children) {
      const label = relationLabel(relation);
      lines.push(
        `  ${dotString(relation.parent)} -> ${dotString(relation.child)}${label ? ` [label=${dotString(label)}]` : ''};`,
      );
    }
  }
  for (const [source, targets] of graph.dependencies) {
    for (const target of targets)
      lines.push(`  ${dotString(source)} -> ${dotString(target)} [style=dashed, label="needs"];`);
  }
  if (options?.states) lines.push(...dotLegend(legendOf(graph, options.states)));
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

function dotFill(state: NodeState | undefined): string {
  return state ? `, style=filled, fillcolor="${STATE_COLOURS[state]}", fontcolor="#ffffff"` : '';
}

/** A cluster of one sample node per state shown (ids with a space cannot clash with goals). */
function dotLegend(legend: { shown: NodeState[]; unstated: boolean }): string[] {
  const lines = ['  subgraph cluster_legend {', '    label="States";'];
  for (const state of legend.shown)
    lines.push(`    "legend ${state}" [shape=box, label="${state}"${dotFill(state)}];`);
  if (legend.unstated) lines.push(`    "legend none" [shape=box, label="${NOT_IN_RUN}"];`);
  lines.push('  }');
  return lines;
}

export function toGraphJson(graph: CompiledGraph): string {
  const value: JsonValue = {
    digest: graph.digest,
    order: [...graph.order],
    graph: graph.canonical,
  };
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** `dog graph`: JSON is the compiled graph itself; the pictures follow the options. */
export function renderGraph(
  graph: CompiledGraph,
  format: GraphFormat,
  options: PictureOptions,
): string {
  if (format === 'mermaid') return toMermaid(graph, undefined, options);
  if (format === 'dot') return toDot(graph, options);
  return toGraphJson(graph);
}
