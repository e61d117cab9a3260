// `capture`: the unprivileged half of the fork-safe pair. It reads the graph from the
// trusted tree only to know the targets, captures them from the PR's checkout, and uploads
// the captures in one bundle and a manifest (forkArtifacts.ts). It needs no secret and no write token.
import { ExitCode, type ExitCodeValue } from '../../core/errors.js';
import { uploadPrArtifacts } from '../forkArtifacts.js';
import { prepareHost, readTrusted, trustedTree } from '../host.js';
import { engineHost } from '../phase.js';
import { storeCapture } from '../../engine/session/planDocument.js';
import type { ActionJob } from '../services.js';

export async function commandCapture(job: ActionJob): Promise<ExitCodeValue> {
  const files = await readTrusted(job, trustedTree(job));
  const { context, graph } = await prepareHost(job, files);
  const { deps, store } = await engineHost(job, context, { verifies: false });
  const results = [...(await deps.captures.captureAll(graph.targets, graph.excludes)).values()];
  const uploaded = await uploadPrArtifacts(job, store, results, {
    schemaVersion: '1',
    graphDigest: graph.digest,
    captures: results.map(storeCapture),
  });
  job.services.log.info(
    `DoG: ${results.length} targets captured, ${uploaded.captures} distinct capture(s) uploaded for the privileged run in ${uploaded.artifacts.join(' and ')}`,
  );
  return ExitCode.success;
}
