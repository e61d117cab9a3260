// `aggregate`: collect every record of the run, refuse any that does not come from the job
// the plan assigned or does not bind to the plan (its goal fails the integrity check), settle
// the graph, and report: dog-report, job summary, check run, outputs, and new
// pass/fail records saved to the Actions cache. Its exit status follows the root state.
import { join } from 'node:path';
import type { ExitCodeValue } from '../../core/errors.js';
import { workKey } from '../../core/graph/model.js';
import type { Warning } from '../../core/select.js';
import type { VerificationRecord } from '../../core/types.js';
import { reportOf, settleMissing, stateFrom } from '../../engine/split.js';
import { describeFlush } from '../../storage/github/packSave.js';
import { bootstrapOf, graphChangeOf } from '../bootstrap.js';
import { publishBootstrap } from '../bootstrapPublish.js';
import { prepareHost } from '../host.js';
import { downloadPlan, engineHost, runIsolation } from '../phase.js';
import { selectionsOf } from '../../engine/session/planDocument.js';
import { publishReport } from '../publish.js';
import { downloadRecords, type Rejection } from '../recordArtifacts.js';
import { assignmentOf } from '../recordAssignment.js';
import { integrityFailures } from '../recordIntegrity.js';
import type { ActionJob } from '../services.js';

const NO_RECORD =
  'no verify job delivered a record for this verification (its job failed, was skipped or cancelled); re-run the workflow';

export async function commandAggregate(job: ActionJob): Promise<ExitCodeValue> {
  const bootstrap = await bootstrapOf(job);
  if (bootstrap) return publishBootstrap(job, bootstrap, { checkRun: true, failOnInvalid: true });
  const document = await downloadPlan(job);
  const { context, graph } = await prepareHost(job, document.trusted);
  const selections = selectionsOf(document, graph);
  const { deps, store } = await engineHost(job, context, { verifies: false });
  await store.records.open(graph.id, { lookups: false });
  const assignment = assignmentOf(document.dispatch);
  const binding = { graph, selections, runId: document.runId, assignment };
  const dir = join(job.runner.runnerTemp, 'dog', 'records-all');
  const { records, rejected } = await downloadRecords(job.services.artifacts, dir, binding);
  const failed = integrityFailures(graph, selections, document.runId, rejected, records);
  const state = stateFrom(graph, selections, new Map([...records, ...failed]));
  const reasons = rejectionsByKey(rejected);
  const missing = await settleMissing(graph, selections, state, document.runId, (key) => {
    const rejection = reasons.get(key);
    return rejection
      ? `the record from ${rejection.artifact} was refused: ${rejection.reason}`
      : NO_RECORD;
  });
  for (const record of newRecords(records, failed))
    await store.records.saveRecord(workKey(record.goalId, record.role), record);
  // What the plan inherited stays in the record pack, as used by this run.
  store.records.markUsed(
    [...selections.values()].flatMap((s) => (s.kind === 'inherit' ? [s.record] : [])),
  );
  // Queued first, so a read-only cache's warning (nothing will be saved) reaches the report.
  const notSaved = store.records.drainWarnings().map((message) => ({ code: 'store', message }));
  const report = reportOf(graph, selections, state, {
    runId: document.runId,
    startedAt: document.startedAt,
    trigger: document.trigger,
    allowPartialRoot: context.config.allowPartialRoot,
    isolation: runIsolation(records.values()),
    warnings: [
      ...document.warnings,
      ...rejectionWarnings(rejected),
      ...missingWarning(missing),
      ...notSaved,
    ],
    redactor: deps.redactor,
  });
  job.services.log.info(describeFlush(await store.records.flush()));
  return publishReport(job, report, graph, await graphChangeOf(job, document.trusted, graph));
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
    .filter(([key, r]) => !failed.has(key) && r.error?.category !== 'cancelled')
    .map(([, record]) => record);
}

function rejectionWarnings(rejected: readonly Rejection[]): Warning[] {
  return rejected.map(({ artifact, keys, reason, integrity }) => ({
    code: 'record_rejected',
    message:
      `${integrity ? 'integrity check failed: ' : ''}${artifact} was refused (${reason}); it concerns ${keys.length > 0 ? keys.slice(0, 20).join(', ') : 'no work item of the plan'}`.slice(
        0,
        4096,
      ),
  }));
}

function missingWarning(missing: readonly string[]): Warning[] {
  if (missing.length === 0) return [];
  const shown = missing.slice(0, 20).join(', ');
  return [
    {
      code: 'record_missing',
      message: `${missing.length} verification(s) have no valid record and wait for a person: ${shown}${missing.length > 20 ? ', …' : ''}`,
    },
  ];
}

/** Each work item whose artifact could not be fetched, with the first such rejection. */
function rejectionsByKey(rejected: readonly Rejection[]): Map<string, Rejection> {
  const byKey = new Map<string, Rejection>();
  for (const rejection of rejected.filter((r) => !r.integrity))
    for (const key of rejection.keys) if (!byKey.has(key)) byKey.set(key, rejection);
  return byKey;
}
