import { checkGraph, DEFAULT_COMPILE_LIMITS } from '../../src/core/graph/compile.js';
import { closest } from '../../src/core/suggest.js';

describe('did-you-mean hints', () => {
  test('closest picks the nearest name within two edits, and nothing farther', () => {
    expect(closest('file.exist', ['file.exists', 'file.sha256', 'json.valid'])).toBe('file.exists');
    expect(closest('jsn.valid', ['json.valid', 'dir.non_empty'])).toBe('json.valid');
    expect(closest('deploy', ['file.exists', 'json.valid'])).toBeUndefined();
    expect(closest('vision', ['visoin', 'vision2', 'v'])).toBe('vision2');
  });

  test('the compiler suggests a script and a model alias the host knows', () => {
    const document = {
      schemaVersion: '1',
      id: 'g',
      root: 'root',
      nodes: {
        root: {
          kind: 'composite',
          title: 'R',
          completion: {
            op: 'all',
            items: [
              { op: 'ref', id: 'a' },
              { op: 'ref', id: 'b' },
            ],
          },
        },
        a: {
          kind: 'leaf',
          title: 'A',
          target: 'a',
          verifier: { mode: 'programmatic', script: 'file.exist' },
        },
        b: {
          kind: 'leaf',
          title: 'B',
          target: 'b',
          verifier: { mode: 'agentic', instruction: 'x', model: 'visoin' },
        },
      },
      contains: [
        { parent: 'root', child: 'a' },
        { parent: 'root', child: 'b' },
      ],
    };
    const problems = checkGraph(document, {
      source: 'g',
      limits: DEFAULT_COMPILE_LIMITS,
      host: {
        hasScript: (name) => name === 'file.exists',
        hasModel: (alias) => alias === 'vision',
        scriptNames: () => ['file.exists'],
        modelAliases: () => ['vision', 'default'],
      },
    });
    expect(problems.map((p) => p.message)).toEqual([
      'script "file.exist" is neither a built-in nor in the host script library; did you mean "file.exists"?',
      'model alias "visoin" is not defined under models in host configuration; did you mean "vision"?',
    ]);
  });
});
