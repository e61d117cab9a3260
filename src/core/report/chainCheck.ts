// Checks a report's digest chain from the report alone (docs/provenance.md): every node's
// digest recomputed from its entry and its children's stated digests, then the root digest.
// A break names the node whose stated digest is not what its entry gives. Pure.
import { isDigest } from '../digest.js';
import type { Digest } from '../types.js';
import { chainOrder, CHAIN_SCHEME, nodeDigestOf, rootDigestOf } from './chain.js';
import type { RunReport } from './model.js';

/** One place the chain does not hold: a node (by id), or the report's root. */
export type ChainBreak = { node?: string; message: string };

export type ChainCheck =
  { ok: true; rootDigest: Digest; nodes: number } | { ok: false; breaks: ChainBreak[] };

export function checkChain(report: RunReport): ChainCheck {
  if (report.rootDigest === undefined || report.provenance === undefined)
    return broken({
      message:
        'the report carries no digest chain (no rootDigest or provenance): it was written by a DoG without one, or they were removed',
    });
  const scheme: unknown = report.provenance.scheme;
  if (scheme !== CHAIN_SCHEME)
    return broken({
      message: `the report's chain scheme is ${JSON.stringify(scheme)}; this dog checks ${CHAIN_SCHEME}`,
    });
  const order = chainOrder(report);
  const breaks: ChainBreak[] = [
    ...order.flatMap((id) => nodeBreaks(report, id)),
    ...unreached(report, new Set(order)),
  ];
  const root = report.graph.root === undefined ? undefined : report.nodes[report.graph.root];
  if (!root)
    breaks.push({
      message: `the root node ${JSON.stringify(report.graph.root)} is not in the report`,
    });
  const rootNodeDigest = root?.digest !== undefined && isDigest(root.digest) ? root.digest : null;
  if (rootDigestOf(report, rootNodeDigest) !== report.rootDigest)
    breaks.push({
      message:
        "the root digest is not the digest of the report's header, anchors and root node: the run's details (graph, commits, configuration, root state, totals, warnings) or the root node's digest changed",
    });
  return breaks.length === 0
    ? { ok: true, rootDigest: report.rootDigest, nodes: order.length }
    : { ok: false, breaks };
}

function broken(first: ChainBreak): ChainCheck {
  return { ok: false, breaks: [first] };
}

function nodeBreaks(report: RunReport, id: string): ChainBreak[] {
  const node = report.nodes[id];
  if (!node) return [];
  const missing = (node.children ?? []).filter((child) => !report.nodes[child]);
  if (missing.length > 0)
    return [
      {
        node: id,
        message: `its children ${missing.map((c) => JSON.stringify(c)).join(', ')} are not in the report`,
      },
    ];
  if (node.digest === undefined) return [{ node: id, message: 'it carries no digest' }];
  const children = (node.children ?? []).map((child) => report.nodes[child]?.digest ?? null);
  if (nodeDigestOf(id, node, children) === node.digest) return [];
  return [
    {
      node: id,
      message:
        'its digest is not the digest of its entry: its state, verdict, evidence, capture or GM digest, decision, record digest or children changed',
    },
  ];
}

/** Nodes the root does not reach: no compiled graph has them, so they were added. */
function unreached(report: RunReport, reached: ReadonlySet<string>): ChainBreak[] {
  return Object.keys(report.nodes)
    .filter((id) => !reached.has(id))
    .sort()
    .map((id) => ({
      node: id,
      message: 'the root does not reach it: it is not part of the chain',
    }));
}
