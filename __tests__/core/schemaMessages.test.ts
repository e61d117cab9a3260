// Schema problems say what to write: an unquoted version number is the classic YAML slip.
import { checkGraph, DEFAULT_COMPILE_LIMITS } from '../../src/core/graph/compile.js';
import { parseStructuredText } from '../../src/core/graph/parse.js';

const HOST = { hasScript: (name: string) => name === 'file.exists', hasModel: () => false };

function problemsFor(yaml: string) {
  const document = parseStructuredText(yaml, {
    source: 'g.yaml',
    format: 'yaml',
    maxBytes: 1 << 20,
  });
  return checkGraph(document, { source: 'g.yaml', limits: DEFAULT_COMPILE_LIMITS, host: HOST });
}

const BODY = [
  'id: g',
  'root: r',
  'nodes:',
  '  r: {kind: composite, title: R, completion: {op: ref, id: a}}',
  '  a: {kind: leaf, title: A, target: a, verifier: {mode: programmatic, script: file.exists}}',
  'contains:',
  '  - {parent: r, child: a}',
].join('\n');

describe('schemaVersion', () => {
  test('the number 1 is refused with the fix: quote it', () => {
    const problems = problemsFor(`schemaVersion: 1\n${BODY}\n`);
    expect(problems).toEqual([
      {
        pointer: '/schemaVersion',
        message: 'must be "1" (a string), not the number 1: quote it (schemaVersion: "1")',
      },
    ]);
  });

  test('the quoted string passes and another version says which one is expected', () => {
    expect(problemsFor(`schemaVersion: "1"\n${BODY}\n`)).toEqual([]);
    expect(problemsFor(`schemaVersion: "2"\n${BODY}\n`)).toEqual([
      { pointer: '/schemaVersion', message: 'must be "1"' },
    ]);
  });
});
