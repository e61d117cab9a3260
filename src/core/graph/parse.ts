import { parseDocument, Parser, type YAMLError } from 'yaml';
import { DocumentError, type Problem } from '../errors.js';

export type DocumentFormat = 'yaml' | 'json';

export type ParseOptions = {
  /** Name shown in messages (usually the file path). */
  source: string;
  format: DocumentFormat;
  maxBytes: number;
  /** Aliases allowed before the document is treated as an alias bomb. */
  maxAliasCount?: number;
  /** Deepest nesting of mappings and sequences allowed (default 256). */
  maxDepth?: number;
};

const DEFAULT_MAX_DEPTH = 256;

export function formatFromName(name: string): DocumentFormat {
  return name.toLowerCase().endsWith('.json') ? 'json' : 'yaml';
}

/**
 * Parses YAML or JSON text into plain data. Duplicate keys are an error in both formats
 * (JSON.parse would silently keep the last one), and alias bombs and oversized input are
 * refused before they can cost memory.
 */
export function parseStructuredText(text: string, options: ParseOptions): unknown {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > options.maxBytes) {
    fail(options.source, `file is ${bytes} bytes, larger than the ${options.maxBytes}-byte limit`);
  }
  if (options.format === 'json') checkJsonSyntax(text, options.source);
  // The YAML composer recurses once per level, and a stack overflow inside it can leave the
  // process unable to compile regular expressions: refuse deep nesting before composing.
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (syntaxDepth(text, maxDepth) > maxDepth) {
    fail(options.source, `refused: nested deeper than ${maxDepth} levels; flatten the data`);
  }
  const document = parseDocument(text, { uniqueKeys: true, prettyErrors: true, strict: true });
  const [first, ...rest] = document.errors;
  if (first) {
    throw new DocumentError(options.source, [syntaxProblem(first, rest.length, options.format)]);
  }
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: options.maxAliasCount ?? 100 });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return fail(options.source, `refused: ${message} (too many YAML aliases; write the data out)`);
  }
  // An alias can put a collection inside itself, or nest data deeper than the text shows.
  if (dataDepth(value, maxDepth) > maxDepth) {
    fail(
      options.source,
      `refused: YAML aliases nest the data inside itself or deeper than ${maxDepth} levels; write the data out`,
    );
  }
  return value;
}

function checkJsonSyntax(text: string, source: string): void {
  try {
    JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const { line, column } = lineAndColumn(text, jsonErrorOffset(text));
    const problem = {
      pointer: '',
      message: `JSON: ${message} (at line ${line}, column ${column})`,
    };
    throw new DocumentError(source, [{ ...problem, line, column }]);
  }
}

const HINTS: Record<string, string> = {
  TAB_AS_INDENT: 'YAML indents with spaces, not tabs: replace the tab with spaces',
};

/**
 * The first syntax error only: the parser reports what follows a broken line as broken too
 * (one tab-indented line gives a screenful), so the rest are counted, not listed.
 */
function syntaxProblem(error: YAMLError, more: number, format: DocumentFormat): Problem {
  const text = firstLine(error.message).replace(/:$/, '');
  const hint = HINTS[error.code];
  const after =
    more === 0
      ? ''
      : ` (${more} more syntax error${more === 1 ? '' : 's'} after it, often caused by this one)`;
  const position = error.linePos?.[0];
  return {
    pointer: '',
    message: `${format === 'json' ? 'JSON' : 'YAML'}: ${text}${hint ? `; ${hint}` : ''}${after}`,
    ...(position ? { line: position.line, column: position.col } : {}),
  };
}

const COLLECTIONS = new Set(['flow-collection', 'block-map', 'block-seq']);

/** Nesting depth of the YAML syntax tree (the parser keeps its own stack: no recursion). */
export function syntaxDepth(text: string, limit: number): number {
  let deepest = 0;
  for (const token of new Parser().parse(text)) {
    const stack: [unknown, number][] = [[token, 0]];
    while (stack.length > 0) {
      const [node, depth] = stack.pop() as [unknown, number];
      if (node === null || typeof node !== 'object') continue;
      const record = node as { type?: unknown; value?: unknown; items?: unknown };
      const here = COLLECTIONS.has(String(record.type)) ? depth + 1 : depth;
      if (here > limit) return here;
      deepest = Math.max(deepest, here);
      stack.push([record.value, here]);
      if (!Array.isArray(record.items)) continue;
      for (const item of record.items as { key?: unknown; value?: unknown }[]) {
        stack.push([item.key, here], [item.value, here]);
      }
    }
  }
  return deepest;
}

/** Nesting depth of plain data; Infinity for data that contains itself. */
function dataDepth(root: unknown, limit: number): number {
  if (root === null || typeof root !== 'object') return 0;
  type Frame = { node: object; children: unknown[]; next: number; height: number };
  const heights = new Map<object, number>();
  const onPath = new Set<object>();
  const frames: Frame[] = [];
  const open = (node: object): void => {
    onPath.add(node);
    frames.push({ node, children: Object.values(node), next: 0, height: 1 });
  };
  open(root);
  while (frames.length > 0) {
    if (frames.length > limit) return frames.length;
    const frame = frames[frames.length - 1] as Frame;
    if (frame.next < frame.children.length) {
      const child = frame.children[frame.next++];
      if (child === null || typeof child !== 'object') continue;
      if (onPath.has(child)) return Infinity;
      const known = heights.get(child);
      if (known === undefined) open(child);
      else frame.height = Math.max(frame.height, known + 1);
      continue;
    }
    frames.pop();
    onPath.delete(frame.node);
    heights.set(frame.node, frame.height);
    const parent = frames[frames.length - 1];
    if (parent) parent.height = Math.max(parent.height, frame.height + 1);
  }
  return heights.get(root) ?? 0;
}

/** Where JSON.parse gave up (its messages carry no line): the first offending offset. */
function jsonErrorOffset(text: string): number {
  const closers: string[] = [];
  let expect: 'value' | 'firstValue' | 'key' | 'firstKey' | 'colon' | 'next' = 'value';
  let i = 0;
  for (;;) {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
    if (i >= text.length) return i;
    const ch = text[i] as string;
    if (expect === 'next') {
      const closer = closers[closers.length - 1];
      if (closer === undefined) return i;
      if (ch === closer) {
        closers.pop();
        i++;
      } else if (ch === ',') {
        i++;
        expect = closer === '}' ? 'key' : 'value';
      } else return i;
    } else if (expect === 'colon') {
      if (ch !== ':') return i;
      i++;
      expect = 'value';
    } else if ((expect === 'firstKey' && ch === '}') || (expect === 'firstValue' && ch === ']')) {
      closers.pop();
      i++;
      expect = 'next';
    } else if (expect === 'key' || expect === 'firstKey') {
      if (ch !== '"') return i;
      const end = jsonStringEnd(text, i);
      if (end.error) return end.at;
      i = end.at;
      expect = 'colon';
    } else if (ch === '{' || ch === '[') {
      closers.push(ch === '{' ? '}' : ']');
      i++;
      expect = ch === '{' ? 'firstKey' : 'firstValue';
    } else if (ch === '"') {
      const end = jsonStringEnd(text, i);
      if (end.error) return end.at;
      i = end.at;
      expect = 'next';
    } else {
      const scalar = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
      scalar.lastIndex = i;
      const match = scalar.exec(text);
      if (!match) return i;
      i += match[0].length;
      expect = 'next';
    }
  }
}

function jsonStringEnd(text: string, start: number): { error: boolean; at: number } {
  let i = start + 1;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 0x22) return { error: false, at: i + 1 };
    if (code < 0x20) return { error: true, at: i };
    if (code === 0x5c) {
      const next = text[i + 1] ?? '';
      const valid =
        next === 'u'
          ? /^[0-9A-Fa-f]{4}$/.test(text.slice(i + 2, i + 6))
          : '"\\/bfnrt'.includes(next);
      if (!valid || next === '') return { error: true, at: i };
      i += next === 'u' ? 6 : 2;
    } else i++;
  }
  return { error: true, at: i };
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

function fail(source: string, message: string): never {
  throw new DocumentError(source, [{ pointer: '', message }]);
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
