// Scripting dog: with --json every failure is one JSON document on stdout
// (schemas/cli-error.schema.json), exit 2, problems located by line and column.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { validateAgainst } from '../../src/schemas/validate.js';
import { allOf, dog, put, workspace, type DogResult } from './harness.js';

type Problem = {
  pointer: string;
  message: string;
  subject?: string;
  file?: string;
  line?: number;
  column?: number;
};
type ErrorDocument = {
  ok: false;
  exitCode: number;
  error: { kind: string; message: string; file?: string; problems: Problem[] };
  valid?: false;
  graph?: string | null;
  problems?: Problem[];
};

const okGraph = allOf({ readme: { target: 'README.md', script: 'file.non_empty' } });

/** The one error document on stdout, schema-checked; stderr is a message, never a stack. */
function failureOf(result: DogResult): ErrorDocument {
  expect(result.code).toBe(2);
  expect(result.stdout.endsWith('}\n')).toBe(true);
  const document: unknown = JSON.parse(result.stdout);
  const validation = validateAgainst('cliError', document);
  expect(validation.ok ? [] : validation.problems).toEqual([]);
  expect(result.stderr).toMatch(/^dog: /);
  expect(result.stderr).not.toMatch(/\n\s+at .*:\d+:\d+/);
  expect(result.stderr).not.toContain('internal error');
  const failure = document as ErrorDocument;
  expect(failure).toMatchObject({ ok: false, exitCode: 2 });
  return failure;
}

/** The text at a problem's line and column. */
function textAt(text: string, problem: Problem | undefined): string {
  expect(problem?.line).toBeDefined();
  const line = text.split('\n')[(problem?.line ?? 0) - 1] ?? '';
  return line.slice((problem?.column ?? 1) - 1);
}

const INVALID_GRAPH = [
  'schemaVersion: "1"',
  'id: g',
  'root: r',
  'nodes:',
  '  r:',
  '    kind: composite',
  '    title: R',
  '    completion: {op: ref, id: a}',
  '  a:',
  '    kind: leaf',
  '    title: A',
  '    target: README.md',
  '    verifier: {mode: programmatic, script: no.such.script}',
  'contains:',
  '  - {parent: r, child: a}',
  '  - parent: r',
  '    child: ghost',
  '',
].join('\n');

describe('dog run --json on a graph it cannot run', () => {
  test('no graph at all: missing_graph', async () => {
    const ws = await workspace({ 'README.md': 'hi' });
    const failure = failureOf(await dog(['run', '--json'], ws));
    expect(failure.error).toMatchObject({ kind: 'missing_graph', problems: [] });
    expect(failure.error.message).toMatch(/^no graph found: .*pass --graph FILE$/);
  });

  test('a --graph file that does not exist: invalid_graph naming the file', async () => {
    const ws = await workspace({ 'README.md': 'hi' });
    const failure = failureOf(await dog(['run', '--json', '--graph', 'nope.yaml'], ws));
    const file = join(ws, 'nope.yaml');
    expect(failure.error).toEqual({
      kind: 'invalid_graph',
      message: `${file}: 1 problem`,
      file,
      problems: [{ pointer: '', message: 'file not found', file }],
    });
  });

  test('every compiler problem, each at the line and column of its key', async () => {
    const ws = await workspace({ 'README.md': 'hi', '.dog/graph.yaml': INVALID_GRAPH });
    const failure = failureOf(await dog(['run', '--json'], ws));
    const file = join(ws, '.dog/graph.yaml');
    expect(failure.error).toMatchObject({ kind: 'invalid_graph', file });
    const problems = failure.error.problems;
    expect(problems.every((p) => p.file === file && p.line !== undefined)).toBe(true);
    const script = problems.find((p) => p.pointer === '/nodes/a/verifier/script');
    expect(script?.subject).toBe('a');
    expect(textAt(INVALID_GRAPH, script)).toBe('script: no.such.script}');
    const ghost = problems.find((p) => p.pointer.startsWith('/contains/1'));
    expect(textAt(INVALID_GRAPH, ghost)).toMatch(/^(parent: r|child: ghost)$/);
  });

  test('one tab-indented line: one problem with its position and the fix', async () => {
    const tabbed = INVALID_GRAPH.replace('    kind: leaf', '\tkind: leaf');
    const ws = await workspace({ 'README.md': 'hi', '.dog/graph.yaml': tabbed });
    const result = await dog(['run', '--json'], ws);
    const failure = failureOf(result);
    expect(failure.error.problems).toHaveLength(1);
    expect(failure.error.problems[0]).toMatchObject({ pointer: '', line: 10, column: 1 });
    expect(failure.error.problems[0]?.message).toContain('YAML indents with spaces, not tabs');
    expect(result.stderr.split('\n').filter((l) => l.startsWith('  '))).toHaveLength(1);
  });

  test('schemaVersion: 1 says to quote it, at line 1', async () => {
    const text = stringify(okGraph).replace('schemaVersion: "1"', 'schemaVersion: 1');
    expect(text).toMatch(/^schemaVersion: 1$/m);
    const ws = await workspace({ 'README.md': 'hi', '.dog/graph.yaml': text });
    const failure = failureOf(await dog(['run', '--json'], ws));
    const line = text.split('\n').findIndex((l) => l.startsWith('schemaVersion')) + 1;
    expect(failure.error.problems).toEqual([
      {
        pointer: '/schemaVersion',
        message: 'must be "1" (a string), not the number 1: quote it (schemaVersion: "1")',
        file: join(ws, '.dog/graph.yaml'),
        line,
        column: 1,
      },
    ]);
  });

  test('a mistake on the command line is a usage error, as JSON too', async () => {
    const ws = await workspace({ 'README.md': 'hi' }, okGraph);
    const failure = failureOf(await dog(['run', '--json', '--concurrency', 'many'], ws));
    expect(failure.error.kind).toBe('usage');
    expect(failure.error.message).toMatch(/^--concurrency: /);
  });

  test('an invalid configuration: invalid_config, located in the config file', async () => {
    const config = 'concurrency: 4\nlimits:\n  maxNodes: lots\n';
    const ws = await workspace({ 'README.md': 'hi', '.dog/config.yaml': config }, okGraph);
    const failure = failureOf(await dog(['run', '--json'], ws));
    const file = join(ws, '.dog/config.yaml');
    expect(failure.error).toMatchObject({ kind: 'invalid_config', file });
    const [problem] = failure.error.problems;
    expect(problem).toMatchObject({ pointer: '/limits/maxNodes', file, line: 3, column: 3 });
  });
});

describe('dog validate --json', () => {
  test('an invalid graph keeps valid, graph and problems, and adds the error document', async () => {
    const ws = await workspace({ 'README.md': 'hi', '.dog/graph.yaml': INVALID_GRAPH });
    const failure = failureOf(await dog(['validate', '--json'], ws));
    expect(failure).toMatchObject({ valid: false, graph: join(ws, '.dog/graph.yaml') });
    expect(failure.problems).toEqual(failure.error.problems);
    expect(failure.error.kind).toBe('invalid_graph');
    expect(failure.problems?.every((p) => p.line !== undefined)).toBe(true);
  });

  test('an invalid configuration is reported as JSON, not as text alone', async () => {
    const ws = await workspace(
      { 'README.md': 'hi', '.dog/config.yaml': 'isolation: docker\n' },
      okGraph,
    );
    const failure = failureOf(await dog(['validate', '--json'], ws));
    expect(failure).toMatchObject({ valid: false, graph: null });
    expect(failure.error.kind).toBe('invalid_config');
    expect(failure.problems?.[0]).toMatchObject({
      pointer: '/isolation',
      file: join(ws, '.dog/config.yaml'),
      line: 1,
      column: 1,
    });
  });

  test('a configuration read from a named pipe is reported without waiting to locate it', async () => {
    const ws = await workspace({ 'README.md': 'hi' }, okGraph);
    const fifo = join(ws, 'config.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const writer = spawn('sh', ['-c', 'printf "isolation: docker\\n" > "$0"', fifo]);
    const failure = failureOf(await dog(['validate', '--json', '--config', fifo], ws));
    expect(failure.error).toMatchObject({ kind: 'invalid_config', file: fifo });
    expect(failure.error.problems).toEqual([
      expect.objectContaining({ pointer: '/isolation', file: fifo }),
    ]);
    expect(failure.error.problems[0]?.line).toBeUndefined();
    writer.kill();
  }, 10_000);

  test('a valid graph says so in the same terms', async () => {
    const ws = await workspace({ 'README.md': 'hi' }, okGraph);
    const result = await dog(['validate', '--json'], ws);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      valid: true,
      graph: join(ws, '.dog/graph.yaml'),
      problems: [],
      ok: true,
      exitCode: 0,
    });
  });
});

describe('without --json', () => {
  test('stdout stays empty and each problem on stderr names its line and column', async () => {
    const ws = await workspace({ 'README.md': 'hi', '.dog/graph.yaml': INVALID_GRAPH });
    const result = await dog(['validate'], ws);
    expect([result.code, result.stdout]).toEqual([2, '']);
    expect(result.stderr).toContain('  line 13, column 36: /nodes/a/verifier/script (a): ');
  });

  test('other commands given --json fail the same way', async () => {
    const ws = await workspace({ 'README.md': 'hi' }, okGraph);
    await put(ws, '.dog/store', 'not a directory');
    const failure = failureOf(await dog(['status', '--json'], ws));
    expect(failure.error.kind).toMatch(/^invalid_(store|input)$/);
  });
});
