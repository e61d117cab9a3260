// `aggregate`: the engine's aggregate session over this run's artifacts — every job's newest
// records, each accepted only from the job the plan assigned and only if it binds to the plan
// (a refused one fails the goals it concerns), the graph settled — then the report: dog-report,
// job summary, check run, comment, outputs, and the run's record pack saved to the Actions
// cache. Its exit status follows the root state.
import type { ExitCodeValue } from '../../core/errors.js';
import type { CompiledGraph } from '../../core/graph/model.js';
import type { Selection } from '../../core/select.js';
import type { VerificationRecord } from '../../core/types.js';
import { aggregateSession } from '../../engine/session/aggregate.js';
import { selectionsOf } from '../../engine/session/planDocument.js';
import type { ActionsStore } from '../../storage/github/actionsStore.js';
import { describeFlush } from '../../storage/github/packSave.js';
import { bootstrapOf, graphChangeOf } from '../bootstrap.js';
import { publishBootstrap } from '../bootstrapPublish.js';
import { prepareHost } from '../host.js';
import { actionsExchange, engineHost, runOptions, UNSANDBOXED_NOTE } from '../phase.js';
import { publishReport } from '../publish.js';
import type { ActionJob } from '../services.js';

// The job the plan assigned did not finish: a failure, not a question for a person (an
// approval would settle a goal nothing verified).
const NO_RECORD =
  'the job the plan assigned this verification to did not deliver its records (it failed, was skipped or cancelled before uploading dog-records-<job>-a<attempt>); re-run the workflow';

export async function commandAggregate(job: ActionJob): Promise<ExitCodeValue> {
  const bootstrap = await bootstrapOf(job);
  if (bootstrap) return publishBootstrap(job, bootstrap, { checkRun: true, failOnInvalid: true });
  let opened: { graph: CompiledGraph; store: ActionsStore } | undefined;
  const { document, report } = await aggregateSession(
    actionsExchange(job, undefined, true),
    async (plan) => {
      const { context, graph } = await prepareHost(job, plan.trusted);
      const { deps, store } = await engineHost(job, context, { verifies: false });
      await store.records.open(graph.id, { lookups: false });
      // What the plan inherited stays in the record pack, as used by this run.
      store.records.markUsed(inheritedRecords(selectionsOf(plan, graph)));
      opened = { graph, store };
      return { graph, deps, options: runOptions(job, context, plan.runId) };
    },
    {
      unsandboxedNote: `verifications: ${UNSANDBOXED_NOTE}`,
      noRecord: NO_RECORD,
      missingFails: true,
    },
  );
  const { graph, store } = opened as NonNullable<typeof opened>;
  job.services.log.info(describeFlush(await store.records.flush()));
  return publishReport(job, report, graph, await graphChangeOf(job, document.trusted, graph));
}

function inheritedRecords(selections: ReadonlyMap<string, Selection>): VerificationRecord[] {
  return [...selections.values()].flatMap((s) => (s.kind === 'inherit' ? [s.record] : []));
}
