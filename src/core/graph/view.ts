// A defensive reading of an unvalidated graph document, so semantic rules can run (and
// report) even when the schema already found problems elsewhere. Maps, never plain-object
// lookups: node ids such as "constructor" are ordinary ids.
import { escapePointer } from '../expression.js';

export type RawNode = {
  id: string;
  kind: 'leaf' | 'composite' | undefined;
  record: Record<string, unknown>;
};

export type RawRelation = {
  index: number;
  parent: string;
  child: string;
  required: boolean;
  failure: unknown;
  degradeTo: unknown;
  hasDegradeTo: boolean;
};

export type RawDependency = { index: number; source: string; target: string };

export type GraphView = {
  root: unknown;
  nodes: Map<string, RawNode>;
  relations: RawRelation[];
  dependencies: RawDependency[];
};

/** The JSON pointer of a node of the graph document. */
export const nodePointer = (id: string): string => `/nodes/${escapePointer(id)}`;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function readView(document: Record<string, unknown>): GraphView {
  const nodes = new Map<string, RawNode>();
  if (isRecord(document.nodes)) {
    for (const [id, value] of Object.entries(document.nodes)) {
      if (!isRecord(value)) continue;
      const kind = value.kind === 'leaf' || value.kind === 'composite' ? value.kind : undefined;
      nodes.set(id, { id, kind, record: value });
    }
  }
  return {
    root: document.root,
    nodes,
    relations: readRelations(document.contains),
    dependencies: readDependencies(document.dependsOn),
  };
}

function readRelations(value: unknown): RawRelation[] {
  if (!Array.isArray(value)) return [];
  const relations: RawRelation[] = [];
  value.forEach((item: unknown, index) => {
    if (!isRecord(item) || typeof item.parent !== 'string' || typeof item.child !== 'string') {
      return;
    }
    relations.push({
      index,
      parent: item.parent,
      child: item.child,
      required: item.required !== false,
      failure: item.failure ?? 'fatal',
      degradeTo: item.degradeTo,
      hasDegradeTo: Object.hasOwn(item, 'degradeTo'),
    });
  });
  return relations;
}

function readDependencies(value: unknown): RawDependency[] {
  if (!Array.isArray(value)) return [];
  const dependencies: RawDependency[] = [];
  value.forEach((item: unknown, index) => {
    if (isRecord(item) && typeof item.source === 'string' && typeof item.target === 'string') {
      dependencies.push({ index, source: item.source, target: item.target });
    }
  });
  return dependencies;
}
