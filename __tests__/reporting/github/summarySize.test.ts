// The job summary stays under its byte limit, dropping evidence first, then table rows,
// then the Mermaid picture.
import { MIN_ROWS_WITH_PICTURE } from '../../../src/reporting/github/compose.js';
import { composeJobSummary, renderJobSummary } from '../../../src/reporting/github/summary.js';
import { settle, wideGraph, type LeafPlan } from './fixtures.js';
import { cellsOf, checkStructure, goalRows, parseFences, utf8 } from './markdownCheck.js';

/** Evidence of about `bytes` bytes, with characters that need escaping and multi-byte ones. */
function bigEvidence(seed: string, bytes: number): { lines: string[] } {
  const line = `${seed} | </details> \`\`\` é ✓ `;
  return { lines: Array.from({ length: Math.ceil(bytes / utf8(line)) }, () => line) };
}

function planFor(key: string, every: number, evidenceBytes: number): LeafPlan {
  const n = Number(/leaf(\d+)$/.exec(key)?.[1] ?? 0);
  if (n % 50 === 7) {
    return { verdict: 'inconclusive', error: { category: 'timeout', message: `timed out ${key}` } };
  }
  if (n % every !== 0) return { verdict: 'pass' };
  return {
    verdict: 'fail',
    evidence: bigEvidence(key, evidenceBytes),
    locations: [{ path: `src/${key}.ts`, line: n + 1, message: 'here' }],
  };
}

type Shape = { details: number; rows: number; tableCut: boolean; picture: boolean };

function shapeOf(text: string): Shape {
  return {
    details: (text.match(/^<details>/gm) ?? []).length,
    rows: goalRows(text).length,
    tableCut: /^_[\d,]+ more goals are not listed here/m.test(text),
    picture: parseFences(text).fences.some((f) => f.info === 'mermaid'),
  };
}

const LONG_TITLE = (g: number, i: number): string =>
  `Module ${g} file ${i}: the exported API (v2.1) is documented | see [docs] & <notes> ${'x'.repeat(120)}`;

describe('a 10,000-goal report with large evidence', () => {
  // Long titles: the goals table alone is several times the limit.
  const graph = wideGraph(100, 100, (g, i) => ({ title: LONG_TITLE(g, i) }));
  const run = settle(graph, (key) => planFor(key, 5, 20_000));
  const text = renderJobSummary(run.report, graph);
  const goals = Object.keys(run.report.nodes).length;
  const waiting = Object.values(run.report.nodes).filter(
    (n) => n.kind === 'leaf' && (n.state === 'failure' || n.state === 'needs_human'),
  ).length;

  it('stays under 1,000,000 bytes and uses most of them', () => {
    expect(goals).toBe(10_101);
    expect(utf8(text)).toBeLessThanOrEqual(1_000_000);
    expect(utf8(text)).toBeGreaterThan(950_000);
    expect(text.split('\n')[0]).toBe('## FAILURE — `wide`');
    checkStructure(text);
  });

  it('drops every evidence excerpt first and says how many', () => {
    expect(shapeOf(text).details).toBe(0);
    expect(text).toContain(
      `_Evidence of ${waiting.toLocaleString('en-US')} more failing or waiting goals is left out`,
    );
  });

  it('then cuts the table from its end, failures first, saying how many rows are left out', () => {
    const rows = goalRows(text).map(cellsOf);
    const note = /^_([\d,]+) more goals are not listed here/m.exec(text);
    expect(rows.length).toBeGreaterThan(1000);
    expect(rows.length).toBeLessThan(goals);
    expect(Number(note?.[1]?.replace(/,/g, ''))).toBe(goals - rows.length);
    expect(rows.slice(0, 1000).every((r) => r[1] === 'failure')).toBe(true);
  });

  it('leaves the picture out, saying Mermaid cannot draw that many goals', () => {
    expect(shapeOf(text).picture).toBe(false);
    expect(text).toContain('_The graph picture is left out: 10,101 goals and 10,100 edges');
  });

  it('keeps the whole table and the first evidence excerpts when titles are short', () => {
    // 5,101 goals: a failing row carries its reason and next step, so 10,101 no longer fit.
    const compact = wideGraph(100, 50);
    const compactRun = settle(compact, (key) => planFor(key, 5, 20_000));
    const summary = renderJobSummary(compactRun.report, compact);
    expect(utf8(summary)).toBeLessThanOrEqual(1_000_000);
    const shape = shapeOf(summary);
    expect(shape.rows).toBe(Object.keys(compactRun.report.nodes).length);
    expect(shape.tableCut).toBe(false);
    expect(shape.details).toBeGreaterThan(0);
    const compactWaiting = Object.values(compactRun.report.nodes).filter(
      (n) => n.kind === 'leaf' && (n.state === 'failure' || n.state === 'needs_human'),
    ).length;
    expect(summary).toContain(
      `_Evidence of ${(compactWaiting - shape.details).toLocaleString('en-US')} more failing or waiting goals`,
    );
    checkStructure(summary);
  });

  it('keeps every byte bound, however small the limit', () => {
    for (const maxBytes of [200_000, 20_000, 3_000, 500]) {
      const small = renderJobSummary(run.report, graph, { maxBytes });
      expect(utf8(small)).toBeLessThanOrEqual(maxBytes);
      if (maxBytes >= 3_000) expect(small.split('\n')[0]).toBe('## FAILURE — `wide`');
      checkStructure(small);
    }
  });
});

describe('the order in which a summary degrades', () => {
  // 304 goals: few enough for Mermaid, with about 100 failing leaves carrying evidence.
  const graph = wideGraph(3, 100);
  const run = settle(graph, (key) => planFor(key, 3, 1_500));
  const full = renderJobSummary(run.report, graph, { maxBytes: 100_000_000 });
  const fullShape = shapeOf(full);
  const fullDetails = full.split('\n').filter((l) => l.startsWith('<details>'));
  const sweep: { budget: number; text: string; shape: Shape }[] = [];
  let shapes: Shape[] = [];
  beforeAll(() => {
    for (let budget = utf8(full); budget > 4_000; budget = Math.floor(budget * 0.97)) {
      const text = renderJobSummary(run.report, graph, { maxBytes: budget });
      checkStructure(text);
      sweep.push({ budget, text, shape: shapeOf(text) });
    }
    shapes = sweep.map((s) => s.shape);
  });

  it('stays under every budget and keeps the first evidence excerpts, in order', () => {
    expect(sweep.length).toBeGreaterThan(50);
    for (const { budget, text } of sweep) {
      expect(utf8(text)).toBeLessThanOrEqual(budget);
      checkStructure(text);
      const kept = text.split('\n').filter((l) => l.startsWith('<details>'));
      expect(kept).toEqual(fullDetails.slice(0, kept.length));
    }
  });

  it('has everything when it fits', () => {
    const attention = Object.values(run.report.nodes).filter(
      (n) => n.kind === 'leaf' && (n.state === 'failure' || n.state === 'needs_human'),
    ).length;
    expect(attention).toBeGreaterThan(90);
    expect(fullShape).toEqual({ details: attention, rows: 304, tableCut: false, picture: true });
    expect(composeJobSummary(run.report, graph, { maxBytes: utf8(full) }).text).toBe(full);
  });

  it('drops evidence before any table row', () => {
    const cut = shapes.filter((s) => s.tableCut);
    expect(cut.length).toBeGreaterThan(0);
    expect(cut.every((s) => s.details === 0)).toBe(true);
    const partial = shapes.filter((s) => s.details > 0 && s.details < fullShape.details);
    expect(partial.length).toBeGreaterThan(3);
    expect(partial.every((s) => !s.tableCut && s.picture)).toBe(true);
  });

  it('cuts table rows down to a floor before it drops the picture, and only then', () => {
    const dropped = shapes.findIndex((s) => !s.picture);
    expect(dropped).toBeGreaterThan(0);
    const before = shapes.slice(0, dropped);
    const after = sweep.slice(dropped);
    // Once given up as the budget shrinks, the picture never comes back.
    expect(after.every((s) => !s.shape.picture && s.shape.details === 0)).toBe(true);
    const cutWithPicture = before.filter((s) => s.tableCut);
    expect(cutWithPicture.length).toBeGreaterThan(0);
    expect(cutWithPicture.every((s) => s.rows >= MIN_ROWS_WITH_PICTURE)).toBe(true);
    for (const { text } of after) {
      expect(text).toContain("_The graph picture is left out to stay under GitHub's size limit._");
    }
  });
});
