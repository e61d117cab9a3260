// Which children a completion expression still waits for (DESIGN §3 step 3): a child matters
// only while some subexpression that names it is undecided. Pure.
import { evaluate, type Tri } from '../expression.js';
import type { Expression } from '../types.js';

/**
 * The ids referenced outside every decided subexpression: the children whose outcome can
 * still change the expression's value. Empty once the expression is decided.
 */
export function undecidedRefs(expression: Expression, truth: (id: string) => Tri): Set<string> {
  const refs = new Set<string>();
  const visit = (node: Expression): void => {
    if (evaluate(node, truth) !== 'unknown') return;
    if (node.op === 'ref') refs.add(node.id);
    else if (node.op === 'not') visit(node.item);
    else node.items.forEach(visit);
  };
  visit(expression);
  return refs;
}
