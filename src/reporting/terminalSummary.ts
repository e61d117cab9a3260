// The summary printed at the end of `dog run` and by `dog status`: the root state, then one
// row per goal with its one-line reason, problems first, each problem followed by what to
// do about it.
import { decidedTotalsText } from '../core/human/words.js';
import { runBudgetLine } from '../core/report/budgetLine.js';
import { nextStepOf } from '../core/report/nextStep.js';
import type { ReportNode, ReportSettlement, RunReport } from '../core/report/model.js';
import { stateRank } from '../core/report/problemOrder.js';
import { reasonOf } from '../core/report/reason.js';
import { rootNote } from '../core/report/rootNote.js';
import { noPaint, type Paint } from './colour.js';
import { voteSplit } from './terminal.js';

const ROOT_WORDS: Record<RunReport['rootState'], string> = {
  success: 'SUCCESS',
  partial_success: 'PARTIAL SUCCESS',
  failure: 'FAILURE',
  infeasible: 'INFEASIBLE (a verifier cannot run on this host)',
  needs_replan: 'NEEDS REPLAN (a verifier contract or the graph must change)',
  needs_human: 'NEEDS A PERSON',
  cancelled: 'CANCELLED',
};

const STATE_WIDTH = 11;
const HOW_WIDTH = 16;

export type SummaryOptions = {
  /** How states are coloured (none by default). */
  paint?: Paint;
  /** Where the run's report.json was written, printed last. */
  reportPath?: string;
};

/** Goals in listing order: problems first, then by id. */
function ordered(report: RunReport): [string, ReportNode][] {
  return Object.entries(report.nodes)
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => stateRank(a.entry[1].state) - stateRank(b.entry[1].state) || a.index - b.index)
    .map(({ entry }) => entry);
}

function stateCell(state: ReportSettlement['state'], paint: Paint): string {
  return `${paint(state, state)}${' '.repeat(Math.max(1, STATE_WIDTH - state.length + 1))}`;
}

/** Leaves and asserts say what to do; a composite's next step is its children's. */
function nextStepLine(s: ReportSettlement, indent: string, composite: boolean): string[] {
  if (composite && !s.error) return [];
  const step = reasonOf(s) === undefined ? undefined : nextStepOf(s);
  return step === undefined ? [] : [`${indent}→ ${step}`];
}

function goalLines(id: string, node: ReportNode, width: number, paint: Paint): string[] {
  const how = node.decidedBy ? 'decided' : node.inherited ? 'inherited' : (node.rerunReason ?? '');
  const reason = reasonOf(node) ?? '';
  const indent = `  ${''.padEnd(width)}  `;
  const lines = [
    `  ${id.padEnd(width)}  ${stateCell(node.state, paint)}${how.padEnd(HOW_WIDTH)}${reason}`.trimEnd(),
    ...nextStepLine(node, `${indent}  `, node.kind === 'composite'),
  ];
  if (node.votes) lines.push(`${indent}votes: ${voteSplit(node.votes)}`);
  if (node.assert) {
    const why = reasonOf(node.assert);
    lines.push(
      `${indent}assert: ${paint(node.assert.state, node.assert.state)}${why ? `  ${why}` : ''}`,
    );
    lines.push(...nextStepLine(node.assert, `${indent}  `, false));
  }
  return lines;
}

export function formatSummary(report: RunReport, options: SummaryOptions = {}): string {
  const paint = options.paint ?? noPaint;
  const word = paint(ROOT_WORDS[report.rootState], report.rootState);
  const lines = [`${report.graph.id}: ${word}  (run ${report.runId})`];
  const note = rootNote(report);
  if (note) lines.push(`  ${note}`);
  const width = Math.max(4, ...Object.keys(report.nodes).map((id) => id.length));
  for (const [id, node] of ordered(report)) lines.push(...goalLines(id, node, width, paint));
  const t = report.totals;
  lines.push(
    `verified ${t.verified}, inherited ${t.inherited}${decidedTotalsText(t)}, blocked ${t.blocked}, ${(t.wallMs / 1000).toFixed(1)}s${t.tokens ? `, ${t.tokens} tokens, $${t.costUsd.toFixed(4)}` : ''}`,
  );
  const budget = runBudgetLine(t);
  if (budget) lines.push(budget);
  if (report.isolation) lines.push(report.isolation.note ?? `isolation: ${report.isolation.kind}`);
  for (const warning of report.warnings) lines.push(`warning: ${warning.message}`);
  if (options.reportPath !== undefined) lines.push(`report: ${options.reportPath}`);
  return `${lines.join('\n')}\n`;
}
