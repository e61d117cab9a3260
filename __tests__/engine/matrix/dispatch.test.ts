// The whole dispatch plan: waves sharded into matrix jobs, the plan job's list, the items
// that never start, and the same plan whatever order the graph and selections come in.
import fc from 'fast-check';
import type { CompileLimits } from '../../../src/core/graph/compile.js';
import type { CompiledGraph } from '../../../src/core/graph/model.js';
import type { Selection } from '../../../src/core/select.js';
import {
  keysOfEntry,
  MATRIX_OUTPUT_LIMIT,
  matrixOutput,
  planDispatch,
  type Matrix,
} from '../../../src/engine/matrix/index.js';
import {
  agenticLeaf,
  allOf,
  compile,
  composite,
  doc,
  edge,
  leaf,
  prng,
  shuffle,
  type Doc,
} from '../../core/fixtures.js';
import { scheduledKeys, selectionsFor } from './helpers.js';
import { buildRandomGraph, graphSpecArb } from './randomGraph.js';

const LARGE: CompileLimits = { maxNodes: 30_000, expression: { maxDepth: 64, maxNodes: 30_000 } };

/** root = all of `count` independent agentic leaves named `<prefix>00000`… */
function independent(count: number, prefix = 'goal-'): { graph: CompiledGraph; ids: string[] } {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(5, '0')}`);
  const nodes: Record<string, Record<string, unknown>> = { root: composite(allOf(...ids)) };
  for (const id of ids) nodes[id] = agenticLeaf(`t/${id}`);
  const document = doc({ nodes, contains: ids.map((id) => edge('root', id)) });
  return { graph: compile(document, LARGE), ids };
}

test('the plan lists the plan job, sharded waves and never-started items', () => {
  const graph = compile(
    doc({
      nodes: {
        root: composite(allOf('p', 'a', 'b', 'c', 'x')),
        p: leaf('t/p'),
        a: agenticLeaf('t/a'),
        b: agenticLeaf('t/b'),
        c: agenticLeaf('t/c'),
        x: agenticLeaf('t/x'),
      },
      contains: ['p', 'a', 'b', 'c', 'x'].map((id) => edge('root', id)),
      dependsOn: [
        { source: 'c', target: 'a' },
        { source: 'c', target: 'p' },
        { source: 'a', target: 'x' },
      ],
    }),
  );
  const selections = selectionsFor(graph, { x: 'inherit:fail' });
  expect(planDispatch(graph, selections, { programmaticInPlan: true, maxJobs: 2 })).toEqual({
    inPlan: ['p'],
    waves: [{ index: 1, jobs: [['b']] }],
    neverStarted: [
      { key: 'a', state: 'blocked', reason: 'blocked: dependency "x" ended failure' },
      { key: 'c', state: 'blocked', reason: 'blocked: dependency "a" ended blocked' },
    ],
  });
  const passing = selectionsFor(graph, { x: 'inherit:pass' });
  expect(planDispatch(graph, passing, { maxJobs: 2 })).toEqual({
    inPlan: [],
    waves: [
      { index: 1, jobs: [['a', 'p'], ['b']] },
      { index: 2, jobs: [['c']] },
    ],
    neverStarted: [],
  });
});

test('1,000 independent goals make one wave of 256 balanced jobs', () => {
  const { graph, ids } = independent(1000);
  const plan = planDispatch(graph, selectionsFor(graph));
  expect(plan.waves).toHaveLength(1);
  const [wave] = plan.waves;
  expect(wave!.index).toBe(1);
  expect(wave!.jobs).toHaveLength(256);
  const sizes = wave!.jobs.map((job) => job.length);
  expect(Math.max(...sizes)).toBe(4);
  expect(Math.min(...sizes)).toBe(3);
  expect(scheduledKeys(plan).sort()).toEqual(ids);
  const matrix = JSON.parse(matrixOutput(wave!.jobs, { wave: 1 })) as Matrix;
  expect(matrix.include).toHaveLength(256);
  expect(matrix.include.flatMap((entry) => entry.keys ?? [])).toHaveLength(1000);
});

test('20,000 goals with long ids: the wave matrix refers to the stored plan by index', () => {
  const { graph, ids } = independent(20_000, `${'subsystem-component.'.repeat(5)}g`);
  const plan = planDispatch(graph, selectionsFor(graph));
  const wave = plan.waves[0]!;
  const output = matrixOutput(wave.jobs, { wave: wave.index });
  expect(Buffer.byteLength(output)).toBeLessThanOrEqual(MATRIX_OUTPUT_LIMIT);
  const matrix = JSON.parse(output) as Matrix;
  expect(matrix.include.every((entry) => entry.keys === undefined)).toBe(true);
  // The plan artifact round-trips through JSON; each job finds its keys in it.
  const stored = JSON.parse(JSON.stringify(plan)) as typeof plan;
  const keys = matrix.include.flatMap((entry) => keysOfEntry(entry, stored.waves));
  expect(keys.sort()).toEqual(ids);
});

/** The same document with nodes, relations and dependencies written in another order. */
function reordered(document: Doc, seed: number): Doc {
  const random = prng(seed);
  const nodes = Object.fromEntries(shuffle(Object.entries(document.nodes), random));
  return {
    ...document,
    nodes,
    contains: shuffle(document.contains, random),
    dependsOn: shuffle(document.dependsOn, random),
  };
}

function reinserted(selections: Map<string, Selection>, seed: number): Map<string, Selection> {
  return new Map(shuffle([...selections], prng(seed)));
}

test('the same graph and selections in any order give the same plan', () => {
  const specs = fc.sample(graphSpecArb, { seed: 7, numRuns: 40 });
  let compared = 0;
  for (const spec of specs) {
    const built = buildRandomGraph(spec);
    const graph = compile(built.document);
    for (const programmaticInPlan of [false, true]) {
      const options = { programmaticInPlan, maxJobs: 3 };
      const expected = JSON.stringify(
        planDispatch(graph, selectionsFor(graph, built.selections), options),
      );
      for (const seed of [1, 2]) {
        const other = compile(reordered(built.document, seed));
        const selections = reinserted(selectionsFor(other, built.selections), seed);
        expect(JSON.stringify(planDispatch(other, selections, options))).toBe(expected);
        compared += 1;
      }
    }
  }
  expect(compared).toBe(160);
});
