// `run`: the whole cycle in one job (DESIGN §4), with records inherited from and saved to
// the Actions cache and people's decisions read from it, then the same reporting as
// `aggregate`. A pull request that adds the
// first graph gets a bootstrap report instead: its graph validated, nothing run.
import type { ExitCodeValue } from '../../core/errors.js';
import { runGraph } from '../../engine/run.js';
import { describeFlush } from '../../storage/github/packSave.js';
import { graphChangeOf, loadTrustedSource } from '../bootstrap.js';
import { publishBootstrap } from '../bootstrapPublish.js';
import { prepareHost } from '../host.js';
import { engineHost, loadRunDecisions, retriesForThisRun, runIdOf, runOptions } from '../phase.js';
import { publishReport } from '../publish.js';
import type { ActionJob } from '../services.js';

export async function commandRun(job: ActionJob): Promise<ExitCodeValue> {
  const source = await loadTrustedSource(job);
  if (source.kind === 'bootstrap')
    return publishBootstrap(job, source.view, { checkRun: true, failOnInvalid: true });
  const { files } = source;
  const { context, graph } = await prepareHost(job, files);
  const decisions = await loadRunDecisions(job, graph.id);
  const { deps, store } = await engineHost(job, context, { decisions });
  await store.records.open(graph.id);
  const options = {
    ...runOptions(job, context, runIdOf(job)),
    retryRequests: retriesForThisRun(job, decisions),
  };
  const report = await runGraph(graph, deps, options);
  // A read-only cache (an untrusted trigger) saves nothing; the report already says so.
  job.services.log.info(describeFlush(await store.records.flush()));
  return publishReport(job, report, graph, await graphChangeOf(job, files, graph));
}
