// The sticky pull request comment: one per pull request and check name, found again by its
// hidden marker and edited in place. Root state first, then the goals that failed or wait for
// a person (one line each, with where their evidence is), what was inherited and verified and
// what it cost, the decisions people made, the commands a reviewer can use, and links.
// Pure: the caller posts the text. Every piece of report text goes through markdown.ts.
import type { CompiledGraph } from '../../core/graph/model.js';
import { COMMAND_USAGE } from '../../core/human/command.js';
import type { ReportSettlement, RunReport } from '../../core/report/model.js';
import { reasonOf } from '../../core/report/reason.js';
import { failedText, goalCounts } from './counts.js';
import { goalEntries, type GoalEntry } from './goals.js';
import { code, codeBlock, inline, safeLink } from './markdown.js';
import { ROOT_HEADLINES, stateText } from './sections.js';

/** GitHub refuses an issue comment body over 65,536 characters; keep room to spare. */
export const COMMENT_LIMIT_CHARS = 65_536;
const BUDGET_CHARS = 60_000;
const TITLE_CHARS = 120;
const REASON_CHARS = 200;

export type CommentLinks = {
  checkName: string;
  /** The check run this comment belongs to. */
  checkRunUrl?: string;
  /** The workflow run whose artifacts include the report. */
  runUrl?: string;
  /** The report artifact's name (`dog-report` for the first report of a run). */
  artifact?: string;
};

/** A person's decision as the report carries it on a settlement. */
export type ShownDecision = { decision: 'approve' | 'reject'; login: string; reason?: string };

const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;

/** The hidden first line that identifies the comment; the check name cannot close it. */
export function commentMarker(checkName: string): string {
  const safe = checkName.replace(/[^A-Za-z0-9 ._:/()+=,-]/g, (c) =>
    [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''),
  );
  return `<!-- dog:comment check="${safe}" -->`;
}

/** The decision recorded on a settlement, if a person made one (and its login is a login). */
export function decisionOf(settlement: ReportSettlement): ShownDecision | undefined {
  const by = (settlement as { decidedBy?: unknown }).decidedBy;
  if (typeof by !== 'object' || by === null) return undefined;
  const { kind, login, decision, reason } = by as Record<string, unknown>;
  if (kind !== 'human' || typeof login !== 'string' || !LOGIN.test(login)) return undefined;
  const verdict = decision ?? (settlement.verdict === 'fail' ? 'reject' : 'approve');
  if (verdict !== 'approve' && verdict !== 'reject') return undefined;
  return { decision: verdict, login, ...(typeof reason === 'string' ? { reason } : {}) };
}

/** "approved by @login" / "rejected by @login". */
export function decisionText(decision: ShownDecision): string {
  return `${decision.decision === 'approve' ? 'approved' : 'rejected'} by @${decision.login}`;
}

export function renderComment(
  report: RunReport,
  graph: CompiledGraph,
  links: CommentLinks,
): string {
  const entries = goalEntries(report, graph);
  const head = [commentMarker(links.checkName), headline(report), countsLine(report, entries)];
  const tail = [commandsSection(), linksLine(links)].filter((part) => part !== '');
  const fixed = [...head, ...tail].join('\n\n').length;
  const problems = listSection(
    '### Goals that failed or wait for a person',
    entries.filter(isProblem).map(problemLine),
    BUDGET_CHARS - fixed,
  );
  const decided = entries.filter((e) => decisionOf(e.settlement) !== undefined);
  const decisions = listSection(
    '### Decisions',
    decided.map(decisionLine),
    BUDGET_CHARS - fixed - problems.length,
  );
  return [...head, problems, decisions, ...tail].filter((part) => part !== '').join('\n\n');
}

/** `auto` posts a new comment only when this is true. */
export function wantsAttention(report: RunReport, graph: CompiledGraph): boolean {
  return report.rootState !== 'success' || goalEntries(report, graph).some(isProblem);
}

function headline(report: RunReport): string {
  const { word } = ROOT_HEADLINES[report.rootState];
  return `## DoG: ${word} — ${code(report.graph.id)}`;
}

function countsLine(report: RunReport, entries: readonly GoalEntry[]): string {
  const counts = goalCounts(report, entries);
  const decided = entries.filter((e) => decisionOf(e.settlement) !== undefined).length;
  const parts = [
    `${counts.verified} verified in this run`,
    `${counts.inherited} inherited`,
    `${failedText(counts)} failed`,
    `${counts.needsHuman} waiting for a person`,
  ];
  if (decided > 0) parts.push(`${decided} decided by a person`);
  const t = report.totals;
  const cost = [`cost ${t.costUsd.toFixed(4)} USD`];
  if (t.tokens > 0) cost.push(`${t.tokens} tokens`);
  if (t.premiumRequests !== undefined) cost.push(`${t.premiumRequests} premium requests`);
  return `${parts.join(' · ')} — ${cost.join(', ')} · run ${code(report.runId)}`;
}

function isProblem(entry: GoalEntry): boolean {
  const state = entry.settlement.state;
  if (entry.kind === 'composite' && !entry.settlement.error) return false;
  return state === 'failure' || state === 'needs_human' || state === 'blocked';
}

function problemLine(entry: GoalEntry): string {
  const s = entry.settlement;
  const reason = reasonOf(s);
  const why = reason === undefined ? '' : ` — ${inline(reason, REASON_CHARS)}`;
  return `- ${code(entry.key)} **${stateText(entry)}**: ${inline(entry.title, TITLE_CHARS)}${why} (${evidenceWhere(s)})`;
}

/** Where a reader finds the evidence: the first location it names, else the report. */
function evidenceWhere(s: ReportSettlement): string {
  const first = s.locations?.[0];
  if (first) return `evidence at ${inline(`${first.path}:${first.line}`, 200)}`;
  if (s.evidence !== undefined || s.error !== undefined) return 'evidence in the report';
  return 'no evidence: it did not run';
}

function decisionLine(entry: GoalEntry): string {
  const decision = decisionOf(entry.settlement) as ShownDecision;
  const reason = decision.reason === undefined ? '' : `: ${inline(decision.reason, REASON_CHARS)}`;
  return `- ${code(entry.key)} ${decisionText(decision)}${reason}`;
}

/** A heading and as many lines as fit in `budget`, then "… and N more; see the report". */
function listSection(heading: string, lines: readonly string[], budget: number): string {
  if (lines.length === 0) return '';
  const kept: string[] = [];
  let used = heading.length + 2;
  const moreLine = (n: number): string => `- … and ${n} more; see the report`;
  for (const [index, line] of lines.entries()) {
    const rest = lines.length - index - 1;
    const reserve = rest > 0 ? moreLine(lines.length).length + 1 : 0;
    if (used + line.length + 1 + reserve > budget) break;
    kept.push(line);
    used += line.length + 1;
  }
  const more = lines.length - kept.length;
  return [heading, '', ...kept, ...(more > 0 ? [moreLine(more)] : [])].join('\n');
}

function commandsSection(): string {
  return [
    '<details><summary>Commands a reviewer with write access can use</summary>',
    '',
    'Comment one of these, alone on one line. `approve` and `reject` apply to a goal waiting for a person; a goal that failed is fixed by new bytes or a retry, not by a vote.',
    '',
    codeBlock(COMMAND_USAGE.join('\n')),
    '',
    '</details>',
  ].join('\n');
}

function linksLine(links: CommentLinks): string {
  const parts = [
    safeLink('Check run', links.checkRunUrl),
    links.runUrl && links.artifact
      ? safeLink(`Report artifact ${links.artifact}`, links.runUrl)
      : undefined,
  ].filter((part): part is string => part !== undefined);
  return parts.join(' · ');
}
