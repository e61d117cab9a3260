// A syntax error is reported once, where it is, with what to do: later errors that follow
// from it are counted, never listed.
import { DocumentError, formatProblem, type Problem } from '../../src/core/errors.js';
import { parseStructuredText, type DocumentFormat } from '../../src/core/graph/parse.js';

function problemsOf(text: string, format: DocumentFormat = 'yaml'): readonly Problem[] {
  try {
    parseStructuredText(text, { source: 'graph.yaml', format, maxBytes: 1 << 20 });
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentError);
    return (error as DocumentError).problems;
  }
  throw new Error('expected a syntax error');
}

const GRAPH_WITH_ONE_TAB = [
  'schemaVersion: "1"',
  'id: g',
  'root: r',
  'nodes:',
  '  r:',
  '    kind: composite',
  '    title: Root',
  '    completion: {op: ref, id: a}',
  '  a:',
  '\tkind: leaf',
  '    title: A',
  '    target: README.md',
  '    verifier: {mode: programmatic, script: file.non_empty}',
  'contains:',
  '  - {parent: r, child: a}',
  '',
].join('\n');

describe('YAML syntax errors', () => {
  test('one tab-indented line gives one problem at its line and column, with the fix', () => {
    const problems = problemsOf(GRAPH_WITH_ONE_TAB);
    expect(problems).toHaveLength(1);
    const [problem] = problems as [Problem];
    expect(problem).toMatchObject({ pointer: '', line: 10, column: 1 });
    expect(problem.message).toMatch(/^YAML: Tabs are not allowed as indentation/);
    expect(problem.message).toContain('YAML indents with spaces, not tabs');
    expect(formatProblem(problem)).toMatch(
      /^\/: YAML: Tabs are not allowed as indentation at line 10, column 1; YAML indents/,
    );
  });

  test('a tab in every line of a block is still one problem, saying how many follow', () => {
    const text = GRAPH_WITH_ONE_TAB.replace(/^ {4}/gm, '\t');
    const problems = problemsOf(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ line: 6, column: 1 });
    expect(problems[0]?.message).toMatch(/\d+ more syntax errors? after it/);
  });

  test('other syntax errors carry their position too', () => {
    const [unclosed] = problemsOf('a: [1, 2\nb: 3\n');
    expect(unclosed?.line).toBe(2);
    expect(unclosed?.column).toBeGreaterThan(0);
    const [duplicate] = problemsOf('a: 1\nb: 2\na: 3\n');
    expect(duplicate).toMatchObject({ line: 3, column: 1 });
    expect(duplicate?.message).toMatch(/^YAML: Map keys must be unique/);
  });

  test('a JSON syntax error carries its position', () => {
    const [problem] = problemsOf('{\n  "a": 1\n  "b": 2\n}', 'json');
    expect(problem).toMatchObject({ pointer: '', line: 3, column: 3 });
  });
});
