// The job's error line (the annotation GitHub shows on a failed job): the root state, the
// first goals that stop it with their reasons, and where the report is. Plain text.
import type { CompiledGraph } from '../../core/graph/model.js';
import type { RunReport } from '../../core/report/model.js';
import { reasonOf } from '../../core/report/reason.js';
import { rootNote } from '../../core/report/rootNote.js';
import { goalEntries, type GoalEntry } from './goals.js';
import { cleanText, truncateChars } from './markdown.js';

const GOALS_NAMED = 3;
const LINE_CHARS = 2000;

/** Leaves and asserts that hold the root back: failed (not tolerated), blocked or waiting. */
function blocking(entry: GoalEntry): boolean {
  if (entry.kind === 'composite' || entry.tolerated) return false;
  const state = entry.settlement.state;
  return state === 'failure' || state === 'blocked' || state === 'needs_human';
}

/**
 * "DoG: the root settled failure. links: 3 broken links …; built: target_missing: …; and 2
 * more. The report: artifact dog-report (report.json, report.html), and the job summary."
 */
export function jobFailureLine(
  report: RunReport,
  graph: CompiledGraph,
  where: { artifact: string },
): string {
  const goals = goalEntries(report, graph).filter(blocking);
  const named = goals
    .slice(0, GOALS_NAMED)
    .map((entry) => `${entry.key}: ${reasonOf(entry.settlement) ?? entry.settlement.state}`);
  const more = goals.length - named.length;
  if (more > 0) named.push(`and ${more} more`);
  const parts = [`DoG: the root settled ${report.rootState}.`];
  const note = rootNote(report);
  if (note) parts.push(note);
  if (named.length > 0) parts.push(`${named.join('; ')}.`);
  parts.push(
    `Every goal with its reason and next step is in the job summary and the report artifact ${where.artifact} (report.json, report.html).`,
  );
  return truncateChars(cleanText(parts.join(' ')), LINE_CHARS);
}
