// One goal's facts in the HTML report: a small table under the goal's line in the tree.
// Evidence and errors are untrusted text: escaped, and their sandbox paths shown relative to
// the workspace.
import { nextStepOf } from '../../core/report/nextStep.js';
import type { ReportNode, ReportSettlement } from '../../core/report/model.js';
import { reasonOf } from '../../core/report/reason.js';
import type { EvidenceLocation } from '../../core/types.js';
import { escapeHtml } from '../escapeHtml.js';
import { voteSplit } from '../terminal.js';
import { auditSection } from './audit.js';
import { badge } from './badge.js';
import { withWorkspacePaths } from './evidencePaths.js';
import { locationHref, type HtmlLinks } from './links.js';
import { provenanceSection } from './provenance.js';

type Row = [string, string];

/** `path:line` as a link where it can be one, else as code. */
export function locationLink(links: HtmlLinks, location: EvidenceLocation): string {
  const label = `<code>${escapeHtml(`${location.path}:${location.line}`)}</code>`;
  const href = locationHref(links, location);
  return href === undefined ? label : `<a href="${escapeHtml(href)}">${label}</a>`;
}

function identityRows(node: ReportNode): Row[] {
  const how = node.decidedBy ? ' decided' : node.inherited ? ' inherited' : '';
  const rows: Row[] = [
    ['state', badge(node.state) + how],
    ['verdict', escapeHtml(node.verdict ?? '—')],
  ];
  if (node.target) rows.push(['target', `<code>${escapeHtml(node.target)}</code>`]);
  if (node.verifier) {
    const model = node.verifier.model ? ` (${node.verifier.model})` : '';
    rows.push(['verifier', escapeHtml(node.verifier.script ?? `agentic${model}`)]);
  }
  if (node.rerunReason) rows.push(['re-run because', escapeHtml(node.rerunReason)]);
  // Who decided and why is the reason row; where they looked is the run.
  if (node.decidedBy) rows.push(['decided about', escapeHtml(`run ${node.decidedBy.run}`)]);
  else if (node.inheritedFrom)
    rows.push(['inherited from', escapeHtml(`run ${node.inheritedFrom.runId}`)]);
  return rows;
}

function outcomeRows(node: ReportNode, links: HtmlLinks): Row[] {
  const rows: Row[] = [];
  const shown = (text: string): string => escapeHtml(withWorkspacePaths(text, node.target));
  const reason = reasonOf(node);
  if (reason !== undefined) rows.push(['reason', shown(reason)]);
  const step = reason === undefined ? undefined : nextStepOf(node);
  if (step !== undefined) rows.push(['next step', escapeHtml(step)]);
  if (node.error) {
    // The whole bounded message, lines kept: a crashing script's stderr reads as it was written.
    rows.push(['error', `<pre>${shown(`${node.error.category}: ${node.error.message}`)}</pre>`]);
  }
  if (node.locations?.length) {
    const items = node.locations.map(
      (l) => `<li>${locationLink(links, l)} ${escapeHtml(l.message)}</li>`,
    );
    rows.push(['locations', `<ul>${items.join('')}</ul>`]);
  }
  if (node.votes) rows.push(['votes', escapeHtml(voteSplit(node.votes))]);
  if (node.evidence !== undefined) {
    const text = shown(JSON.stringify(node.evidence, null, 2));
    rows.push(['evidence', `<details><summary>evidence</summary><pre>${text}</pre></details>`]);
  }
  if (node.captureDigest) rows.push(['capture', `<code>${escapeHtml(node.captureDigest)}</code>`]);
  return rows;
}

function auditRows(node: ReportNode): Row[] {
  const rows: Row[] = [];
  if (node.audit) rows.push(['audit', auditSection(node.audit)]);
  const assert: ReportSettlement | undefined = node.assert;
  if (assert) rows.push(['assert', `${badge(assert.state)} ${escapeHtml(reasonOf(assert) ?? '')}`]);
  if (assert?.audit) rows.push(['assert audit', auditSection(assert.audit)]);
  const provenance = provenanceSection(node);
  if (provenance) rows.push(['chain', provenance]);
  return rows;
}

/** The goal's table: identity, outcome, audit. */
export function goalDetail(node: ReportNode, links: HtmlLinks): string {
  const rows = [...identityRows(node), ...outcomeRows(node, links), ...auditRows(node)];
  const body = rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${v}</td></tr>`).join('');
  return `<table>${body}</table>`;
}
