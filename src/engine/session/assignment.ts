// Which job of a distributed run delivers the record of each work item: the plan job
// (`plan`) verifies some itself, and each matrix job (`w<wave>-<shard>`) the keys the plan
// dealt it. A record counts only when it arrives from the job the plan assigned.
import { UserError } from '../../core/errors.js';
import { jobLabel } from '../matrix/index.js';
import type { PlanDocument } from './planDocument.js';

/** The label of the job that plans (and verifies what runs before any wave). */
export const PLAN_JOB = 'plan';

/** One job of the plan: wave 0 is the plan job itself. */
export type PlanJob = { job: string; wave: number; keys: readonly string[] };

export type Assignment = {
  /** Every job of the plan by label, the plan job first, then wave by wave. */
  jobs: ReadonlyMap<string, PlanJob>;
  /** The job that must deliver each dispatched work key. */
  ownerOf: ReadonlyMap<string, string>;
};

export function assignmentOf(dispatch: PlanDocument['dispatch']): Assignment {
  const jobs = new Map<string, PlanJob>();
  jobs.set(PLAN_JOB, { job: PLAN_JOB, wave: 0, keys: [...dispatch.inPlan] });
  for (const wave of dispatch.waves)
    wave.jobs.forEach((keys, index) => {
      const job = jobLabel(wave.index, index + 1);
      jobs.set(job, { job, wave: wave.index, keys: [...keys] });
    });
  const ownerOf = new Map<string, string>();
  for (const { job, keys } of jobs.values()) for (const key of keys) ownerOf.set(key, job);
  return { jobs, ownerOf };
}

/** The matrix jobs (every job but the plan job), wave by wave, in shard order. */
export function matrixJobs(assignment: Assignment): PlanJob[] {
  return [...assignment.jobs.values()].filter((job) => job.job !== PLAN_JOB);
}

/** What a shard argument names: a job of the plan, or a label the plan left without work. */
export type ShardChoice = { kind: 'job'; job: PlanJob } | { kind: 'idle'; job: string };

const LABEL = /^w([1-9]\d{0,3})-([1-9]\d{0,2})$/;

/**
 * A shard is a job label (`w1-2`) or a 1-based index into the matrix jobs in plan order.
 * A label within the plan's shard cap that names no job (a wave that needed fewer jobs, or
 * fewer waves) is idle: a CI with a fixed number of parallel jobs runs it and it does nothing.
 */
export function chooseShard(document: PlanDocument, shard: string): ShardChoice {
  const assignment = assignmentOf(document.dispatch);
  const listed = matrixJobs(assignment);
  if (/^[1-9]\d{0,5}$/.test(shard)) {
    const job = listed[Number(shard) - 1];
    if (job) return { kind: 'job', job };
    throw unknownShard(shard, listed, `the plan has ${listed.length} verify job(s)`);
  }
  const job = assignment.jobs.get(shard);
  if (job && job.job !== PLAN_JOB) return { kind: 'job', job };
  const label = LABEL.exec(shard);
  if (label && Number(label[2]) <= document.jobsPerWave) return { kind: 'idle', job: shard };
  throw unknownShard(
    shard,
    listed,
    label
      ? `the plan puts at most ${document.jobsPerWave} job(s) in a wave`
      : 'a shard is a job label such as w1-2 or a 1-based job number',
  );
}

function unknownShard(shard: string, listed: readonly PlanJob[], why: string): UserError {
  const names = listed.map((job) => job.job);
  const shown = names.length === 0 ? 'none' : names.slice(0, 20).join(', ');
  return new UserError(
    `unknown shard "${shard.slice(0, 64)}": ${why}; the plan's verify jobs: ${shown}${names.length > 20 ? ', …' : ''} (see \`dog plan --json\`)`,
  );
}
