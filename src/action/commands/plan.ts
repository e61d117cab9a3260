// `plan`: load the trusted graph, capture, inherit from the record pack (with people's
// decisions), verify programmatic goals here, and hand the rest to the matrix as waves
// (DESIGN §4 steps 1–5, §5) — the engine's plan session over this run's artifacts. On a
// bootstrap (the base has no graph yet) it dispatches nothing; aggregate reports it.
import { ExitCode, type ExitCodeValue } from '../../core/errors.js';
import { matrixOutput, MATRIX_OUTPUT_LIMIT, type DispatchPlan } from '../../engine/matrix/index.js';
import { planSession, type PlanSummary } from '../../engine/session/plan.js';
import { loadTrustedSource } from '../bootstrap.js';
import { publishBootstrap } from '../bootstrapPublish.js';
import { importedCaptures } from '../forkCaptures.js';
import { prepareHost } from '../host.js';
import {
  actionsExchange,
  engineHost,
  loadRunDecisions,
  retriesForThisRun,
  runIdOf,
  runOptions,
} from '../phase.js';
import type { ActionJob } from '../services.js';

export async function commandPlan(job: ActionJob): Promise<ExitCodeValue> {
  const source = await loadTrustedSource(job);
  if (source.kind === 'bootstrap') {
    setPlanOutputs(job, { inPlan: [], waves: [] });
    // No check run here (plan holds no checks: write) and no failed step: aggregate does both.
    return publishBootstrap(job, source.view, { checkRun: false, failOnInvalid: false });
  }
  const { files } = source;
  const { context, graph } = await prepareHost(job, files);
  const decisions = await loadRunDecisions(job, graph.id);
  const { deps, store } = await engineHost(job, context, { decisions });
  await store.records.open(graph.id);
  const fromRun = job.inputs.capturesFromRun;
  const captures =
    fromRun === undefined
      ? deps.captures
      : importedCaptures(job, store, deps.captures, fromRun, context.config.limits.maxCaptureBytes);
  const exchange = actionsExchange(job);
  const { document, summary } = await planSession({
    graph,
    deps: { ...deps, captures },
    options: {
      ...runOptions(job, context, runIdOf(job)),
      retryRequests: retriesForThisRun(job, decisions),
    },
    exchange,
    trusted: files,
    dispatch: {
      programmaticInPlan: job.inputs.programmaticInPlan,
      jobsPerWave: job.inputs.maxJobs,
      maxWaves: job.inputs.maxWaves,
    },
  });
  setPlanOutputs(job, document.dispatch);
  job.services.log.info(describePlan(summary));
  return ExitCode.success;
}

function describePlan(summary: PlanSummary): string {
  const dispatched = summary.jobs.reduce((n, job) => n + job.keys.length, 0);
  const bundles = new Set(summary.jobs.map((job) => job.bundle)).size;
  const refused = summary.refusedByBudget.length;
  return [
    `DoG: plan ${summary.runId}: ${summary.verifiedInPlan} verified here, ${summary.inherited} inherited, ${dispatched} for ${summary.waves} matrix wave(s) in ${summary.jobs.length} job(s), ${bundles} capture bundle(s)`,
    ...(refused > 0
      ? [
          `DoG: ${refused} verification(s) do not fit the run budget and settle budget_exhausted: ${summary.refusedByBudget.slice(0, 10).join(', ')}`,
        ]
      : []),
  ].join('\n');
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
