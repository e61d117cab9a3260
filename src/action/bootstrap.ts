// Adopting DoG through a pull request. When the base commit has no graph (the pull request
// adds the first one), there is no trusted graph to verify with: DoG validates the pull
// request's version, shows what it would verify, and runs nothing from it. When the base has
// a graph and the pull request edits graph, configuration or scripts, the run uses the base's
// as always and the report adds what the pull request's version would change.
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '../core/errors.js';
import type { CompiledGraph } from '../core/graph/model.js';
import type {
  BootstrapView,
  ChangeSource,
  GraphChangeView,
  ProposedGraphView,
  ProposedWork,
  TargetPresence,
} from '../reporting/github/bootstrap.js';
import { readProposal, type Proposal } from './bootstrapProposal.js';
import {
  pathsChangedByCheckout,
  readsBaseCommit,
  readTrusted,
  targetsRoot,
  trustedTree,
} from './host.js';
import type { TrustedFiles } from '../engine/session/planDocument.js';
import { trustedBaseSha } from './runnerContext.js';
import type { ActionJob } from './services.js';
import { findGraphPath, NoGraphError } from './trusted.js';

export type TrustedSource =
  { kind: 'trusted'; files: TrustedFiles } | { kind: 'bootstrap'; view: BootstrapView };

/** The trusted files, or — on a pull request whose base has no graph — the bootstrap view. */
export async function loadTrustedSource(job: ActionJob): Promise<TrustedSource> {
  const tree = trustedTree(job);
  try {
    return { kind: 'trusted', files: await readTrusted(job, tree) };
  } catch (error) {
    if (!(error instanceof NoGraphError) || !readsBaseCommit(job)) throw error;
    return { kind: 'bootstrap', view: await bootstrapView(job) };
  }
}

/** For a step that gets the trusted files from the plan: is this run a bootstrap? */
export async function bootstrapOf(job: ActionJob): Promise<BootstrapView | undefined> {
  if (!readsBaseCommit(job)) return undefined;
  const tree = trustedTree(job);
  try {
    await findGraphPath(tree, job.inputs.graph);
    return undefined;
  } catch (error) {
    if (!(error instanceof NoGraphError)) throw error;
    return bootstrapView(job);
  }
}

function sourceOf(job: ActionJob): ChangeSource {
  return job.runner.mergeGroup ? 'merge group' : 'pull request';
}

async function bootstrapView(job: ActionJob): Promise<BootstrapView> {
  const base = `base commit ${(trustedBaseSha(job.runner) ?? '').slice(0, 12)}`;
  const proposal = await readProposal(job);
  if (proposal === undefined)
    throw new UserError(
      `no DoG graph in the ${base} nor in the checked-out changes: add one at .dog/graph.yaml (or set the graph input to where it is); see "Using the Action" in DoG's README`,
    );
  return {
    source: sourceOf(job),
    graphPath: proposal.graphPath,
    base,
    proposed: await proposedView(job, proposal),
  };
}

async function proposedView(job: ActionJob, proposal: Proposal): Promise<ProposedGraphView> {
  if (!proposal.valid)
    return { valid: false, message: proposal.message, problems: proposal.problems };
  const { graph } = proposal;
  const root = targetsRoot(job);
  const work: ProposedWork[] = [];
  for (const item of graph.workItems)
    work.push({
      key: item.key,
      title: graph.nodes.get(item.goalId)?.title ?? item.goalId,
      role: item.role,
      target: item.target,
      verifier: item.verifier,
      presence: await presenceOf(join(root, item.target)),
    });
  return { valid: true, graphId: graph.id, goals: graph.nodes.size, work };
}

/** Whether a target is there, looked at without following a link (capture checks it fully). */
async function presenceOf(path: string): Promise<TargetPresence> {
  const info = await lstat(path).catch(() => undefined);
  if (info === undefined) return 'missing';
  if (info.isFile()) return 'file';
  if (info.isDirectory()) return 'directory';
  return 'other';
}

/**
 * What the pull request's edit of graph, configuration or scripts would change once merged;
 * undefined when it edits none of them (or the trusted files are the checkout's own).
 */
export async function graphChangeOf(
  job: ActionJob,
  files: TrustedFiles,
  trusted: CompiledGraph,
): Promise<GraphChangeView | undefined> {
  const paths = await pathsChangedByCheckout(job, files);
  if (paths.length === 0) return undefined;
  const source = sourceOf(job);
  const proposal = await readProposal(job);
  if (proposal === undefined)
    return { source, paths, proposed: { valid: false, message: REMOVED, problems: [] } };
  if (!proposal.valid) {
    const { message, problems } = proposal;
    return { source, paths, proposed: { valid: false, message, problems } };
  }
  return { source, paths, proposed: { valid: true, ...differences(trusted, proposal.graph) } };
}

const REMOVED =
  'it removes the graph: after merge DoG finds none and every run fails until one is added back';

function differences(
  before: CompiledGraph,
  after: CompiledGraph,
): { goals: number; added: string[]; removed: string[]; changed: string[] } {
  const shape = (graph: CompiledGraph, id: string): string =>
    JSON.stringify([
      graph.nodes.get(id),
      graph.dependencies.get(id) ?? [],
      graph.parents.get(id) ?? [],
    ]);
  const ids = (graph: CompiledGraph): string[] => [...graph.nodes.keys()].sort();
  return {
    goals: after.nodes.size,
    added: ids(after).filter((id) => !before.nodes.has(id)),
    removed: ids(before).filter((id) => !after.nodes.has(id)),
    changed: ids(after).filter(
      (id) => before.nodes.has(id) && shape(before, id) !== shape(after, id),
    ),
  };
}
