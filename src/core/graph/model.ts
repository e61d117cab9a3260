import type { Digest, Expression, FailurePolicy, JsonValue, VerifierSpec } from '../types.js';

/** The graph file as its schema describes it (after validation). */
export type GraphDocument = {
  $schema?: string;
  schemaVersion: '1';
  id: string;
  title?: string;
  root: string;
  nodes: Record<string, NodeDocument>;
  contains?: RelationDocument[];
  dependsOn?: DependencyDocument[];
};

export type AssertDocument = {
  target: string;
  exclude?: string[];
  verifier: VerifierSpec;
  reuse?: Reuse;
};

export type Reuse = 'auto' | 'never';
export type Constraint = 'hard' | 'soft';

export type NodeDocument =
  | {
      kind: 'leaf';
      title: string;
      description?: string;
      constraint?: Constraint;
      target: string;
      exclude?: string[];
      verifier: VerifierSpec;
      reuse?: Reuse;
    }
  | {
      kind: 'composite';
      title: string;
      description?: string;
      constraint?: Constraint;
      completion: Expression;
      assert?: AssertDocument;
    };

export type RelationDocument = {
  parent: string;
  child: string;
  required?: boolean;
  failure?: FailurePolicy;
  degradeTo?: string;
};

export type DependencyDocument = { source: string; target: string };

/** One containment relation with its defaults applied. */
export type Relation = {
  readonly parent: string;
  readonly child: string;
  readonly required: boolean;
  readonly failure: FailurePolicy;
  readonly degradeTo?: string;
};

export type CompiledLeaf = {
  readonly kind: 'leaf';
  readonly id: string;
  readonly title: string;
  readonly target: string;
  /** Canonical exclude patterns of a directory target; absent when it has none. */
  readonly exclude?: readonly string[];
  readonly verifier: VerifierSpec;
  readonly reuse: Reuse;
};

export type CompiledAssert = {
  readonly target: string;
  readonly exclude?: readonly string[];
  readonly verifier: VerifierSpec;
  readonly reuse: Reuse;
};

export type CompiledComposite = {
  readonly kind: 'composite';
  readonly id: string;
  readonly title: string;
  readonly completion: Expression;
  readonly children: readonly Relation[];
  readonly assert?: CompiledAssert;
};

export type CompiledNode = CompiledLeaf | CompiledComposite;

/** A unit of verification work: a leaf, or a composite's whole-object assert. */
export type WorkItem = {
  readonly key: string;
  readonly goalId: string;
  readonly role: 'leaf' | 'assert';
  readonly target: string;
  readonly exclude?: readonly string[];
  readonly verifier: VerifierSpec;
  readonly reuse: Reuse;
};

/**
 * A known-good, immutable graph. Run state lives elsewhere, so one compiled graph can be
 * run any number of times.
 */
export type CompiledGraph = {
  readonly id: string;
  readonly title?: string;
  readonly root: string;
  /** Digest of the canonical form: independent of node, edge and item order in the file. */
  readonly digest: Digest;
  readonly canonical: JsonValue;
  readonly nodes: ReadonlyMap<string, CompiledNode>;
  /** Every node after its children and its dependency targets. */
  readonly order: readonly string[];
  readonly orderIndex: ReadonlyMap<string, number>;
  readonly parents: ReadonlyMap<string, readonly Relation[]>;
  readonly dependencies: ReadonlyMap<string, readonly string[]>;
  readonly dependents: ReadonlyMap<string, readonly string[]>;
  readonly workItems: readonly WorkItem[];
  readonly workItemByKey: ReadonlyMap<string, WorkItem>;
  /** Distinct targets, sorted. */
  readonly targets: readonly string[];
  /** The exclude patterns of each target that has some (one list per target, canonical). */
  readonly excludes: ReadonlyMap<string, readonly string[]>;
};

const ASSERT_SUFFIX = '#assert';

export function workKey(goalId: string, role: 'leaf' | 'assert'): string {
  return role === 'assert' ? `${goalId}${ASSERT_SUFFIX}` : goalId;
}

/** The goal and role a work key names: the inverse of `workKey`. */
export function goalOfWorkKey(key: string): { goalId: string; role: 'leaf' | 'assert' } {
  const goalId = key.endsWith(ASSERT_SUFFIX) ? key.slice(0, -ASSERT_SUFFIX.length) : key;
  return { goalId, role: goalId === key ? 'leaf' : 'assert' };
}
