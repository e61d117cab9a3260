// `target: .` on a real git repository: an empty commit, DoG's own store and the report files a
// run writes into the workspace never make it verify again; exclude patterns shape the capture,
// and changing them re-verifies with capture_changed.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { RunReport } from '../../src/core/report/model.js';
import { dog, runJson, workspace } from './harness.js';

function git(cwd: string, ...args: string[]): void {
  execFileSync(
    'git',
    [
      '-c',
      'user.email=ci@example.com',
      '-c',
      'user.name=CI',
      '-c',
      'init.defaultBranch=main',
      ...args,
    ],
    { cwd, stdio: 'ignore' },
  );
}

function wholeWorkspaceGraph(exclude?: string[]): unknown {
  return {
    schemaVersion: '1',
    id: 'repo',
    root: 'root',
    nodes: {
      root: {
        kind: 'composite',
        title: 'The repository holds',
        completion: { op: 'all', items: [{ op: 'ref', id: 'whole' }] },
      },
      whole: {
        kind: 'leaf',
        title: 'The workspace is not empty',
        target: '.',
        ...(exclude ? { exclude } : {}),
        verifier: { mode: 'programmatic', script: 'dir.non_empty' },
      },
    },
    contains: [{ parent: 'root', child: 'whole' }],
  };
}

async function repository(exclude?: string[]): Promise<string> {
  const ws = await workspace(
    { 'README.md': '# repo\n', 'src/main.ts': 'export {}\n', 'logs/run.log': 'noise\n' },
    wholeWorkspaceGraph(exclude),
  );
  git(ws, 'init', '-q');
  git(ws, 'add', '-A');
  git(ws, 'commit', '-q', '-m', 'initial');
  return ws;
}

function whole(report: RunReport): RunReport['nodes'][string] {
  return report.nodes.whole as RunReport['nodes'][string];
}

describe('target: . on a git repository', () => {
  test('an empty commit does not re-verify it, with report files written into the workspace', async () => {
    const ws = await repository();
    const outputs = ['--report', join(ws, 'dog-report.json'), '--html', join(ws, 'dog.html')];
    const first = await runJson(ws, ...outputs);
    expect(first.code).toBe(0);
    expect(whole(first.report)).toMatchObject({ inherited: false, rerunReason: 'new' });
    git(ws, 'commit', '-q', '--allow-empty', '-m', 'nothing changed');
    for (let run = 0; run < 2; run += 1) {
      const again = await runJson(ws, ...outputs);
      expect(whole(again.report)).toMatchObject({ state: 'success', inherited: true });
      expect(whole(again.report).captureDigest).toBe(whole(first.report).captureDigest);
    }
  });

  test('a store configured inside the workspace is never captured', async () => {
    const ws = await repository();
    const first = await runJson(ws, '--store', join(ws, 'ci-store'));
    const second = await runJson(ws, '--store', join(ws, 'ci-store'));
    expect(whole(second.report)).toMatchObject({ inherited: true });
    expect(whole(second.report).captureDigest).toBe(whole(first.report).captureDigest);
  });

  test('exclude leaves paths out; changing the list re-verifies with capture_changed', async () => {
    const ws = await repository(['logs/']);
    const first = await runJson(ws);
    expect(whole(first.report)).toMatchObject({ inherited: false, rerunReason: 'new' });
    const names = (whole(first.report).evidence as { names: string[] }).names;
    expect(names).toEqual(['.dog', 'README.md', 'src']);
    // Excluded bytes may change freely.
    await writeFile(join(ws, 'logs/run.log'), 'other noise\n');
    expect(whole((await runJson(ws)).report)).toMatchObject({ inherited: true });
    // A pattern that matches nothing still changes what the goal is about.
    await writeFile(join(ws, '.dog/graph.yaml'), stringify(wholeWorkspaceGraph(['logs/', 'tmp/'])));
    const changed = await runJson(ws);
    expect(whole(changed.report)).toMatchObject({
      inherited: false,
      rerunReason: 'capture_changed',
    });
    expect(whole(changed.report).captureDigest).not.toBe(whole(first.report).captureDigest);
    // Back to the first list: its record holds again.
    await writeFile(join(ws, '.dog/graph.yaml'), stringify(wholeWorkspaceGraph(['logs/'])));
    expect(whole((await runJson(ws)).report)).toMatchObject({ inherited: true });
  });

  test('dog validate points at a bad pattern and at conflicting lists on one target', async () => {
    const graph = wholeWorkspaceGraph(['../outside', 'ok/']) as {
      nodes: Record<string, unknown>;
      contains: unknown[];
      completion?: unknown;
    };
    graph.nodes.other = {
      kind: 'leaf',
      title: 'Same target, another list',
      target: './',
      verifier: { mode: 'programmatic', script: 'dir.non_empty' },
    };
    (graph.nodes.root as { completion: { items: unknown[] } }).completion.items.push({
      op: 'ref',
      id: 'other',
    });
    graph.contains.push({ parent: 'root', child: 'other' });
    const ws = await workspace({ 'a.txt': 'a' }, graph);
    const result = await dog(['validate', '--json'], ws);
    expect(result.code).toBe(2);
    const problems = (
      JSON.parse(result.stdout) as { problems: { pointer: string; message: string }[] }
    ).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          pointer: '/nodes/whole/exclude/0',
          message: expect.stringContaining('contains a ".." segment') as unknown,
        }),
      ]),
    );
    const fixed = wholeWorkspaceGraph(['ok/']) as typeof graph;
    fixed.nodes.other = graph.nodes.other;
    fixed.nodes.root = graph.nodes.root;
    fixed.contains = graph.contains;
    await writeFile(join(ws, '.dog/graph.yaml'), stringify(fixed));
    const conflict = await dog(['validate', '--json'], ws);
    expect(conflict.code).toBe(2);
    expect(conflict.stdout).toContain('a target is captured once per run');
  });
});
