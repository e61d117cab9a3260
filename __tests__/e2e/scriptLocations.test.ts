// A host-library script's evidence may point at places, as agentic evidence does: `dog run`
// keeps those naming a line of a file in the capture as workspace locations in the record and
// the report, and the check run turns them into annotations at that line.
import { compileGraph, DEFAULT_COMPILE_LIMITS } from '../../src/core/graph/compile.js';
import { buildAnnotations } from '../../src/reporting/github/annotations.js';
import { allOf, put, runJson, workspace } from './harness.js';

const DATA = '{\n  "name": "demo",\n  "version": 3\n}\n';

/** A script that fails naming line 3 of `named` (shell-expanded), and places that do not exist. */
function pointingScript(named: string): string {
  return [
    '#!/bin/sh',
    `cat > "$DOG_OUTPUT" <<EOF`,
    JSON.stringify({
      verdict: 'fail',
      evidence: {
        summary: 'version must be a string',
        locations: [
          { path: named, line: 3, message: 'version is a number' },
          { path: named, line: 99, message: 'past the end: dropped' },
          { path: 'nowhere.json', line: 1, message: 'no such file: dropped' },
          { path: '../outside.json', line: 1, message: 'outside the capture: dropped' },
        ],
      },
    }),
    'EOF',
    '',
  ].join('\n');
}

test('script evidence locations become record locations and annotations', async () => {
  const graph = allOf({
    relative: { target: 'data', script: 'point.relative' },
    absolute: { target: 'data', script: 'point.absolute' },
    file: { target: 'data/a.json', script: 'point.file' },
  });
  const ws = await workspace({ 'data/a.json': DATA, 'outside.json': '{}\n' }, graph);
  await put(ws, '.dog/scripts/point.relative', pointingScript('a.json'), 0o755);
  // As the script saw them: the directory at DOG_TARGET, or the file that DOG_TARGET is.
  await put(ws, '.dog/scripts/point.absolute', pointingScript('$DOG_TARGET/a.json'), 0o755);
  await put(ws, '.dog/scripts/point.file', pointingScript('$DOG_TARGET'), 0o755);

  const { code, report, stderr } = await runJson(ws);

  if (code !== 1) throw new Error(`exit ${code}: ${stderr}`);
  const expected = [{ path: 'data/a.json', line: 3, message: 'version is a number' }];
  for (const id of ['relative', 'absolute', 'file']) {
    expect([id, report.nodes[id]?.state]).toEqual([id, 'failure']);
    expect([id, report.nodes[id]?.locations]).toEqual([id, expected]);
  }
  const compiled = compileGraph(graph, {
    source: 'graph.yaml',
    limits: DEFAULT_COMPILE_LIMITS,
    host: { hasScript: () => true, hasModel: () => true },
  });
  const atLine = buildAnnotations(report, compiled).annotations.filter((a) => a.start_line === 3);
  expect(atLine.map((a) => [a.path, a.annotation_level])).toEqual([
    ['data/a.json', 'failure'],
    ['data/a.json', 'failure'],
    ['data/a.json', 'failure'],
  ]);
  expect(atLine[0]?.message).toContain('version is a number');
}, 60_000);
