// Semantic rules of the graph (DESIGN §2) that JSON Schema cannot express. Each rule returns
// every problem it finds, naming the node or edge and a JSON pointer.
import type { Problem } from '../errors.js';
import { escapePointer } from '../expression.js';
import { pushTo } from '../multimap.js';
import { echo, quoted } from '../echo.js';
import { findCycle } from './order.js';
import { targetSyntaxError } from './targetSyntax.js';
import { isRecord, nodePointer, type GraphView } from './view.js';

export { ruleVerifierCapabilities, type HostCapabilities } from './hostRules.js';

export const relationSubject = (parent: string, child: string): string =>
  `contains ${echo(parent)} → ${echo(child)}`;
export const dependencySubject = (source: string, target: string): string =>
  `dependsOn ${echo(source)} → ${echo(target)}`;

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Node ids are safe names; reported per node (the schema only says "a key is invalid"). */
export function ruleNodeIds(view: GraphView): Problem[] {
  return [...view.nodes.keys()]
    .filter((id) => !SAFE_ID.test(id))
    .map((id) => ({
      pointer: nodePointer(id),
      subject: id,
      message: `node id ${quoted(id)} is not safe: use 1 to 128 letters, digits, ".", "_" or "-", starting with a letter or digit`,
    }));
}

/** Finds any key named `merge`, at any depth: DoG never merges. */
export function ruleNoMerge(value: unknown, pointer = ''): Problem[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => ruleNoMerge(item, `${pointer}/${index}`));
  }
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const here = `${pointer}/${escapePointer(key)}`;
    if (key === 'merge') {
      return [
        {
          pointer: here,
          message: 'a field named "merge" is not allowed: DoG verifies and never merges',
        },
      ];
    }
    return ruleNoMerge(item, here);
  });
}

export function ruleRoot(view: GraphView): Problem[] {
  if (typeof view.root !== 'string') return [];
  const root = view.nodes.get(view.root);
  if (!root) {
    return [
      {
        pointer: '/root',
        message: `root ${quoted(view.root)} is not a node; define it under nodes`,
      },
    ];
  }
  if (root.record.constraint === 'soft') {
    return [
      {
        pointer: `${nodePointer(root.id)}/constraint`,
        subject: root.id,
        message: 'the root must be a hard constraint; remove constraint: soft',
      },
    ];
  }
  return [];
}

export function ruleNodeLimit(view: GraphView, maxNodes: number): Problem[] {
  if (view.nodes.size <= maxNodes) return [];
  return [
    {
      pointer: '/nodes',
      message: `graph has ${view.nodes.size} nodes, more than the limit of ${maxNodes} (raise limits.maxNodes in host configuration, up to 100000)`,
    },
  ];
}

export function ruleEdgeEndpoints(view: GraphView): Problem[] {
  const problems: Problem[] = [];
  const missing = (id: string, pointer: string, subject: string, role: string): void => {
    if (!view.nodes.has(id))
      problems.push({ pointer, subject, message: `${role} ${quoted(id)} is not a node` });
  };
  for (const relation of view.relations) {
    const subject = relationSubject(relation.parent, relation.child);
    missing(relation.parent, `/contains/${relation.index}/parent`, subject, 'parent');
    missing(relation.child, `/contains/${relation.index}/child`, subject, 'child');
    const parent = view.nodes.get(relation.parent);
    if (parent?.kind === 'leaf') {
      problems.push({
        pointer: `/contains/${relation.index}/parent`,
        subject,
        message: `${quoted(relation.parent)} is a leaf and cannot contain children; make it a composite`,
      });
    }
  }
  for (const dependency of view.dependencies) {
    const subject = dependencySubject(dependency.source, dependency.target);
    missing(dependency.source, `/dependsOn/${dependency.index}/source`, subject, 'source');
    missing(dependency.target, `/dependsOn/${dependency.index}/target`, subject, 'target');
  }
  return problems;
}

export function ruleNoDuplicateOrSelfEdges(view: GraphView): Problem[] {
  const problems: Problem[] = [];
  const check = (
    seen: Map<string, number>,
    a: string,
    b: string,
    pointer: string,
    subject: string,
  ): void => {
    if (a === b)
      problems.push({ pointer, subject, message: `${quoted(a)} cannot point to itself` });
    const key = `${a}\u0000${b}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({
        pointer,
        subject,
        message: `duplicate edge (first defined at index ${first})`,
      });
    } else seen.set(key, Number(pointer.split('/')[2]));
  };
  const contains = new Map<string, number>();
  for (const r of view.relations) {
    check(contains, r.parent, r.child, `/contains/${r.index}`, relationSubject(r.parent, r.child));
  }
  const depends = new Map<string, number>();
  for (const d of view.dependencies) {
    check(
      depends,
      d.source,
      d.target,
      `/dependsOn/${d.index}`,
      dependencySubject(d.source, d.target),
    );
  }
  return problems;
}

export function ruleAcyclic(view: GraphView): Problem[] {
  const cycle = findCycle(view);
  if (!cycle) return [];
  const path = cycle.path.map((id) => echo(id)).join(' → ');
  return [
    {
      pointer: cycle.pointer,
      subject: path,
      message: `cycle over contains/dependsOn edges: ${path}; the graph must be acyclic`,
    },
  ];
}

export function ruleReachable(view: GraphView): Problem[] {
  if (typeof view.root !== 'string' || !view.nodes.has(view.root)) return [];
  const children = new Map<string, string[]>();
  for (const r of view.relations) pushTo(children, r.parent, r.child);
  const seen = new Set<string>([view.root]);
  const stack = [view.root];
  while (stack.length > 0) {
    for (const child of children.get(stack.pop() as string) ?? []) {
      if (!seen.has(child)) {
        seen.add(child);
        stack.push(child);
      }
    }
  }
  return [...view.nodes.keys()]
    .filter((id) => !seen.has(id))
    .map((id) => ({
      pointer: nodePointer(id),
      subject: id,
      message: `${quoted(id)} is not reachable from the root ${quoted(view.root as string)} through contains edges; add a contains edge or remove it`,
    }));
}

export function ruleCompositeHasChildren(view: GraphView): Problem[] {
  const parents = new Set(view.relations.map((r) => r.parent));
  return [...view.nodes.values()]
    .filter((node) => node.kind === 'composite' && !parents.has(node.id))
    .map((node) => ({
      pointer: nodePointer(node.id),
      subject: node.id,
      message: `composite ${quoted(node.id)} has no children; add contains edges or make it a leaf`,
    }));
}

export function ruleDegrade(view: GraphView): Problem[] {
  const problems: Problem[] = [];
  const siblings = new Map<string, Set<string>>();
  for (const r of view.relations)
    siblings.set(r.parent, (siblings.get(r.parent) ?? new Set()).add(r.child));
  for (const r of view.relations) {
    const pointer = `/contains/${r.index}`;
    const subject = relationSubject(r.parent, r.child);
    if (r.failure === 'degrade' && !r.hasDegradeTo) {
      problems.push({
        pointer,
        subject,
        message:
          'failure: degrade needs degradeTo: the sibling that stands in when this child fails',
      });
    }
    if (!r.hasDegradeTo) continue;
    if (r.failure !== 'degrade') {
      problems.push({
        pointer: `${pointer}/degradeTo`,
        subject,
        message: 'degradeTo is only allowed with failure: degrade',
      });
    } else if (r.degradeTo === r.child) {
      problems.push({
        pointer: `${pointer}/degradeTo`,
        subject,
        message: 'degradeTo cannot name the child itself',
      });
    } else if (typeof r.degradeTo === 'string' && !siblings.get(r.parent)?.has(r.degradeTo)) {
      problems.push({
        pointer: `${pointer}/degradeTo`,
        subject,
        message: `degradeTo ${quoted(r.degradeTo)} is not a child of ${quoted(r.parent)}; it must be a sibling under the same parent`,
      });
    }
  }
  return problems;
}

export function ruleTargets(view: GraphView): Problem[] {
  const problems: Problem[] = [];
  for (const node of view.nodes.values()) {
    const check = (target: unknown, pointer: string): void => {
      if (typeof target !== 'string') return;
      const error = targetSyntaxError(target);
      if (error) problems.push({ pointer, subject: node.id, message: error });
    };
    check(node.record.target, `${nodePointer(node.id)}/target`);
    if (isRecord(node.record.assert))
      check(node.record.assert.target, `${nodePointer(node.id)}/assert/target`);
  }
  return problems;
}
