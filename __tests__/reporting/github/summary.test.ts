// The job summary: root state first, counts, goals table, coloured Mermaid picture,
// collapsed evidence; hostile report text neutralised.
import type { RootState, Verdict } from '../../../src/core/types.js';
import { toMermaid } from '../../../src/reporting/graphFormats.js';
import { codeBlock } from '../../../src/reporting/github/markdown.js';
import { renderJobSummary } from '../../../src/reporting/github/summary.js';
import {
  deck,
  HOSTILE_ERROR,
  HOSTILE_EVIDENCE,
  HOSTILE_TITLE,
  HOSTILE_WARNING,
  PARTIAL_RUN,
} from './deck.js';
import { settle, wideGraph } from './fixtures.js';
import { cellsOf, checkStructure, decodeEntities, goalRows, parseFences } from './markdownCheck.js';

const HEADLINES: Record<RootState, [string, RegExp]> = {
  success: ['SUCCESS', /^The root goal holds: every goal it needs was verified/],
  partial_success: ['PARTIAL SUCCESS', /holds only in part: .*tolerates .*accepts a partial root/],
  failure: ['FAILURE', /^The root goal does not hold/],
  infeasible: ['INFEASIBLE', /a verifier it needs cannot run here/],
  needs_replan: ['NEEDS REPLAN', /until the graph or a verifier contract changes/],
  needs_human: ['NEEDS A PERSON', /waiting for a person.*Nothing here counts as a pass/],
  cancelled: ['CANCELLED', /cancelled before the root goal settled/],
};

// page3 depends on renders, so it is never verified when renders fails.
const FAILING_RUN: Record<string, Verdict> = {
  renders: 'fail',
  brand: 'fail',
  fancy: 'fail',
  plain: 'pass',
  'bundle#assert': 'pass',
};
const WAITING_RUN: Record<string, Verdict> = { ...PARTIAL_RUN, page3: 'inconclusive' };

/** The paragraph or block that starts with `prefix`, as a reader sees it. */
function lineStarting(text: string, prefix: string): string | undefined {
  return parseFences(text)
    .outside.map(decodeEntities)
    .find((l) => l.startsWith(prefix));
}

function countsRow(text: string): string[] {
  const lines = text.split('\n');
  const delimiter = lines.indexOf('| ---: | ---: | ---: | ---: | ---: |');
  return cellsOf(lines[delimiter + 1] as string);
}

describe('renderJobSummary: the headline', () => {
  const { report, graph } = deck();

  it.each(Object.entries(HEADLINES))(
    'puts a %s root first, with what it means',
    (state, [word, meaning]) => {
      const text = renderJobSummary({ ...report, rootState: state as RootState }, graph);
      const lines = text.split('\n');
      expect(lines[0]).toBe(`## ${word} — \`deck-quality\``);
      expect(lines[1]).toBe('');
      expect(lines[2]).toMatch(meaning);
      expect(text.indexOf('| Verified in this run')).toBeGreaterThan(
        text.indexOf(lines[2] as string),
      );
      expect(text.indexOf('### Goals')).toBeGreaterThan(text.indexOf('| Verified in this run'));
    },
  );

  it('names the state the run really settled in', () => {
    expect(renderJobSummary(report, graph).split('\n')[0]).toBe(
      '## PARTIAL SUCCESS — `deck-quality`',
    );
    const failing = deck(FAILING_RUN);
    expect(renderJobSummary(failing.report, failing.graph).split('\n')[0]).toMatch(/^## FAILURE /);
    const waiting = deck(WAITING_RUN);
    expect(renderJobSummary(waiting.report, waiting.graph).split('\n')[0]).toMatch(
      /^## NEEDS A PERSON /,
    );
  });

  it('links the full report only for an http(s) URL, with parentheses encoded', () => {
    const link = renderJobSummary(report, graph, { reportUrl: 'https://example.com/a (1).html' });
    expect(link).toContain('[Full report](https://example.com/a%20%281%29.html)');
    for (const url of ['javascript:alert(1)', 'not a url', 'file:///etc/passwd']) {
      expect(renderJobSummary(report, graph, { reportUrl: url })).not.toContain('Full report');
    }
  });
});

describe('renderJobSummary: counts and warnings', () => {
  it('counts verifications, and the leaves and asserts that failed (tolerated ones said), were blocked or wait', () => {
    const partial = deck();
    // brand and fancy fail, both tolerated.
    expect(countsRow(renderJobSummary(partial.report, partial.graph))).toEqual([
      '6',
      '1',
      '2 (2 tolerated)',
      '0',
      '0',
    ]);
    const failing = deck(FAILING_RUN);
    // renders fails, brand and fancy fail tolerated (root fails too, but is not a leaf);
    // page3 is blocked by renders.
    expect(countsRow(renderJobSummary(failing.report, failing.graph))).toEqual([
      '5',
      '1',
      '3 (2 tolerated)',
      '1',
      '0',
    ]);
    const waiting = deck(WAITING_RUN);
    // page3 waits (the root waits with it, but is not a leaf).
    expect(countsRow(renderJobSummary(waiting.report, waiting.graph))).toEqual([
      '6',
      '1',
      '2 (2 tolerated)',
      '0',
      '1',
    ]);
  });

  it('shows tokens and cost only when non-zero, with wall time and isolation', () => {
    const { report, graph } = deck();
    expect(lineStarting(renderJobSummary(report, graph), 'Wall time')).toBe(
      'Wall time 9.0 s · 3,000 tokens · cost 0.0300 USD · isolation: none (explicitly configured)',
    );
    const plain = wideGraph(1, 3);
    const run = settle(plain, () => ({ verdict: 'pass' }));
    expect(lineStarting(renderJobSummary(run.report, plain), 'Wall time')).toBe(
      'Wall time 9.0 s · isolation: none (explicitly configured)',
    );
  });

  it("shows Copilot's AI credits and premium requests when the run reported them", () => {
    const { report, graph } = deck();
    const billed = { ...report, totals: { ...report.totals, aiCredits: 1.5, premiumRequests: 6 } };
    expect(lineStarting(renderJobSummary(billed, graph), 'Wall time')).toBe(
      'Wall time 9.0 s · 3,000 tokens · cost 0.0300 USD · 1.50 Copilot AI credits · ' +
        '6 premium requests · isolation: none (explicitly configured)',
    );
  });

  it('lists warnings as text, at most ten of them', () => {
    const { report, graph } = deck();
    const text = renderJobSummary(report, graph);
    expect(lineStarting(text, '- <b')).toBe(`- ${HOSTILE_WARNING.replace('\n', ' ')} (test)`);
    const many = Array.from({ length: 15 }, (_, i) => ({ code: 'w', message: `warning ${i}` }));
    const crowded = renderJobSummary({ ...report, warnings: many }, graph);
    expect(crowded.match(/^- warning \d+ \(w\)$/gm)).toHaveLength(10);
    expect(crowded).toContain('- … and 5 more warnings in the full report');
    expect(renderJobSummary({ ...report, warnings: [] }, graph)).not.toContain('### Warnings');
  });
});

describe('renderJobSummary: the goals table', () => {
  it('has one row per goal and assert, problems first', () => {
    const { report, graph } = deck(FAILING_RUN);
    const rows = goalRows(renderJobSummary(report, graph)).map(cellsOf);
    expect(rows.map((r) => r[0]?.split(' ')[0])).toEqual(
      [
        'renders',
        'root',
        'page3',
        'brand',
        'fancy',
        'bundle',
        'bundle#assert',
        'manifest',
        'plain',
      ].map((id) => `\`${id}\``),
    );
    expect(rows.map((r) => r[1])).toEqual([
      'failure',
      'failure',
      'blocked',
      'failure (tolerated)',
      'failure (tolerated)',
      'partial',
      'success',
      'success',
      'success',
    ]);
    expect(rows[2]?.[4]).toBe('blocked: dependency "renders" ended failure');
  });

  it('says how each goal was settled and by which verifier', () => {
    const { report, graph } = deck();
    const rows = new Map(
      goalRows(renderJobSummary(report, graph)).map((row) => {
        const cells = cellsOf(row);
        return [cells[0]?.split(' ')[0] as string, cells];
      }),
    );
    expect(rows.get('`manifest`')?.slice(2, 4)).toEqual([
      'inherited from run `run-1`',
      '`file.exists`',
    ]);
    expect(rows.get('`brand`')?.slice(2, 4)).toEqual([
      're-run: `capture_changed`',
      'agentic vision, 3 votes',
    ]);
    expect(rows.get('`root`')?.[2]).toBe('from its children');
    expect(rows.get('`root`')?.[4]).toBe(
      'brand failed (tolerated); fancy failed (degraded to plain)',
    );
  });
});

describe('renderJobSummary: the Mermaid picture', () => {
  it('is the graph coloured by the states of the report', () => {
    const { report, graph, states } = deck(WAITING_RUN);
    const mermaid = parseFences(renderJobSummary(report, graph)).fences.filter(
      (f) => f.info === 'mermaid',
    );
    expect(mermaid).toHaveLength(1);
    expect(`${mermaid[0]?.content}\n`).toBe(toMermaid(graph, states));
    const fills = new Map<string, string>();
    const labels = new Map<string, string>();
    for (const line of mermaid[0]?.content.split('\n') ?? []) {
      const node = /^ {2}(n\d+)\(?\["([\w#-]+) · /.exec(line);
      if (node) labels.set(node[1] as string, node[2] as string);
      const style = /^ {2}style (n\d+) fill:(#[0-9a-f]{6})/.exec(line);
      if (style) fills.set(labels.get(style[1] as string) as string, style[2] as string);
    }
    expect(fills.size).toBe(graph.nodes.size);
    expect(fills.get('page3')).toBe('#8250df');
    expect(fills.get('root')).toBe('#8250df');
    expect(fills.get('brand')).toBe('#cf222e');
    expect(fills.get('manifest')).toBe('#2da44e');
  });
});

describe('renderJobSummary: when Mermaid cannot draw the graph', () => {
  const mermaidFences = (text: string) =>
    parseFences(text).fences.filter((f) => f.info === 'mermaid');

  it('draws 500 goals and leaves out 501, even with only 500 edges', () => {
    const drawn = wideGraph(1, 498);
    expect(drawn.nodes.size).toBe(500);
    const drawnRun = settle(drawn, () => ({ verdict: 'pass' }));
    expect(mermaidFences(renderJobSummary(drawnRun.report, drawn))).toHaveLength(1);
    const skipped = wideGraph(1, 499);
    expect(skipped.nodes.size).toBe(501);
    const run = settle(skipped, () => ({ verdict: 'pass' }));
    const text = renderJobSummary(run.report, skipped);
    expect(mermaidFences(text)).toHaveLength(0);
    expect(text).toContain('_The graph picture is left out: 501 goals and 500 edges are more than');
  });

  it('leaves out a picture longer than 50,000 characters', () => {
    const longIds = wideGraph(1, 300, (g, i) => ({ id: `leaf${i}-${'x'.repeat(110)}` }));
    const run = settle(longIds, () => ({ verdict: 'pass' }));
    expect(toMermaid(longIds, run.states).length).toBeGreaterThan(50_000);
    const text = renderJobSummary(run.report, longIds);
    expect(mermaidFences(text)).toHaveLength(0);
    expect(text).toContain('_The graph picture is left out: 302 goals and 301 edges');
  });
});

describe('renderJobSummary: hostile report text', () => {
  const runs = { partial: deck(), failing: deck(FAILING_RUN), waiting: deck(WAITING_RUN) };

  it.each(Object.keys(runs))('keeps the %s summary structurally intact', (name) => {
    const { report, graph } = runs[name as keyof typeof runs];
    const text = renderJobSummary(report, graph);
    const { outside } = checkStructure(text);
    const prose = outside.join('\n');
    expect(prose).not.toMatch(/<(img|iframe|script|b)\b/i);
    expect(prose).not.toContain('**bold**');
    expect(prose).not.toContain('@octocat');
    expect(goalRows(text).every((row) => cellsOf(row).length === 6)).toBe(true);
  });

  it('shows hostile titles and errors as the text they are, on one line', () => {
    const { report, graph } = runs.waiting;
    const text = renderJobSummary(report, graph);
    const page3 = goalRows(text)
      .map(cellsOf)
      .find((cells) => cells[0]?.startsWith('`page3`'));
    expect(page3?.[0]).toBe(`\`page3\` ${HOSTILE_TITLE.replace('\n', ' ')}`);
    // The reason is the error's first line; the rest of the message is in the evidence block.
    expect(page3?.[4]).toBe(`crash: ${HOSTILE_ERROR.split('\n')[0]}`);
  });

  it('puts hostile evidence verbatim in a code block it cannot close, inside <details>', () => {
    const { report, graph } = runs.waiting;
    const text = renderJobSummary(report, graph);
    const { fences } = checkStructure(text);
    const json = fences.filter((f) => f.info === 'json').map((f) => f.content);
    expect(json).toContain(JSON.stringify(HOSTILE_EVIDENCE, null, 2));
    const block = text.slice(text.indexOf('<details><summary><code>page3</code>'));
    // The error's own "</details>" is inside a fence; the block's end follows a blank line.
    expect(block.indexOf(JSON.stringify(HOSTILE_EVIDENCE, null, 2))).toBeLessThan(
      block.indexOf('\n\n</details>'),
    );
    // Evidence is shown for failing and waiting goals only: page3 (waiting), brand and fancy.
    expect(text.match(/^<details>/gm)).toHaveLength(3);
  });

  it('uses a checker that would catch an unescaped title', () => {
    const raw = `| Goal |\n| --- |\n| ${HOSTILE_TITLE} |\n`;
    expect(() => checkStructure(raw)).toThrow();
    expect(() => checkStructure(`<details><summary>x</summary>\n\n${codeBlock('```')}`)).toThrow();
  });
});
