// Matrix jobs for one wave (DESIGN §5): a GitHub matrix holds at most 256 jobs, so a wave
// with more verifications than that puts several in one job (each still verified in its
// own workspace). Pure.
import { compareKeys } from './waves.js';

/** GitHub's limit on the jobs one matrix may generate. */
export const MAX_MATRIX_JOBS = 256;

/** Default bound for one matrix output: below GitHub's 1 MB limit on a job output. */
export const MATRIX_OUTPUT_LIMIT = 900_000;

export type ShardOptions = {
  /** At most this many jobs in one wave, 1..256 (default 256). */
  maxJobs?: number;
  /**
   * Pack up to this many verifications into one job and use only as many jobs as that
   * needs. Without it every job gets as few verifications as `maxJobs` allows. The job limit
   * wins: when `maxJobs` jobs of `maxPerJob` cannot hold the wave, jobs get more.
   */
  maxPerJob?: number;
};

/**
 * Splits one wave's work keys into matrix jobs. Keys are sorted (code-unit order) and dealt
 * round-robin, so job sizes differ by at most one, each job's keys stay sorted, and the
 * result depends only on the set of keys. Dealing rather than cutting the sorted list into
 * runs spreads goals with similar ids (often similar verifiers and costs) across jobs.
 */
export function shardWave(items: readonly string[], options: ShardOptions = {}): string[][] {
  const maxJobs = options.maxJobs ?? MAX_MATRIX_JOBS;
  if (!Number.isInteger(maxJobs) || maxJobs < 1 || maxJobs > MAX_MATRIX_JOBS)
    throw new RangeError(`maxJobs must be an integer from 1 to ${MAX_MATRIX_JOBS}, got ${maxJobs}`);
  const { maxPerJob } = options;
  if (maxPerJob !== undefined && (!Number.isInteger(maxPerJob) || maxPerJob < 1))
    throw new RangeError(`maxPerJob must be a positive integer, got ${maxPerJob}`);
  const keys = [...items].sort(compareKeys);
  const duplicate = keys.find((key, index) => index > 0 && keys[index - 1] === key);
  if (duplicate !== undefined) throw new Error(`work key "${duplicate}" appears twice in a wave`);
  if (keys.length === 0) return [];
  const wanted = maxPerJob === undefined ? keys.length : Math.ceil(keys.length / maxPerJob);
  const count = Math.min(maxJobs, wanted);
  const jobs: string[][] = Array.from({ length: count }, () => []);
  keys.forEach((key, index) => (jobs[index % count] as string[]).push(key));
  return jobs;
}

/**
 * One entry of a wave's `strategy.matrix.include`. `keys` is present in the inline form;
 * in the indexed form the job reads its keys from the plan artifact instead (`keysOfEntry`).
 */
export type MatrixEntry = { job: string; wave: number; shard: number; keys?: string[] };

export type Matrix = { include: MatrixEntry[] };

export type MatrixOptions = {
  /** The wave these jobs belong to (1-based). */
  wave: number;
  /** Largest output accepted, in UTF-8 bytes (default `MATRIX_OUTPUT_LIMIT`). */
  maxBytes?: number;
};

/** The stable label of a matrix job: `w<wave>-<shard>`, both 1-based. */
export function jobLabel(wave: number, shard: number): string {
  return `w${wave}-${shard}`;
}

/**
 * The JSON text of a wave's matrix, for a job output read with `fromJSON`:
 * `{"include":[{"job":"w1-1","wave":1,"shard":1,"keys":["a","b"]}, …]}`. When that is
 * larger than `maxBytes`, the indexed form drops `keys`
 * (`{"include":[{"job":"w1-1","wave":1,"shard":1}, …]}`): its size depends only on the
 * number of jobs (at most 256), and each job finds its keys in the plan artifact. Throws
 * a RangeError when even the indexed form does not fit.
 */
export function matrixOutput(jobs: readonly (readonly string[])[], options: MatrixOptions): string {
  const { wave } = options;
  if (!Number.isInteger(wave) || wave < 1)
    throw new RangeError(`wave must be a positive integer, got ${wave}`);
  if (jobs.length > MAX_MATRIX_JOBS)
    throw new RangeError(`${jobs.length} jobs exceed the matrix limit of ${MAX_MATRIX_JOBS}`);
  const maxBytes = options.maxBytes ?? MATRIX_OUTPUT_LIMIT;
  const entry = (shard: number): MatrixEntry => ({ job: jobLabel(wave, shard), wave, shard });
  const inline = JSON.stringify({
    include: jobs.map((keys, index) => ({ ...entry(index + 1), keys: [...keys] })),
  } satisfies Matrix);
  if (byteLength(inline) <= maxBytes) return inline;
  const indexed = JSON.stringify({
    include: jobs.map((_, index) => entry(index + 1)),
  } satisfies Matrix);
  const size = byteLength(indexed);
  if (size > maxBytes)
    throw new RangeError(`the matrix of wave ${wave} needs ${size} bytes, over ${maxBytes}`);
  return indexed;
}

/** The part of the stored plan an indexed matrix entry refers to. */
export type StoredWaves = readonly { index: number; jobs: readonly (readonly string[])[] }[];

/** The work keys of one matrix job: inline, or looked up in the plan artifact's waves. */
export function keysOfEntry(entry: MatrixEntry, waves: StoredWaves): string[] {
  if (entry.keys) return [...entry.keys];
  const keys = waves.find((wave) => wave.index === entry.wave)?.jobs[entry.shard - 1];
  if (!keys) throw new Error(`the plan has no job ${jobLabel(entry.wave, entry.shard)}`);
  return [...keys];
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
