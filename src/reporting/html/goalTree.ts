// The graph as a tree of goals, each line a collapsed <details> holding the goal's facts.
// Problems are open; a subtree without one is marked `clean`, which the "failed only" switch
// hides with CSS alone (the page runs no scripts).
import type { CompiledGraph } from '../../core/graph/model.js';
import type { ReportNode, RunReport } from '../../core/report/model.js';
import { isProblem } from '../../core/report/problemOrder.js';
import { escapeHtml } from '../escapeHtml.js';
import { badge } from './badge.js';
import { goalDetail } from './goalDetail.js';
import type { HtmlLinks } from './links.js';

type TreeContext = {
  graph: CompiledGraph;
  report: RunReport;
  links: HtmlLinks;
  /** Goals already drawn: a shared one is drawn once and referred to after. */
  drawn: Set<string>;
  clean: Map<string, boolean>;
};

function ownProblem(node: ReportNode): boolean {
  return isProblem(node.state) || (node.assert !== undefined && isProblem(node.assert.state));
}

/** Whether nothing at or under `id` needs a reader (memoised: shared children count once). */
function isClean(context: TreeContext, id: string): boolean {
  const known = context.clean.get(id);
  if (known !== undefined) return known;
  context.clean.set(id, true);
  const node = context.report.nodes[id];
  const compiledNode = context.graph.nodes.get(id);
  const children = compiledNode?.kind === 'composite' ? compiledNode.children : [];
  const clean =
    node !== undefined && !ownProblem(node) && children.every((r) => isClean(context, r.child));
  context.clean.set(id, clean);
  return clean;
}

function relationLabel(failure: string, required: boolean): string {
  const parts = [failure !== 'fatal' ? failure : '', required ? '' : 'optional'];
  const text = parts.filter(Boolean).join(', ');
  return text ? ` <span class="rel">${escapeHtml(text)}</span>` : '';
}

function goalItem(context: TreeContext, id: string, label: string): string {
  const node = context.report.nodes[id];
  const compiled = context.graph.nodes.get(id);
  if (!node || !compiled) return '';
  const how = node.decidedBy ? ' decided' : node.inherited ? ' inherited' : '';
  const line = `${badge(node.state)} <span class="id">${escapeHtml(id)}</span> ${escapeHtml(node.title)}${label}<span class="how">${how}</span>`;
  const cls = isClean(context, id) ? 'clean' : 'attention';
  if (context.drawn.has(id))
    return `<li class="${cls}">${line} <a href="#goal-${escapeHtml(id)}">(shown above)</a></li>`;
  context.drawn.add(id);
  const open = ownProblem(node) ? ' open' : '';
  const details = `<details${open}><summary>${line}</summary>${goalDetail(node, context.links)}</details>`;
  const relations = compiled.kind === 'composite' ? compiled.children : [];
  const children = relations
    .map((r) => goalItem(context, r.child, relationLabel(r.failure, r.required)))
    .join('');
  const list = children ? `<ul>${children}</ul>` : '';
  return `<li id="goal-${escapeHtml(id)}" class="${cls}">${details}${list}</li>`;
}

/** The whole graph from its root. */
export function goalTree(report: RunReport, graph: CompiledGraph, links: HtmlLinks): string {
  const context: TreeContext = { graph, report, links, drawn: new Set(), clean: new Map() };
  return `<ul class="tree">${goalItem(context, graph.root, '')}</ul>`;
}
