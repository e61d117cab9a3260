// What a reviewer reads on GitHub about goals that failed or wait: a one-line reason and the
// next step in the job summary and the check run, annotations where the evidence points,
// counts of leaves that say what was tolerated, and an honest partial root.
import { nextStepOf } from '../../../src/core/report/nextStep.js';
import { reasonOf } from '../../../src/core/report/reason.js';
import type { ReportSettlement } from '../../../src/core/report/model.js';
import {
  batchAnnotations,
  buildCheckRunOutput,
  checkRunConclusion,
} from '../../../src/reporting/github/checkRun.js';
import { renderJobSummary } from '../../../src/reporting/github/summary.js';
import { renderHtmlReport } from '../../../src/reporting/html.js';
import { formatSummary } from '../../../src/reporting/terminalSummary.js';
import { requestBodyErrors } from '../../support/actions/openapi.js';
import { compile, settle, type LeafPlan } from './fixtures.js';
import { cellsOf, checkStructure, decodeEntities, goalRows } from './markdownCheck.js';

const EXCEPTION = 'ValueError: params.depth must be a positive integer';

/** A crash as scriptRun words it: the headline, then 44 lines of a real Python traceback. */
const CRASH_MESSAGE = [
  'script "depth.check" exited with code 1, writing to stderr:',
  'Traceback (most recent call last):',
  '  File "/lib/depth.check", line 42, in <module>',
  '    step0()',
  ...Array.from({ length: 20 }, (_, i) => [
    `  File "/lib/depth.check", line ${i + 3}, in step${i}`,
    `    step${i + 1}()`,
  ]).flat(),
  EXCEPTION,
].join('\n');

function leaf(title: string, target: string, script = 'lint.check'): unknown {
  return { kind: 'leaf', title, target, verifier: { mode: 'programmatic', script } };
}

const graph = compile({
  schemaVersion: '1',
  id: 'reasons',
  root: 'root',
  nodes: {
    root: {
      kind: 'composite',
      title: 'The site ships',
      completion: {
        op: 'all',
        items: ['links', 'crashy', 'notes', 'built', 'style'].map((id) => ({ op: 'ref', id })),
      },
    },
    links: leaf('Links resolve', 'docs'),
    crashy: leaf('Depth is sane', 'README.md', 'depth.check'),
    notes: {
      kind: 'leaf',
      title: 'The notes greet the reader',
      target: 'notes.txt',
      verifier: { mode: 'agentic', instruction: 'Do the notes greet the reader?' },
    },
    built: leaf('The site is built', 'build/site', 'dir.non_empty'),
    style: leaf('Style is consistent', 'docs/style.css'),
  },
  contains: [
    ...['links', 'crashy', 'notes', 'built'].map((child) => ({ parent: 'root', child })),
    { parent: 'root', child: 'style', failure: 'tolerable' },
  ],
});

const PLANS: Record<string, LeafPlan> = {
  links: {
    verdict: 'fail',
    evidence: { summary: '3 broken links in docs/index.md', broken: ['a', 'b', 'c'] },
    locations: [
      { path: 'docs/index.md', line: 12, message: 'link to ./missing.md is broken' },
      { path: 'docs/guide.md', line: 3, message: 'link to #nowhere is broken' },
    ],
  },
  crashy: { verdict: 'inconclusive', error: { category: 'crash', message: CRASH_MESSAGE } },
  notes: {
    verdict: 'fail',
    evidence: { summary: 'The notes never greet the reader', read: 'notes.txt' },
  },
  built: {
    verdict: 'fail',
    error: { category: 'target_missing', message: 'build/site does not exist' },
  },
  style: { verdict: 'fail', evidence: { expected: 'one font family', found: 'three' } },
};

const run = settle(graph, (key) => PLANS[key] ?? { verdict: 'pass' });
const settlementOf = (id: string): ReportSettlement => run.report.nodes[id] as ReportSettlement;

function rowsOf(markdown: string): Map<string, string[]> {
  const rows = goalRows(markdown).map(cellsOf);
  return new Map(rows.map((cells) => [/^`([^`]+)`/.exec(cells[0] ?? '')?.[1] ?? '?', cells]));
}

describe('the one-line reason of each failed or waiting goal', () => {
  it('comes from the evidence summary, the exception line, the agent, the error or expected/found', () => {
    expect(reasonOf(settlementOf('links'))).toBe('3 broken links in docs/index.md');
    expect(reasonOf(settlementOf('crashy'))).toBe(
      `crash: script "depth.check" exited with code 1, writing to stderr: ${EXCEPTION}`,
    );
    expect(reasonOf(settlementOf('notes'))).toBe('The notes never greet the reader');
    expect(reasonOf(settlementOf('built'))).toBe('target_missing: build/site does not exist');
    expect(reasonOf(settlementOf('style'))).toBe('expected one font family, found three');
    expect(reasonOf(settlementOf('root'))).toMatch(/^required child "(links|built|notes)"/);
  });

  const summary = renderJobSummary(run.report, run.graph);
  const check = buildCheckRunOutput(run.report, run.graph);

  it.each([
    ['job summary', summary],
    ['check run', check.summary],
  ])('fills the reason and next-step cells of the %s', (_where, markdown) => {
    checkStructure(markdown);
    expect(markdown).toContain('| Goal | State | How | Verifier | Reason | Next step |');
    const rows = rowsOf(markdown);
    for (const id of ['links', 'crashy', 'notes', 'built', 'style']) {
      const cells = rows.get(id) ?? [];
      expect(cells[4]).toBe(reasonOf(settlementOf(id)));
      expect(cells[5]).toBe(nextStepOf(settlementOf(id)));
      expect(cells[5]).not.toBe('');
    }
    expect(rows.get('built')?.[5]).toBe(
      "create build/site (build it before DoG runs) or fix the goal's target",
    );
    expect(rows.get('crashy')?.[5]).toMatch(/^see the script's output in the report/);
    // The stack trace stays out of the table: one line per goal.
    expect(goalRows(markdown).some((row) => row.includes('File &#34;'))).toBe(false);
  });

  it('keeps the bounded tail of a crash in the evidence, above the graph', () => {
    const block = summary.slice(summary.indexOf('<details><summary><code>crashy</code>'));
    expect(block).toContain('**Next step** see the script');
    expect(block).toContain('  File "/lib/depth.check", line 22, in step19\n');
    expect(block.indexOf(EXCEPTION)).toBeLessThan(block.indexOf('</details>'));
    expect(summary.indexOf('### Evidence of failing and waiting goals')).toBeLessThan(
      summary.indexOf('### Graph'),
    );
    const html = renderHtmlReport(run.report, run.graph);
    expect(html).toContain('line 22, in step19\n');
    expect(html).toContain(`<tr><th>next step</th><td>see the script&#39;s output`);
  });

  it('counts leaves, says how many failures were tolerated, and what was not verified', () => {
    const counts =
      summary.split('\n')[summary.split('\n').indexOf('| ---: | ---: | ---: | ---: | ---: |') + 1];
    // Five verifications ran; links, notes, built and style failed (style tolerated); crashy waits.
    expect(cellsOf(counts ?? '')).toEqual(['5', '0', '4 (1 tolerated)', '0', '1']);
    expect(check.title).toBe(
      'FAILURE: 4 (1 tolerated) failed, 1 need a person, 5 verified, 0 inherited',
    );
  });
});

describe('check-run annotations', () => {
  const check = buildCheckRunOutput(run.report, run.graph);
  const at = (path: string, line: number) =>
    check.annotations.filter((a) => a.path === path && a.start_line === line);

  it('are requests GitHub accepts', () => {
    const batches = batchAnnotations(check.annotations);
    const body = {
      owner: 'o',
      repo: 'r',
      name: 'DoG',
      head_sha: 'a'.repeat(40),
      status: 'completed',
      conclusion: checkRunConclusion(run.report.rootState),
      output: {
        title: check.title,
        summary: check.summary,
        text: check.text,
        annotations: batches[0],
      },
    };
    expect(requestBodyErrors('checks/create', body)).toEqual([]);
  });

  it("sit where the evidence points, with the goal's reason, the evidence's message and the next step", () => {
    const [links] = at('docs/index.md', 12);
    expect(links?.message).toBe(
      [
        'links: Links resolve',
        'failure: 3 broken links in docs/index.md',
        'Here: link to ./missing.md is broken',
        'Next step: fix what the evidence names, or the verifier if it is wrong',
      ].join('\n'),
    );
    expect(at('docs/guide.md', 3)[0]?.message).toMatch(/^link to #nowhere is broken\n/);
    // The directory itself gets no second annotation of the same goal.
    expect(check.annotations.filter((a) => a.path === 'docs')).toHaveLength(0);
  });

  it('put a goal without locations on its target, with the reason instead of "the verifier said fail"', () => {
    expect(at('build/site', 1)[0]?.message).toContain(
      'target_missing: build/site does not exist\nNext step: create build/site',
    );
    expect(at('notes.txt', 1)[0]?.message).toContain('failure: The notes never greet the reader');
    expect(check.annotations.some((a) => a.message.includes('the verifier said fail'))).toBe(false);
  });
});

describe('a partial root on a host that does not accept one', () => {
  const partial = settle(
    graph,
    (key) => (key === 'style' ? (PLANS.style as LeafPlan) : { verdict: 'pass' }),
    {
      allowPartialRoot: false,
    },
  );

  it('fails, and says so and how to accept it, in every summary', () => {
    expect(partial.report.rootState).toBe('failure');
    expect(partial.report.nodes.root?.state).toBe('partial');
    for (const text of [
      renderJobSummary(partial.report, partial.graph),
      buildCheckRunOutput(partial.report, partial.graph).summary,
      formatSummary(partial.report),
    ]) {
      const read = decodeEntities(text);
      expect(read).toContain('The root came out partial');
      expect(read).toContain('set allowPartialRoot: true in the host configuration');
    }
  });

  it('says nothing of the kind when partial roots are accepted or the root failed outright', () => {
    const accepted = settle(graph, (key) =>
      key === 'style' ? (PLANS.style as LeafPlan) : { verdict: 'pass' },
    );
    expect(accepted.report.rootState).toBe('partial_success');
    expect(renderJobSummary(accepted.report, accepted.graph)).not.toContain('allowPartialRoot');
    expect(renderJobSummary(run.report, run.graph)).not.toContain('allowPartialRoot');
  });
});

describe('totals', () => {
  it('do not count as verified a verification whose record never arrived', () => {
    const lost = settle(graph, (key) =>
      key === 'links'
        ? { verdict: 'inconclusive', error: { category: 'record_missing', message: 'job failed' } }
        : { verdict: 'pass' },
    );
    expect(lost.report.totals.verified).toBe(4);
    expect(renderJobSummary(lost.report, lost.graph)).toMatch(/^\| 4 \| 0 \| 0 \| 0 \| 1 \|$/m);
  });
});
