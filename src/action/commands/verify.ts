// `verify`: one matrix job. It verifies only its own work items, each in a fresh workspace,
// on captures whose bytes match the plan, once the records of earlier waves open its gates;
// it uploads its records and never needs a write token.
import { join } from 'node:path';
import { ExitCode, UserError, type ExitCodeValue } from '../../core/errors.js';
import { gmDigestOf, type Selection } from '../../core/select.js';
import type { Digest } from '../../core/types.js';
import { jobLabel, keysOfEntry, type MatrixEntry } from '../../engine/matrix/index.js';
import type { EngineDeps } from '../../engine/ports.js';
import { stateFrom, verifyKeys } from '../../engine/split.js';
import { downloadCaptures } from '../captureArtifacts.js';
import { prepareHost } from '../host.js';
import { downloadPlan, engineHost, runOptions } from '../phase.js';
import { capturesOf, selectionsOf, type PlanDocument } from '../../engine/session/planDocument.js';
import { downloadRecords, uploadRecords } from '../recordArtifacts.js';
import { assignmentOf } from '../recordAssignment.js';
import type { ActionJob } from '../services.js';

export async function commandVerify(job: ActionJob): Promise<ExitCodeValue> {
  const entry = job.inputs.matrixEntry as MatrixEntry;
  const document = await downloadPlan(job);
  const { context, graph } = await prepareHost(job, document.trusted);
  const selections = selectionsOf(document, graph);
  const keys = assignedKeys(entry, document.dispatch.waves);
  const { deps, store } = await engineHost(job, context);
  await checkIdentities(keys, selections, deps);
  const dir = join(job.runner.runnerTemp, 'dog');
  const assignment = assignmentOf(document.dispatch);
  const binding = { graph, selections, runId: document.runId, assignment };
  const earlier = await downloadRecords(job.services.artifacts, join(dir, 'records-in'), binding, {
    beforeWave: entry.wave,
  });
  for (const { artifact, keys, reason } of earlier.rejected)
    job.services.log.warning(
      `DoG: refused ${artifact} (${reason})${keys.length > 0 ? `; ${keys.join(', ')} count as unsettled here` : ''}; aggregate fails the goals it concerns`,
    );
  await downloadCaptures(
    job.services.artifacts,
    store,
    digestsFor(keys, selections),
    join(dir, 'captures-in'),
    store.host,
  );
  const plan = { selections, warnings: [], captureResults: capturesOf(document) };
  const state = stateFrom(graph, selections, earlier.records);
  const options = { ...runOptions(job, context, document.runId), fresh: false };
  const records = await verifyKeys(graph, plan, deps, options, keys, state);
  await uploadRecords(job.services.artifacts, dir, entry.job, records, job.inputs.retentionDays);
  const skipped = keys.length - records.size;
  job.services.log.info(
    `DoG: job ${entry.job} verified ${records.size} of ${keys.length}${skipped ? `; ${skipped} not started because what they depend on did not settle as required` : ''}`,
  );
  return ExitCode.success;
}

/** The entry's keys, which must be exactly what the plan assigned to that job. */
function assignedKeys(entry: MatrixEntry, waves: PlanDocument['dispatch']['waves']): string[] {
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
  return keys;
}

/** The capture digests the job's own verifications need. */
function digestsFor(keys: readonly string[], selections: ReadonlyMap<string, Selection>): Digest[] {
  return keys.flatMap((key) => {
    const selection = selections.get(key);
    return selection?.kind === 'verify' ? [selection.captureDigest] : [];
  });
}

/**
 * The plan carries the verifier identities it selected by; this job must verify with the
 * same ones. A difference (another model through a DOG_* variable, say) would make the
 * record describe a verification that did not happen, so it stops the job.
 */
async function checkIdentities(
  keys: readonly string[],
  selections: ReadonlyMap<string, Selection>,
  deps: EngineDeps,
): Promise<void> {
  for (const key of keys) {
    const selection = selections.get(key);
    if (selection?.kind !== 'verify')
      throw new UserError(`matrix entry names ${key}, which the plan does not verify`);
    const identity = await deps.verifiers.identityOf(selection.item);
    if (
      !identity.ok ||
      gmDigestOf(selection.captureDigest, identity.identity) !== selection.gmDigest
    )
      throw new UserError(
        `the verifier of ${key} here differs from the one the plan selected (${identity.ok ? 'another identity' : identity.error.message}); plan and verify must see the same configuration and environment`,
      );
  }
}
