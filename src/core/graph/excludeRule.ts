// Compiler rule for `exclude` on a leaf or an assert: each pattern's spelling, the count, and
// one exclude list per target (a target is captured once per run, so every goal naming it
// must describe the same capture).
import type { Problem } from '../errors.js';
import { escapePointer } from '../expression.js';
import { canonicalExcludes, excludeSyntaxError, MAX_EXCLUDES } from './excludeGlob.js';
import { normalizeTarget, targetSyntaxError } from './targetSyntax.js';
import { isRecord, type GraphView } from './view.js';

type Spec = { subject: string; pointer: string; target: string; exclude: readonly string[] };

export function ruleExcludes(view: GraphView): Problem[] {
  const problems: Problem[] = [];
  const specs: Spec[] = [];
  for (const node of view.nodes.values()) {
    const base = `/nodes/${escapePointer(node.id)}`;
    const read = (holder: Record<string, unknown>, pointer: string): void => {
      const spec = readSpec(holder, node.id, pointer, problems);
      if (spec) specs.push(spec);
    };
    read(node.record, base);
    if (isRecord(node.record.assert)) read(node.record.assert, `${base}/assert`);
  }
  return [...problems, ...conflicts(specs)];
}

function readSpec(
  holder: Record<string, unknown>,
  subject: string,
  pointer: string,
  problems: Problem[],
): Spec | undefined {
  const { target, exclude } = holder;
  if (typeof target !== 'string' || targetSyntaxError(target) !== undefined) return undefined;
  if (exclude === undefined)
    return { subject, pointer, target: normalizeTarget(target), exclude: [] };
  if (!Array.isArray(exclude)) return undefined; // the schema says what is wrong
  if (exclude.length > MAX_EXCLUDES) {
    problems.push({
      pointer: `${pointer}/exclude`,
      subject,
      message: `exclude lists ${exclude.length} patterns, more than ${MAX_EXCLUDES}; exclude a parent directory instead, or target a narrower directory`,
    });
    return undefined;
  }
  let usable = true;
  exclude.forEach((pattern: unknown, index) => {
    if (typeof pattern !== 'string') return void (usable = false);
    const error = excludeSyntaxError(pattern);
    if (error === undefined) return;
    usable = false;
    problems.push({ pointer: `${pointer}/exclude/${index}`, subject, message: error });
  });
  if (!usable) return undefined;
  const canonical = canonicalExcludes(exclude as string[]);
  return { subject, pointer, target: normalizeTarget(target), exclude: canonical };
}

function conflicts(specs: readonly Spec[]): Problem[] {
  const first = new Map<string, Spec>();
  const problems: Problem[] = [];
  for (const spec of specs) {
    const earlier = first.get(spec.target);
    if (!earlier) {
      first.set(spec.target, spec);
      continue;
    }
    if (earlier.exclude.join('\0') === spec.exclude.join('\0')) continue;
    problems.push({
      pointer: `${spec.pointer}/exclude`,
      subject: spec.subject,
      message: `target ${JSON.stringify(spec.target)} is also the target of "${earlier.subject}" with ${describe(earlier.exclude)}, but here with ${describe(spec.exclude)}; a target is captured once per run, so give every goal on it the same exclude list`,
    });
  }
  return problems;
}

function describe(exclude: readonly string[]): string {
  return exclude.length === 0 ? 'no exclude' : `exclude ${JSON.stringify(exclude)}`;
}
