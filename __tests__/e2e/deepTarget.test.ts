// A directory target nested 3,000 levels deep (a pull request can commit one) through `dog run`:
// its goal fails as target_unsafe with a one-line message naming the target and the bound, every
// other goal still verifies, and the run exits 1 for a failed root, never 70. A script that
// leaves such a tree in its scratch still gets its verdict, and the scratch is gone after it.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_TREE_DEPTH } from '../../src/capture/treeBounds.js';
import { makeDeepTree, removeDeepTree } from '../support/deepTree.js';
import { allOf, put, runJson, workspace } from './harness.js';

const DEPTH = 3000;
const made: string[] = [];

afterEach(async () => {
  for (const dir of made.splice(0)) await removeDeepTree(dir);
});

async function deepWorkspace(): Promise<string> {
  const ws = await workspace(
    { 'notes.txt': 'the notes', 'deep/top.txt': 'near the top' },
    allOf({
      deep: { target: 'deep', script: 'dir.non_empty' },
      notes: { target: 'notes.txt', script: 'file.non_empty' },
    }),
  );
  made.push(ws);
  await makeDeepTree(`${ws}/deep`, { depth: DEPTH, name: 'a', leaf: 'bottom.txt' });
  return ws;
}

test('a 3,000-level directory target fails its own goal as target_unsafe; the other goal passes; exit 1', async () => {
  const ws = await deepWorkspace();
  const { code, report, stderr } = await runJson(ws);
  const deep = report.nodes.deep;
  expect(deep).toMatchObject({
    state: 'failure',
    verdict: 'fail',
    error: { category: 'target_unsafe' },
  });
  const message = deep?.error?.message ?? '';
  expect(message).toContain('target "deep"');
  expect(message).toContain(`over the limit of ${MAX_TREE_DEPTH} levels`);
  expect(message).not.toContain('\n');
  expect(message.length).toBeLessThan(500);
  expect(report.nodes.notes).toMatchObject({ state: 'success', verdict: 'pass' });
  expect(report.rootState).toBe('failure');
  expect(code).toBe(1);
  expect(stderr).not.toContain('ENAMETOOLONG');
  expect(stderr).not.toContain('This is a bug in dog');
});

test('the same tree left out by an exclude pattern is captured and passes', async () => {
  const ws = await workspace(
    { 'deep/top.txt': 'near the top' },
    {
      schemaVersion: '1',
      id: 'e2e',
      root: 'root',
      nodes: {
        root: {
          kind: 'composite',
          title: 'Everything holds',
          completion: { op: 'all', items: [{ op: 'ref', id: 'deep' }] },
        },
        deep: {
          kind: 'leaf',
          title: 'The top of the tree',
          target: 'deep',
          exclude: ['a/'],
          verifier: { mode: 'programmatic', script: 'dir.non_empty' },
        },
      },
      contains: [{ parent: 'root', child: 'deep' }],
    },
  );
  made.push(ws);
  await makeDeepTree(`${ws}/deep`, { depth: DEPTH, name: 'a', leaf: 'bottom.txt' });
  const { code, report } = await runJson(ws);
  expect(report.nodes.deep).toMatchObject({ state: 'success', verdict: 'pass' });
  expect(code).toBe(0);
});

/** Steps 3,000 levels down its scratch in six relative mkdir -p and cd -P steps (a logical cd
// fails once $PWD would pass PATH_MAX), then passes. */
const DIGS_DEEP = `#!/bin/sh
chunk=a
i=1
while [ $i -lt 500 ]; do chunk="$chunk/a"; i=$((i+1)); done
n=0
while [ $n -lt 6 ]; do mkdir -p "$chunk" && cd -P "$chunk" || exit 1; n=$((n+1)); done
echo '{"verdict":"pass","evidence":{"left":"a tree 3000 levels deep in the scratch"}}'
`;

test('a script that leaves a tree 3,000 levels deep in its scratch keeps its verdict; the scratch goes', async () => {
  const ws = await workspace(
    { 'notes.txt': 'the notes' },
    allOf({ digs: { target: 'notes.txt', script: 'digs.deep', reuse: 'never' } }),
    { isolation: 'none' },
  );
  made.push(ws);
  await put(ws, '.dog/scripts/digs.deep', DIGS_DEEP, 0o755);
  for (const attempt of [1, 2]) {
    const { code, report } = await runJson(ws);
    expect({ attempt, node: report.nodes.digs }).toMatchObject({
      attempt,
      node: { state: 'success', verdict: 'pass' },
    });
    expect(code).toBe(0);
    expect(await readdir(join(ws, '.dog/store/tmp/scratch'))).toEqual([]);
  }
});
