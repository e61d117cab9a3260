// Where a JSON pointer lands in YAML or JSON source text, so a problem can name its line.
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import type { Problem } from '../errors.js';
import { syntaxDepth } from './parse.js';

type Position = { line: number; column: number };

const MAX_DEPTH = 256;

/**
 * The problems with the line and column their pointer reaches in `text` (a mapping entry by
 * its key, a sequence item by its start). A pointer that runs into something the text does
 * not spell out (an alias, a missing key) keeps the deepest position it reached; the whole
 * document ('') and text that does not parse keep no position.
 */
export function locateProblems(text: string, problems: readonly Problem[]): Problem[] {
  if (!problems.some((problem) => problem.line === undefined && problem.pointer !== '')) {
    return [...problems];
  }
  const locate = pointerLocator(text);
  if (!locate) return [...problems];
  return problems.map((problem) => {
    if (problem.line !== undefined || problem.pointer === '') return problem;
    const position = locate(problem.pointer);
    return position ? { ...problem, ...position } : problem;
  });
}

function pointerLocator(text: string): ((pointer: string) => Position | undefined) | undefined {
  // The composer recurses once per level: never compose what parse.ts would refuse.
  if (syntaxDepth(text, MAX_DEPTH) > MAX_DEPTH) return undefined;
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: false });
  if (document.errors.length > 0) return undefined;
  return (pointer) => {
    const offset = offsetOf(document.contents, pointer);
    if (offset === undefined) return undefined;
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
}

function offsetOf(root: unknown, pointer: string): number | undefined {
  let node = root;
  let offset: number | undefined;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const step = childOf(node, segment);
    if (!step) break;
    offset = step.offset;
    node = step.node;
  }
  return offset;
}

function childOf(node: unknown, segment: string): { node: unknown; offset: number } | undefined {
  if (isMap(node)) {
    const pair = node.items.find(
      (item) => isScalar(item.key) && String(item.key.value) === segment,
    );
    const start = (pair?.key as Node | undefined)?.range?.[0];
    return pair && start !== undefined ? { node: pair.value, offset: start } : undefined;
  }
  if (isSeq(node) && /^(0|[1-9]\d*)$/.test(segment)) {
    const item = node.items[Number(segment)] as Node | undefined;
    const start = item?.range?.[0];
    return start === undefined ? undefined : { node: item, offset: start };
  }
  return undefined;
}
