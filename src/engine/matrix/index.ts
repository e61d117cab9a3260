// The dispatch plan of the GitHub Action front (DESIGN §5: plan → matrix verify waves →
// aggregate): what runs in the plan job, what each wave's matrix jobs verify, and what
// will settle without ever starting. Pure.
import type { CompiledGraph } from '../../core/graph/model.js';
import type { Selection } from '../../core/select.js';
import { shardWave, type ShardOptions } from './shard.js';
import { planWaves, type NeverStarted, type WaveOptions } from './waves.js';

export type MatrixPlanOptions = WaveOptions & ShardOptions;

/** One matrix wave: its jobs (1-based `shard` = position + 1), each a list of work keys. */
export type DispatchWave = { index: number; jobs: string[][] };

/**
 * The whole dispatch plan. Stored as the plan artifact, it is what an indexed matrix entry
 * (`{job, wave, shard}` without `keys`) refers to: `waves[index = wave].jobs[shard - 1]`.
 */
export type DispatchPlan = {
  /** Verified in the plan job, in this order (each after what it needs). */
  inPlan: string[];
  /** Waves 1..n; a wave starts after the previous one finished. */
  waves: DispatchWave[];
  /** `verify` items whose gate is already closed: settled without running, sorted by key. */
  neverStarted: NeverStarted[];
};

export function planDispatch(
  graph: CompiledGraph,
  selections: ReadonlyMap<string, Selection>,
  options: MatrixPlanOptions = {},
): DispatchPlan {
  const planned = planWaves(graph, selections, options);
  return {
    inPlan: planned.inPlan,
    waves: planned.waves.map((wave) => ({
      index: wave.index,
      jobs: shardWave(wave.keys, options),
    })),
    neverStarted: planned.neverStarted,
  };
}

/**
 * A workflow wires a fixed number of verify waves. When the graph needs more, waves
 * `maxWaves`.. become one job of wave `maxWaves` that verifies their items in dependency
 * order itself: slower for very deep graphs, but no item ever starts before what it needs.
 */
export function foldWaves(plan: DispatchPlan, maxWaves: number): DispatchPlan {
  if (!Number.isInteger(maxWaves) || maxWaves < 1)
    throw new RangeError(`maxWaves must be a positive integer, got ${maxWaves}`);
  if (plan.waves.length <= maxWaves) return plan;
  const kept = plan.waves.slice(0, maxWaves - 1);
  const folded = plan.waves.slice(maxWaves - 1).flatMap((wave) => wave.jobs.flat());
  return { ...plan, waves: [...kept, { index: maxWaves, jobs: [folded] }] };
}

export {
  jobLabel,
  keysOfEntry,
  matrixOutput,
  MATRIX_OUTPUT_LIMIT,
  MAX_MATRIX_JOBS,
  shardWave,
  type Matrix,
  type MatrixEntry,
  type MatrixOptions,
  type ShardOptions,
  type StoredWaves,
} from './shard.js';
export {
  IN_PLAN,
  knownResults,
  planWaves,
  type NeverStarted,
  type Wave,
  type WaveOptions,
  type WavePlan,
} from './waves.js';
