// A problem's JSON pointer is mapped back to the line and column of the source text.
import { checkGraph, DEFAULT_COMPILE_LIMITS } from '../../src/core/graph/compile.js';
import { locateProblems } from '../../src/core/graph/locate.js';
import { parseStructuredText, type DocumentFormat } from '../../src/core/graph/parse.js';

const HOST = { hasScript: (name: string) => name === 'file.exists', hasModel: () => false };

function located(text: string, format: DocumentFormat) {
  const document = parseStructuredText(text, { source: 'g', format, maxBytes: 1 << 20 });
  const problems = checkGraph(document, {
    source: 'g',
    limits: DEFAULT_COMPILE_LIMITS,
    host: HOST,
  });
  return locateProblems(text, problems);
}

const YAML_GRAPH = [
  'schemaVersion: 1', // 1
  'id: g',
  'root: r',
  'nodes:',
  '  r:', // 5
  '    kind: composite',
  '    title: R',
  '    completion: {op: ref, id: a}',
  '  a:',
  '    kind: leaf', // 10
  '    title: A',
  '    target: README.md',
  '    verifier: {mode: programmatic, script: no.such}',
  'contains:',
  '  - {parent: r, child: a}', // 15
  '  - parent: r',
  '    child: ghost',
  '',
].join('\n');

describe('locateProblems', () => {
  test('YAML: each pointer lands on its key, or on the sequence item', () => {
    const problems = located(YAML_GRAPH, 'yaml');
    const at = (pointer: string) => problems.find((p) => p.pointer === pointer);
    expect(at('/schemaVersion')).toMatchObject({ line: 1, column: 1 });
    expect(at('/nodes/a/verifier/script')).toMatchObject({ line: 13, column: 36 });
    expect(at('/contains/1/child')).toMatchObject({ line: 17, column: 5 });
    expect(problems.every((p) => p.line !== undefined)).toBe(true);
  });

  test('JSON: the same pointers land on the quoted keys', () => {
    const text = JSON.stringify(
      {
        schemaVersion: '1',
        id: 'g',
        root: 'r',
        nodes: {
          r: { kind: 'composite', title: 'R', completion: { op: 'ref', id: 'a' } },
          a: {
            kind: 'leaf',
            title: 'A',
            target: 'a',
            verifier: { mode: 'programmatic', script: 'x' },
          },
        },
        contains: [{ parent: 'r', child: 'a' }],
        extra: true,
      },
      null,
      2,
    );
    const problems = located(text, 'json');
    const lines = text.split('\n');
    const script = problems.find((p) => p.pointer === '/nodes/a/verifier/script');
    expect(lines[(script?.line ?? 0) - 1]?.slice((script?.column ?? 0) - 1)).toBe('"script": "x"');
    const extra = problems.find((p) => p.message.includes('"extra"'));
    // An unknown field is reported on the object that holds it: the whole document here.
    expect(extra).toMatchObject({ pointer: '' });
    expect(extra?.line).toBeUndefined();
  });

  test('a pointer through an alias keeps the deepest position the text spells out', () => {
    const text = 'base: &v {mode: programmatic}\nnode:\n  verifier: *v\n';
    const [problem] = locateProblems(text, [{ pointer: '/node/verifier/mode', message: 'm' }]);
    expect(problem).toMatchObject({ line: 3, column: 3 });
  });

  test('text that does not parse, or too deep to compose, keeps the problems as they are', () => {
    const problems = [{ pointer: '/a', message: 'm' }];
    expect(locateProblems('a: [1,\n', problems)).toEqual(problems);
    expect(locateProblems(`${'['.repeat(300)}${']'.repeat(300)}`, problems)).toEqual(problems);
  });
});
