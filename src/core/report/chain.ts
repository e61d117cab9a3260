// The report's digest chain (docs/provenance.md): each node's digest over what the report says
// of it, a composite's over its children's digests in order, and one root digest over the run's
// anchors (graph, configuration, trusted and head commits) and the root node's digest. Pure.
import { canonicalJson, sha256Hex, toDigest } from '../digest.js';
import type { Digest, JsonValue, VerificationRecord } from '../types.js';
import type { ReportNode, RunReport } from './model.js';

export const CHAIN_SCHEME = 'dog/v1';
const RECORD_DOMAIN = `${CHAIN_SCHEME}/record\0`;
const NODE_DOMAIN = `${CHAIN_SCHEME}/node\0`;
const ROOT_DOMAIN = `${CHAIN_SCHEME}/root\0`;
const CONFIG_DOMAIN = `${CHAIN_SCHEME}/config\0`;

/** What the root digest binds besides the nodes; null where the front cannot know it. */
export type ChainAnchors = {
  configDigest: Digest | null;
  trustedCommit: string | null;
  headCommit: string | null;
};

export type ReportProvenance = ChainAnchors & { scheme: typeof CHAIN_SCHEME };

export const NO_ANCHORS: ChainAnchors = {
  configDigest: null,
  trustedCommit: null,
  headCommit: null,
};

/** SHA-256 over a domain tag and the canonical JSON of `value`. */
function taggedDigest(domain: string, value: JsonValue): Digest {
  return toDigest(sha256Hex(domain + canonicalJson(value)));
}

/** The digest of a record exactly as it is stored. */
export function recordDigestOf(record: VerificationRecord): Digest {
  return taggedDigest(RECORD_DOMAIN, record);
}

/** The digest of the host configuration in force (file, DOG_* variables and flags applied). */
export function configDigestOf(config: object): Digest {
  return taggedDigest(CONFIG_DOMAIN, config as unknown as JsonValue);
}

/** A node as the chain reads it: the report's node without its own digest. */
function nodeBody(node: ReportNode): JsonValue {
  const { digest: _own, ...body } = node;
  void _own;
  return body as unknown as JsonValue;
}

/** A node's digest: its id, its report entry, and its children's digests in `children` order. */
export function nodeDigestOf(
  id: string,
  node: ReportNode,
  childDigests: readonly (Digest | null)[],
): Digest {
  return taggedDigest(NODE_DOMAIN, { id, node: nodeBody(node), children: [...childDigests] });
}

/** The report as the root digest reads it: everything but the nodes and the root digest. */
function reportHeader(report: RunReport): JsonValue {
  const { nodes: _nodes, rootDigest: _root, ...header } = report;
  void _nodes;
  void _root;
  return header;
}

/** The root digest: the report's header (provenance anchors included) and the root node. */
export function rootDigestOf(report: RunReport, rootNodeDigest: Digest | null): Digest {
  const root = report.graph.root ?? null;
  return taggedDigest(ROOT_DOMAIN, {
    header: reportHeader(report),
    root: { id: root, digest: rootNodeDigest },
  });
}

/** Nodes in chain order: every node after its children, from the root, children in order. */
export function chainOrder(report: RunReport): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (id: string): void => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const child of report.nodes[id]?.children ?? []) visit(child);
    if (report.nodes[id]) order.push(id);
  };
  if (report.graph.root !== undefined) visit(report.graph.root);
  return order;
}

/** The report with every node's digest, its provenance anchors and its root digest. */
export function sealReport(report: RunReport, anchors: ChainAnchors): RunReport {
  const nodes: Record<string, ReportNode> = {};
  const digests = new Map<string, Digest>();
  for (const id of chainOrder(report)) {
    const node = report.nodes[id] as ReportNode;
    const children = (node.children ?? []).map((child) => digests.get(child) ?? null);
    const digest = nodeDigestOf(id, node, children);
    digests.set(id, digest);
    nodes[id] = { ...node, digest };
  }
  // Nodes the root does not reach (none in a compiled graph) keep no digest and fail a check.
  for (const [id, node] of Object.entries(report.nodes)) nodes[id] ??= node;
  const { rootDigest: _stale, ...rest } = report;
  void _stale;
  const sealed: RunReport = {
    ...rest,
    provenance: { scheme: CHAIN_SCHEME, ...anchors },
    nodes: Object.fromEntries(Object.keys(report.nodes).map((id) => [id, nodes[id] as ReportNode])),
  };
  const root = sealed.graph.root === undefined ? null : (digests.get(sealed.graph.root) ?? null);
  return { ...sealed, rootDigest: rootDigestOf(sealed, root) };
}

/** The anchors a report was sealed with, to seal it again after a change (a resettlement). */
export function anchorsOf(report: RunReport): ChainAnchors {
  const { configDigest = null, trustedCommit = null, headCommit = null } = report.provenance ?? {};
  return { configDigest, trustedCommit, headCommit };
}
