// `dog graph --format mermaid|dot|json`, and the Mermaid picture of a settled run.
import type { CompiledGraph } from '../core/graph/model.js';
import type { JsonValue, NodeState } from '../core/types.js';

export type GraphFormat = 'mermaid' | 'dot' | 'json';

const STATE_COLOURS: Record<NodeState, string> = {
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

function mermaidLabel(text: string): string {
  return text.replace(/["<>]/g, (c) => `#${c.charCodeAt(0)};`).replace(/[\r\n]+/g, ' ');
}

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

export function toMermaid(graph: CompiledGraph, states?: ReadonlyMap<string, NodeState>): string {
  const ids = mermaidIds(graph);
  const lines = ['flowchart TD'];
  for (const id of [...graph.order].reverse()) {
    const node = graph.nodes.get(id);
    if (!node) continue;
    const state = states?.get(id);
    const text = mermaidLabel(`${id}${state ? ` · ${state}` : ''}`);
    lines.push(
      node.kind === 'composite' ? `  ${ids.get(id)}["${text}"]` : `  ${ids.get(id)}(["${text}"])`,
    );
  }
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
  if (states) {
    for (const [id, state] of states) {
      lines.push(`  style ${ids.get(id)} fill:${STATE_COLOURS[state]},color:#ffffff`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function dotString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

export function toDot(graph: CompiledGraph): string {
  const lines = [`digraph ${dotString(graph.id)} {`, '  rankdir=TB;'];
  for (const id of graph.order) {
    const node = graph.nodes.get(id);
    if (!node) continue;
    const shape = node.kind === 'composite' ? 'box' : 'ellipse';
    lines.push(`  ${dotString(id)} [shape=${shape}, label=${dotString(`${id}\n${node.title}`)}];`);
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
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

export function toGraphJson(graph: CompiledGraph): string {
  const value: JsonValue = {
    digest: graph.digest,
    order: [...graph.order],
    graph: graph.canonical,
  };
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function renderGraph(graph: CompiledGraph, format: GraphFormat): string {
  if (format === 'mermaid') return toMermaid(graph);
  if (format === 'dot') return toDot(graph);
  return toGraphJson(graph);
}
