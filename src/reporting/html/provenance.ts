// A node's place in the report's digest chain and where its record was written, collapsed by
// default: one summary line that opens to the digests and the origin (docs/provenance.md).
import type { ReportNode, RunReport } from '../../core/report/model.js';
import type { RecordOrigin } from '../../core/types.js';
import { escapeHtml } from '../escapeHtml.js';

/** The collapsed provenance of one node, or '' for a report without a chain or an origin. */
export function provenanceSection(node: ReportNode): string {
  const rows: [string, string][] = [];
  if (node.digest) rows.push(['node digest', code(node.digest)]);
  if (node.recordDigest) rows.push(['record digest', code(node.recordDigest)]);
  if (node.origin) rows.push(['written by', escapeHtml(originLine(node.origin))]);
  if (node.assert?.recordDigest) rows.push(['assert record', code(node.assert.recordDigest)]);
  if (node.assert?.origin)
    rows.push(['assert written by', escapeHtml(originLine(node.assert.origin))]);
  if (rows.length === 0) return '';
  const summary = node.origin ? `provenance: ${originLine(node.origin)}` : 'provenance';
  return collapsed(summary, rows);
}

/** The report's root digest and the anchors it binds, collapsed. */
export function chainSection(report: RunReport): string {
  if (!report.rootDigest || !report.provenance) return '';
  const { configDigest, trustedCommit, headCommit } = report.provenance;
  return collapsed(`digest chain: ${report.rootDigest.slice(0, 19)}…`, [
    ['root digest', code(report.rootDigest)],
    ['configuration', configDigest ? code(configDigest) : 'unknown'],
    ['trusted commit', trustedCommit ? code(trustedCommit) : 'unknown'],
    ['head commit', headCommit ? code(headCommit) : 'unknown'],
    ['check with', code(`dog verify-report REPORT.json`)],
  ]);
}

/** Where a record was written, in one line: the workflow run, attempt and job, or local. */
export function originLine(origin: RecordOrigin): string {
  const ref = origin.ref ? ` on ${origin.ref}` : '';
  if (origin.kind === 'local') return `a local run (${origin.event})${ref}`;
  return `${origin.repository} run ${origin.runId} attempt ${origin.attempt}, job ${origin.job} (${origin.event})${ref}`;
}

function code(text: string): string {
  return `<code>${escapeHtml(text)}</code>`;
}

function collapsed(summary: string, rows: readonly [string, string][]): string {
  const body = rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${v}</td></tr>`).join('');
  return `<details class="chain"><summary>${escapeHtml(summary)}</summary><table>${body}</table></details>`;
}
