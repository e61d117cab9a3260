// What a root state alone does not say: a run that failed only because its root came out
// partial and this host does not accept partial roots.
import type { RunReport } from './model.js';

export const PARTIAL_ROOT_REFUSED =
  'The root came out partial: every goal it requires holds or failed in a way the graph tolerates. This host does not accept a partial root, so the run fails. To accept it, set allowPartialRoot: true in the host configuration (.dog/config.yaml; the Action input allow-partial-root).';

/** A sentence explaining the root state, when the state alone would mislead. */
export function rootNote(
  report: Pick<RunReport, 'rootState' | 'graph' | 'nodes'>,
): string | undefined {
  const rootId = report.graph.root;
  if (rootId === undefined || report.rootState !== 'failure') return undefined;
  return report.nodes[rootId]?.state === 'partial' ? PARTIAL_ROOT_REFUSED : undefined;
}
