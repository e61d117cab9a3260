// The check run: conclusion per root state, output within GitHub's limits, annotations
// that GitHub accepts, in batches of at most 50.
import type { RootState, Verdict } from '../../../src/core/types.js';
import { annotationPath } from '../../../src/reporting/github/annotations.js';
import {
  batchAnnotations,
  buildCheckRunOutput,
  checkRunConclusion,
  type Annotation,
  type CheckRunConclusion,
} from '../../../src/reporting/github/checkRun.js';
import { BRAND_LOCATIONS, deck, PARTIAL_RUN } from './deck.js';
import { compile, settle, wideGraph, type LeafPlan } from './fixtures.js';
import { checkStructure, goalRows, parseFences, utf8 } from './markdownCheck.js';

const CONCLUSIONS: Record<RootState, CheckRunConclusion> = {
  success: 'success',
  partial_success: 'neutral',
  failure: 'failure',
  needs_human: 'action_required',
  infeasible: 'action_required',
  needs_replan: 'action_required',
  cancelled: 'cancelled',
};

const ANNOTATION_KEYS = new Set([
  'path',
  'start_line',
  'end_line',
  'annotation_level',
  'message',
  'title',
  'raw_details',
]);

/** Every rule of GitHub's annotation object that DoG relies on. */
function expectValidAnnotation(a: Annotation): void {
  for (const key of Object.keys(a)) expect(ANNOTATION_KEYS.has(key)).toBe(true);
  expect(typeof a.path).toBe('string');
  expect(a.path).not.toBe('');
  expect(a.path).not.toMatch(/^(\.\/|\/|[A-Za-z]:)|\\|\/\/|\/$/);
  expect(a.path.split('/')).not.toContain('..');
  expect(a.path.split('/')).not.toContain('.');
  expect(Number.isInteger(a.start_line) && a.start_line >= 1).toBe(true);
  expect(a.end_line).toBe(a.start_line);
  expect(['notice', 'warning', 'failure']).toContain(a.annotation_level);
  expect(a.message.trim()).not.toBe('');
  expect(utf8(a.message)).toBeLessThanOrEqual(64 * 1024);
  if (a.title !== undefined) expect(a.title.length).toBeLessThanOrEqual(255);
  if (a.raw_details !== undefined) expect(utf8(a.raw_details)).toBeLessThanOrEqual(64 * 1024);
  for (const text of [a.message, a.title ?? '', a.raw_details ?? '']) {
    // eslint-disable-next-line no-control-regex
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
  }
}

function withoutKey(verdicts: Record<string, Verdict>, key: string): Record<string, Verdict> {
  return Object.fromEntries(Object.entries(verdicts).filter(([k]) => k !== key));
}

describe('checkRunConclusion', () => {
  it.each(Object.entries(CONCLUSIONS))('maps a %s root to %s', (state, conclusion) => {
    expect(checkRunConclusion(state as RootState)).toBe(conclusion);
  });

  it('maps the root state of real settled runs', () => {
    const conclusion = (verdicts: Record<string, Verdict>, extra: Record<string, LeafPlan> = {}) =>
      checkRunConclusion(deck(verdicts, extra).report.rootState);
    expect(conclusion(PARTIAL_RUN)).toBe('neutral');
    expect(conclusion({ ...PARTIAL_RUN, brand: 'pass', fancy: 'pass' })).toBe('success');
    expect(conclusion({ ...PARTIAL_RUN, 'bundle#assert': 'fail' })).toBe('failure');
    const waiting = { ...PARTIAL_RUN, page3: 'inconclusive' as const };
    expect(conclusion(waiting)).toBe('action_required');
    const noModel = {
      page3: { error: { category: 'no_capability' as const, message: 'no model' } },
    };
    expect(deck(waiting, noModel).report.rootState).toBe('infeasible');
    expect(conclusion(waiting, noModel)).toBe('action_required');
    const broken = { page3: { error: { category: 'malformed_output' as const, message: 'bad' } } };
    expect(deck(waiting, broken).report.rootState).toBe('needs_replan');
    expect(conclusion(waiting, broken)).toBe('action_required');
    const unfinished = withoutKey(PARTIAL_RUN, 'page3');
    const cancelled = deck(unfinished, {}, { cancelled: true }).report.rootState;
    expect(cancelled).toBe('cancelled');
    expect(checkRunConclusion(cancelled)).toBe('cancelled');
  });
});

describe('batchAnnotations', () => {
  it('slices in order into batches of at most the given size, 50 by default', () => {
    const items = Array.from({ length: 120 }, (_, i) => i);
    expect(batchAnnotations(items).map((b) => b.length)).toEqual([50, 50, 20]);
    expect(batchAnnotations(items).flat()).toEqual(items);
    expect(batchAnnotations(items, 7).every((b) => b.length <= 7)).toBe(true);
    expect(batchAnnotations(items, 7).flat()).toEqual(items);
    expect(batchAnnotations([])).toEqual([]);
  });

  it('refuses a batch size GitHub would reject', () => {
    for (const size of [0, 51, 2.5, -1, Number.NaN]) {
      expect(() => batchAnnotations([1], size)).toThrow(RangeError);
    }
  });
});

/** A failing 200-leaf graph: 120 failures with two locations each, 10 inconclusive. */
function twoHundred(): ReturnType<typeof settle> {
  const title = (g: number, i: number): string =>
    `Module ${g} file ${i}: exported API (v2) | documented [see docs] & <notes> ${'*'.repeat(60)}`;
  const graph = wideGraph(2, 100, (g, i) => ({ title: title(g, i) }));
  return settle(graph, (key) => {
    const [, g, i] = /^g(\d+)-leaf(\d+)$/.exec(key)?.map(Number) ?? [];
    if (g === undefined || i === undefined) return { verdict: 'pass' };
    if (i >= 60 && i < 65) {
      return { verdict: 'inconclusive', error: { category: 'timeout', message: 'timed out' } };
    }
    if (i >= 60) return { verdict: 'pass' };
    return {
      verdict: 'fail',
      evidence: { detail: 'x'.repeat(5_000) },
      locations: [
        { path: `src/mod${g}/file${i}.ts`, line: i + 1, message: `problem in file ${i}` },
        { path: `./src/mod${g}//helper.ts`, line: 7, message: 'helper too' },
      ],
    };
  });
}

describe('buildCheckRunOutput for 200 leaves with 120 failures', () => {
  const run = twoHundred();
  const output = buildCheckRunOutput(run.report, run.graph);

  it('keeps summary and text within 65,535 characters, saying what the summary leaves out', () => {
    expect(output.summary.length).toBeLessThanOrEqual(65_535);
    expect(output.summary.length).toBeGreaterThan(60_000);
    expect(output.summary.split('\n')[0]).toBe('## FAILURE — `wide`');
    const rows = goalRows(output.summary).length;
    expect(output.summary).toContain(`_${203 - rows} more goals are not listed here`);
    expect(output.text?.length).toBeLessThanOrEqual(65_535);
    expect(parseFences(output.text ?? '').fences.some((f) => f.info === 'mermaid')).toBe(true);
    checkStructure(output.summary);
    checkStructure(output.text ?? '');
    // 120 leaves fail; their three composites fail with them but are not counted.
    expect(output.title).toBe('FAILURE: 120 failed, 10 need a person, 200 verified, 0 inherited');
  });

  it('makes one annotation per failing goal at its first location, one per further location, failures first', () => {
    expect(output.annotations).toHaveLength(120 * 2 + 10);
    output.annotations.forEach(expectValidAnnotation);
    const levels = output.annotations.map((a) => a.annotation_level);
    expect(levels.filter((l) => l === 'failure')).toHaveLength(240);
    expect(levels.slice(240)).toEqual(Array(10).fill('warning'));
    expect(output.summary).toContain('**Annotations:** 250 (240 failure, 10 warning, 0 notice).');
  });

  it('turns evidence locations into line annotations on normalised paths', () => {
    const at = (path: string, line: number) =>
      output.annotations.filter((a) => a.path === path && a.start_line === line);
    expect(at('src/mod1/file42.ts', 43)).toHaveLength(1);
    // The goal's own annotation sits where its evidence points, with the evidence's message.
    const goal = at('src/mod1/file42.ts', 43)[0];
    expect(goal?.message).toMatch(/^g1-leaf42: Module 1 file 42/);
    expect(goal?.message).toContain('\nHere: problem in file 42\n');
    expect(goal?.message).toContain(
      '\nNext step: fix what the evidence names, or the verifier if it is wrong',
    );
    expect(goal?.raw_details).toContain('"detail"');
    expect(at('src/mod1/file42.ts', 1)).toHaveLength(0);
    expect(at('src/mod0/helper.ts', 7)[0]?.message).toMatch(/^helper too\n/);
    expect(at('src/mod0/helper.ts', 7)).toHaveLength(60);
    expect(output.annotations.some((a) => a.path.includes('//') || a.path.startsWith('./'))).toBe(
      false,
    );
  });

  it('batches the annotations 50 at a time', () => {
    const batches = batchAnnotations(output.annotations);
    expect(batches).toHaveLength(5);
    expect(batches.every((b) => b.length <= 50)).toBe(true);
    expect(batches.flat()).toEqual(output.annotations);
  });

  it('caps the annotations, keeping the most severe, and says how many it left out', () => {
    const capped = buildCheckRunOutput(run.report, run.graph, { maxAnnotations: 100 });
    expect(capped.annotations).toHaveLength(100);
    expect(capped.annotations.every((a) => a.annotation_level === 'failure')).toBe(true);
    expect(capped.summary).toContain(
      '150 more annotations are left out (at most 100 per check run)',
    );
  });

  it('honours smaller limits and never exceeds GitHub’s', () => {
    const small = buildCheckRunOutput(run.report, run.graph, {
      summaryLimit: 5_000,
      textLimit: 3_000,
    });
    expect(small.summary.length).toBeLessThanOrEqual(5_000);
    expect(small.text?.length ?? 0).toBeLessThanOrEqual(3_000);
    checkStructure(small.summary);
    // The picture (about 9,000 characters) cannot fit in 3,000: it is left out whole.
    expect(small.text).toContain(
      "_The graph picture is left out to stay under GitHub's size limit._",
    );
    checkStructure(small.text ?? '');
    for (const limit of [20_000, 8_000, 1_000, 300]) {
      const cut = buildCheckRunOutput(run.report, run.graph, {
        summaryLimit: limit,
        textLimit: limit,
      });
      expect(cut.summary.length).toBeLessThanOrEqual(limit);
      expect(cut.text?.length ?? 0).toBeLessThanOrEqual(limit);
      checkStructure(cut.summary);
      checkStructure(cut.text ?? '');
    }
    const large = buildCheckRunOutput(run.report, run.graph, {
      summaryLimit: 10_000_000,
      textLimit: 1e9,
    });
    expect(large.summary.length).toBeLessThanOrEqual(65_535);
    expect(large.text?.length ?? 0).toBeLessThanOrEqual(65_535);
  });
});

describe('annotation levels and paths on the deck graph', () => {
  it('gives tolerated and degraded failures a notice, at the first location the evidence names', () => {
    const { report, graph } = deck();
    const { annotations, summary } = buildCheckRunOutput(report, graph);
    annotations.forEach(expectValidAnnotation);
    expect(annotations.map((a) => [a.path, a.start_line, a.annotation_level])).toEqual([
      ['build/pages/styles.css', 12, 'notice'],
      ['build/pages/theme.css', 3, 'notice'],
      ['build/fancy.json', 1, 'notice'],
    ]);
    // The two locations outside the workspace are not annotated, and the summary says so.
    expect(summary).toContain('2 goals or evidence locations have no file to annotate');
    expect(BRAND_LOCATIONS.filter((l) => annotationPath(l.path) === undefined)).toHaveLength(2);
  });

  it('gives a fatal failure a failure, a waiting goal a warning, an optional one a notice', () => {
    /** Level of each goal's own annotation, by goal key. */
    const levels = (run: ReturnType<typeof deck>): Record<string, string> =>
      Object.fromEntries(
        buildCheckRunOutput(run.report, run.graph)
          .annotations.filter((a) => !a.title?.includes(' at line '))
          .map((a): [string, string] => [
            /^DoG (\S+):/.exec(a.title ?? '')?.[1] ?? '?',
            a.annotation_level,
          ]),
      );
    const failing = deck({ ...withoutKey(PARTIAL_RUN, 'page3'), renders: 'fail' });
    expect(levels(failing)).toEqual({ renders: 'failure', brand: 'notice', fancy: 'notice' });
    const waiting = deck({ ...PARTIAL_RUN, page3: 'inconclusive' });
    expect(levels(waiting)).toEqual({ page3: 'warning', brand: 'notice', fancy: 'notice' });
    const optional = deck({ ...PARTIAL_RUN, brand: 'pass', fancy: 'pass', plain: 'fail' });
    expect(optional.report.rootState).toBe('success');
    expect(levels(optional)).toEqual({ plain: 'notice' });
    const assert = deck({ ...PARTIAL_RUN, 'bundle#assert': 'fail' });
    expect(levels(assert)).toEqual({
      'bundle#assert': 'failure',
      brand: 'notice',
      fancy: 'notice',
    });
    const assertAnnotation = buildCheckRunOutput(assert.report, assert.graph).annotations[0];
    expect(assertAnnotation?.path).toBe('build');
  });

  it('cleans and cuts annotation text to GitHub’s sizes', () => {
    const hostile = '\u0007bell \u202eevil\u202c '.repeat(20_000);
    const { report, graph } = deck(PARTIAL_RUN, {
      brand: {
        verdict: 'fail',
        error: { category: 'crash', message: `é${hostile}` },
        evidence: { huge: '✓'.repeat(100_000) },
        locations: [{ path: 'a.css', line: 0, message: hostile }],
      },
    });
    const { annotations } = buildCheckRunOutput(report, graph);
    annotations.forEach(expectValidAnnotation);
    // brand's own annotation is on its one location, whose line 0 becomes line 1.
    const brand = annotations.find((a) => a.path === 'a.css');
    expect(brand?.start_line).toBe(1);
    expect(brand?.raw_details).toMatch(/… \(cut; the full evidence is in the report\)$/);
    expect(utf8(brand?.raw_details ?? '')).toBeGreaterThan(60_000);
    expect(utf8(brand?.message ?? '')).toBeLessThanOrEqual(64_000);
  });

  it('does not annotate a whole-workspace target, and says so', () => {
    const graph = compile({
      schemaVersion: '1',
      id: 'ws',
      root: 'all',
      nodes: {
        all: {
          kind: 'leaf',
          title: 'Workspace builds',
          target: '.',
          verifier: { mode: 'programmatic', script: 'dir.non_empty' },
        },
      },
    });
    const run = settle(graph, () => ({ verdict: 'fail' }));
    const output = buildCheckRunOutput(run.report, graph);
    expect(output.annotations).toEqual([]);
    expect(output.summary).toContain('1 goal or evidence location has no file to annotate');
  });
});
