import { canonicalJson, digestOfJson } from '../digest.js';
import { pushTo } from '../multimap.js';
import type { Expression, JsonValue } from '../types.js';
import type {
  CompiledGraph,
  CompiledNode,
  GraphDocument,
  NodeDocument,
  Relation,
  WorkItem,
} from './model.js';
import { workKey } from './model.js';
import { canonicalExcludes } from './excludeGlob.js';
import { prerequisiteOrder } from './order.js';
import { normalizeTarget } from './targetSyntax.js';
import { readView } from './view.js';

/** Builds the immutable model of a document that passed every check. */
export function buildCompiledGraph(document: GraphDocument): CompiledGraph {
  const relations = sortCanonically((document.contains ?? []).map(toRelation));
  const dependencies = sortCanonically(
    (document.dependsOn ?? []).map((d) => ({ source: d.source, target: d.target })),
  );
  const childrenOf = new Map<string, Relation[]>();
  const parents = new Map<string, Relation[]>();
  for (const relation of relations) {
    pushTo(childrenOf, relation.parent, relation);
    pushTo(parents, relation.child, relation);
  }
  const nodes = new Map<string, CompiledNode>();
  for (const id of Object.keys(document.nodes).sort()) {
    const node = document.nodes[id] as NodeDocument;
    nodes.set(id, deepFreeze(toCompiledNode(id, node, childrenOf.get(id) ?? [])));
  }
  const dependencyMap = new Map<string, string[]>();
  const dependents = new Map<string, string[]>();
  for (const d of dependencies) {
    pushTo(dependencyMap, d.source, d.target);
    pushTo(dependents, d.target, d.source);
  }
  const order = prerequisiteOrder(readView(document));
  const canonical = deepFreeze(canonicalForm(document, nodes, relations, dependencies));
  const workItems = collectWorkItems(nodes);
  deepFreeze(workItems);
  return Object.freeze({
    id: document.id,
    ...(document.title === undefined ? {} : { title: document.title }),
    root: document.root,
    digest: digestOfJson(canonical),
    canonical,
    nodes: frozenMap(nodes),
    order: Object.freeze(order),
    orderIndex: frozenMap(order.map((id, index) => [id, index])),
    parents: frozenMap(deepFreeze([...parents])),
    dependencies: frozenMap(deepFreeze([...dependencyMap])),
    dependents: frozenMap(deepFreeze([...dependents])),
    workItems,
    workItemByKey: frozenMap(workItems.map((item) => [item.key, item])),
    targets: Object.freeze([...new Set(workItems.map((item) => item.target))].sort()),
    excludes: frozenMap(
      workItems.flatMap((item) => (item.exclude ? [[item.target, item.exclude] as const] : [])),
    ),
  });
}

function toRelation(document: NonNullable<GraphDocument['contains']>[number]): Relation {
  return {
    parent: document.parent,
    child: document.child,
    required: document.required ?? true,
    failure: document.failure ?? 'fatal',
    ...(document.degradeTo === undefined ? {} : { degradeTo: document.degradeTo }),
  };
}

function toCompiledNode(id: string, node: NodeDocument, children: Relation[]): CompiledNode {
  if (node.kind === 'leaf') {
    return {
      kind: 'leaf',
      id,
      title: node.title,
      target: normalizeTarget(node.target),
      ...excludeField(node.exclude),
      verifier: structuredClone(node.verifier),
      reuse: node.reuse ?? 'auto',
    };
  }
  return {
    kind: 'composite',
    id,
    title: node.title,
    completion: canonicalExpression(node.completion),
    children,
    ...(node.assert
      ? {
          assert: {
            target: normalizeTarget(node.assert.target),
            ...excludeField(node.assert.exclude),
            verifier: structuredClone(node.assert.verifier),
            reuse: node.assert.reuse ?? 'auto',
          },
        }
      : {}),
  };
}

/** Present only when there are patterns, so graphs without excludes keep their digest. */
function excludeField(patterns: readonly string[] | undefined): { exclude?: string[] } {
  return patterns && patterns.length > 0 ? { exclude: canonicalExcludes(patterns) } : {};
}

function collectWorkItems(nodes: ReadonlyMap<string, CompiledNode>): WorkItem[] {
  const items: WorkItem[] = [];
  for (const node of nodes.values()) {
    const spec = node.kind === 'leaf' ? node : node.assert;
    if (!spec) continue;
    const role = node.kind === 'leaf' ? 'leaf' : 'assert';
    items.push({
      key: workKey(node.id, role),
      goalId: node.id,
      role,
      target: spec.target,
      ...(spec.exclude ? { exclude: spec.exclude } : {}),
      verifier: spec.verifier,
      reuse: spec.reuse,
    });
  }
  return items;
}

/** `all`/`any`/`atLeast` are order-free: sort their items so file order never matters. */
function canonicalExpression(expression: Expression): Expression {
  switch (expression.op) {
    case 'ref':
      return { op: 'ref', id: expression.id };
    case 'not':
      return { op: 'not', item: canonicalExpression(expression.item) };
    case 'atLeast':
      return { op: 'atLeast', count: expression.count, items: sortedItems(expression.items) };
    default:
      return { op: expression.op, items: sortedItems(expression.items) };
  }
}

function sortedItems(items: readonly Expression[]): Expression[] {
  return sortCanonically(items.map(canonicalExpression));
}

/** Sorts by canonical JSON, serializing each item once rather than on every comparison. */
function sortCanonically<T>(items: readonly T[]): T[] {
  return items
    .map((item) => ({ item, key: canonicalJson(item as unknown as JsonValue) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ item }) => item);
}

function canonicalForm(
  document: GraphDocument,
  nodes: ReadonlyMap<string, CompiledNode>,
  relations: readonly Relation[],
  dependencies: readonly { source: string; target: string }[],
): JsonValue {
  const nodeEntries: Record<string, JsonValue> = {};
  for (const [id, node] of nodes) {
    const source = document.nodes[id] as NodeDocument;
    // Relations are listed once under `contains`; repeating them per node adds nothing.
    const rest: Record<string, unknown> = { ...node };
    delete rest.children;
    nodeEntries[id] = {
      ...rest,
      constraint: source.constraint ?? 'hard',
      description: source.description ?? '',
    };
  }
  return {
    schemaVersion: '1',
    id: document.id,
    title: document.title ?? '',
    root: document.root,
    nodes: nodeEntries,
    contains: relations as unknown as JsonValue,
    dependsOn: dependencies as unknown as JsonValue,
  };
}

/** A Map that refuses changes: Object.freeze alone does not protect a Map's entries. */
function frozenMap<K, V>(entries: Iterable<readonly [K, V]>): ReadonlyMap<K, V> {
  const map = new Map(entries);
  const refuse = (): never => {
    throw new TypeError('a compiled graph is immutable');
  };
  for (const method of ['set', 'delete', 'clear']) {
    Object.defineProperty(map, method, { value: refuse });
  }
  return Object.freeze(map);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
