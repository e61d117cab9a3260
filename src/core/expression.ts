// Completion expressions: a restricted AST checked against its composite and evaluated in
// Kleene three-valued logic. Nothing here interprets text as code.
import { echoJson, quoted } from './echo.js';
import type { Problem } from './errors.js';
import type { Expression } from './types.js';

export type Tri = true | false | 'unknown';

export type ExpressionLimits = { maxDepth: number; maxNodes: number };

const OPS = new Set(['ref', 'all', 'any', 'not', 'atLeast']);
const KEYS: Record<Expression['op'], readonly string[]> = {
  ref: ['op', 'id'],
  all: ['op', 'items'],
  any: ['op', 'items'],
  not: ['op', 'item'],
  atLeast: ['op', 'count', 'items'],
};

type CheckContext = {
  childIds: ReadonlySet<string>;
  limits: ExpressionLimits;
  subject: string;
  problems: Problem[];
  nodes: number;
  refs: Set<string>;
};

/**
 * Type-checks untrusted data as a completion expression for the composite `subject` whose
 * direct children are `childIds`. Returns every problem found and the ids it refers to.
 */
export function checkExpression(
  value: unknown,
  pointer: string,
  subject: string,
  childIds: ReadonlySet<string>,
  limits: ExpressionLimits,
): { problems: Problem[]; refs: Set<string> } {
  const context: CheckContext = {
    childIds,
    limits,
    subject,
    problems: [],
    nodes: 0,
    refs: new Set(),
  };
  checkNode(value, pointer, 1, context);
  if (context.nodes > limits.maxNodes) {
    report(
      context,
      pointer,
      `expression has ${context.nodes} nodes, more than the limit of ${limits.maxNodes} (limits.maxExpressionNodes)`,
    );
  }
  return { problems: context.problems, refs: context.refs };
}

function report(context: CheckContext, pointer: string, message: string): void {
  context.problems.push({ pointer, subject: context.subject, message });
}

function checkNode(value: unknown, pointer: string, depth: number, context: CheckContext): void {
  context.nodes += 1;
  if (depth > context.limits.maxDepth) {
    report(
      context,
      pointer,
      `expression is nested deeper than ${context.limits.maxDepth} (limits.maxExpressionDepth)`,
    );
    return;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    report(context, pointer, 'an expression must be an object such as {op: ref, id: child}');
    return;
  }
  const record = value as Record<string, unknown>;
  const op = record.op;
  if (typeof op !== 'string' || !OPS.has(op)) {
    report(
      context,
      `${pointer}/op`,
      `op must be one of ref, all, any, not, atLeast (got ${echoJson(op)})`,
    );
    return;
  }
  const allowed = KEYS[op as Expression['op']];
  for (const key of Object.keys(record)) {
    if (!allowed.includes(key)) {
      report(
        context,
        `${pointer}/${escapePointer(key)}`,
        `unknown field ${quoted(key)} in a ${op} expression (allowed: ${allowed.join(', ')})`,
      );
    }
  }
  checkOperands(op as Expression['op'], record, pointer, depth, context);
}

function checkOperands(
  op: Expression['op'],
  record: Record<string, unknown>,
  pointer: string,
  depth: number,
  context: CheckContext,
): void {
  if (op === 'ref') return checkRef(record.id, `${pointer}/id`, context);
  if (op === 'not') {
    if (!('item' in record)) return report(context, pointer, 'a not expression needs an "item"');
    return checkNode(record.item, `${pointer}/item`, depth + 1, context);
  }
  const items = record.items;
  if (!Array.isArray(items) || items.length === 0) {
    return report(context, `${pointer}/items`, `${op} needs a non-empty "items" list`);
  }
  if (op === 'atLeast') checkCount(record.count, items.length, `${pointer}/count`, context);
  items.forEach((item, index) => checkNode(item, `${pointer}/items/${index}`, depth + 1, context));
}

function checkRef(id: unknown, pointer: string, context: CheckContext): void {
  if (typeof id !== 'string') return report(context, pointer, 'ref needs an "id" string');
  if (!context.childIds.has(id)) {
    return report(
      context,
      pointer,
      `ref ${quoted(id)} is not a direct child of ${quoted(context.subject)} (its children: ${childList(context.childIds)})`,
    );
  }
  context.refs.add(id);
}

function checkCount(count: unknown, length: number, pointer: string, context: CheckContext): void {
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > length) {
    report(
      context,
      pointer,
      `atLeast count must be an integer from 1 to ${length} (the number of items), got ${echoJson(count)}`,
    );
  }
}

const LISTED_CHILDREN = 10;

function childList(childIds: ReadonlySet<string>): string {
  const sorted = [...childIds].sort();
  if (sorted.length === 0) return 'none';
  const shown = sorted.slice(0, LISTED_CHILDREN).join(', ');
  const more = sorted.length - LISTED_CHILDREN;
  return more > 0 ? `${shown}, and ${more} more` : shown;
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Evaluates a checked expression; `lookup` gives each referenced child's truth value. */
export function evaluate(expression: Expression, lookup: (id: string) => Tri): Tri {
  switch (expression.op) {
    case 'ref':
      return lookup(expression.id);
    case 'not': {
      const inner = evaluate(expression.item, lookup);
      return inner === 'unknown' ? 'unknown' : !inner;
    }
    case 'all':
      return atLeast(expression.items.length, expression.items, lookup);
    case 'any':
      return atLeast(1, expression.items, lookup);
    case 'atLeast':
      return atLeast(expression.count, expression.items, lookup);
  }
}

/** True once `count` items are true; false once too few can still become true. */
function atLeast(count: number, items: readonly Expression[], lookup: (id: string) => Tri): Tri {
  let trues = 0;
  let unknowns = 0;
  for (const item of items) {
    const value = evaluate(item, lookup);
    if (value === true) trues += 1;
    else if (value === 'unknown') unknowns += 1;
  }
  if (trues >= count) return true;
  if (trues + unknowns < count) return false;
  return 'unknown';
}
