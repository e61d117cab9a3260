// DESIGN §2: every compiler rule, positive and negative, plus the compiled graph's guarantees.
import { DocumentError, GraphError, type Problem } from '../../src/core/errors.js';
import { DEFAULT_COMPILE_LIMITS, type CompileLimits } from '../../src/core/graph/compile.js';
import { parseStructuredText } from '../../src/core/graph/parse.js';
import {
  agenticLeaf,
  all,
  allOf,
  any,
  atLeast,
  BUILTIN_SCRIPTS,
  clone,
  compile,
  composite,
  doc,
  edge,
  flatDoc,
  leaf,
  not,
  problemsOf,
  ref,
  rootOf,
  settle,
  statesOf,
  type Doc,
} from './fixtures.js';

type Expected = { pointer: string; subject?: string; message: RegExp };

/** The problems are exactly the expected ones (any order), each fully located. */
function expectProblems(problems: Problem[], ...expected: Expected[]): void {
  expect(problems).toHaveLength(expected.length);
  for (const want of expected) {
    expect(problems).toContainEqual({
      pointer: want.pointer,
      ...(want.subject === undefined ? {} : { subject: want.subject }),
      message: expect.stringMatching(want.message),
    });
  }
}

function expectCompiles(document: Doc, limits?: CompileLimits): void {
  expect(problemsOf(document, limits)).toEqual([]);
  expect(() => compile(document, limits)).not.toThrow();
}

/** compileGraph throws a GraphError carrying the same problems checkGraph returns. */
function compileError(document: unknown): GraphError {
  try {
    compile(document);
  } catch (error) {
    if (error instanceof GraphError) return error;
    throw error;
  }
  throw new Error('expected the graph to be rejected');
}

/** root → {a, b, c}, all leaves; b is agentic. */
function base(): Doc {
  return doc({
    nodes: {
      root: composite(allOf('a', 'b', 'c')),
      a: leaf('build/a.txt'),
      b: agenticLeaf('build/b.png'),
      c: leaf('build/c'),
    },
    contains: [edge('root', 'a'), edge('root', 'b'), edge('root', 'c')],
  });
}

/** root → {mid, x}; mid → {y}. */
function nested(): Doc {
  return doc({
    nodes: {
      root: composite(allOf('mid', 'x')),
      mid: composite(ref('y')),
      x: leaf('x'),
      y: leaf('y'),
    },
    contains: [edge('root', 'mid'), edge('root', 'x'), edge('mid', 'y')],
  });
}

const DESIGN_EXAMPLE = `# yaml-language-server: $schema=../schemas/graph.schema.json
schemaVersion: "1"
id: deck-quality
root: root
nodes:
  root:
    kind: composite
    title: Deliver an acceptable deck
    completion: {op: all, items: [{op: ref, id: renders}, {op: ref, id: page3}, {op: ref, id: brand}]}
  renders:
    kind: leaf
    title: Every page renders
    target: build/pages
    verifier: {mode: programmatic, script: dir.non_empty}
  page3:
    kind: leaf
    title: Page 3 figure 2 has no text occlusion
    target: build/pages/page-03.png
    verifier: {mode: agentic, instruction: "Check whether any text overlaps figure 2 ..."}
  brand:
    kind: leaf
    title: Brand colours are used
    target: build/pages
    verifier: {mode: agentic, instruction: "...", votes: 3}
contains:
  - {parent: root, child: renders, failure: fatal}
  - {parent: root, child: page3, failure: fatal}
  - {parent: root, child: brand, failure: tolerable}
dependsOn:
  - {source: page3, target: renders}
`;

describe('the example graph of DESIGN §2', () => {
  test('parses and compiles into nodes, relations, dependencies and work items', () => {
    const document = parseStructuredText(DESIGN_EXAMPLE, {
      source: 'graph.yaml',
      format: 'yaml',
      maxBytes: 1 << 20,
    });
    const graph = compile(document);
    expect(graph.id).toBe('deck-quality');
    expect([...graph.nodes.keys()].sort()).toEqual(['brand', 'page3', 'renders', 'root']);
    expect(graph.parents.get('brand')).toEqual([
      { parent: 'root', child: 'brand', required: true, failure: 'tolerable' },
    ]);
    expect(graph.dependencies.get('page3')).toEqual(['renders']);
    expect(graph.dependents.get('renders')).toEqual(['page3']);
    expect(graph.workItems.map((item) => item.key).sort()).toEqual(['brand', 'page3', 'renders']);
    expect(graph.targets).toEqual(['build/pages', 'build/pages/page-03.png']);
    // Every node comes after what it needs.
    const at = (id: string) => graph.orderIndex.get(id) as number;
    expect(at('renders')).toBeLessThan(at('page3'));
    expect(at('page3')).toBeLessThan(at('root'));
    expect(at('brand')).toBeLessThan(at('root'));
  });
});

describe('ids are safe and unique', () => {
  test('letters, digits, ".", "_" and "-" up to 128 characters compile', () => {
    const long = `a${'b'.repeat(127)}`;
    const document = flatDoc(['a.b_c-d', '9lives', long]);
    expectCompiles(document);
  });

  const unsafe = /^node id ".+" is not safe: use 1 to 128 letters, digits, "\.", "_" or "-"/;

  test('an unsafe node id is reported at that node, naming it', () => {
    const document = base();
    document.nodes['-dash'] = leaf('d');
    document.nodes.root = composite(allOf('a', 'b', 'c', '-dash'));
    document.contains.push(edge('root', '-dash'));
    expectProblems(
      problemsOf(document),
      { pointer: '/nodes/-dash', subject: '-dash', message: unsafe },
      { pointer: '/contains/3/child', subject: 'contains root → -dash', message: /must match/ },
    );
  });

  test.each([
    ['too long', `a${'b'.repeat(128)}`, `a${'b'.repeat(128)}`],
    ['with a slash', 'a/b', 'a~1b'],
    ['with a space', 'a b', 'a b'],
    ['starting with an underscore', '_x', '_x'],
  ])('a node id %s is refused', (_name, id, escaped) => {
    const document = base();
    document.nodes[id] = leaf('d');
    const problems = problemsOf(document);
    expect(problems).toContainEqual({
      pointer: `/nodes/${escaped}`,
      subject: id,
      message: expect.stringContaining(`node id "${id}" is not safe`),
    });
    expect(problems.filter((p) => p.pointer === '/nodes')).toEqual([]);
  });

  test('an unsafe id in an edge is reported at the edge', () => {
    const document = base();
    document.dependsOn.push({ source: 'a', target: '../etc' });
    const problems = problemsOf(document);
    expect(problems).toContainEqual({
      pointer: '/dependsOn/0/target',
      subject: 'dependsOn a → ../etc',
      message: expect.stringMatching(/must match/),
    });
  });

  test('a node id defined twice is refused when the file is read, with its line', () => {
    const text = [
      'schemaVersion: "1"',
      'id: g',
      'root: root',
      'nodes:',
      '  a: {kind: leaf, title: A, target: a, verifier: {mode: programmatic, script: file.exists}}',
      '  a: {kind: leaf, title: B, target: b, verifier: {mode: programmatic, script: file.exists}}',
    ].join('\n');
    expect(() =>
      parseStructuredText(text, { source: 'graph.yaml', format: 'yaml', maxBytes: 1 << 20 }),
    ).toThrow(DocumentError);
    try {
      parseStructuredText(text, { source: 'graph.yaml', format: 'yaml', maxBytes: 1 << 20 });
    } catch (error) {
      const problems = (error as DocumentError).problems;
      expect(problems[0]).toMatchObject({ line: 6, column: 3 });
      expect(problems[0]?.message).toMatch(/unique/);
    }
  });
});

describe('the root exists, is reachable and hard', () => {
  test('a hard root (explicit or default) compiles', () => {
    const document = base();
    expectCompiles(document);
    document.nodes.root = { ...document.nodes.root, constraint: 'hard' };
    expectCompiles(document);
  });

  test('a soft node below the root compiles', () => {
    const document = base();
    document.nodes.a = { ...document.nodes.a, constraint: 'soft' };
    expectCompiles(document);
  });

  test('a missing root is reported at /root', () => {
    const document = base();
    document.root = 'top';
    const problems = problemsOf(document);
    expect(problems).toContainEqual({
      pointer: '/root',
      message: expect.stringMatching(/root "top" is not a node/),
    });
  });

  test('a soft root is refused', () => {
    const document = base();
    document.nodes.root = { ...document.nodes.root, constraint: 'soft' };
    expectProblems(problemsOf(document), {
      pointer: '/nodes/root/constraint',
      subject: 'root',
      message: /root must be a hard constraint/,
    });
  });

  test('a node above the root is not reachable from it', () => {
    const document = base();
    document.nodes.top = composite(ref('root'));
    document.contains.push(edge('top', 'root'));
    expectProblems(problemsOf(document), {
      pointer: '/nodes/top',
      subject: 'top',
      message: /"top" is not reachable from the root "root"/,
    });
  });
});

describe('every node is reachable from the root', () => {
  test('a node reachable through several parents compiles', () => {
    const document = nested();
    document.contains.push(edge('root', 'y'));
    document.nodes.root = composite(allOf('mid', 'x', 'y'));
    expectCompiles(document);
  });

  test('an orphan is reported, even when something depends on it', () => {
    const document = base();
    document.nodes.orphan = leaf('o');
    document.dependsOn.push({ source: 'a', target: 'orphan' });
    expectProblems(problemsOf(document), {
      pointer: '/nodes/orphan',
      subject: 'orphan',
      message: /"orphan" is not reachable from the root "root" through contains edges/,
    });
  });
});

describe('a leaf has target and verifier and no completion', () => {
  test('a leaf with both verifier shapes compiles', () => {
    const document = base();
    document.nodes.b = agenticLeaf('b', { votes: 3, model: 'vision' });
    document.nodes.a = {
      ...leaf('a', 'text.includes'),
      verifier: { mode: 'programmatic', script: 'text.includes', params: { text: 'x' } },
      reuse: 'never',
      description: 'why',
    };
    expectCompiles(document);
  });

  test.each(['target', 'verifier'])('a leaf without %s is refused', (field) => {
    const document = base();
    delete document.nodes.a?.[field];
    expectProblems(problemsOf(document), {
      pointer: '/nodes/a',
      subject: 'a',
      message: new RegExp(`missing required field "${field}"`),
    });
  });

  test('a leaf with a completion is refused', () => {
    const document = base();
    document.nodes.a = { ...document.nodes.a, completion: ref('b') };
    expectProblems(problemsOf(document), {
      pointer: '/nodes/a',
      subject: 'a',
      message: /unknown field "completion"/,
    });
  });

  test('a leaf cannot contain children', () => {
    const document = base();
    document.contains.push(edge('a', 'b'));
    expectProblems(problemsOf(document), {
      pointer: '/contains/3/parent',
      subject: 'contains a → b',
      message: /"a" is a leaf and cannot contain children/,
    });
  });

  test('a verifier carries exactly one shape', () => {
    const document = base();
    document.nodes.a = {
      ...document.nodes.a,
      verifier: { mode: 'programmatic', script: 'file.exists', instruction: 'also this' },
    };
    document.nodes.b = { ...document.nodes.b, verifier: { mode: 'shell', command: 'rm -rf /' } };
    const problems = problemsOf(document);
    expect(problems).toContainEqual({
      pointer: '/nodes/a/verifier',
      subject: 'a',
      message: expect.stringMatching(/unknown field "instruction"/),
    });
    expect(problems).toContainEqual({
      pointer: '/nodes/b/verifier/mode',
      subject: 'b',
      message: expect.stringMatching(/"programmatic", "agentic"/),
    });
  });
});

describe('a composite has children and a completion', () => {
  test('a composite with one child compiles', () => {
    expectCompiles(flatDoc(['only']));
  });

  test('a composite without children is refused', () => {
    const document = base();
    document.nodes.empty = composite(ref('a'));
    document.contains.push(edge('root', 'empty'));
    document.nodes.root = composite(allOf('a', 'b', 'c', 'empty'));
    const problems = problemsOf(document);
    expect(problems).toContainEqual({
      pointer: '/nodes/empty',
      subject: 'empty',
      message: expect.stringMatching(/composite "empty" has no children/),
    });
  });

  test('a composite without a completion is refused', () => {
    const document = base();
    delete document.nodes.root?.completion;
    expectProblems(problemsOf(document), {
      pointer: '/nodes/root',
      subject: 'root',
      message: /missing required field "completion"/,
    });
  });

  test('a composite with a target or verifier of its own is refused', () => {
    const document = base();
    document.nodes.root = { ...document.nodes.root, target: 'x' };
    expectProblems(problemsOf(document), {
      pointer: '/nodes/root',
      subject: 'root',
      message: /unknown field "target"/,
    });
  });

  test('a node without a kind is refused', () => {
    const document = base();
    delete document.nodes.a?.kind;
    expect(problemsOf(document)).toContainEqual({
      pointer: '/nodes/a',
      subject: 'a',
      message: 'missing required field "kind"',
    });
  });
});

describe('a composite may carry an assert', () => {
  const withAssert = (assert: unknown): Doc => {
    const document = base();
    document.nodes.root = { ...document.nodes.root, assert };
    return document;
  };

  test('an assert with a target and a verifier compiles into a work item', () => {
    const document = withAssert({
      target: 'build/deck.pdf',
      verifier: { mode: 'agentic', instruction: 'Is the whole deck coherent?', model: 'default' },
      reuse: 'never',
    });
    const graph = compile(document);
    expect(graph.workItems).toContainEqual({
      key: 'root#assert',
      goalId: 'root',
      role: 'assert',
      target: 'build/deck.pdf',
      verifier: { mode: 'agentic', instruction: 'Is the whole deck coherent?', model: 'default' },
      reuse: 'never',
    });
  });

  test('an assert without a target is refused', () => {
    const document = withAssert({ verifier: { mode: 'programmatic', script: 'file.exists' } });
    expectProblems(problemsOf(document), {
      pointer: '/nodes/root/assert',
      subject: 'root',
      message: /missing required field "target"/,
    });
  });

  test('an assert target and verifier are checked like a leaf', () => {
    const document = withAssert({
      target: '../outside',
      verifier: { mode: 'programmatic', script: 'not.there' },
    });
    expectProblems(
      problemsOf(document),
      { pointer: '/nodes/root/assert/target', subject: 'root', message: /"\.\." segment/ },
      { pointer: '/nodes/root/assert/verifier/script', subject: 'root', message: /"not\.there"/ },
    );
  });

  test('a leaf cannot carry an assert', () => {
    const document = base();
    document.nodes.a = {
      ...document.nodes.a,
      assert: { target: 'a', verifier: { mode: 'programmatic', script: 'file.exists' } },
    };
    expectProblems(problemsOf(document), {
      pointer: '/nodes/a',
      subject: 'a',
      message: /unknown field "assert"/,
    });
  });
});

describe('edges', () => {
  test('contains and dependsOn between existing nodes compile', () => {
    const document = base();
    document.dependsOn.push({ source: 'b', target: 'a' }, { source: 'c', target: 'a' });
    expectCompiles(document);
  });

  test('every endpoint must exist', () => {
    const document = base();
    document.contains.push(edge('root', 'ghost'));
    document.dependsOn.push({ source: 'phantom', target: 'a' });
    document.dependsOn.push({ source: 'a', target: 'spectre' });
    expectProblems(
      problemsOf(document),
      { pointer: '/contains/3/child', subject: 'contains root → ghost', message: /"ghost"/ },
      {
        pointer: '/dependsOn/0/source',
        subject: 'dependsOn phantom → a',
        message: /source "phantom" is not a node/,
      },
      {
        pointer: '/dependsOn/1/target',
        subject: 'dependsOn a → spectre',
        message: /target "spectre" is not a node/,
      },
    );
  });

  test('a missing parent is reported too', () => {
    const document = base();
    document.contains.push(edge('nobody', 'a'));
    expect(problemsOf(document)).toContainEqual({
      pointer: '/contains/3/parent',
      subject: 'contains nobody → a',
      message: expect.stringMatching(/parent "nobody" is not a node/),
    });
  });

  test('duplicate contains edges are refused, even with different policies', () => {
    const document = base();
    document.contains.push(edge('root', 'b', { failure: 'tolerable' }));
    expectProblems(problemsOf(document), {
      pointer: '/contains/3',
      subject: 'contains root → b',
      message: /duplicate edge \(first defined at index 1\)/,
    });
  });

  test('duplicate dependsOn edges are refused', () => {
    const document = base();
    document.dependsOn.push({ source: 'b', target: 'a' }, { source: 'b', target: 'a' });
    expectProblems(problemsOf(document), {
      pointer: '/dependsOn/1',
      subject: 'dependsOn b → a',
      message: /duplicate edge \(first defined at index 0\)/,
    });
  });

  test('the same pair may appear once as contains and once as dependsOn', () => {
    const document = nested();
    document.dependsOn.push({ source: 'mid', target: 'y' });
    expectCompiles(document);
  });

  test('a node cannot contain itself', () => {
    const document = nested();
    document.contains.push(edge('mid', 'mid'));
    expectProblems(problemsOf(document), {
      pointer: '/contains/3',
      subject: 'contains mid → mid',
      message: /"mid" cannot point to itself/,
    });
  });

  test('a node cannot depend on itself', () => {
    const document = base();
    document.dependsOn.push({ source: 'a', target: 'a' });
    expectProblems(problemsOf(document), {
      pointer: '/dependsOn/0',
      subject: 'dependsOn a → a',
      message: /"a" cannot point to itself/,
    });
  });

  test('an edge with an unknown field or policy is refused', () => {
    const document = base();
    document.contains[0] = { ...document.contains[0], weight: 2 };
    document.contains[1] = { ...document.contains[1], failure: 'ignore' };
    const problems = problemsOf(document);
    expect(problems).toContainEqual(
      expect.objectContaining({
        pointer: '/contains/0',
        message: expect.stringMatching(/unknown field "weight"/),
      }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({
        pointer: '/contains/1/failure',
        message: expect.stringMatching(/"fatal", "tolerable", "degrade"/),
      }),
    );
  });
});

describe('acyclic over contains ∪ dependsOn', () => {
  test('a diamond (shared child plus a dependency across) compiles', () => {
    const document = nested();
    document.nodes.root = composite(allOf('mid', 'x', 'y'));
    document.contains.push(edge('root', 'y'));
    document.dependsOn.push({ source: 'x', target: 'mid' }, { source: 'x', target: 'y' });
    expectCompiles(document);
  });

  test('a containment cycle is refused', () => {
    const document = nested();
    document.nodes.y = composite(ref('mid'));
    document.contains.push(edge('y', 'mid'));
    const problems = problemsOf(document);
    expect(problems).toContainEqual({
      pointer: expect.stringMatching(/^\/contains\/\d+$/),
      subject: 'mid → y → mid',
      message: expect.stringMatching(/cycle over contains\/dependsOn edges: mid → y → mid/),
    });
  });

  test('a dependency cycle is refused', () => {
    const document = base();
    document.dependsOn.push({ source: 'a', target: 'b' }, { source: 'b', target: 'c' });
    document.dependsOn.push({ source: 'c', target: 'a' });
    const problems = problemsOf(document);
    expect(problems).toEqual([
      {
        pointer: expect.stringMatching(/^\/dependsOn\/[0-2]$/),
        subject: 'a → b → c → a',
        message: expect.stringMatching(/cycle over contains\/dependsOn edges: a → b → c → a/),
      },
    ]);
  });

  test('a cycle that exists only through the union is refused', () => {
    // contains alone (mid → y) and dependsOn alone (y → mid) are both acyclic.
    const document = nested();
    document.dependsOn.push({ source: 'y', target: 'mid' });
    expectProblems(problemsOf(document), {
      pointer: '/dependsOn/0',
      subject: 'mid → y → mid',
      message: /cycle over contains\/dependsOn edges: mid → y → mid; the graph must be acyclic/,
    });
  });

  test('depending on an ancestor through a longer path is a cycle', () => {
    const document = nested();
    document.dependsOn.push({ source: 'y', target: 'root' });
    expect(problemsOf(document)).toContainEqual(
      expect.objectContaining({ message: expect.stringMatching(/cycle/) }),
    );
  });
});

describe('degradeTo', () => {
  test('degrade naming a sibling compiles', () => {
    const document = base();
    document.contains[0] = edge('root', 'a', { failure: 'degrade', degradeTo: 'c' });
    expectCompiles(document);
  });

  test('degrade needs degradeTo', () => {
    const document = base();
    document.contains[0] = edge('root', 'a', { failure: 'degrade' });
    expectProblems(problemsOf(document), {
      pointer: '/contains/0',
      subject: 'contains root → a',
      message: /failure: degrade needs degradeTo/,
    });
  });

  test.each([['fatal'], ['tolerable'], [undefined]] as const)(
    'degradeTo with failure %s is refused',
    (failure) => {
      const document = base();
      document.contains[0] = { ...edge('root', 'a', { degradeTo: 'c' }), failure };
      if (failure === undefined) delete document.contains[0].failure;
      expectProblems(problemsOf(document), {
        pointer: '/contains/0/degradeTo',
        subject: 'contains root → a',
        message: /degradeTo is only allowed with failure: degrade/,
      });
    },
  );

  test('degradeTo must name a sibling under the same parent', () => {
    const document = nested();
    document.contains[1] = edge('root', 'x', { failure: 'degrade', degradeTo: 'y' });
    expectProblems(problemsOf(document), {
      pointer: '/contains/1/degradeTo',
      subject: 'contains root → x',
      message: /degradeTo "y" is not a child of "root"; it must be a sibling/,
    });
  });

  test('degradeTo naming no node at all is refused', () => {
    const document = base();
    document.contains[0] = edge('root', 'a', { failure: 'degrade', degradeTo: 'nowhere' });
    expectProblems(problemsOf(document), {
      pointer: '/contains/0/degradeTo',
      subject: 'contains root → a',
      message: /"nowhere" is not a child of "root"/,
    });
  });

  test('degradeTo cannot name the child itself', () => {
    const document = base();
    document.contains[0] = edge('root', 'a', { failure: 'degrade', degradeTo: 'a' });
    expectProblems(problemsOf(document), {
      pointer: '/contains/0/degradeTo',
      subject: 'contains root → a',
      message: /degradeTo cannot name the child itself/,
    });
  });
});

describe('completion expressions', () => {
  test('ref, all, any, not and atLeast compile, nested', () => {
    const document = flatDoc(
      ['a', 'b', 'c', 'd'],
      all(any(ref('a'), not(ref('b'))), atLeast(2, ref('b'), ref('c'), ref('d')), ref('a')),
    );
    expectCompiles(document);
  });

  test('a child need not be named by the expression', () => {
    expectCompiles(flatDoc(['a', 'b'], ref('a')));
  });

  test.each([
    ['an unknown op', { op: 'or', items: [ref('a')] }, '/op', /op must be one of ref, all, any/],
    ['code as text', 'a && b', '', /an expression must be an object/],
    ['eval', { op: 'eval', code: 'process.exit()' }, '/op', /got "eval"/],
  ])('%s is refused', (_name, completion, suffix, message) => {
    const document = flatDoc(['a', 'b']);
    document.nodes.root = composite(completion);
    expectProblems(problemsOf(document), {
      pointer: `/nodes/root/completion${suffix}`,
      subject: 'root',
      message,
    });
  });

  test('not takes {op: not, item}', () => {
    const document = flatDoc(['a', 'b']);
    document.nodes.root = composite({ op: 'not', items: [ref('a')] });
    expectProblems(
      problemsOf(document),
      {
        pointer: '/nodes/root/completion/items',
        subject: 'root',
        message: /unknown field "items" in a not expression/,
      },
      { pointer: '/nodes/root/completion', subject: 'root', message: /needs an "item"/ },
    );
  });

  test('extra keys are refused', () => {
    const document = flatDoc(['a', 'b']);
    document.nodes.root = composite({
      op: 'all',
      items: [{ op: 'ref', id: 'a', weight: 2 }, ref('b')],
    });
    expectProblems(problemsOf(document), {
      pointer: '/nodes/root/completion/items/0/weight',
      subject: 'root',
      message: /unknown field "weight" in a ref expression \(allowed: op, id\)/,
    });
  });

  test.each(['all', 'any'])('%s with no items is refused', (op) => {
    const document = flatDoc(['a']);
    document.nodes.root = composite({ op, items: [] });
    expectProblems(problemsOf(document), {
      pointer: '/nodes/root/completion/items',
      subject: 'root',
      message: new RegExp(`${op} needs a non-empty "items" list`),
    });
  });

  test('atLeast with no items is refused', () => {
    const document = flatDoc(['a']);
    document.nodes.root = composite({ op: 'atLeast', count: 1, items: [] });
    expect(problemsOf(document)).toContainEqual({
      pointer: '/nodes/root/completion/items',
      subject: 'root',
      message: expect.stringMatching(/non-empty "items"/),
    });
  });

  test.each([[1], [3]])('atLeast %i of 3 compiles', (count) => {
    expectCompiles(flatDoc(['a', 'b', 'c'], atLeast(count, ref('a'), ref('b'), ref('c'))));
  });

  test.each([[0], [4], [-1], [1.5], ['2'], [null]])('atLeast count %p of 3 is refused', (count) => {
    const document = flatDoc(['a', 'b', 'c']);
    document.nodes.root = composite({
      op: 'atLeast',
      count,
      items: [ref('a'), ref('b'), ref('c')],
    });
    expectProblems(problemsOf(document), {
      pointer: '/nodes/root/completion/count',
      subject: 'root',
      message: /atLeast count must be an integer from 1 to 3/,
    });
  });

  test('a ref must name a direct child of its own composite', () => {
    const document = nested();
    document.nodes.root = composite(all(ref('mid'), ref('y'), ref('ghost')));
    expectProblems(
      problemsOf(document),
      {
        pointer: '/nodes/root/completion/items/1/id',
        subject: 'root',
        message: /ref "y" is not a direct child of "root" \(its children: mid, x\)/,
      },
      {
        pointer: '/nodes/root/completion/items/2/id',
        subject: 'root',
        message: /ref "ghost" is not a direct child/,
      },
    );
  });

  const deepNot = (levels: number) => {
    let expression = ref('a');
    for (let i = 1; i < levels; i++) expression = not(expression);
    return expression;
  };
  const limits = (maxDepth: number, maxNodes: number): CompileLimits => ({
    ...DEFAULT_COMPILE_LIMITS,
    expression: { maxDepth, maxNodes },
  });

  test('an expression at the depth limit compiles', () => {
    expectCompiles(flatDoc(['a'], deepNot(4)), limits(4, 512));
  });

  test('an expression deeper than the limit is refused', () => {
    const problems = problemsOf(flatDoc(['a'], deepNot(5)), limits(4, 512));
    expectProblems(problems, {
      pointer: '/nodes/root/completion/item/item/item/item',
      subject: 'root',
      message: /nested deeper than 4 \(limits.maxExpressionDepth\)/,
    });
  });

  test('the default depth limit is 64', () => {
    expectCompiles(flatDoc(['a'], deepNot(64)));
    expect(problemsOf(flatDoc(['a'], deepNot(65)))).toContainEqual(
      expect.objectContaining({ message: expect.stringMatching(/deeper than 64/) }),
    );
  });

  test('an expression at the size limit compiles; one node more is refused', () => {
    const three = all(ref('a'), ref('b'));
    expectCompiles(flatDoc(['a', 'b'], three), limits(64, 3));
    const four = all(ref('a'), ref('b'), ref('a'));
    expectProblems(problemsOf(flatDoc(['a', 'b'], four), limits(64, 3)), {
      pointer: '/nodes/root/completion',
      subject: 'root',
      message: /expression has 4 nodes, more than the limit of 3 \(limits.maxExpressionNodes\)/,
    });
  });
});

describe('title, instruction and votes', () => {
  test.each([[1], [15]])('votes %i compiles', (votes) => {
    const document = base();
    document.nodes.b = agenticLeaf('b', { votes });
    expectCompiles(document);
  });

  test.each([
    [0, /must be >= 1/],
    [16, /must be <= 15/],
    [2.5, /must be integer/],
    ['3', /must be integer/],
  ])('votes %p is refused', (votes, message) => {
    const document = base();
    document.nodes.b = agenticLeaf('b', { votes });
    expectProblems(problemsOf(document), {
      pointer: '/nodes/b/verifier/votes',
      subject: 'b',
      message,
    });
  });

  test('a blank title is refused', () => {
    const document = base();
    document.nodes.a = { ...document.nodes.a, title: '   ' };
    expectProblems(problemsOf(document), {
      pointer: '/nodes/a/title',
      subject: 'a',
      message: /must not be blank/,
    });
  });

  test('an empty title is refused', () => {
    const document = base();
    document.nodes.root = { ...document.nodes.root, title: '' };
    expect(problemsOf(document)).toContainEqual({
      pointer: '/nodes/root/title',
      subject: 'root',
      message: 'must not be empty',
    });
  });

  test('a missing title is refused', () => {
    const document = base();
    delete document.nodes.c?.title;
    expectProblems(problemsOf(document), {
      pointer: '/nodes/c',
      subject: 'c',
      message: /missing required field "title"/,
    });
  });

  test('a blank instruction is refused', () => {
    const document = base();
    document.nodes.b = agenticLeaf('b', { instruction: ' \n\t' });
    expectProblems(problemsOf(document), {
      pointer: '/nodes/b/verifier/instruction',
      subject: 'b',
      message: /must not be blank/,
    });
  });

  test('an agentic verifier without an instruction is refused', () => {
    const document = base();
    document.nodes.b = { ...document.nodes.b, verifier: { mode: 'agentic' } };
    expectProblems(problemsOf(document), {
      pointer: '/nodes/b/verifier',
      subject: 'b',
      message: /missing required field "instruction"/,
    });
  });
});

describe('a field named merge is rejected anywhere', () => {
  test('a merge value (not a key) is ordinary data', () => {
    const document = base();
    document.nodes.a = {
      ...document.nodes.a,
      verifier: { mode: 'programmatic', script: 'text.includes', params: { text: 'merge' } },
      title: 'merge',
    };
    expectCompiles(document);
  });

  test.each([
    ['at the top level', (d: Doc) => (d.merge = true), '/merge', undefined],
    ['in a node', (d: Doc) => (d.nodes.a = { ...d.nodes.a, merge: 'auto' }), '/nodes/a/merge', 'a'],
    [
      'in a verifier',
      (d: Doc) => (d.nodes.b = agenticLeaf('b', { merge: true })),
      '/nodes/b/verifier/merge',
      'b',
    ],
    [
      'in an edge',
      (d: Doc) => (d.contains[2] = { ...d.contains[2], merge: true }),
      '/contains/2/merge',
      'contains root → c',
    ],
    [
      'nested in params',
      (d: Doc) =>
        (d.nodes.a = {
          ...d.nodes.a,
          verifier: {
            mode: 'programmatic',
            script: 'json.valid',
            params: { options: [{ deep: { merge: { strategy: 'squash' } } }] },
          },
        }),
      '/nodes/a/verifier/params/options/0/deep/merge',
      'a',
    ],
    [
      'in a completion expression',
      (d: Doc) => (d.nodes.root = composite({ ...allOf('a', 'b', 'c'), merge: true })),
      '/nodes/root/completion/merge',
      'root',
    ],
  ])('%s', (_name, mutate, pointer, subject) => {
    const document = base();
    mutate(document);
    const problems = problemsOf(document);
    expect(problems).toContainEqual({
      pointer,
      ...(subject === undefined ? {} : { subject }),
      message: expect.stringMatching(/"merge" is not allowed: DoG verifies and never merges/),
    });
    // Reported once as a merge problem, not again as a mere unknown field.
    expect(problems.filter((p) => /unknown field "merge" \(/.test(p.message))).toEqual([]);
    expect(() => compile(document)).toThrow(GraphError);
  });
});

describe('host capabilities', () => {
  test('built-in and library scripts and defined model aliases compile', () => {
    const names = [...BUILTIN_SCRIPTS, 'lib.check'];
    const document = flatDoc(names.map((_, i) => `s${i}`));
    names.forEach((script, i) => (document.nodes[`s${i}`] = leaf(`t${i}`, script)));
    document.nodes.root = composite(allOf(...names.map((_, i) => `s${i}`), 'm'));
    document.nodes.m = agenticLeaf('m', { model: 'vision' });
    document.contains.push(edge('root', 'm'));
    expectCompiles(document);
  });

  test('a script missing from the host library is refused', () => {
    const document = base();
    document.nodes.a = leaf('a', 'lint.everything');
    expectProblems(problemsOf(document), {
      pointer: '/nodes/a/verifier/script',
      subject: 'a',
      message: /script "lint.everything" is neither a built-in nor in the host script library/,
    });
  });

  test('a script given as a path is refused by its shape', () => {
    const document = base();
    document.nodes.a = leaf('a', '../../bin/sh');
    expect(problemsOf(document)).toContainEqual({
      pointer: '/nodes/a/verifier/script',
      subject: 'a',
      message: expect.stringMatching(/must match/),
    });
  });

  test('an undefined model alias is refused', () => {
    const document = base();
    document.nodes.b = agenticLeaf('b', { model: 'turbo' });
    expectProblems(problemsOf(document), {
      pointer: '/nodes/b/verifier/model',
      subject: 'b',
      message: /model alias "turbo" is not defined under models in host configuration/,
    });
  });
});

describe('target syntax', () => {
  test.each([
    ['build/pages', 'build/pages'],
    ['./build//pages/', 'build/pages'],
    ['.', '.'],
    ['a/..b/c..', 'a/..b/c..'],
    ['.hidden/file', '.hidden/file'],
  ])('%p compiles (as %p)', (target, normalized) => {
    const document = base();
    document.nodes.a = leaf(target);
    const graph = compile(document);
    expect(graph.nodes.get('a')).toMatchObject({ target: normalized });
  });

  test.each([
    ['/etc/passwd', /is absolute; give a path relative to the workspace root/],
    ['C:/Windows', /is absolute/],
    ['..', /contains a "\.\." segment/],
    ['build/../../etc', /contains a "\.\." segment/],
    ['a\u0000b', /NUL/],
    ['build\\pages', /backslash/],
  ])('%p is refused', (target, message) => {
    const document = base();
    document.nodes.a = leaf(target);
    expectProblems(problemsOf(document), { pointer: '/nodes/a/target', subject: 'a', message });
  });

  test('an empty target is refused', () => {
    const document = base();
    document.nodes.a = leaf('');
    expect(problemsOf(document)).toContainEqual(
      expect.objectContaining({ pointer: '/nodes/a/target', subject: 'a' }),
    );
  });
});

describe('the node limit', () => {
  const sized = (leaves: number) => flatDoc(Array.from({ length: leaves }, (_, i) => `n${i}`));
  const maxNodes = (n: number): CompileLimits => ({ ...DEFAULT_COMPILE_LIMITS, maxNodes: n });

  test('a graph at the limit compiles', () => {
    expectCompiles(sized(4), maxNodes(5));
  });

  test('one node more is refused, naming the limit and how to raise it', () => {
    expectProblems(problemsOf(sized(5), maxNodes(5)), {
      pointer: '/nodes',
      message: /graph has 6 nodes, more than the limit of 5 \(raise limits.maxNodes/,
    });
  });

  test('the default limit is 256', () => {
    expect(DEFAULT_COMPILE_LIMITS.maxNodes).toBe(256);
    expectCompiles(sized(255));
    expect(problemsOf(sized(256))).toContainEqual(
      expect.objectContaining({ pointer: '/nodes', message: expect.stringMatching(/256/) }),
    );
  });
});

describe('the document as a whole', () => {
  test('a document that is not a mapping is refused', () => {
    for (const value of [null, [], 'graph', 42]) {
      expect(problemsOf(value)).toEqual([
        { pointer: '', message: expect.stringMatching(/must be a mapping/) },
      ]);
    }
  });

  test('unknown top-level keys and a wrong schemaVersion are refused', () => {
    const document = base();
    document.version = 2;
    document.schemaVersion = 1;
    expectProblems(
      problemsOf(document),
      { pointer: '', message: /unknown field "version"/ },
      { pointer: '/schemaVersion', message: /must be "1"/ },
    );
  });

  test('all problems are reported at once', () => {
    const document = base();
    document.contains.push(edge('root', 'root')); // 1. self edge
    document.nodes.a = { ...document.nodes.a, colour: 'red' }; // 2. unknown key
    document.nodes.b = agenticLeaf('/abs/b.png'); // 3. absolute target
    document.nodes.c = leaf('c', 'no.such.script'); // 4. missing script
    document.contains[0] = edge('root', 'a', { failure: 'degrade' }); // 5. degrade, no degradeTo
    const error = compileError(document);
    expect(error.problems).toHaveLength(5);
    expect(error.problems.map((p) => p.pointer).sort()).toEqual([
      '/contains/0',
      '/contains/3',
      '/nodes/a',
      '/nodes/b/target',
      '/nodes/c/verifier/script',
    ]);
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe('graph.yaml: 5 problems');
  });
});

describe('ids that are names of Object.prototype members', () => {
  const ids = ['constructor', 'toString', 'hasOwnProperty', 'valueOf'];
  const special = () =>
    doc({
      root: 'constructor',
      // Built from entries: as an object literal, TypeScript types these keys as methods.
      nodes: Object.fromEntries([
        ['constructor', composite(allOf('toString', 'hasOwnProperty', 'valueOf'))],
        ['toString', leaf('t')],
        ['hasOwnProperty', composite(ref('valueOf'))],
        ['valueOf', leaf('v')],
      ]),
      contains: [
        edge('constructor', 'toString'),
        edge('constructor', 'hasOwnProperty'),
        edge('constructor', 'valueOf', { failure: 'tolerable' }),
        edge('hasOwnProperty', 'valueOf'),
      ],
      dependsOn: [{ source: 'toString', target: 'valueOf' }],
    });

  test('compile like any other id', () => {
    const graph = compile(special());
    expect([...graph.nodes.keys()].sort()).toEqual([...ids].sort());
    expect(
      graph.parents
        .get('valueOf')
        ?.map((r) => r.parent)
        .sort(),
    ).toEqual(['constructor', 'hasOwnProperty']);
    expect(graph.dependencies.get('toString')).toEqual(['valueOf']);
    expect(graph.workItems.map((item) => item.goalId).sort()).toEqual(['toString', 'valueOf']);
  });

  test('are checked like any other id', () => {
    const document = special();
    document.contains.push(edge('constructor', 'toString'));
    const valueOf: string = 'valueOf';
    document.nodes[valueOf] = composite(ref('toString'));
    const problems = problemsOf(document);
    expect(problems).toContainEqual(
      expect.objectContaining({ subject: 'contains constructor → toString' }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({ pointer: '/nodes/valueOf', subject: 'valueOf' }),
    );
  });

  test('settle like any other id', () => {
    const graph = compile(special());
    const passing = settle(
      graph,
      Object.fromEntries([
        ['toString', 'pass'],
        ['valueOf', 'pass'],
      ] as const),
    );
    expect(statesOf(passing)).toEqual({
      constructor: 'success',
      toString: 'success',
      hasOwnProperty: 'success',
      valueOf: 'success',
    });
    expect(rootOf(graph, passing)).toBe('success');
    const failing = settle(
      graph,
      Object.fromEntries([
        ['toString', 'pass'],
        ['valueOf', 'fail'],
      ] as const),
    );
    expect(statesOf(failing)).toEqual({
      constructor: 'failure',
      toString: 'blocked',
      hasOwnProperty: 'failure',
      valueOf: 'failure',
    });
  });

  test('are not found on an empty graph by prototype lookup', () => {
    const graph = compile(flatDoc(['a']));
    for (const id of ids) expect(graph.nodes.get(id)).toBeUndefined();
    expect(problemsOf({ ...flatDoc(['a']), root: 'constructor' })).toContainEqual({
      pointer: '/root',
      message: expect.stringMatching(/root "constructor" is not a node/),
    });
  });
});

describe('the compiled graph', () => {
  function assertThrowsOnWrite(write: () => unknown): void {
    expect(write).toThrow(TypeError);
  }

  test('is frozen: writes throw in strict mode', () => {
    const document = nested();
    document.nodes.root = composite(allOf('mid', 'x'), {
      assert: { target: 'x', verifier: { mode: 'programmatic', script: 'file.exists' } },
    });
    document.dependsOn.push({ source: 'x', target: 'mid' });
    const graph = compile(document);
    const root = graph.nodes.get('root');
    const mid = graph.nodes.get('mid');
    if (root?.kind !== 'composite' || mid?.kind !== 'composite') throw new Error('composites');
    type Loose = Record<string, unknown>;
    assertThrowsOnWrite(() => ((graph as unknown as Loose).root = 'x'));
    assertThrowsOnWrite(() => ((graph as unknown as Loose).digest = 'sha256:0'));
    assertThrowsOnWrite(() => ((root as unknown as Loose).title = 'changed'));
    assertThrowsOnWrite(() => ((root.children[0] as unknown as Loose).failure = 'tolerable'));
    assertThrowsOnWrite(() => (root.children as unknown[]).push(root.children[0]));
    assertThrowsOnWrite(() => ((root.completion as unknown as Loose).op = 'any'));
    assertThrowsOnWrite(() => ((root.assert as unknown as Loose).target = 'y'));
    assertThrowsOnWrite(() => ((root.assert?.verifier as unknown as Loose).script = 'x'));
    assertThrowsOnWrite(() => (graph.order as string[]).push('z'));
    assertThrowsOnWrite(() => (graph.targets as string[]).push('z'));
    assertThrowsOnWrite(() => (graph.workItems as unknown[]).pop());
    assertThrowsOnWrite(() => ((graph.workItems[0] as unknown as Loose).target = '/etc'));
    assertThrowsOnWrite(() => ((graph.canonical as Loose).root = 'x'));
    assertThrowsOnWrite(() => (graph.parents.get('y') as unknown[]).push({}));
    assertThrowsOnWrite(() => (graph.dependencies.get('x') as string[]).push('root'));
    assertThrowsOnWrite(() => (graph.dependents.get('mid') as string[]).push('root'));
    // The maps themselves refuse changes too.
    assertThrowsOnWrite(() => (graph.nodes as Map<string, unknown>).delete('x'));
    assertThrowsOnWrite(() => (graph.parents as Map<string, unknown>).set('x', []));
    assertThrowsOnWrite(() => (graph.orderIndex as Map<string, number>).clear());
    expect(graph.nodes.has('x')).toBe(true);
  });

  test('leaves the document it was compiled from untouched and usable', () => {
    const document = nested();
    document.nodes.root = composite(allOf('mid', 'x'), {
      assert: { target: 'x', verifier: { mode: 'programmatic', script: 'file.exists' } },
    });
    const before = clone(document);
    const graph = compile(document);
    expect(document).toEqual(before);
    // Not frozen as a side effect: the caller may keep editing its own document.
    const verifier = document.nodes.x?.verifier as Record<string, unknown>;
    verifier.script = 'file.non_empty';
    const assert = document.nodes.root?.assert as { verifier: Record<string, unknown> };
    assert.verifier.script = 'json.valid';
    document.nodes.x = { ...leaf('changed'), verifier };
    expect(graph.nodes.get('x')).toMatchObject({ verifier: { script: 'file.exists' } });
    expect(compile(document).nodes.get('x')).toMatchObject({
      target: 'changed',
      verifier: { script: 'file.non_empty' },
    });
  });

  test('the same document compiles to the same digest, twice', () => {
    const first = compile(nested());
    const second = compile(nested());
    expect(first.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(second.digest).toBe(first.digest);
    expect(second.canonical).toEqual(first.canonical);
  });

  test('node, edge and item order in the document do not change the digest', () => {
    const document = doc({
      nodes: {
        root: composite(all(ref('a'), any(ref('b'), ref('c')), atLeast(1, ref('c'), ref('a')))),
        a: leaf('a'),
        b: agenticLeaf('b', { votes: 3 }),
        c: leaf('c'),
      },
      contains: [
        edge('root', 'a'),
        edge('root', 'b', { failure: 'tolerable' }),
        edge('root', 'c', { required: false }),
      ],
      dependsOn: [
        { source: 'b', target: 'a' },
        { source: 'c', target: 'a' },
      ],
    });
    const reordered = doc({
      nodes: {
        c: leaf('c'),
        b: agenticLeaf('b', { votes: 3 }),
        root: composite(all(atLeast(1, ref('a'), ref('c')), any(ref('c'), ref('b')), ref('a'))),
        a: leaf('a'),
      },
      contains: [
        edge('root', 'c', { required: false }),
        edge('root', 'a'),
        edge('root', 'b', { failure: 'tolerable' }),
      ],
      dependsOn: [
        { target: 'a', source: 'c' },
        { source: 'b', target: 'a' },
      ],
    });
    const first = compile(document);
    const second = compile(reordered);
    expect(second.digest).toBe(first.digest);
    expect(second.workItems).toEqual(first.workItems);
    expect(second.order).toEqual(first.order);
  });

  test.each([
    ['a failure policy', (d: Doc) => (d.contains[1] = edge('root', 'x', { failure: 'tolerable' }))],
    ['a required flag', (d: Doc) => (d.contains[1] = edge('root', 'x', { required: false }))],
    ['a target', (d: Doc) => (d.nodes.x = leaf('x2'))],
    ['a script', (d: Doc) => (d.nodes.x = leaf('x', 'file.non_empty'))],
    ['an expression', (d: Doc) => (d.nodes.root = composite(any(ref('mid'), ref('x'))))],
    ['a dependency', (d: Doc) => d.dependsOn.push({ source: 'x', target: 'mid' })],
    ['a title', (d: Doc) => (d.nodes.y = { ...d.nodes.y, title: 'other' })],
  ])('changing %s changes the digest', (_name, mutate) => {
    const document = nested();
    mutate(document);
    expect(compile(document).digest).not.toBe(compile(nested()).digest);
  });

  test('a not keeps its single item, and atLeast keeps its count', () => {
    const one = compile(flatDoc(['a', 'b'], atLeast(1, ref('a'), ref('b'))));
    const two = compile(flatDoc(['a', 'b'], atLeast(2, ref('a'), ref('b'))));
    expect(one.digest).not.toBe(two.digest);
    const negated = compile(flatDoc(['a', 'b'], all(not(ref('a')), ref('b'))));
    const plain = compile(flatDoc(['a', 'b'], all(ref('a'), not(ref('b')))));
    expect(negated.digest).not.toBe(plain.digest);
  });
});
