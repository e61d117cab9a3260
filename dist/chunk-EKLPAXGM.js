#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  compareKeys,
  planWaves
} from "./chunk-IJ7NSDBA.js";
import {
  UserError
} from "./chunk-XFO2KDJT.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/engine/matrix/shard.ts
var MAX_MATRIX_JOBS = 256;
var MATRIX_OUTPUT_LIMIT = 9e5;
function shardWave(items, options = {}) {
  const maxJobs = options.maxJobs ?? MAX_MATRIX_JOBS;
  if (!Number.isInteger(maxJobs) || maxJobs < 1 || maxJobs > MAX_MATRIX_JOBS)
    throw new RangeError(`maxJobs must be an integer from 1 to ${MAX_MATRIX_JOBS}, got ${maxJobs}`);
  const { maxPerJob } = options;
  if (maxPerJob !== void 0 && (!Number.isInteger(maxPerJob) || maxPerJob < 1))
    throw new RangeError(`maxPerJob must be a positive integer, got ${maxPerJob}`);
  const keys = [...items].sort(compareKeys);
  const duplicate = keys.find((key, index) => index > 0 && keys[index - 1] === key);
  if (duplicate !== void 0) throw new Error(`work key "${duplicate}" appears twice in a wave`);
  if (keys.length === 0) return [];
  const wanted = maxPerJob === void 0 ? keys.length : Math.ceil(keys.length / maxPerJob);
  const count = Math.min(maxJobs, wanted);
  const jobs = Array.from({ length: count }, () => []);
  keys.forEach((key, index) => jobs[index % count].push(key));
  return jobs;
}
__name(shardWave, "shardWave");
function jobLabel(wave, shard) {
  return `w${wave}-${shard}`;
}
__name(jobLabel, "jobLabel");
function matrixOutput(jobs, options) {
  const { wave } = options;
  if (!Number.isInteger(wave) || wave < 1)
    throw new RangeError(`wave must be a positive integer, got ${wave}`);
  if (jobs.length > MAX_MATRIX_JOBS)
    throw new RangeError(`${jobs.length} jobs exceed the matrix limit of ${MAX_MATRIX_JOBS}`);
  const maxBytes = options.maxBytes ?? MATRIX_OUTPUT_LIMIT;
  const entry = /* @__PURE__ */ __name((shard) => ({ job: jobLabel(wave, shard), wave, shard }), "entry");
  const inline = JSON.stringify({
    include: jobs.map((keys, index) => ({ ...entry(index + 1), keys: [...keys] }))
  });
  if (byteLength(inline) <= maxBytes) return inline;
  const indexed = JSON.stringify({
    include: jobs.map((_, index) => entry(index + 1))
  });
  const size = byteLength(indexed);
  if (size > maxBytes)
    throw new RangeError(`the matrix of wave ${wave} needs ${size} bytes, over ${maxBytes}`);
  return indexed;
}
__name(matrixOutput, "matrixOutput");
function keysOfEntry(entry, waves) {
  if (entry.keys) return [...entry.keys];
  const keys = waves.find((wave) => wave.index === entry.wave)?.jobs[entry.shard - 1];
  if (!keys) throw new Error(`the plan has no job ${jobLabel(entry.wave, entry.shard)}`);
  return [...keys];
}
__name(keysOfEntry, "keysOfEntry");
function byteLength(text) {
  return Buffer.byteLength(text, "utf8");
}
__name(byteLength, "byteLength");

// src/engine/matrix/index.ts
function planDispatch(graph, selections, options = {}) {
  const planned = planWaves(graph, selections, options);
  return {
    inPlan: planned.inPlan,
    waves: planned.waves.map((wave) => ({
      index: wave.index,
      jobs: shardWave(wave.keys, options)
    })),
    neverStarted: planned.neverStarted
  };
}
__name(planDispatch, "planDispatch");
function foldWaves(plan, maxWaves) {
  if (!Number.isInteger(maxWaves) || maxWaves < 1)
    throw new RangeError(`maxWaves must be a positive integer, got ${maxWaves}`);
  if (plan.waves.length <= maxWaves) return plan;
  const kept = plan.waves.slice(0, maxWaves - 1);
  const folded = plan.waves.slice(maxWaves - 1).flatMap((wave) => wave.jobs.flat());
  return { ...plan, waves: [...kept, { index: maxWaves, jobs: [folded] }] };
}
__name(foldWaves, "foldWaves");

// src/engine/session/assignment.ts
var PLAN_JOB = "plan";
function assignmentOf(dispatch) {
  const jobs = /* @__PURE__ */ new Map();
  jobs.set(PLAN_JOB, { job: PLAN_JOB, wave: 0, keys: [...dispatch.inPlan] });
  for (const wave of dispatch.waves)
    wave.jobs.forEach((keys, index) => {
      const job = jobLabel(wave.index, index + 1);
      jobs.set(job, { job, wave: wave.index, keys: [...keys] });
    });
  const ownerOf = /* @__PURE__ */ new Map();
  for (const { job, keys } of jobs.values()) for (const key of keys) ownerOf.set(key, job);
  return { jobs, ownerOf };
}
__name(assignmentOf, "assignmentOf");
function matrixJobs(assignment) {
  return [...assignment.jobs.values()].filter((job) => job.job !== PLAN_JOB);
}
__name(matrixJobs, "matrixJobs");
var LABEL = /^w([1-9]\d{0,3})-([1-9]\d{0,2})$/;
function chooseShard(document, shard) {
  const assignment = assignmentOf(document.dispatch);
  const listed = matrixJobs(assignment);
  if (/^[1-9]\d{0,5}$/.test(shard)) {
    const job2 = listed[Number(shard) - 1];
    if (job2) return { kind: "job", job: job2 };
    throw unknownShard(shard, listed, `the plan has ${listed.length} verify job(s)`);
  }
  const job = assignment.jobs.get(shard);
  if (job && job.job !== PLAN_JOB) return { kind: "job", job };
  const label = LABEL.exec(shard);
  if (label && Number(label[2]) <= document.jobsPerWave) return { kind: "idle", job: shard };
  throw unknownShard(
    shard,
    listed,
    label ? `the plan puts at most ${document.jobsPerWave} job(s) in a wave` : "a shard is a job label such as w1-2 or a 1-based job number"
  );
}
__name(chooseShard, "chooseShard");
function unknownShard(shard, listed, why) {
  const names = listed.map((job) => job.job);
  const shown = names.length === 0 ? "none" : names.slice(0, 20).join(", ");
  return new UserError(
    `unknown shard "${shard.slice(0, 64)}": ${why}; the plan's verify jobs: ${shown}${names.length > 20 ? ", \u2026" : ""} (see \`dog plan --json\`)`
  );
}
__name(unknownShard, "unknownShard");

export {
  MAX_MATRIX_JOBS,
  MATRIX_OUTPUT_LIMIT,
  jobLabel,
  matrixOutput,
  keysOfEntry,
  planDispatch,
  foldWaves,
  PLAN_JOB,
  assignmentOf,
  matrixJobs,
  chooseShard
};
