import { validateAgainst } from '../../schemas/validate.js';
import { boundProblem, GraphError, type Problem } from '../errors.js';
import { checkExpression, escapePointer, type ExpressionLimits } from '../expression.js';
import { buildCompiledGraph } from './build.js';
import { ruleExcludes } from './excludeRule.js';
import type { CompiledGraph, GraphDocument } from './model.js';
import * as rules from './rules.js';
import { isRecord, readView, type GraphView } from './view.js';

export type CompileLimits = { maxNodes: number; expression: ExpressionLimits };

export type CompileOptions = {
  source: string;
  limits: CompileLimits;
  host: rules.HostCapabilities;
};

export const DEFAULT_COMPILE_LIMITS: CompileLimits = {
  maxNodes: 256,
  expression: { maxDepth: 64, maxNodes: 512 },
};

/** Every problem in the document, schema and semantic alike; empty when it compiles. */
export function checkGraph(document: unknown, options: CompileOptions): Problem[] {
  if (!isRecord(document)) {
    return [
      { pointer: '', message: 'a graph must be a mapping with schemaVersion, id, root and nodes' },
    ];
  }
  const view = readView(document);
  const expressionProblems = checkExpressions(view, options.limits.expression);
  const problems = [
    ...rules.ruleNoMerge(document),
    ...schemaProblems(document),
    ...rules.ruleNodeIds(view),
    ...rules.ruleNodeLimit(view, options.limits.maxNodes),
    ...rules.ruleRoot(view),
    ...rules.ruleEdgeEndpoints(view),
    ...rules.ruleNoDuplicateOrSelfEdges(view),
    ...rules.ruleAcyclic(view),
    ...rules.ruleReachable(view),
    ...rules.ruleCompositeHasChildren(view),
    ...rules.ruleDegrade(view),
    ...rules.ruleTargets(view),
    ...ruleExcludes(view),
    ...rules.ruleVerifierCapabilities(view, options.host),
    ...expressionProblems,
  ];
  return dedupe(problems.map((problem) => boundProblem(withSubject(problem, view))));
}

/** Compiles a parsed document into an immutable graph, or throws every problem at once. */
export function compileGraph(document: unknown, options: CompileOptions): CompiledGraph {
  const problems = checkGraph(document, options);
  if (problems.length > 0) throw new GraphError(options.source, problems);
  return buildCompiledGraph(document as GraphDocument);
}

function schemaProblems(document: Record<string, unknown>): Problem[] {
  const result = validateAgainst('graph', withoutExpressions(document));
  if (result.ok) return [];
  // Completion expressions get precise messages from the expression checker instead, and
  // unsafe node ids from ruleNodeIds (the schema cannot say which key is wrong).
  return result.problems
    .filter((problem) => !/^\/nodes\/[^/]+\/completion(\/|$)/.test(problem.pointer))
    .filter((problem) => !problem.message.startsWith('unknown field "merge"'))
    .filter((problem) => !(problem.pointer === '/nodes' && isPropertyNameProblem(problem)));
}

// The expression checker, bounded by the configured depth and node count, is the authority on
// completion expressions and runs first; the schema sees a placeholder in their place, so its
// cost never depends on an expression's shape.
const PLACEHOLDER_EXPRESSION = { op: 'ref', id: 'placeholder' };

function withoutExpressions(document: Record<string, unknown>): Record<string, unknown> {
  if (!isRecord(document.nodes)) return document;
  // fromEntries defines own properties, so an id such as "__proto__" stays an ordinary key.
  const nodes = Object.fromEntries(
    Object.entries(document.nodes).map(([id, node]) => [
      id,
      isRecord(node) && Object.hasOwn(node, 'completion')
        ? { ...node, completion: PLACEHOLDER_EXPRESSION }
        : node,
    ]),
  );
  return { ...document, nodes };
}

function isPropertyNameProblem(problem: Problem): boolean {
  return (
    problem.message.startsWith('must match') || problem.message.startsWith('has an invalid key')
  );
}

/** Names the node or edge a located problem belongs to, when the rule did not already. */
function withSubject(problem: Problem, view: GraphView): Problem {
  if (problem.subject !== undefined) return problem;
  const node = /^\/nodes\/([^/]+)/.exec(problem.pointer);
  if (node?.[1] !== undefined) {
    return { ...problem, subject: node[1].replace(/~1/g, '/').replace(/~0/g, '~') };
  }
  const edge = /^\/(contains|dependsOn)\/(\d+)(\/|$)/.exec(problem.pointer);
  const index = Number(edge?.[2]);
  if (edge?.[1] === 'contains') {
    const relation = view.relations.find((r) => r.index === index);
    if (relation)
      return { ...problem, subject: rules.relationSubject(relation.parent, relation.child) };
  } else if (edge?.[1] === 'dependsOn') {
    const dependency = view.dependencies.find((d) => d.index === index);
    if (dependency) {
      return { ...problem, subject: rules.dependencySubject(dependency.source, dependency.target) };
    }
  }
  return problem;
}

function checkExpressions(view: GraphView, limits: ExpressionLimits): Problem[] {
  const children = new Map<string, Set<string>>();
  for (const r of view.relations) {
    let set = children.get(r.parent);
    if (!set) children.set(r.parent, (set = new Set()));
    set.add(r.child);
  }
  const problems: Problem[] = [];
  for (const node of view.nodes.values()) {
    if (node.kind !== 'composite' || !Object.hasOwn(node.record, 'completion')) continue;
    const pointer = `/nodes/${escapePointer(node.id)}/completion`;
    const result = checkExpression(
      node.record.completion,
      pointer,
      node.id,
      children.get(node.id) ?? new Set(),
      limits,
    );
    problems.push(...result.problems);
  }
  return problems;
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.pointer}\u0000${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
