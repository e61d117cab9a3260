// The job summary ($GITHUB_STEP_SUMMARY): GitHub-flavoured Markdown, root state first.
// Pure: the caller writes the text.
import type { CompiledGraph } from '../../core/graph/model.js';
import type { RunReport } from '../../core/report/model.js';
import { compose, type Composition, type Layout } from './compose.js';
import { goalEntries, needsAttention, type GoalEntry } from './goals.js';
import { utf8Bytes } from './markdown.js';
import { goalCounts } from './counts.js';
import {
  countsBlock,
  evidenceBlock,
  headline,
  pictureSection,
  TABLE_HEADER,
  tableRow,
  warningsBlock,
} from './sections.js';

/** GitHub rejects a step summary over 1 MiB; stay a little under it by default. */
export const DEFAULT_SUMMARY_BYTES = 1_000_000;

export type JobSummaryOptions = {
  /** Upper bound on the UTF-8 size of the result (default 1,000,000). */
  maxBytes?: number;
  /** Link to the full (HTML or JSON) report; only http(s) URLs are used. */
  reportUrl?: string;
};

export const EVIDENCE_HEADING = '### Evidence of failing and waiting goals';

/** The evidence part of a layout: failing and waiting goals, in table order. */
export function evidenceLayout(entries: readonly GoalEntry[]): NonNullable<Layout['evidence']> {
  const candidates = entries.filter(needsAttention);
  return {
    heading: EVIDENCE_HEADING,
    count: candidates.length,
    render: (index) => evidenceBlock(candidates[index] as GoalEntry),
  };
}

/** The summary and what had to be left out to fit (for callers that log it). */
export function composeJobSummary(
  report: RunReport,
  graph: CompiledGraph,
  options: JobSummaryOptions = {},
): Composition {
  const entries = goalEntries(report, graph);
  const warnings = warningsBlock(report);
  const layout: Layout = {
    head: [
      headline(report, options.reportUrl),
      countsBlock(report, goalCounts(report, entries)),
      ...(warnings ? [warnings] : []),
    ],
    table: { header: TABLE_HEADER, rows: entries.map(tableRow) },
    picture: pictureSection(report, graph),
    evidence: evidenceLayout(entries),
  };
  return compose(layout, options.maxBytes ?? DEFAULT_SUMMARY_BYTES, utf8Bytes);
}

export function renderJobSummary(
  report: RunReport,
  graph: CompiledGraph,
  options: JobSummaryOptions = {},
): string {
  return composeJobSummary(report, graph, options).text;
}
