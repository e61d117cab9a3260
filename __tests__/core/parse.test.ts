// Reading graph text (DESIGN §2, §8): YAML or JSON into plain data, refusing what is
// ambiguous (duplicate keys), hostile (alias bombs, deep nesting, oversized text) or broken.
import { DocumentError, formatProblem, type Problem } from '../../src/core/errors.js';
import {
  formatFromName,
  parseStructuredText,
  type DocumentFormat,
  type ParseOptions,
} from '../../src/core/graph/parse.js';

const MiB = 1 << 20;

function parse(text: string, format: DocumentFormat, extra: Partial<ParseOptions> = {}): unknown {
  return parseStructuredText(text, { source: 'graph.file', format, maxBytes: MiB, ...extra });
}

/** The one problem message of the DocumentError that parsing `text` throws. */
function refusal(text: string, format: DocumentFormat, extra: Partial<ParseOptions> = {}): string {
  try {
    parse(text, format, extra);
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentError);
    const problems = (error as DocumentError).problems;
    expect(problems.length).toBeGreaterThanOrEqual(1);
    expect(problems.every((p) => p.pointer === '')).toBe(true);
    expect((error as DocumentError).message).toMatch(/^graph\.file: /);
    expect((error as DocumentError).exitCode).toBe(2);
    return problems.map((p) => p.message).join('\n');
  }
  throw new Error(`expected ${JSON.stringify(text.slice(0, 40))} to be refused`);
}

/** The refused document's one problem as "line:column message", from its fields. */
function refusalAt(text: string, format: DocumentFormat): string {
  try {
    parse(text, format);
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentError);
    const problems = (error as DocumentError).problems;
    expect(problems).toHaveLength(1);
    const [problem] = problems as [Problem];
    return `${problem.line}:${problem.column} ${formatProblem(problem)}`;
  }
  throw new Error(`expected ${JSON.stringify(text.slice(0, 40))} to be refused`);
}

const GRAPH = {
  schemaVersion: '1',
  id: 'g',
  root: 'root',
  nodes: {
    root: { kind: 'composite', title: 'Root', completion: { op: 'ref', id: 'a' } },
    a: {
      kind: 'leaf',
      title: 'A',
      target: 'build/a',
      verifier: { mode: 'agentic', instruction: 'Look: is it "ok"?', votes: 3 },
    },
  },
  contains: [{ parent: 'root', child: 'a', required: true }],
};

describe('YAML and JSON', () => {
  test('YAML parses into plain data', () => {
    const text = `schemaVersion: "1"
id: g
root: root
nodes:
  root:
    kind: composite
    title: Root
    completion: {op: ref, id: a}
  a:
    kind: leaf
    title: A
    target: build/a
    verifier:
      mode: agentic
      instruction: 'Look: is it "ok"?'
      votes: 3
contains:
  - {parent: root, child: a, required: true}
`;
    expect(parse(text, 'yaml')).toEqual(GRAPH);
  });

  test('JSON parses into the same data', () => {
    expect(parse(JSON.stringify(GRAPH, null, 2), 'json')).toEqual(GRAPH);
    expect(parse(JSON.stringify(GRAPH), 'json')).toEqual(GRAPH);
  });

  test('YAML follows the 1.2 core schema: yes/no and dates stay strings', () => {
    expect(parse('a: yes\nb: no\nc: 2024-01-01\nd: "1"\ne: 1\nf: ~\ng: on', 'yaml')).toEqual({
      a: 'yes',
      b: 'no',
      c: '2024-01-01',
      d: '1',
      e: 1,
      f: null,
      g: 'on',
    });
  });

  test('plain aliases are resolved', () => {
    expect(parse('a: &x [1, 2]\nb: *x\nc: [*x]', 'yaml')).toEqual({
      a: [1, 2],
      b: [1, 2],
      c: [[1, 2]],
    });
  });

  test('the format follows the file name', () => {
    expect(formatFromName('.dog/graph.json')).toBe('json');
    expect(formatFromName('GRAPH.JSON')).toBe('json');
    expect(formatFromName('.dog/graph.yaml')).toBe('yaml');
    expect(formatFromName('.dog/graph.yml')).toBe('yaml');
    expect(formatFromName('graph')).toBe('yaml');
  });

  test('JSON-only rules hold for .json files (no YAML flow syntax)', () => {
    expect(parse('{a: 1}', 'yaml')).toEqual({ a: 1 });
    expect(refusal('{a: 1}', 'json')).toMatch(/^JSON: /);
    expect(refusal("{'a': 1}", 'json')).toMatch(/^JSON: /);
    expect(refusal('{"a": 1} # note', 'json')).toMatch(/^JSON: /);
  });
});

describe('duplicate keys are refused', () => {
  test.each([
    [
      'a YAML top-level key',
      'a: 1\nb: 2\na: 3\n',
      /^3:1 \/: YAML: Map keys must be unique at line 3, column 1$/,
    ],
    ['a nested YAML key', 'a:\n  x: 1\n  x: 2\n', /^3:3 .*unique at line 3, column 3$/],
    ['a YAML flow key', 'a: {x: 1, x: 2}\n', /^1:(\d+) .*unique at line 1, column \1$/],
  ])('%s', (_name, text, message) => {
    expect(refusalAt(text, 'yaml')).toMatch(message);
  });

  test('JSON {"a":1,"a":2} is refused (JSON.parse alone would keep the last)', () => {
    expect(JSON.parse('{"a":1,"a":2}')).toEqual({ a: 2 });
    expect(refusalAt('{"a":1,"a":2}', 'json')).toMatch(
      /^1:(\d+) \/: JSON: Map keys must be unique at line 1, column \1$/,
    );
  });

  test('a nested JSON duplicate is refused with its line', () => {
    const text = '{\n  "nodes": {\n    "a": {},\n    "b": {},\n    "a": {}\n  }\n}';
    expect(refusalAt(text, 'json')).toMatch(/^5:5 .*unique at line 5, column 5$/);
  });

  test('keys that differ only in case are distinct', () => {
    expect(parse('{"a":1,"A":2}', 'json')).toEqual({ a: 1, A: 2 });
  });
});

describe('alias bombs are refused', () => {
  const laughs = [
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
    'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
    'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
    'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
    'f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]',
    'g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]',
    'h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]',
    'i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]',
  ].join('\n');

  test('billion laughs is refused quickly, with a clear message', () => {
    const started = Date.now();
    expect(refusal(laughs, 'yaml')).toMatch(/^refused: .*alias.*too many YAML aliases/i);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test('the alias budget is configurable', () => {
    const text = 'a: &a [1]\nb: [*a, *a, *a]';
    expect(parse(text, 'yaml', { maxAliasCount: 100 })).toEqual({ a: [1], b: [[1], [1], [1]] });
    expect(refusal(text, 'yaml', { maxAliasCount: 0 })).toMatch(/alias/i);
  });

  test.each([
    ['a sequence inside itself', 'a: &x [1, *x]'],
    ['a mapping inside itself', 'a: &x {b: [1, {c: *x}]}'],
  ])('an alias that puts %s is refused', (_name, text) => {
    expect(refusal(text, 'yaml')).toMatch(/^refused: YAML aliases nest the data inside itself/);
  });

  test('aliases cannot nest data deeper than the limit', () => {
    const anchor = `a: &x ${'['.repeat(200)}${']'.repeat(200)}`;
    const deep = `${anchor}\nb: ${'['.repeat(100)}*x${']'.repeat(100)}`;
    expect(refusal(deep, 'yaml')).toMatch(/deeper than 256 levels/);
    const shallow = `${anchor}\nb: ${'['.repeat(50)}*x${']'.repeat(50)}`;
    expect(parse(shallow, 'yaml')).toHaveProperty('b');
  });
});

describe('deep nesting is refused before it can exhaust the stack', () => {
  const nestedJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  test('nesting at the limit parses', () => {
    expect(parse(nestedJson(256), 'json')).toHaveProperty('a.a.a');
    expect(parse(nestedJson(256), 'yaml')).toHaveProperty('a.a.a');
  });

  test.each([
    ['JSON objects', nestedJson(257), 'json'],
    ['JSON arrays', `${'['.repeat(5000)}${']'.repeat(5000)}`, 'json'],
    ['YAML flow mappings', nestedJson(3000), 'yaml'],
    ['YAML block sequences', `${'- '.repeat(5000)}1\n`, 'yaml'],
    [
      'YAML block mappings',
      Array.from({ length: 300 }, (_, i) => `${' '.repeat(i)}k:`).join('\n') + ' 1\n',
      'yaml',
    ],
  ] as const)('%s', (_name, text, format) => {
    // Twice: a stack overflow inside the YAML composer used to break the next parse.
    expect(refusal(text, format)).toMatch(/^refused: nested deeper than 256 levels/);
    expect(refusal(text, format)).toMatch(/^refused: nested deeper than 256 levels/);
    expect(parse('a: [1]', 'yaml')).toEqual({ a: [1] });
  });

  test('the depth limit is configurable', () => {
    expect(parse(nestedJson(3), 'json', { maxDepth: 3 })).toEqual({ a: { a: { a: 1 } } });
    expect(refusal(nestedJson(4), 'json', { maxDepth: 3 })).toMatch(/deeper than 3 levels/);
  });
});

describe('oversized text is refused', () => {
  test('one byte over the limit is refused, naming both sizes', () => {
    const text = `a: ${'x'.repeat(97)}`; // 100 bytes
    expect(parse(text, 'yaml', { maxBytes: 100 })).toEqual({ a: 'x'.repeat(97) });
    expect(refusal(`${text}x`, 'yaml', { maxBytes: 100 })).toBe(
      'file is 101 bytes, larger than the 100-byte limit',
    );
  });

  test('the limit counts UTF-8 bytes, not characters', () => {
    const text = `a: ${'é'.repeat(40)}`; // 43 characters, 83 bytes
    expect(refusal(text, 'yaml', { maxBytes: 60 })).toMatch(/83 bytes/);
    expect(refusal(JSON.stringify({ a: 'é'.repeat(40) }), 'json', { maxBytes: 60 })).toMatch(
      /larger than the 60-byte limit/,
    );
  });
});

describe('malformed syntax is reported with its line', () => {
  test.each([
    ['bad indentation', 'a:\n  b: 1\n c: 2\n', /^3:(\d+) \/: YAML: .* at line 3, column \1$/],
    [
      'an unclosed flow sequence',
      'a: [1, 2\nb: 3\n',
      /^2:(\d+) \/: YAML: .* at line 2, column \1$/,
    ],
    [
      'a tab as indentation',
      'a:\n\tb: 1\n',
      /^2:1 \/: YAML: .* at line 2, column 1; YAML indents with spaces, not tabs/,
    ],
    ['an unclosed quote', 'a: 1\nb: "open\n', /^(\d+):(\d+) \/: YAML: .* at line \1, column \2$/],
  ])('YAML: %s', (_name, text, message) => {
    expect(refusalAt(text, 'yaml')).toMatch(message);
  });

  test.each([
    ['a missing value', '{\n  "a": 1,\n  "b": \n}', 'line 4, column 1'],
    ['a trailing comma', '{\n  "a": [1, 2,],\n  "b": 1\n}', 'line 2, column 14'],
    ['a missing comma', '{\n  "a": 1\n  "b": 2\n}', 'line 3, column 3'],
    ['an unquoted key', '{\n  a: 1\n}', 'line 2, column 3'],
    ['text after the value', '{"a": 1}\n{"b": 2}', 'line 2, column 1'],
    ['an unterminated string', '{\n"a": "open\n}', 'line 2, column 11'],
    ['a bad escape', '{"a": "\\x"}', 'line 1, column 8'],
    ['a bad literal', '[\n  tru\n]', 'line 2, column 3'],
    ['a leading zero', '[01]', 'line 1, column 3'],
    ['an unclosed object', '{"a": {"b": 1}', 'line 1, column 15'],
    ['an empty file', '', 'line 1, column 1'],
  ])('JSON: %s', (_name, text, where) => {
    const [line, column] = where.replace('line ', '').split(', column ');
    expect(refusalAt(text, 'json')).toMatch(
      new RegExp(`^${line}:${column} /: JSON: .* \\(at ${where}\\)$`, 's'),
    );
  });
});

describe('__proto__ keys do not pollute prototypes', () => {
  afterEach(() => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(Object.prototype).not.toHaveProperty('y');
  });

  test.each([
    ['YAML', '__proto__: {polluted: 1}\na: {__proto__: {polluted: 2}}', 'yaml'],
    ['JSON', '{"__proto__": {"polluted": 1}, "a": {"__proto__": {"polluted": 2}}}', 'json'],
  ] as const)('%s: __proto__ stays an own, plain key', (_name, text, format) => {
    const value = parse(text, format) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'a']);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ polluted: 1 });
    expect((value as { polluted?: unknown }).polluted).toBeUndefined();
    const inner = value.a as Record<string, unknown>;
    expect(Object.getPrototypeOf(inner)).toBe(Object.prototype);
    expect(Object.keys(inner)).toEqual(['__proto__']);
  });

  test('constructor.prototype keys are plain data too', () => {
    const value = parse('{"constructor": {"prototype": {"y": 1}}}', 'json') as Record<
      string,
      unknown
    >;
    expect(Object.keys(value)).toEqual(['constructor']);
    expect(value.constructor).toEqual({ prototype: { y: 1 } });
  });
});
