// One self-contained HTML file a person reads in seconds: the root state, what needs
// attention and why (with links to where), then the graph with every goal's facts collapsed
// under its line. No scripts and no external resources; every piece of report text is
// escaped (evidence is untrusted data). The "failed only" switch is a checkbox and CSS.
import type { CompiledGraph } from '../core/graph/model.js';
import { decidedTotalsText } from '../core/human/words.js';
import type { RunReport } from '../core/report/model.js';
import { escapeHtml } from './escapeHtml.js';
import { badge } from './html/badge.js';
import { goalTree } from './html/goalTree.js';
import { isLocationHref, type HtmlLinks } from './html/links.js';
import { problemList } from './html/problems.js';
import { chainSection } from './html/provenance.js';
import { PAGE_STYLE } from './html/style.js';

export { escapeHtml, isLocationHref, type HtmlLinks };

export type HtmlOptions = {
  /** Where locations link to; none by default. */
  links?: HtmlLinks;
};

function runLine(report: RunReport): string {
  const t = report.totals;
  const cost = t.tokens ? ` · ${t.tokens} tokens · $${t.costUsd.toFixed(4)}` : '';
  const commit = report.trigger?.sha
    ? ` · commit <code>${escapeHtml(report.trigger.sha.slice(0, 12))}</code>`
    : '';
  const isolation = report.isolation ? ` · isolation: ${escapeHtml(report.isolation.kind)}` : '';
  return (
    `<p class="run">Run <code>${escapeHtml(report.runId)}</code>${commit} · graph <code>${escapeHtml(report.graph.digest.slice(0, 19))}</code></p>` +
    `<p class="run">verified ${t.verified}, inherited ${t.inherited}${escapeHtml(decidedTotalsText(t))}, blocked ${t.blocked} · ${(t.wallMs / 1000).toFixed(1)} s${cost}${isolation}</p>`
  );
}

/** Which of the sandbox's limits this host did not enforce, said where readers look. */
function isolationLimits(report: RunReport): string {
  const off = (report.isolation?.limits ?? []).filter((limit) => !limit.enforced);
  if (off.length === 0) return '';
  const items = off
    .map((limit) => `<li>${escapeHtml(limit.name)}: ${escapeHtml(limit.detail)}</li>`)
    .join('');
  return `<p>Not enforced on this host:</p><ul>${items}</ul>`;
}

function warningList(report: RunReport): string {
  if (report.warnings.length === 0) return '';
  const items = report.warnings.map((w) => `<li>${escapeHtml(w.message)}</li>`).join('');
  return `<details class="warnings"><summary>${report.warnings.length} warning${report.warnings.length === 1 ? '' : 's'}</summary><ul>${items}</ul></details>`;
}

export function renderHtmlReport(
  report: RunReport,
  graph: CompiledGraph,
  options: HtmlOptions = {},
): string {
  const links = options.links ?? { kind: 'none' };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>DoG report — ${escapeHtml(report.graph.id)}</title>
<style>${PAGE_STYLE}</style></head><body>
<h1>${escapeHtml(report.graph.id)}: ${badge(report.rootState)}</h1>
${runLine(report)}
${isolationLimits(report)}
${chainSection(report)}
${warningList(report)}
${problemList(report, graph, links)}
<input type="checkbox" id="failed-only"><label for="failed-only">Failed only</label>
<main><h2>Goals</h2>${goalTree(report, graph, links)}</main>
</body></html>
`;
}
