// One verify job of a distributed run: read the plan, compile the plan's graph, check that
// this host verifies with the plan's identities, fetch only the records its gates need and
// its own capture bundle, verify its work items (each once its gate opens) and publish its
// records. A work item whose gate never opens here (what it needs failed, or was not
// delivered yet) is left alone; aggregate settles it.
import { capturesOf as digestsOf } from './bundles.js';
import type { VerificationRecord } from '../../core/types.js';
import { DocumentError } from '../../core/errors.js';
import type { Digest } from '../../core/types.js';
import type { BlobSink, Exchange } from '../exchange.js';
import { stateFrom, verifyKeys } from '../split.js';
import { acceptDeliveries, type Rejection } from './acceptDelivered.js';
import { assignmentOf, chooseShard } from './assignment.js';
import { checkIdentities } from './identities.js';
import { jobsNeededBy } from './needs.js';
import type { OpenPhase } from './phaseHost.js';
import { withShare } from './plan.js';
import { capturesOf, selectionsOf, type PlanDocument } from './planDocument.js';

export type ShardOutcome = {
  job: string;
  /** No job of the plan has this label: a CI's fixed parallel job with nothing to do. */
  idle: boolean;
  keys: string[];
  records: ReadonlyMap<string, VerificationRecord>;
  /** The earlier jobs whose records this job read. */
  readFrom: string[];
  /** Records of those jobs that were refused (their work items count as unsettled here). */
  rejected: Rejection[];
};

export async function verifyShard(
  exchange: Exchange,
  shard: string,
  open: OpenPhase,
): Promise<ShardOutcome> {
  const document = await exchange.getPlan();
  const choice = chooseShard(document, shard);
  if (choice.kind === 'idle')
    return {
      job: choice.job,
      idle: true,
      keys: [],
      records: new Map(),
      readFrom: [],
      rejected: [],
    };
  const { job } = choice;
  const { graph, deps, options } = await open(document);
  const selections = selectionsOf(document, graph);
  await checkIdentities(job.keys, selections, deps.verifiers);
  const assignment = assignmentOf(document.dispatch);
  const readFrom = jobsNeededBy(graph, assignment, job);
  const delivered = readFrom.length
    ? await exchange.getRecords({ jobs: readFrom, knownJobs: [...assignment.jobs.keys()] })
    : [];
  const binding = { graph, selections, runId: document.runId, assignment };
  const earlier = acceptDeliveries(delivered, binding);
  await fetchCaptures(exchange, document, job.job, digestsOf(job.keys, selections), deps.store);
  const plan = { selections, warnings: [], captureResults: capturesOf(document) };
  const state = stateFrom(graph, selections, earlier.records);
  const runOptions = withShare(
    { ...options, runId: document.runId, fresh: false, trigger: document.trigger },
    document.budget.shares[job.job],
  );
  const records = await verifyKeys(graph, plan, deps, runOptions, job.keys, state);
  await exchange.putRecords(job.job, records);
  return {
    job: job.job,
    idle: false,
    keys: [...job.keys],
    records,
    readFrom,
    rejected: earlier.rejected,
  };
}

/** The job's captures from its bundle, each hashed against the plan by the exchange. */
async function fetchCaptures(
  exchange: Exchange,
  document: PlanDocument,
  job: string,
  digests: readonly Digest[],
  sink: BlobSink,
): Promise<void> {
  if (digests.length === 0) return;
  const bundle = document.bundleOf[job];
  if (bundle === undefined)
    throw new DocumentError('plan', [
      { pointer: '/bundleOf', message: `the plan names no capture bundle for job ${job}` },
    ]);
  await exchange.getCaptures(bundle, digests, sink);
}
