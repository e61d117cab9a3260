// Decide's own reading of the bytes a decision binds to: each named goal's target laid out from
// the commit DoG's run checked out (GitHub's git database, blobs checked against their names),
// captured and identified by the same host wiring a run uses, with the trusted graph.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CompiledGraph } from '../../core/graph/model.js';
import type { Derived } from '../../core/human/derivedBinding.js';
import { hostEngineDeps } from '../../engine/host/deps.js';
import type { HostContext } from '../../engine/host/context.js';
import { toCaptureOutcome } from '../../engine/plan.js';
import { silentProgress } from '../../engine/ports.js';
import { LocalStore } from '../../storage/localStore.js';
import { providerEnv, workspacePrefix } from '../host.js';
import type { ActionJob } from '../services.js';
import { materializeTarget } from './headTree.js';

export type DeriveRequest = {
  /** The commit DoG's run captured (its GITHUB_SHA, proven to be GitHub's merge commit). */
  commit: string;
  graph: CompiledGraph;
  context: HostContext;
  keys: readonly string[];
};

export async function deriveFromCommit(
  job: ActionJob,
  request: DeriveRequest,
): Promise<Map<string, Derived>> {
  const root = join(job.runner.runnerTemp, 'dog', 'decide-derive');
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  const store = await LocalStore.open(join(root, 'store'));
  const derived = new Map<string, Derived>();
  try {
    for (const [index, key] of request.keys.entries()) {
      const item = request.graph.workItemByKey.get(key);
      if (item)
        derived.set(key, await deriveOne(job, request, item, join(root, `t${index}`), store));
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  return derived;
}

async function deriveOne(
  job: ActionJob,
  request: DeriveRequest,
  item: CompiledGraph['workItems'][number],
  dest: string,
  store: LocalStore,
): Promise<Derived> {
  const prefix = workspacePrefix(job);
  const repoPath = prefix === '' ? item.target : `${prefix}/${item.target}`;
  const repo = { owner: job.runner.owner, repo: job.runner.repo };
  const laid = await materializeTarget(job.services.git, repo, request.commit, repoPath, dest);
  const workspace = prefix === '' ? laid.root : join(laid.root, prefix);
  const deps = await hostEngineDeps(
    { ...request.context, workspace },
    { store, root: store.root },
    silentProgress,
    providerEnv(job),
    { verifies: false },
  );
  const captured = await deps.captures.captureAll([item.target], request.graph.excludes);
  const result = captured.get(item.target);
  if (!result) throw new Error(`capture of ${item.target} returned nothing`);
  return { capture: toCaptureOutcome(result), identity: await deps.verifiers.identityOf(item) };
}
