// The plan phase of a distributed run (DESIGN §4 steps 3–5, §5): capture, inherit, verify
// here what needs no matrix job (programmatic goals by default), admit the rest against the
// run budget, deal it to jobs wave by wave and to capture bundles, and publish plan, bundles
// and this job's records through the exchange. The plan goes last: a phase that finds it
// finds everything it refers to.
import { BUDGET_ADMISSION_WARNING } from '../../core/budget/admit.js';
import type { CompiledGraph } from '../../core/graph/model.js';
import type { Selection, Warning } from '../../core/select.js';
import type { VerificationRecord } from '../../core/types.js';
import type { Exchange } from '../exchange.js';
import { foldWaves, MAX_MATRIX_JOBS, planDispatch, type DispatchPlan } from '../matrix/index.js';
import { planRun, type Plan } from '../plan.js';
import type { EngineDeps, RunOptions } from '../ports.js';
import { stateFrom, verifyKeys } from '../split.js';
import { assignmentOf, matrixJobs, PLAN_JOB } from './assignment.js';
import { admitBudget, sharesFor, withRefusals, type BudgetAdmission } from './budget.js';
import { planBundles } from './bundles.js';
import { planDocumentOf, type PlanDocument, type TrustedFiles } from './planDocument.js';

export type DispatchChoice = {
  /** Verify programmatic goals whose prerequisites are known at plan time in the plan job. */
  programmaticInPlan: boolean;
  /** At most this many jobs in one wave (1..256, default 256). */
  jobsPerWave?: number;
  /** Fold the waves past this one into it (a workflow wires a fixed number of waves). */
  maxWaves?: number;
};

export type PlanSessionInput = {
  graph: CompiledGraph;
  deps: EngineDeps;
  options: RunOptions;
  exchange: Exchange;
  /** The graph, configuration and scripts every later phase compiles from. */
  trusted: TrustedFiles;
  dispatch: DispatchChoice;
};

export type PlannedJob = { job: string; wave: number; keys: string[]; bundle: string };

export type PlanSummary = {
  runId: string;
  waves: number;
  jobs: PlannedJob[];
  verifiedInPlan: number;
  inherited: number;
  settled: number;
  /** Verifications the run budget did not admit: settled before any job starts. */
  refusedByBudget: string[];
  budgetNote?: string;
};

export type PlannedSession = {
  document: PlanDocument;
  summary: PlanSummary;
  /** What the plan job verified itself, by work key. */
  records: ReadonlyMap<string, VerificationRecord>;
};

export async function planSession(input: PlanSessionInput): Promise<PlannedSession> {
  const { graph, deps, options, exchange } = input;
  const startedAt = new Date().toISOString();
  const planned = await planRun(graph, deps, options);
  const { plan, dispatch, admission } = admitted(input, planned);
  countPlanned(deps, graph, plan.selections);
  const state = stateFrom(graph, plan.selections);
  const inPlanOptions = withShare(options, admission.shares.get(PLAN_JOB));
  const records = await verifyKeys(graph, plan, deps, inPlanOptions, dispatch.inPlan, state);
  const jobs = matrixJobs(assignmentOf(dispatch));
  const bundles = planBundles(jobs, plan.selections, exchange.maxBundles);
  await exchange.putCaptures(bundles.bundles, deps.store);
  await exchange.putRecords(PLAN_JOB, records);
  const document = planDocumentOf({
    runId: options.runId,
    startedAt,
    graph,
    trusted: input.trusted,
    trigger: options.trigger,
    captureResults: plan.captureResults,
    selections: plan.selections,
    dispatch,
    jobsPerWave: input.dispatch.jobsPerWave ?? MAX_MATRIX_JOBS,
    bundleOf: bundles.bundleOf,
    budget: {
      shares: Object.fromEntries(admission.shares),
      ...(admission.note ? { note: admission.note } : {}),
    },
    // The store's warnings (a record pack's refused entries, records from an old layout)
    // reach the report through the plan, which aggregate reports from.
    warnings: [...plan.warnings, ...budgetWarnings(admission), ...storeWarnings(deps)],
  });
  await exchange.putPlan(document);
  const summary: PlanSummary = {
    runId: options.runId,
    waves: dispatch.waves.length,
    jobs: jobs.map(({ job, wave, keys }) => ({
      job,
      wave,
      keys: [...keys],
      bundle: bundles.bundleOf[job] as string,
    })),
    verifiedInPlan: records.size,
    inherited: countOf(plan.selections, 'inherit'),
    settled: countOf(plan.selections, 'settled'),
    refusedByBudget: [...admission.refused.keys()],
    ...(admission.note ? { budgetNote: admission.note } : {}),
  };
  return { document, summary, records };
}

/** The report's `budget_admission` warning: what was refused, what was split equally. */
function budgetWarnings(admission: BudgetAdmission): Warning[] {
  return admission.note ? [{ code: BUDGET_ADMISSION_WARNING, message: admission.note }] : [];
}

function storeWarnings(deps: EngineDeps): Warning[] {
  return deps.store.drainWarnings().map((message) => ({ code: 'store', message }));
}

/** Dispatch, then budget admission; what it refuses settles and the dispatch is planned again. */
function admitted(
  input: PlanSessionInput,
  plan: Plan,
): { plan: Plan; dispatch: DispatchPlan; admission: BudgetAdmission } {
  const first = dispatchOf(input, plan.selections);
  const budget = input.deps.budget;
  const common = { graph: input.graph, options: input.options, ...(budget ? { budget } : {}) };
  const admission = admitBudget({ ...common, selections: plan.selections, dispatch: first });
  if (admission.refused.size === 0) return { plan, dispatch: first, admission };
  const selections = withRefusals(plan.selections, admission.refused);
  const dispatch = dispatchOf(input, selections);
  // The admitted work may land in other jobs now: the shares follow this dispatch.
  const shares = sharesFor({ ...common, selections, dispatch });
  return { plan: { ...plan, selections }, dispatch, admission: { ...admission, shares } };
}

function dispatchOf(input: PlanSessionInput, selections: ReadonlyMap<string, Selection>) {
  const { programmaticInPlan, jobsPerWave, maxWaves } = input.dispatch;
  const dispatch = planDispatch(input.graph, selections, {
    programmaticInPlan,
    ...(jobsPerWave === undefined ? {} : { maxJobs: jobsPerWave }),
  });
  return maxWaves === undefined ? dispatch : foldWaves(dispatch, maxWaves);
}

export function withShare(options: RunOptions, share: RunOptions['runBudget']): RunOptions {
  return share ? { ...options, runBudget: share } : options;
}

function countPlanned(
  deps: EngineDeps,
  graph: CompiledGraph,
  selections: ReadonlyMap<string, Selection>,
): void {
  deps.progress.planned({
    verify: countOf(selections, 'verify'),
    inherit: countOf(selections, 'inherit'),
    settled: countOf(selections, 'settled'),
    targets: graph.targets.length,
  });
}

function countOf(selections: ReadonlyMap<string, Selection>, kind: Selection['kind']): number {
  let count = 0;
  for (const selection of selections.values()) if (selection.kind === kind) count++;
  return count;
}
