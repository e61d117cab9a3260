// The Markdown sections shared by the job summary and the check run. Every piece of report
// text goes through markdown.ts; only ids of the schema's safe shape appear unescaped.
import type { CompiledGraph } from '../../core/graph/model.js';
import { decidedTotalsText, decisionWords } from '../../core/human/words.js';
import type { ReportSettlement, RunReport } from '../../core/report/model.js';
import { runBudgetLine } from '../../core/report/budgetLine.js';
import { nextStepOf } from '../../core/report/nextStep.js';
import { reasonOf } from '../../core/report/reason.js';
import { rootNote } from '../../core/report/rootNote.js';
import type { NodeState, RootState } from '../../core/types.js';
import { toMermaid } from '../graphFormats.js';
import { voteSplit } from '../terminal.js';
import { failedText, type GoalCounts } from './counts.js';
import type { GoalEntry } from './goals.js';
import { code, codeBlock, details, escapeText, htmlCode, inline, safeLink } from './markdown.js';

export const ROOT_HEADLINES: Record<RootState, { word: string; meaning: string }> = {
  success: {
    word: 'SUCCESS',
    meaning:
      'The root goal holds: every goal it needs was verified in this run or inherited from an identical earlier verification.',
  },
  partial_success: {
    word: 'PARTIAL SUCCESS',
    meaning:
      'The root goal holds only in part: some goals failed in ways the graph tolerates (tolerable or degrade relations), and this host accepts a partial root. Neither a pass nor a failure; review the tolerated goals below.',
  },
  failure: {
    word: 'FAILURE',
    meaning:
      'The root goal does not hold: a goal it requires failed or was blocked (or the root came out partial and this host does not accept partial roots).',
  },
  infeasible: {
    word: 'INFEASIBLE',
    meaning:
      'The root goal cannot be settled on this host: a verifier it needs cannot run here (for example, no model provider is configured). A person must provide the capability or change the graph.',
  },
  needs_replan: {
    word: 'NEEDS REPLAN',
    meaning:
      'The root goal cannot be settled until the graph or a verifier contract changes (for example, a verifier kept returning output that does not fit its schema).',
  },
  needs_human: {
    word: 'NEEDS A PERSON',
    meaning:
      'The root goal is waiting for a person: a goal it needs was inconclusive. A person may retry it, approve a degradation the graph allows, or end the run. Nothing here counts as a pass.',
  },
  cancelled: {
    word: 'CANCELLED',
    meaning: 'The run was cancelled before the root goal settled; nothing is concluded.',
  },
};

const TITLE_CHARS = 160;
const CELL_CHARS = 300;
const WARNINGS_SHOWN = 10;
const WARNING_CHARS = 300;
const EVIDENCE_CHARS = 4000;
const ERROR_CHARS = 2200;
const LOCATIONS_SHOWN = 10;
/** Mermaid's own defaults (maxEdges 500, maxTextSize 50,000); 500 goals is our choice. */
export const MERMAID_LIMITS = { nodes: 500, edges: 500, chars: 50_000 };

const count = new Intl.NumberFormat('en-US');

/** The headline (status word first), what it means, and where the run comes from. */
export function headline(report: RunReport, reportUrl?: string): string {
  const { word, meaning } = ROOT_HEADLINES[report.rootState];
  const lines = [`## ${word} — ${code(report.graph.id)}`, '', meaning];
  const note = rootNote(report);
  if (note) lines.push('', `**${escapeText(note)}**`);
  const digest = /^sha256:[0-9a-f]{64}$/.test(report.graph.digest)
    ? `\`${report.graph.digest.slice(0, 19)}\`…`
    : inline(report.graph.digest, 80);
  const meta = [`Run ${code(report.runId)}`, `graph ${digest}`];
  const trigger = report.trigger;
  if (trigger) {
    const sha = trigger.sha && /^[0-9a-f]{7,64}$/.test(trigger.sha) ? code(trigger.sha) : '';
    const where = [sha, trigger.ref ? `on ${inline(trigger.ref, 200)}` : ''].filter(Boolean);
    meta.push(`${inline(trigger.event, 64)}${where.length ? ` at ${where.join(' ')}` : ''}`);
  }
  lines.push('', meta.join(' · '));
  if (report.graph.title) lines.push('', `Graph: ${inline(report.graph.title, TITLE_CHARS)}`);
  const link = safeLink('Full report', reportUrl);
  if (link) lines.push('', link);
  return lines.join('\n');
}

function wallTime(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 120) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

/** Counts (of leaves and asserts), then wall time, tokens and cost (when non-zero) and isolation. */
export function countsBlock(report: RunReport, counts: GoalCounts): string {
  const t = report.totals;
  const values = [
    count.format(counts.verified),
    count.format(counts.inherited),
    failedText(counts),
    count.format(counts.blocked),
    count.format(counts.needsHuman),
  ];
  const facts = [`Wall time ${wallTime(t.wallMs)}`];
  if (t.tokens > 0) facts.push(`${count.format(t.tokens)} tokens`);
  if (t.costUsd > 0) facts.push(`cost ${t.costUsd.toFixed(4)} USD`);
  if (t.aiCredits !== undefined) facts.push(`${t.aiCredits.toFixed(2)} Copilot AI credits`);
  if (t.premiumRequests !== undefined) facts.push(`${t.premiumRequests} premium requests`);
  const budget = runBudgetLine(t);
  if (budget) facts.push(escapeText(budget));
  const decided = decidedTotalsText(t);
  if (decided) facts.push(decided.slice(2));
  if (report.isolation) {
    facts.push(inline(report.isolation.note ?? `isolation: ${report.isolation.kind}`, 300));
  }
  return [
    '| Verified in this run | Inherited | Goals failed | Goals blocked | Goals needing a person |',
    '| ---: | ---: | ---: | ---: | ---: |',
    `| ${values.join(' | ')} |`,
    '',
    facts.join(' · '),
  ].join('\n');
}

export function warningsBlock(report: RunReport): string | undefined {
  if (report.warnings.length === 0) return undefined;
  const shown = report.warnings.slice(0, WARNINGS_SHOWN);
  const lines = ['### Warnings', ''];
  for (const w of shown)
    lines.push(`- ${inline(w.message, WARNING_CHARS)} (${inline(w.code, 64)})`);
  const more = report.warnings.length - shown.length;
  if (more > 0) lines.push(`- … and ${count.format(more)} more warnings in the full report`);
  return lines.join('\n');
}

export const TABLE_HEADER = [
  '### Goals',
  '',
  '| Goal | State | How | Verifier | Reason | Next step |',
  '| --- | --- | --- | --- | --- | --- |',
].join('\n');

function how(settlement: ReportSettlement, kind: GoalEntry['kind']): string {
  if (settlement.decidedBy) {
    const { verb, login } = decisionWords(settlement.decidedBy, settlement.verdict);
    return `${verb} by @${inline(login, 64)} (run ${code(settlement.decidedBy.run)})`;
  }
  if (settlement.inherited) {
    const from = settlement.inheritedFrom;
    return from ? `inherited from run ${code(from.runId)}` : 'inherited';
  }
  if (settlement.rerunReason) return `re-run: ${code(settlement.rerunReason)}`;
  return kind === 'composite' ? 'from its children' : '—';
}

function verifierText(settlement: ReportSettlement): string {
  const v = settlement.verifier;
  if (!v) return '—';
  const votes = settlement.votes ? ` (${voteSplit(settlement.votes)})` : '';
  if (v.mode === 'programmatic') return v.script ? code(v.script) : 'programmatic';
  const model = v.model ? ` ${inline(v.model, 64)}` : '';
  const n = v.votes && v.votes > 1 ? `, ${v.votes} votes` : '';
  return `agentic${model}${n}${votes}`;
}

function reasonText(settlement: ReportSettlement): string {
  const reason = reasonOf(settlement);
  return reason === undefined ? '' : inline(reason, CELL_CHARS);
}

/** Leaves and asserts say what to do; a composite's next step is in its children's rows. */
export function nextStepText(entry: GoalEntry): string {
  const s = entry.settlement;
  if (entry.kind === 'composite' && !s.error) return '';
  if (reasonOf(s) === undefined) return '';
  const step = nextStepOf(s);
  return step === undefined ? '' : inline(step, CELL_CHARS);
}

export function stateText(entry: GoalEntry): string {
  return `${entry.settlement.state}${entry.tolerated ? ' (tolerated)' : ''}`;
}

/** One table row: no raw pipe or line break can come from the report. */
export function tableRow(entry: GoalEntry): string {
  const goal = `${code(entry.key)} ${inline(entry.title, TITLE_CHARS)}`;
  const cells = [
    goal,
    stateText(entry),
    how(entry.settlement, entry.kind),
    verifierText(entry.settlement),
    reasonText(entry.settlement),
    nextStepText(entry),
  ];
  return `| ${cells.join(' | ')} |`;
}

const LEGEND =
  'Colours: green success · amber partial · red failure · grey blocked or cancelled · purple needs a person · light grey pending.';

/** The Mermaid picture coloured by the report's states, or a note saying why it is left out. */
export function pictureSection(
  report: RunReport,
  graph: CompiledGraph,
): { block: string } | { note: string } {
  let edges = 0;
  for (const node of graph.nodes.values())
    if (node.kind === 'composite') edges += node.children.length;
  for (const targets of graph.dependencies.values()) edges += targets.length;
  const tooBig = `_The graph picture is left out: ${count.format(graph.nodes.size)} goals and ${count.format(edges)} edges are more than Mermaid draws (at most ${MERMAID_LIMITS.nodes} goals, ${MERMAID_LIMITS.edges} edges, ${count.format(MERMAID_LIMITS.chars)} characters)._`;
  if (graph.nodes.size > MERMAID_LIMITS.nodes || edges > MERMAID_LIMITS.edges) {
    return { note: `### Graph\n\n${tooBig}` };
  }
  const states = new Map<string, NodeState>();
  for (const id of graph.order) {
    const node = report.nodes[id];
    if (node) states.set(id, node.state);
  }
  const mermaid = toMermaid(graph, states);
  if (mermaid.length > MERMAID_LIMITS.chars) return { note: `### Graph\n\n${tooBig}` };
  return { block: `### Graph\n\n${codeBlock(mermaid, 'mermaid')}\n\n${LEGEND}` };
}

function evidenceText(settlement: ReportSettlement): string | undefined {
  if (settlement.evidence === undefined) return undefined;
  const json = JSON.stringify(settlement.evidence, null, 2);
  if (json.length <= EVIDENCE_CHARS) return codeBlock(json, 'json');
  let end = EVIDENCE_CHARS;
  const last = json.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  const rest = json.length - end;
  const cut = codeBlock(json.slice(0, end), 'json');
  return `${cut}\n\n_… ${count.format(rest)} more characters in the full report._`;
}

/** The error's bounded text as it was written (a script's stderr keeps its lines). */
function errorText(message: string): string {
  if (message.length <= ERROR_CHARS) return codeBlock(message);
  return `${codeBlock(`…${message.slice(-ERROR_CHARS)}`)}\n\n_The whole message is in the full report._`;
}

/** A collapsed block with a failing or waiting goal's error, votes, locations and evidence. */
export function evidenceBlock(entry: GoalEntry): string | undefined {
  const s = entry.settlement;
  if (entry.kind === 'composite' && !s.error) return undefined;
  const parts: string[] = [];
  const reason = reasonOf(s);
  if (reason !== undefined) parts.push(`**Reason** ${inline(reason, 1000)}`);
  const step = nextStepText(entry);
  if (step !== '') parts.push(`**Next step** ${step}`);
  if (s.error) parts.push(`**Error** ${code(s.error.category)}`, errorText(s.error.message));
  if (s.votes) parts.push(`**Votes** ${voteSplit(s.votes)}`);
  if (s.target) parts.push(`**Target** ${inline(s.target, 300)}`);
  const locations = s.locations ?? [];
  if (locations.length > 0) {
    const items = locations
      .slice(0, LOCATIONS_SHOWN)
      .map((l) => `- ${inline(`${l.path}:${l.line}`, 300)} ${inline(l.message, 300)}`);
    if (locations.length > LOCATIONS_SHOWN) {
      items.push(`- … and ${locations.length - LOCATIONS_SHOWN} more locations`);
    }
    parts.push(`**Locations**\n\n${items.join('\n')}`);
  }
  const evidence = evidenceText(s);
  if (evidence) parts.push(evidence);
  if (parts.length === 0) return undefined;
  const summary = `${htmlCode(entry.key)} ${escapeText(stateText(entry))}: ${inline(entry.title, TITLE_CHARS)}`;
  return details(summary, parts.join('\n\n'));
}
