// Random valid graphs for the dispatch planner's properties: shared children, composites
// with and without asserts, dependencies onto leaves and composites, both verifier modes,
// and every kind of selection. Every edge points from a higher node index to a lower one,
// so containment and dependencies together stay acyclic.
import fc from 'fast-check';
import type { Expression } from '../../../src/core/types.js';
import {
  agenticLeaf,
  all,
  any,
  composite,
  doc,
  edge,
  leaf,
  ref,
  type Doc,
} from '../../core/fixtures.js';
import type { SelectionSpec } from './helpers.js';

export type NodeSpec = {
  composite: boolean;
  children: number[];
  deps: number[];
  /** 0: no assert, 1: agentic, 2: programmatic. */
  assert: 0 | 1 | 2;
  programmatic: boolean;
  selection: SelectionSpec;
  assertSelection: SelectionSpec;
  tolerable: boolean;
  required: boolean;
  any: boolean;
};

export type GraphSpec = { nodes: NodeSpec[]; rootAssert: 0 | 1 | 2; rootSelection: SelectionSpec };

const selectionArb = fc.oneof(
  { arbitrary: fc.constant<SelectionSpec>('verify'), weight: 12 },
  { arbitrary: fc.constant<SelectionSpec>('inherit:pass'), weight: 5 },
  { arbitrary: fc.constant<SelectionSpec>('inherit:fail'), weight: 1 },
  { arbitrary: fc.constant<SelectionSpec>('settled:fail'), weight: 1 },
  { arbitrary: fc.constant<SelectionSpec>('settled:inconclusive'), weight: 1 },
);

const assertArb = fc.constantFrom<0 | 1 | 2>(0, 0, 1, 2);

const nodeArb: fc.Arbitrary<NodeSpec> = fc.record({
  composite: fc.boolean(),
  children: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
  deps: fc.array(fc.nat(), { maxLength: 3 }),
  assert: assertArb,
  programmatic: fc.boolean(),
  selection: selectionArb,
  assertSelection: selectionArb,
  tolerable: fc.boolean(),
  required: fc.boolean(),
  any: fc.boolean(),
});

export const graphSpecArb: fc.Arbitrary<GraphSpec> = fc.record({
  nodes: fc.array(nodeArb, { minLength: 1, maxLength: 24, size: 'max' }),
  rootAssert: assertArb,
  rootSelection: selectionArb,
});

const idOf = (index: number): string => `n${String(index).padStart(2, '0')}`;

function pickBelow(indices: readonly number[], below: number): number[] {
  if (below === 0) return [];
  return [...new Set(indices.map((index) => index % below))].sort((a, b) => a - b);
}

function assertOf(kind: 0 | 1 | 2): Record<string, unknown> {
  if (kind === 0) return {};
  const verifier =
    kind === 1
      ? { mode: 'agentic', instruction: 'Judge the whole' }
      : { mode: 'programmatic', script: 'dir.non_empty' };
  return { assert: { target: 'whole', verifier } };
}

function completionOf(ids: string[], useAny: boolean): Expression {
  const refs = ids.map(ref);
  return useAny ? any(...refs) : all(...refs);
}

/** The graph document and the selection of every work item it has. */
export function buildRandomGraph(spec: GraphSpec): {
  document: Doc;
  selections: Record<string, SelectionSpec>;
} {
  const nodes: Record<string, Record<string, unknown>> = {};
  const contains: Record<string, unknown>[] = [];
  const dependsOn: Record<string, unknown>[] = [];
  const selections: Record<string, SelectionSpec> = {};
  const hasParent = new Set<string>();
  spec.nodes.forEach((node, index) => {
    const id = idOf(index);
    const children = node.composite ? pickBelow(node.children, index).map(idOf) : [];
    if (children.length > 0) {
      nodes[id] = composite(completionOf(children, node.any), assertOf(node.assert));
      if (node.assert !== 0) selections[`${id}#assert`] = node.assertSelection;
      for (const child of children) {
        const policy = spec.nodes[Number(child.slice(1))] as NodeSpec;
        const failure = policy.tolerable ? 'tolerable' : 'fatal';
        contains.push(edge(id, child, { failure, required: policy.required }));
        hasParent.add(child);
      }
    } else {
      nodes[id] = node.programmatic ? leaf(`t/${id}`) : agenticLeaf(`t/${id}`);
      selections[id] = node.selection;
    }
    for (const target of pickBelow(node.deps, index))
      dependsOn.push({ source: id, target: idOf(target) });
  });
  const top = Object.keys(nodes).filter((id) => !hasParent.has(id));
  nodes.root = composite(completionOf(top, false), assertOf(spec.rootAssert));
  if (spec.rootAssert !== 0) selections['root#assert'] = spec.rootSelection;
  for (const id of top) contains.push(edge('root', id));
  return { document: doc({ nodes, contains, dependsOn }), selections };
}
