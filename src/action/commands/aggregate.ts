// `aggregate`: collect every record of the run, refuse any that does not bind to the plan,
// settle the graph, and report: dog-report, job summary, check run, outputs, and new
// pass/fail records saved to the Actions cache. Its exit status follows the root state.
import { join } from 'node:path';
import type { ExitCodeValue } from '../../core/errors.js';
import type { Warning } from '../../core/select.js';
import type { VerificationRecord } from '../../core/types.js';
import { jobLabel, keysOfEntry } from '../../engine/matrix/index.js';
import { reportOf, settleMissing, stateFrom } from '../../engine/split.js';
import { prepareHost } from '../host.js';
import { downloadPlan, engineHost, isHostedVm } from '../phase.js';
import { selectionsOf, type PlanDocument } from '../planDocument.js';
import { publishReport } from '../publish.js';
import { downloadRecords, jobOfRecords, type Rejection } from '../recordArtifacts.js';
import type { ActionJob } from '../services.js';

const NO_RECORD =
  'no verify job delivered a record for this verification (its job failed, was skipped or cancelled); re-run the workflow';

export async function commandAggregate(job: ActionJob): Promise<ExitCodeValue> {
  const document = await downloadPlan(job);
  const { context, graph } = await prepareHost(job, document.trusted);
  const selections = selectionsOf(document, graph);
  const { deps, store } = await engineHost(job, context);
  const binding = { graph, selections, runId: document.runId };
  const dir = join(job.runner.runnerTemp, 'dog', 'records-all');
  const { records, rejected } = await downloadRecords(
    job.services.artifacts,
    dir,
    binding,
    () => true,
  );
  const state = stateFrom(graph, selections, records);
  const reasons = rejectionsByKey(rejected, document.dispatch);
  const missing = await settleMissing(graph, selections, state, document.runId, (key) => {
    const rejection = reasons.get(key);
    return rejection
      ? `the record from ${rejection.artifact} was refused: ${rejection.reason}`
      : NO_RECORD;
  });
  const report = reportOf(graph, selections, state, {
    runId: document.runId,
    startedAt: document.startedAt,
    trigger: document.trigger,
    allowPartialRoot: context.config.allowPartialRoot,
    isolation: isHostedVm(job)
      ? {
          kind: 'none',
          note: 'GitHub-hosted runners: each verify job ran on a fresh virtual machine',
        }
      : deps.isolation,
    warnings: [...document.warnings, ...rejectionWarnings(rejected), ...missingWarning(missing)],
    redactor: deps.redactor,
  });
  for (const record of newRecords(records)) await store.records.saveRecord(keyOf(record), record);
  const saved = await store.records.flush();
  job.services.log.info(
    `DoG: ${saved.saved} cache entries saved, ${saved.existing} already there, ${saved.failed} failed`,
  );
  return publishReport(job, report, graph);
}

/** Records verified in this run that are facts about their bytes (not cancellations). */
function newRecords(records: ReadonlyMap<string, VerificationRecord>): VerificationRecord[] {
  return [...records.values()].filter((r) => r.error?.category !== 'cancelled');
}

function keyOf(record: VerificationRecord): string {
  return record.role === 'assert' ? `${record.goalId}#assert` : record.goalId;
}

function rejectionWarnings(rejected: readonly Rejection[]): Warning[] {
  return rejected.map(({ artifact, key, reason }) => ({
    code: 'record_rejected',
    message:
      `${key ? `the record of ${key}` : 'every record'} in ${artifact} was refused: ${reason}`.slice(
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

/** Each refused key, and every key of a job whose whole artifact was refused. */
function rejectionsByKey(
  rejected: readonly Rejection[],
  dispatch: PlanDocument['dispatch'],
): Map<string, Rejection> {
  const byKey = new Map<string, Rejection>();
  for (const rejection of rejected) {
    const keys = rejection.key ? [rejection.key] : keysOfJob(rejection.artifact, dispatch);
    for (const key of keys) if (!byKey.has(key)) byKey.set(key, rejection);
  }
  return byKey;
}

/** The work keys the plan gave the job that uploaded `artifact`. */
function keysOfJob(artifact: string, dispatch: PlanDocument['dispatch']): string[] {
  const job = jobOfRecords(artifact);
  if (job === undefined) return [];
  if (job.shard === undefined) return dispatch.inPlan;
  const entry = { job: jobLabel(job.wave, job.shard), wave: job.wave, shard: job.shard };
  try {
    return keysOfEntry(entry, dispatch.waves);
  } catch {
    return []; // an artifact for a job the plan never had: its records were refused one by one
  }
}
