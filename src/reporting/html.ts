// One self-contained HTML file: the goal tree with states, and each goal's evidence. No
// scripts and no external resources; every piece of report text is escaped (evidence is
// untrusted data).
import type { CompiledGraph } from '../core/graph/model.js';
import { decidedTotalsText } from '../core/human/words.js';
import type { ReportNode, RunReport } from '../core/report/model.js';
import { nextStepOf } from '../core/report/nextStep.js';
import { stateRank } from '../core/report/problemOrder.js';
import { reasonOf } from '../core/report/reason.js';
import { escapeHtml } from './escapeHtml.js';
import { auditSection } from './htmlAudit.js';
import { chainSection, provenanceSection } from './htmlProvenance.js';
import { voteSplit } from './terminal.js';

export { escapeHtml };

const COLOURS: Record<string, string> = {
  success: '#1a7f37',
  partial: '#9a6700',
  failure: '#cf222e',
  blocked: '#57606a',
  needs_human: '#8250df',
  cancelled: '#57606a',
  pending: '#57606a',
  running: '#0969da',
  invalidated: '#57606a',
  partial_success: '#9a6700',
  infeasible: '#8250df',
  needs_replan: '#8250df',
};

function rank(node: ReportNode): number {
  return stateRank(node.state);
}

function badge(state: string): string {
  return `<span class="badge" style="background:${COLOURS[state] ?? '#57606a'}">${escapeHtml(state)}</span>`;
}

function tree(
  graph: CompiledGraph,
  report: RunReport,
  id: string,
  seen: Set<string>,
  label = '',
): string {
  const node = report.nodes[id];
  const compiled = graph.nodes.get(id);
  if (!node || !compiled) return '';
  const shared = seen.has(id) ? ' <em>(shown above)</em>' : '';
  const head = `${badge(node.state)} <a href="#goal-${escapeHtml(id)}">${escapeHtml(id)}</a> — ${escapeHtml(node.title)}${label ? ` <span class="rel">${escapeHtml(label)}</span>` : ''}${shared}`;
  if (compiled.kind === 'leaf' || seen.has(id)) return `<li>${head}</li>`;
  seen.add(id);
  const children = compiled.children
    .map((r) =>
      tree(
        graph,
        report,
        r.child,
        seen,
        [r.failure !== 'fatal' ? r.failure : '', r.required ? '' : 'optional']
          .filter(Boolean)
          .join(', '),
      ),
    )
    .join('');
  return `<li>${head}<ul>${children}</ul></li>`;
}

function detail(id: string, node: ReportNode): string {
  const rows: [string, string][] = [
    [
      'state',
      badge(node.state) + (node.decidedBy ? ' decided' : node.inherited ? ' inherited' : ''),
    ],
    ['verdict', escapeHtml(node.verdict ?? '—')],
  ];
  if (node.target) rows.push(['target', `<code>${escapeHtml(node.target)}</code>`]);
  if (node.verifier)
    rows.push([
      'verifier',
      escapeHtml(
        node.verifier.script ?? `agentic${node.verifier.model ? ` (${node.verifier.model})` : ''}`,
      ),
    ]);
  if (node.rerunReason) rows.push(['re-run because', escapeHtml(node.rerunReason)]);
  // Who decided and why is the reason row; where they looked is the run.
  if (node.decidedBy) rows.push(['decided about', escapeHtml(`run ${node.decidedBy.run}`)]);
  else if (node.inheritedFrom)
    rows.push(['inherited from', escapeHtml(`run ${node.inheritedFrom.runId}`)]);
  const reason = reasonOf(node);
  if (reason !== undefined) rows.push(['reason', escapeHtml(reason)]);
  const step = reason === undefined ? undefined : nextStepOf(node);
  if (step !== undefined) rows.push(['next step', escapeHtml(step)]);
  if (node.error) {
    // The whole bounded message, lines kept: a crashing script's stderr reads as it was written.
    const text = `${node.error.category}: ${node.error.message}`;
    rows.push(['error', `<pre>${escapeHtml(text)}</pre>`]);
  }
  if (node.captureDigest) rows.push(['capture', `<code>${escapeHtml(node.captureDigest)}</code>`]);
  if (node.evidence !== undefined)
    rows.push(['evidence', `<pre>${escapeHtml(JSON.stringify(node.evidence, null, 2))}</pre>`]);
  if (node.votes) rows.push(['votes', escapeHtml(voteSplit(node.votes))]);
  if (node.locations?.length) {
    const items = node.locations.map(
      (l) => `<li><code>${escapeHtml(`${l.path}:${l.line}`)}</code> ${escapeHtml(l.message)}</li>`,
    );
    rows.push(['locations', `<ul>${items.join('')}</ul>`]);
  }
  if (node.audit) rows.push(['audit', auditSection(node.audit)]);
  if (node.assert)
    rows.push(['assert', `${badge(node.assert.state)} ${escapeHtml(reasonOf(node.assert) ?? '')}`]);
  if (node.assert?.audit) rows.push(['assert audit', auditSection(node.assert.audit)]);
  const provenance = provenanceSection(node);
  if (provenance) rows.push(['chain', provenance]);
  const body = rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${v}</td></tr>`).join('');
  return `<section id="goal-${escapeHtml(id)}"><h3>${escapeHtml(id)} — ${escapeHtml(node.title)}</h3><table>${body}</table></section>`;
}

export function renderHtmlReport(report: RunReport, graph: CompiledGraph): string {
  const t = report.totals;
  const warnings = report.warnings.map((w) => `<li>${escapeHtml(w.message)}</li>`).join('');
  const details = Object.entries(report.nodes)
    .sort(([a, x], [b, y]) => rank(x) - rank(y) || (a < b ? -1 : 1))
    .map(([id, node]) => detail(id, node))
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>DoG report — ${escapeHtml(report.graph.id)}</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:70rem;color:#1f2328;padding:0 1rem}
.badge{color:#fff;border-radius:1em;padding:0 .6em;font-size:12px}
.rel{color:#57606a;font-size:12px}
table{border-collapse:collapse;margin:.5rem 0 1.5rem}th{text-align:left;padding-right:1rem;vertical-align:top;color:#57606a}
pre{background:#f6f8fa;padding:.5rem;max-height:24rem;overflow:auto;white-space:pre-wrap}
ul{list-style:none;padding-left:1.2rem}
</style></head><body>
<h1>${escapeHtml(report.graph.id)}: ${badge(report.rootState)}</h1>
<p>Run <code>${escapeHtml(report.runId)}</code> · graph <code>${escapeHtml(report.graph.digest.slice(0, 19))}</code> ·
verified ${t.verified}, inherited ${t.inherited}${escapeHtml(decidedTotalsText(t))}, blocked ${t.blocked} · ${(t.wallMs / 1000).toFixed(1)} s${t.tokens ? ` · ${t.tokens} tokens · $${t.costUsd.toFixed(4)}` : ''}
${report.isolation ? ` · isolation: ${escapeHtml(report.isolation.kind)}` : ''}</p>
${isolationLimits(report)}
${chainSection(report)}
${warnings ? `<h2>Warnings</h2><ul>${warnings}</ul>` : ''}
<h2>Goals</h2><ul>${tree(graph, report, graph.root, new Set())}</ul>
<h2>Details</h2>
${details}
</body></html>
`;
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
