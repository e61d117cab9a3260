// The check run (DESIGN §7): its conclusion, its output (title, summary, text) and its
// annotations in batches GitHub accepts. Pure: the caller makes the API calls.
import type { CompiledGraph } from '../../core/graph/model.js';
import { decidedTotalsText } from '../../core/human/words.js';
import type { RunReport } from '../../core/report/model.js';
import type { RootState } from '../../core/types.js';
import {
  buildAnnotations,
  DEFAULT_MAX_ANNOTATIONS,
  type Annotation,
  type AnnotationSet,
} from './annotations.js';
import { compose } from './compose.js';
import { failedText, goalCounts, type GoalCounts } from './counts.js';
import { goalEntries } from './goals.js';
import { truncateChars, utf16Chars } from './markdown.js';
import {
  countsBlock,
  headline,
  pictureSection,
  ROOT_HEADLINES,
  TABLE_HEADER,
  tableRow,
  warningsBlock,
} from './sections.js';
import { evidenceLayout } from './summary.js';

export type { Annotation, AnnotationLevel } from './annotations.js';

export type CheckRunConclusion =
  'success' | 'neutral' | 'failure' | 'action_required' | 'cancelled';

/** GitHub's limits: summary and text at most 65,535 characters, 50 annotations per request. */
export const CHECK_RUN_LIMITS = {
  summaryChars: 65_535,
  textChars: 65_535,
  annotationsPerRequest: 50,
};

export type CheckRunOutput = {
  title: string;
  summary: string;
  text?: string;
  annotations: Annotation[];
};

export type CheckRunOptions = {
  /** At most 65,535 (GitHub's limit); smaller values are honoured. */
  summaryLimit?: number;
  textLimit?: number;
  /** Cap on annotations per check run (default 1,000). */
  maxAnnotations?: number;
  reportUrl?: string;
};

export function checkRunConclusion(rootState: RootState): CheckRunConclusion {
  switch (rootState) {
    case 'success':
      return 'success';
    case 'partial_success':
      return 'neutral';
    case 'failure':
      return 'failure';
    case 'needs_human':
    case 'infeasible':
    case 'needs_replan':
      return 'action_required';
    case 'cancelled':
      return 'cancelled';
  }
}

/** Consecutive slices of at most `size` (1–50) annotations: one per create/update call. */
export function batchAnnotations<T>(annotations: readonly T[], size = 50): T[][] {
  if (!Number.isInteger(size) || size < 1 || size > CHECK_RUN_LIMITS.annotationsPerRequest) {
    throw new RangeError(`annotation batch size must be an integer from 1 to 50, not ${size}`);
  }
  const batches: T[][] = [];
  for (let i = 0; i < annotations.length; i += size) batches.push(annotations.slice(i, i + size));
  return batches;
}

const count = new Intl.NumberFormat('en-US');

function checkRunTitle(report: RunReport, counts: GoalCounts): string {
  const facts = [
    counts.failed ? `${failedText(counts)} failed` : '',
    counts.blocked ? `${count.format(counts.blocked)} blocked` : '',
    counts.needsHuman ? `${count.format(counts.needsHuman)} need a person` : '',
    `${count.format(counts.verified)} verified`,
    `${count.format(counts.inherited)} inherited`,
    decidedTotalsText(report.totals).slice(2),
  ].filter(Boolean);
  return truncateChars(`${ROOT_HEADLINES[report.rootState].word}: ${facts.join(', ')}`, 255);
}

/** What the summary says about annotations, including what was left out and why. */
export function annotationsNote(set: AnnotationSet): string {
  const levels = { failure: 0, warning: 0, notice: 0 };
  for (const a of set.annotations) levels[a.annotation_level] += 1;
  const lines = [
    `**Annotations:** ${count.format(set.annotations.length)} (${levels.failure} failure, ${levels.warning} warning, ${levels.notice} notice).`,
  ];
  if (set.omitted > 0) {
    lines.push(
      `${count.format(set.omitted)} more ${set.omitted === 1 ? 'annotation is' : 'annotations are'} left out (at most ${count.format(set.cap)} per check run); every goal is in the full report.`,
    );
  }
  if (set.unplaced > 0) {
    lines.push(
      `${count.format(set.unplaced)} ${set.unplaced === 1 ? 'goal or evidence location has' : 'goals or evidence locations have'} no file to annotate (a whole-workspace target, or a path outside the workspace).`,
    );
  }
  return lines.join(' ');
}

function limitOf(value: number | undefined, max: number): number {
  return Math.min(max, Math.max(0, Math.floor(value ?? max)));
}

export function buildCheckRunOutput(
  report: RunReport,
  graph: CompiledGraph,
  options: CheckRunOptions = {},
): CheckRunOutput {
  const set = buildAnnotations(report, graph, options.maxAnnotations ?? DEFAULT_MAX_ANNOTATIONS);
  const entries = goalEntries(report, graph);
  const counts = goalCounts(report, entries);
  const warnings = warningsBlock(report);
  const head = [headline(report, options.reportUrl), countsBlock(report, counts)];
  if (warnings) head.push(warnings);
  head.push(annotationsNote(set));
  const summary = compose(
    { head, table: { header: TABLE_HEADER, rows: entries.map(tableRow) } },
    limitOf(options.summaryLimit, CHECK_RUN_LIMITS.summaryChars),
    utf16Chars,
  ).text;
  const text = compose(
    { head: [], picture: pictureSection(report, graph), evidence: evidenceLayout(entries) },
    limitOf(options.textLimit, CHECK_RUN_LIMITS.textChars),
    utf16Chars,
  ).text;
  return {
    title: checkRunTitle(report, counts),
    summary,
    ...(text.trim() === '' ? {} : { text }),
    annotations: set.annotations,
  };
}
