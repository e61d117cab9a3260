// Properties of the dispatch plan over random graphs and selections: every verify item is
// accounted for exactly once, every item comes after what its gate needs, waves are as few
// as the gates allow, and running the plan wave by wave never starts an item whose gate is
// still waiting. The seed comes from DOG_PROPERTY_SEED (fast-check prints it on failure).
import fc from 'fast-check';
import type { CompiledGraph } from '../../../src/core/graph/model.js';
import type { Selection } from '../../../src/core/select.js';
import { dependencyGate } from '../../../src/core/settle/outcome.js';
import { lookupIn, settleAll } from '../../../src/core/settle/propagate.js';
import type { Verdict } from '../../../src/core/types.js';
import { planDispatch, type DispatchPlan } from '../../../src/engine/matrix/index.js';
import { knownResults } from '../../../src/engine/matrix/waves.js';
import { compile, prng } from '../../core/fixtures.js';
import { prerequisitesOf, scheduledKeys, selectionsFor } from './helpers.js';
import { buildRandomGraph, graphSpecArb, type GraphSpec } from './randomGraph.js';

const SEED = Number(process.env.DOG_PROPERTY_SEED ?? 20261201);
const RUNS = 300;

type Case = {
  graph: CompiledGraph;
  selections: Map<string, Selection>;
  programmaticInPlan: boolean;
  plan: DispatchPlan;
};

function caseOf(spec: GraphSpec, programmaticInPlan: boolean, maxJobs: number): Case {
  const built = buildRandomGraph(spec);
  const graph = compile(built.document);
  const selections = selectionsFor(graph, built.selections);
  const plan = planDispatch(graph, selections, { programmaticInPlan, maxJobs });
  return { graph, selections, programmaticInPlan, plan };
}

/** (wave, position in the plan job): a is after b when it compares greater. */
function positions(plan: DispatchPlan): Map<string, [number, number]> {
  const at = new Map<string, [number, number]>();
  plan.inPlan.forEach((key, index) => at.set(key, [0, index]));
  for (const wave of plan.waves) for (const key of wave.jobs.flat()) at.set(key, [wave.index, 0]);
  return at;
}

const after = (a: [number, number], b: [number, number]): boolean =>
  a[0] > b[0] || (a[0] === 0 && b[0] === 0 && a[1] > b[1]);

function isFinalAtPlan(c: Case): (id: string) => boolean {
  const statuses = settleAll(c.graph, { results: knownResults(c.selections), running: new Set() });
  return (id) => !['pending', 'running'].includes(statuses.get(id)?.state ?? 'pending');
}

const property = (check: (c: Case) => void) =>
  fc.property(graphSpecArb, fc.boolean(), fc.integer({ min: 1, max: 4 }), (spec, inPlan, jobs) =>
    check(caseOf(spec, inPlan, jobs)),
  );

const options = { seed: SEED, numRuns: RUNS };

test('every verify item appears exactly once: in the plan job, one wave, or neverStarted', () => {
  fc.assert(
    property(({ selections, plan }) => {
      const seen = [...scheduledKeys(plan), ...plan.neverStarted.map((entry) => entry.key)];
      const verify = [...selections].filter(([, s]) => s.kind === 'verify').map(([key]) => key);
      expect([...seen].sort()).toEqual(verify.sort());
      expect(plan.waves.map((wave) => wave.index)).toEqual(plan.waves.map((_, index) => index + 1));
      for (const wave of plan.waves) expect(wave.jobs.length).toBeGreaterThan(0);
    }),
    options,
  );
});

test('a dependency source that is verified comes after a verified target', () => {
  fc.assert(
    property(({ graph, plan }) => {
      const at = positions(plan);
      for (const [source, targets] of graph.dependencies) {
        for (const target of targets) {
          const from = at.get(source) ?? at.get(`${source}#assert`);
          const to = at.get(target) ?? at.get(`${target}#assert`);
          if (from && to) expect(after(from, to)).toBe(true);
        }
      }
    }),
    options,
  );
});

test('every item comes after all it needs, and one wave after the latest of them', () => {
  fc.assert(
    property((c) => {
      const at = positions(c.plan);
      const known = isFinalAtPlan(c);
      for (const [key, position] of at) {
        const needs = [...prerequisitesOf(c.graph, key, known)].filter((need) => at.has(need));
        for (const need of needs) expect(after(position, at.get(need)!)).toBe(true);
        if (position[0] === 0) continue;
        const latest = Math.max(0, ...needs.map((need) => at.get(need)![0]));
        const programmatic = c.graph.workItemByKey.get(key)!.verifier.mode === 'programmatic';
        // A wave item could not have gone earlier: into the previous wave or the plan job.
        if (latest === 0 && programmatic) expect(c.programmaticInPlan).toBe(false);
        expect(position[0]).toBe(latest + 1);
      }
    }),
    options,
  );
});

test('running the plan, every started item finds its gate decided', () => {
  fc.assert(
    fc.property(graphSpecArb, fc.boolean(), fc.nat(), (spec, inPlan, seed) => {
      const c = caseOf(spec, inPlan, 256);
      simulate(c, prng(seed));
    }),
    options,
  );
});

/**
 * Runs the plan as the Action does: the plan job's items one by one, then each wave against
 * the states the earlier ones left. An item starts when its gate is open (and, for an
 * assert, its subtree settled); it must never find its gate still waiting.
 */
function simulate(c: Case, random: () => number): void {
  const results = knownResults(c.selections);
  const stages = [...c.plan.inPlan.map((key) => [key]), ...c.plan.waves.map((w) => w.jobs.flat())];
  for (const stage of stages) {
    const status = lookupIn(settleAll(c.graph, { results, running: new Set() }));
    const started: string[] = [];
    for (const key of stage) {
      const item = c.graph.workItemByKey.get(key)!;
      const gate = dependencyGate(c.graph, item.goalId, status);
      expect(gate.kind).not.toBe('wait');
      const own = status(item.goalId);
      if (item.role === 'assert' && ['pending', 'running'].includes(own.state))
        expect(own.subtree).toBeDefined();
      const ready = item.role === 'leaf' || (own.state === 'pending' && own.subtree !== undefined);
      if (gate.kind === 'open' && ready) started.push(key);
    }
    for (const key of started) results.set(key, { verdict: verdictOf(random) });
  }
  const final = settleAll(c.graph, { results, running: new Set() });
  for (const entry of c.plan.neverStarted) {
    const goal = c.graph.workItemByKey.get(entry.key)!.goalId;
    expect(['pending', 'running']).not.toContain(final.get(goal)?.state);
  }
}

function verdictOf(random: () => number): Verdict {
  const roll = random();
  return roll < 0.7 ? 'pass' : roll < 0.9 ? 'fail' : 'inconclusive';
}
