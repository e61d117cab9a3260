// Fits the sections of a GitHub report into a size limit, degrading in a fixed order:
// 1. evidence excerpts go first (the last ones first),
// 2. then goal rows, from the end of the table (problems are listed first), down to a floor,
// 3. then the Mermaid picture,
// 4. then more goal rows, as many as it takes.
// The head (headline, counts, warnings) is always kept; each cut leaves a line saying so.
// The output order is head, table, evidence, picture.

export type Measure = (text: string) => number;

export type Layout = {
  head: readonly string[];
  table?: { header: string; rows: readonly string[] };
  picture?: { block: string } | { note: string };
  /** Rendered lazily and in order; `render` returns undefined when a goal has nothing to show. */
  evidence?: { heading: string; count: number; render: (index: number) => string | undefined };
};

export type Composition = {
  text: string;
  rowsShown: number;
  rowsOmitted: number;
  picture: 'shown' | 'note' | 'dropped' | 'none';
  evidenceShown: number;
  evidenceOmitted: number;
};

/** Rows kept before the picture is given up. */
export const MIN_ROWS_WITH_PICTURE = 100;
/** Room kept for the "left out" lines (plain ASCII, so bytes and characters agree). */
const NOTE_RESERVE = 800;
const SEPARATOR = '\n\n';

const count = new Intl.NumberFormat('en-US');
const tableNote = (n: number): string =>
  `_${count.format(n)} more ${n === 1 ? 'goal is' : 'goals are'} not listed here to stay under GitHub's size limit; every goal is in the full report._`;
const evidenceNote = (n: number): string =>
  `_Evidence of ${count.format(n)} more failing or waiting ${n === 1 ? 'goal' : 'goals'} is left out to stay under GitHub's size limit; it is in the full report._`;
export const PICTURE_DROPPED =
  "### Graph\n\n_The graph picture is left out to stay under GitHub's size limit._";

/** The largest k with prefix[k] <= room (prefix is non-decreasing, prefix[0] = 0). */
function largestFit(prefix: readonly number[], room: number): number {
  let low = 0;
  let high = prefix.length - 1;
  if (room < 0) return 0;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if ((prefix[mid] as number) <= room) low = mid;
    else high = mid - 1;
  }
  return low;
}

function rowPrefix(rows: readonly string[], measure: Measure): number[] {
  const prefix = [0];
  for (const row of rows) prefix.push((prefix.at(-1) as number) + measure(row) + 1);
  return prefix;
}

type Plan = { rows: number; keepPicture: boolean; evidenceRoom: number };

function plan(layout: Layout, budget: number, measure: Measure): Plan {
  const size = (block: string): number => measure(block) + SEPARATOR.length;
  const rows = layout.table?.rows ?? [];
  const prefix = rowPrefix(rows, measure);
  const all = prefix.at(-1) as number;
  const header = layout.table ? size(layout.table.header) : 0;
  const picture = layout.picture;
  const pictureSize = picture ? size('block' in picture ? picture.block : picture.note) : 0;
  const room = budget - header - pictureSize;
  if (all <= room) return { rows: rows.length, keepPicture: true, evidenceRoom: room - all };
  const withPicture = largestFit(prefix, room);
  const droppable = picture !== undefined && 'block' in picture;
  if (!droppable || (room >= 0 && withPicture >= Math.min(rows.length, MIN_ROWS_WITH_PICTURE))) {
    return { rows: withPicture, keepPicture: true, evidenceRoom: 0 };
  }
  const without = largestFit(prefix, budget - header - size(PICTURE_DROPPED));
  return { rows: without, keepPicture: false, evidenceRoom: 0 };
}

function evidenceBlocks(
  evidence: NonNullable<Layout['evidence']>,
  room: number,
  measure: Measure,
): { blocks: string[]; omitted: number } {
  const blocks: string[] = [];
  let left = room - (measure(evidence.heading) + SEPARATOR.length);
  let index = 0;
  for (; index < evidence.count; index++) {
    const block = evidence.render(index);
    if (block === undefined) continue;
    const cost = measure(block) + SEPARATOR.length;
    if (cost > left) break;
    left -= cost;
    blocks.push(block);
  }
  return { blocks, omitted: evidence.count - index };
}

/**
 * Last resort, reached only when the head and the short "left out" lines alone are over
 * the limit: whole blocks from the start while they fit (a cut inside a fence or <details>
 * would break the Markdown), or whole lines of the headline when not even it fits.
 */
function clampBlocks(blocks: readonly string[], limit: number, measure: Measure): string {
  const kept: string[] = [];
  let used = 1;
  for (const block of blocks) {
    const cost = measure(block) + (kept.length > 0 ? SEPARATOR.length : 0);
    if (used + cost > limit) break;
    kept.push(block);
    used += cost;
  }
  if (kept.length > 0) return `${kept.join(SEPARATOR)}\n`;
  const lines: string[] = [];
  used = 0;
  for (const line of (blocks[0] ?? '').split('\n')) {
    if (used + measure(line) + 1 > limit) break;
    lines.push(line);
    used += measure(line) + 1;
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

function pictureBlock(
  layout: Layout,
  chosen: Plan | undefined,
): [Composition['picture'], string[]] {
  const picture = layout.picture;
  if (!picture || !chosen) return ['none', []];
  if (!chosen.keepPicture) return ['dropped', [PICTURE_DROPPED]];
  return 'block' in picture ? ['shown', [picture.block]] : ['note', [picture.note]];
}

/**
 * Fits `layout` into `limit` (as counted by `measure`). A first attempt keeps no room for
 * the "left out" lines, so a layout that fits exactly is not cut; when something had to be
 * cut, the second attempt keeps room for them.
 */
export function compose(layout: Layout, limit: number, measure: Measure): Composition {
  const exact = attempt(layout, limit, measure, 0);
  if (exact.rowsOmitted === 0 && exact.evidenceOmitted === 0 && exact.picture !== 'dropped') {
    return exact;
  }
  return attempt(layout, limit, measure, NOTE_RESERVE);
}

function attempt(layout: Layout, limit: number, measure: Measure, reserve: number): Composition {
  const headSize = layout.head.reduce((sum, b) => sum + measure(b) + SEPARATOR.length, 0);
  // Every block is counted with a two-character separator; the text ends with one newline.
  const budget = limit + 1 - headSize - reserve;
  const chosen = budget >= 0 ? plan(layout, budget, measure) : undefined;
  const blocks = [...layout.head];
  const rows = layout.table?.rows ?? [];
  const shown = chosen?.rows ?? 0;
  if (layout.table && shown > 0) {
    blocks.push(`${layout.table.header}\n${rows.slice(0, shown).join('\n')}`);
  }
  if (shown < rows.length) blocks.push(tableNote(rows.length - shown));
  // Evidence before the picture: a reviewer reads why a goal failed before the graph.
  let evidence = { blocks: [] as string[], omitted: 0 };
  if (layout.evidence) {
    evidence = evidenceBlocks(layout.evidence, chosen?.evidenceRoom ?? 0, measure);
    const notes = evidence.omitted > 0 ? [evidenceNote(evidence.omitted)] : [];
    if (evidence.blocks.length + notes.length > 0) {
      blocks.push(layout.evidence.heading, ...evidence.blocks, ...notes);
    }
  }
  const [picture, pictureBlocks] = pictureBlock(layout, chosen);
  blocks.push(...pictureBlocks);
  const joined = `${blocks.join(SEPARATOR)}\n`;
  const text = measure(joined) <= limit ? joined : clampBlocks(blocks, limit, measure);
  return {
    text,
    rowsShown: shown,
    rowsOmitted: rows.length - shown,
    picture,
    evidenceShown: evidence.blocks.length,
    evidenceOmitted: evidence.omitted,
  };
}
