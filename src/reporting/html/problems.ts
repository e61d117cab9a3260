// The top of the HTML report: what failed or waits, and why, one line each with where.
// A composite is listed only when no goal under it explains its state.
import type { CompiledGraph } from '../../core/graph/model.js';
import type { RunReport } from '../../core/report/model.js';
import { isProblem } from '../../core/report/problemOrder.js';
import { reasonOf } from '../../core/report/reason.js';
import { escapeHtml } from '../escapeHtml.js';
import { goalEntries, problemRank, type GoalEntry } from '../github/goals.js';
import { badge } from './badge.js';
import { withWorkspacePaths } from './evidencePaths.js';
import { locationLink } from './goalDetail.js';
import type { HtmlLinks } from './links.js';

/** Locations shown on a problem's line; the goal's own table lists them all. */
const LINE_LOCATIONS = 3;

function explainedBelow(entry: GoalEntry, report: RunReport, graph: CompiledGraph): boolean {
  if (entry.kind !== 'composite') return false;
  const node = graph.nodes.get(entry.goalId);
  const children = node?.kind === 'composite' ? node.children : [];
  return children.some((r) => isProblem(report.nodes[r.child]?.state ?? 'success'));
}

function problemLine(entry: GoalEntry, links: HtmlLinks): string {
  const { settlement } = entry;
  const reason = reasonOf(settlement);
  const said =
    reason === undefined ? '' : `: ${escapeHtml(withWorkspacePaths(reason, settlement.target))}`;
  const where = (settlement.locations ?? [])
    .slice(0, LINE_LOCATIONS)
    .map((l) => locationLink(links, l));
  const more = (settlement.locations?.length ?? 0) - where.length;
  const at =
    where.length === 0
      ? ''
      : ` <span class="at">at ${where.join(', ')}${more > 0 ? ` and ${more} more` : ''}</span>`;
  const tolerated = entry.tolerated ? ' <span class="rel">tolerated</span>' : '';
  const title = `<a href="#goal-${escapeHtml(entry.goalId)}"><span class="id">${escapeHtml(entry.key)}</span></a> ${escapeHtml(entry.title)}`;
  return `<li>${badge(settlement.state)} ${title}${tolerated}${said}${at}</li>`;
}

/** The "needs attention" list, or one line saying nothing does. */
export function problemList(report: RunReport, graph: CompiledGraph, links: HtmlLinks): string {
  const entries = goalEntries(report, graph)
    .filter((e) => isProblem(e.settlement.state) && !explainedBelow(e, report, graph))
    .sort((a, b) => problemRank(a) - problemRank(b) || (a.key < b.key ? -1 : 1));
  if (entries.length === 0)
    return '<p class="none">Nothing failed and nothing waits for a person.</p>';
  const lines = entries.map((entry) => problemLine(entry, links)).join('');
  return `<h2>Needs attention (${entries.length})</h2><ul class="problems">${lines}</ul>`;
}
