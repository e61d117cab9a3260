// `verify`: one matrix job — the engine's verify session for the job its matrix entry names.
// It verifies only its own work items, each in a fresh workspace, on captures whose bytes
// match the plan, once the records of the jobs its gates depend on open them; it uploads its
// records and never needs a write token. When another job of the run uploaded under this
// job's records name first, it exits 1 saying so (aggregate fails the job's goals), not 70.
import { ExitCode, UserError, type ExitCodeValue } from '../../core/errors.js';
import { jobLabel, keysOfEntry, type MatrixEntry } from '../../engine/matrix/index.js';
import type { Exchange } from '../../engine/exchange.js';
import { verifyShard, type ShardOutcome } from '../../engine/session/verifyShard.js';
import type { PlanDocument } from '../../engine/session/planDocument.js';
import { RecordsNameTaken } from '../exchange/recordsArtifacts.js';
import { prepareHost } from '../host.js';
import { actionsExchange, engineHost, runOptions } from '../phase.js';
import type { ActionJob } from '../services.js';

export async function commandVerify(job: ActionJob): Promise<ExitCodeValue> {
  const entry = job.inputs.matrixEntry as MatrixEntry;
  const document = await actionsExchange(job).getPlan();
  checkEntry(entry, document.dispatch.waves);
  const { context, graph } = await prepareHost(job, document.trusted);
  const { deps, store } = await engineHost(job, context);
  // A self-hosted machine's host cache spares downloading captures it already holds.
  const exchange = withPlan(actionsExchange(job, store.host), document);
  let outcome: ShardOutcome;
  try {
    outcome = await verifyShard(exchange, entry.job, () =>
      Promise.resolve({ graph, deps, options: runOptions(job, context, document.runId) }),
    );
  } catch (error) {
    // Not an internal fault: another job of the run took this job's records name first.
    if (!(error instanceof RecordsNameTaken)) throw error;
    job.failure = `DoG: ${error.message}`;
    return ExitCode.failure;
  }
  describeShard(job, outcome);
  return ExitCode.success;
}

/** The entry must name exactly a job of the plan, with exactly the keys the plan gave it. */
function checkEntry(entry: MatrixEntry, waves: PlanDocument['dispatch']['waves']): void {
  let planned: string[];
  try {
    planned = keysOfEntry({ ...entry, keys: undefined }, waves);
  } catch {
    throw new UserError(`matrix entry ${entry.job} names a job the plan does not have`);
  }
  const keys = entry.keys ?? planned;
  if (entry.job !== jobLabel(entry.wave, entry.shard) || keys.join('\n') !== planned.join('\n'))
    throw new UserError(
      `matrix entry ${entry.job} does not match the plan's job ${jobLabel(entry.wave, entry.shard)}: pass matrix-entry: \${{ toJSON(matrix) }} from the plan step's matrix output unchanged`,
    );
}

/** The exchange, answering `getPlan` with the plan this job already read and checked. */
function withPlan(exchange: Exchange, document: PlanDocument): Exchange {
  return {
    description: exchange.description,
    maxBundles: exchange.maxBundles,
    putPlan: (plan) => exchange.putPlan(plan),
    getPlan: () => Promise.resolve(document),
    putCaptures: (bundles, blobs) => exchange.putCaptures(bundles, blobs),
    getCaptures: (bundle, digests, sink) => exchange.getCaptures(bundle, digests, sink),
    putRecords: (label, records) => exchange.putRecords(label, records),
    getRecords: (query) => exchange.getRecords(query),
  };
}

function describeShard(job: ActionJob, outcome: ShardOutcome): void {
  const { log } = job.services;
  for (const { source, keys, reason } of outcome.rejected)
    log.warning(
      `DoG: refused ${source} (${reason})${keys.length > 0 ? `; ${keys.slice(0, 20).join(', ')} count as unsettled here` : ''}; aggregate fails the goals it concerns`,
    );
  const skipped = outcome.keys.length - outcome.records.size;
  log.info(
    `DoG: job ${outcome.job} verified ${outcome.records.size} of ${outcome.keys.length}${skipped ? `; ${skipped} not started because what they depend on did not settle as required` : ''}; records read from ${outcome.readFrom.length} earlier job(s)`,
  );
}
