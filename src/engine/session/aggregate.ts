// The aggregate phase of a distributed run (DESIGN §4 steps 6–7): fetch every job's records,
// accept each only through acceptDeliveries, fail the work items a refused record concerns
// (`record_integrity`), settle what no job delivered (`record_missing`), build the report and
// hand the new records to the record store for later runs to inherit.
import type { RunBudgetShare } from '../../core/budget/types.js';
import { workKey } from '../../core/graph/model.js';
import { statedRunBudget } from '../../core/report/budgetLine.js';
import type { RunReport } from '../../core/report/model.js';
import type { VerificationRecord } from '../../core/types.js';
import type { Exchange } from '../exchange.js';
import { reportOf, settleMissing, stateFrom } from '../split.js';
import { acceptDeliveries, type Rejection } from './acceptDelivered.js';
import { assignmentOf } from './assignment.js';
import { integrityFailures } from './integrity.js';
import { runIsolation } from './isolation.js';
import type { OpenPhase } from './phaseHost.js';
import { selectionsOf, type PlanDocument } from './planDocument.js';
import { faultsByKey, missingWarning, rejectionWarnings } from './warnings.js';

const NO_RECORD =
  'no verify job delivered a record for this verification (its job failed, was skipped or cancelled, or ran before the jobs it depends on delivered); run the verify jobs again, wave by wave, then aggregate';

export type AggregateChoice = {
  /** How the report names unsandboxed verifications (the Action says what that exposes). */
  unsandboxedNote?: string;
  /** Why a verification has no record, for this front's people. */
  noRecord?: string;
  /** A verification no job delivered fails (`record_missing`) instead of waiting for a person. */
  missingFails?: boolean;
};

export type AggregatedSession = {
  document: PlanDocument;
  report: RunReport;
  /** Records accepted from the jobs, by work key. */
  accepted: ReadonlyMap<string, VerificationRecord>;
  rejected: Rejection[];
  missing: string[];
  /** Records handed to the record store. */
  saved: number;
};

export async function aggregateSession(
  exchange: Exchange,
  open: OpenPhase,
  choice: AggregateChoice = {},
): Promise<AggregatedSession> {
  const document = await exchange.getPlan();
  const { graph, deps, options } = await open(document);
  const selections = selectionsOf(document, graph);
  const assignment = assignmentOf(document.dispatch);
  const delivered = await exchange.getRecords({ knownJobs: [...assignment.jobs.keys()] });
  const binding = { graph, selections, runId: document.runId, assignment };
  const writer = { runId: document.runId, ...(options.origin ? { origin: options.origin } : {}) };
  const { records, rejected } = acceptDeliveries(delivered, binding);
  const failed = integrityFailures(graph, selections, writer, rejected, records);
  const state = stateFrom(graph, selections, new Map([...records, ...failed]));
  const faults = faultsByKey(rejected);
  const missing = await settleMissing(
    graph,
    selections,
    state,
    writer,
    (key) => {
      const fault = faults.get(key);
      return fault
        ? `the record from ${fault.source} was refused: ${fault.reason}`
        : (choice.noRecord ?? NO_RECORD);
    },
    choice.missingFails ? 'fail' : 'inconclusive',
  );
  const fresh = newRecords(records, failed);
  for (const record of fresh)
    await deps.store.saveRecord(workKey(record.goalId, record.role), record);
  // Drained after saving, so a store that could not keep a record says so in the report.
  const notSaved = deps.store.drainWarnings().map((message) => ({ code: 'store', message }));
  const report = reportOf(graph, selections, state, {
    runId: document.runId,
    startedAt: document.startedAt,
    trigger: document.trigger,
    allowPartialRoot: options.allowPartialRoot,
    isolation: runIsolation(records.values(), choice.unsandboxedNote),
    warnings: [
      ...document.warnings,
      ...rejectionWarnings(rejected),
      ...missingWarning(missing),
      ...notSaved,
    ],
    redactor: deps.redactor,
    ...(options.anchors ? { anchors: options.anchors } : {}),
    ...reportedBudget(deps.budget?.run),
  });
  return { document, report, accepted: records, rejected, missing, saved: fresh.length };
}

/**
 * Records verified in this run that are facts about their bytes: not cancellations, and not
 * of a work item whose integrity check failed.
 */
function newRecords(
  records: ReadonlyMap<string, VerificationRecord>,
  failed: ReadonlyMap<string, VerificationRecord>,
): VerificationRecord[] {
  return [...records]
    .filter(([key, record]) => !failed.has(key) && record.error?.category !== 'cancelled')
    .map(([, record]) => record);
}

function reportedBudget(run: RunBudgetShare | undefined): { runBudget?: RunBudgetShare } {
  const runBudget = statedRunBudget(run);
  return runBudget ? { runBudget } : {};
}
