// `dog run --sarif FILE`: a SARIF 2.1.0 file code scanning takes, with paths from the top of
// the repository holding the workspace, and a usage error for a flag without its file.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SarifLog } from '../../src/reporting/sarif/types.js';
import { sarifSchemaProblems } from '../support/sarifSchema.js';
import { allOf, dog, put, workspace } from './harness.js';

const POINTING = [
  '#!/bin/sh',
  'cat > "$DOG_OUTPUT" <<EOF',
  JSON.stringify({
    verdict: 'fail',
    evidence: {
      summary: 'version must be a string',
      locations: [{ path: 'a.json', line: 3, message: 'version is a number' }],
    },
  }),
  'EOF',
  '',
].join('\n');

const graph = allOf({
  data: { target: 'data', script: 'point.version' },
  readme: { target: 'README.md', script: 'file.non_empty' },
  licence: { target: 'LICENSE', script: 'file.exists' },
  tree: { target: '.', script: 'dir.non_empty' },
});

test('dog run --sarif writes valid SARIF: failures only, at repository paths', async () => {
  const repo = await workspace({
    'site/README.md': '',
    'site/data/a.json': '{\n\n"version": 3\n}\n',
  });
  await mkdir(join(repo, '.git'));
  const ws = join(repo, 'site');
  await put(ws, '.dog/graph.yaml', JSON.stringify(graph));
  await put(ws, 'LICENSE', 'MIT\n');
  await put(ws, '.dog/scripts/point.version', POINTING, 0o755);

  const { code, stderr } = await dog(['run', '--sarif', 'dog.sarif'], ws);
  if (code !== 1) throw new Error(`exit ${code}: ${stderr}`);
  expect(code).toBe(1);
  expect(stderr).not.toContain('SARIF:');
  const log = JSON.parse(await readFile(join(ws, 'dog.sarif'), 'utf8')) as SarifLog;
  expect(sarifSchemaProblems(log)).toEqual([]);
  const run = log.runs[0]!;
  expect(run.automationDetails.id).toMatch(/^dog\/e2e\/\d{8}T\d{6}Z-[0-9a-f]{6}$/);
  expect(run.results.map((r) => [r.ruleId, r.level, r.locations[0]?.physicalLocation])).toEqual([
    ['data', 'error', { artifactLocation: { uri: 'site/data/a.json' }, region: { startLine: 3 } }],
    ['readme', 'error', { artifactLocation: { uri: 'site/README.md' } }],
  ]);
  // The file is not captured as part of a whole-workspace target, like --report and --html.
  const again = await dog(['run', '--sarif', 'dog.sarif', '--json'], ws);
  const report = JSON.parse(again.stdout) as { partition: { rerun: string[] } };
  expect(report.partition.rerun).not.toContain('tree');
});

test('--sarif without a file is a usage error (exit 2)', async () => {
  const ws = await workspace({ 'README.md': 'hi' }, graph);
  const { code, stderr } = await dog(['run', '--sarif'], ws);
  expect(code).toBe(2);
  expect(stderr).toMatch(/--sarif/);
  expect(stderr).not.toMatch(/\n\s+at /);
});
