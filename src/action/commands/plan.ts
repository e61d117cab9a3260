// `plan`: load the trusted graph, capture, inherit from the cache, verify programmatic
// goals here, and hand the rest to the matrix as waves (DESIGN §4 steps 1–5, §5). On a
// bootstrap (the base has no graph yet) it dispatches nothing; aggregate reports it.
import { join } from 'node:path';
import type { CaptureResult } from '../../capture/types.js';
import { ExitCode, type ExitCodeValue } from '../../core/errors.js';
import type { CompiledGraph } from '../../core/graph/model.js';
import {
  foldWaves,
  matrixOutput,
  MATRIX_OUTPUT_LIMIT,
  planDispatch,
  type DispatchPlan,
} from '../../engine/matrix/index.js';
import { planRun, type Plan } from '../../engine/plan.js';
import { stateFrom, verifyKeys } from '../../engine/split.js';
import { uploadCaptures } from '../captureArtifacts.js';
import { importedCaptures } from '../forkCaptures.js';
import { loadTrustedSource } from '../bootstrap.js';
import { publishBootstrap } from '../bootstrapPublish.js';
import { prepareHost } from '../host.js';
import { engineHost, runIdOf, runOptions, uploadPlan } from '../phase.js';
import {
  planDocumentOf,
  type PlanDocument,
  type TrustedFiles,
} from '../../engine/session/planDocument.js';
import { uploadRecords } from '../recordArtifacts.js';
import type { ActionJob } from '../services.js';

export async function commandPlan(job: ActionJob): Promise<ExitCodeValue> {
  const startedAt = new Date().toISOString();
  const source = await loadTrustedSource(job);
  if (source.kind === 'bootstrap') {
    setPlanOutputs(job, { inPlan: [], waves: [] });
    // No check run here (plan holds no checks: write) and no failed step: aggregate does both.
    return publishBootstrap(job, source.view, { checkRun: false, failOnInvalid: false });
  }
  const { files } = source;
  const { context, graph } = await prepareHost(job, files);
  const { deps, store } = await engineHost(job, context);
  await store.records.open(graph.id);
  const fromRun = job.inputs.capturesFromRun;
  const captures =
    fromRun === undefined
      ? deps.captures
      : importedCaptures(job, store, deps.captures, fromRun, context.config.limits.maxCaptureBytes);
  const runId = runIdOf(job);
  const options = runOptions(job, context, runId);
  const engine = { ...deps, captures };
  const plan = await planRun(graph, engine, options);
  const dispatch = foldWaves(
    planDispatch(graph, plan.selections, {
      programmaticInPlan: job.inputs.programmaticInPlan,
      maxJobs: job.inputs.maxJobs,
    }),
    job.inputs.maxWaves,
  );
  const state = stateFrom(graph, plan.selections);
  const inPlan = await verifyKeys(graph, plan, engine, options, dispatch.inPlan, state);
  const dir = join(job.runner.runnerTemp, 'dog');
  const retention = job.inputs.retentionDays;
  const uploaded = await uploadCaptures(
    job.services.artifacts,
    store,
    capturesForWaves(graph, plan, dispatch),
    join(dir, 'staging'),
    retention,
  );
  await uploadRecords(job.services.artifacts, dir, 'plan', inPlan, retention);
  // The record pack's warnings (refused entries, records from the old layout) reach the report.
  const packWarnings = store.records.drainWarnings().map((message) => ({ code: 'store', message }));
  const reported = { ...plan, warnings: [...plan.warnings, ...packWarnings] };
  await uploadPlan(
    job,
    planDocument({ runId, startedAt, job, graph, files, plan: reported, dispatch }),
  );
  setPlanOutputs(job, dispatch);
  job.services.log.info(
    `DoG: plan ${runId}: ${inPlan.size} verified here, ${dispatch.waves.reduce((n, w) => n + w.jobs.flat().length, 0)} for ${dispatch.waves.length} matrix wave(s), ${uploaded} capture artifact(s)`,
  );
  return ExitCode.success;
}

/** Only what a matrix job verifies needs its capture uploaded. */
function capturesForWaves(
  graph: CompiledGraph,
  plan: Plan,
  dispatch: DispatchPlan,
): CaptureResult[] {
  const targets = new Set(
    dispatch.waves
      .flatMap((wave) => wave.jobs.flat())
      .map((key) => graph.workItemByKey.get(key)?.target),
  );
  return [...plan.captureResults.values()].filter((r) => r.ok && targets.has(r.capture.target));
}

type PlanParts = {
  runId: string;
  startedAt: string;
  job: ActionJob;
  graph: CompiledGraph;
  files: TrustedFiles;
  plan: Plan;
  dispatch: DispatchPlan;
};

function planDocument({
  runId,
  startedAt,
  job,
  graph,
  files,
  plan,
  dispatch,
}: PlanParts): PlanDocument {
  const { eventName, sha, ref } = job.runner;
  return planDocumentOf({
    runId,
    startedAt,
    graph,
    trusted: files,
    trigger: { event: eventName, sha, ...(ref ? { ref } : {}) },
    captureResults: plan.captureResults,
    selections: plan.selections,
    dispatch,
    jobsPerWave: job.inputs.maxJobs,
    warnings: plan.warnings,
  });
}

/** `waves` and `matrix` (`{"w1": {"include": [...]}, ...}`), together under GitHub's 1 MB. */
function setPlanOutputs(job: ActionJob, dispatch: Pick<DispatchPlan, 'inPlan' | 'waves'>): void {
  const waves = dispatch.waves.filter((wave) => wave.jobs.length > 0);
  const share = Math.floor(MATRIX_OUTPUT_LIMIT / Math.max(1, waves.length));
  const matrix: Record<string, unknown> = {};
  for (const wave of waves)
    matrix[`w${wave.index}`] = JSON.parse(
      matrixOutput(wave.jobs, { wave: wave.index, maxBytes: share }),
    ) as unknown;
  job.services.log.setOutput('waves', String(waves.length));
  job.services.log.setOutput('matrix', JSON.stringify(matrix));
}
