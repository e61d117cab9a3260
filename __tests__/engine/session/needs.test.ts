// A verify job of a later wave reads the records of only the jobs its gates depend on — its
// goals' dependency targets and an assert's subtree, transitively — never every earlier job.
import { assignmentOf, chooseShard, type PlanJob } from '../../../src/engine/session/assignment.js';
import { jobsNeededBy } from '../../../src/engine/session/needs.js';
import type { PlanDocument } from '../../../src/engine/session/planDocument.js';
import { agenticLeaf, allOf, compile, composite, doc, edge, leaf } from '../../core/fixtures.js';

const graph = compile(
  doc({
    nodes: {
      root: composite(allOf('a', 'b', 'c', 'd', 'e', 'mid', 'p')),
      p: leaf('t/p'),
      a: agenticLeaf('t/a'),
      b: agenticLeaf('t/b'),
      c: agenticLeaf('t/c'),
      d: agenticLeaf('t/d'),
      e: agenticLeaf('t/e'),
      mid: composite(allOf('x', 'y'), {
        assert: { target: 't/m', verifier: { mode: 'agentic', instruction: 'Check it' } },
      }),
      x: agenticLeaf('t/x'),
      y: agenticLeaf('t/y'),
    },
    contains: [
      ...['a', 'b', 'c', 'd', 'e', 'mid', 'p'].map((id) => edge('root', id)),
      edge('mid', 'x'),
      edge('mid', 'y'),
    ],
    dependsOn: [
      { source: 'a', target: 'p' },
      { source: 'd', target: 'a' },
      { source: 'e', target: 'mid' },
    ],
  }),
);

const dispatch: PlanDocument['dispatch'] = {
  inPlan: ['p'],
  waves: [
    { index: 1, jobs: [['a'], ['b'], ['c'], ['x'], ['y']] },
    { index: 2, jobs: [['d'], ['mid#assert']] },
    { index: 3, jobs: [['e']] },
  ],
};
const assignment = assignmentOf(dispatch);
const job = (label: string): PlanJob => assignment.jobs.get(label) as PlanJob;

describe('the records a verify job reads', () => {
  test('a leaf reads the job of its dependency and, transitively, what that one depended on', () => {
    expect(jobsNeededBy(graph, assignment, job('w2-1'))).toEqual(['plan', 'w1-1']);
  });

  test("an assert reads its subtree's jobs; a goal depending on a composite reads the composite's", () => {
    expect(jobsNeededBy(graph, assignment, job('w2-2'))).toEqual(['w1-4', 'w1-5']);
    expect(jobsNeededBy(graph, assignment, job('w3-1'))).toEqual(['w1-4', 'w1-5', 'w2-2']);
  });

  test('a job of the first wave with no dependencies reads nothing', () => {
    expect(jobsNeededBy(graph, assignment, job('w1-2'))).toEqual([]);
  });

  test('a shard is a job label or a number; a label within the cap that names no job is idle', () => {
    const document = { dispatch, jobsPerWave: 5 } as PlanDocument;
    expect(chooseShard(document, 'w2-2')).toMatchObject({
      kind: 'job',
      job: { keys: ['mid#assert'] },
    });
    expect(chooseShard(document, '6')).toMatchObject({ kind: 'job', job: { job: 'w2-1' } });
    expect(chooseShard(document, 'w2-4')).toEqual({ kind: 'idle', job: 'w2-4' });
    expect(() => chooseShard(document, 'w1-6')).toThrow('at most 5 job(s) in a wave');
    expect(() => chooseShard(document, '9')).toThrow('the plan has 8 verify job(s)');
    expect(() => chooseShard(document, 'plan')).toThrow('a shard is a job label such as w1-2');
  });
});
