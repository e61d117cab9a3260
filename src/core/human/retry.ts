// `--retry GOAL|failed|needs-human`: which work items a person asked to verify again once,
// ignoring their earlier record or decision (rerunReason `retry_requested`).
import { quoted } from '../echo.js';
import { UserError } from '../errors.js';
import { workKey, type CompiledGraph } from '../graph/model.js';
import type { ReportSettlement, RunReport } from '../report/model.js';
import { closest } from '../suggest.js';

export const RETRY_FAILED = 'failed';
export const RETRY_NEEDS_HUMAN = 'needs-human';

/**
 * The work keys `requests` name in `graph`. `failed` and `needs-human` are resolved against
 * `last`, the report of the last run; a goal the graph does not have is refused.
 */
export function retryKeys(
  requests: readonly string[],
  graph: CompiledGraph,
  last: RunReport | undefined,
): Set<string> {
  const keys = new Set<string>();
  for (const request of requests) {
    if (request === RETRY_FAILED || request === RETRY_NEEDS_HUMAN) {
      if (!last)
        throw new UserError(
          `--retry ${request} needs an earlier run to read from, and this store has none; name the goals instead`,
        );
      for (const key of keysIn(last, graph, request === RETRY_FAILED ? isFailed : isWaiting))
        keys.add(key);
    } else {
      keys.add(keyOf(request, graph));
    }
  }
  return keys;
}

function keyOf(request: string, graph: CompiledGraph): string {
  if (graph.workItemByKey.has(request)) return request;
  const node = graph.nodes.get(request);
  if (node?.kind === 'composite') {
    if (node.assert) return workKey(request, 'assert');
    throw new UserError(
      `goal ${quoted(request)} is a composite without an assert: nothing verifies it itself; retry its leaves instead`,
    );
  }
  const hint = closest(request, [...graph.nodes.keys()]);
  throw new UserError(
    `--retry: the graph has no goal ${quoted(request)}${hint ? ` (did you mean ${quoted(hint)}?)` : ''}; use a goal id, "${RETRY_FAILED}" or "${RETRY_NEEDS_HUMAN}"`,
  );
}

function isFailed(node: ReportSettlement): boolean {
  return node.state === 'failure';
}

/** Waiting because of its own verification (a dependent follows its dependency anyway). */
function isWaiting(node: ReportSettlement): boolean {
  return node.state === 'needs_human' && node.error?.category !== 'dependency_needs_human';
}

function keysIn(
  report: RunReport,
  graph: CompiledGraph,
  matches: (node: ReportSettlement) => boolean,
): string[] {
  const keys: string[] = [];
  for (const [id, node] of Object.entries(report.nodes)) {
    const settled = node.kind === 'leaf' ? node : node.assert;
    if (!settled || !matches(settled)) continue;
    const key = workKey(id, node.kind === 'leaf' ? 'leaf' : 'assert');
    // A goal since removed from the graph (or changed kind) has nothing to retry.
    if (graph.workItemByKey.has(key)) keys.push(key);
  }
  return keys;
}
