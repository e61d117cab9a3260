// A library script that is present but cannot run is reported as such, with the fix, by the
// compiler (`dog validate`, `dog run`) and by the library itself — never as "not in the library".
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { ScriptLibrary } from '../../src/verify/scriptLibrary.js';
import { allOf, dog, put, workspace } from '../e2e/harness.js';

type ValidateProblem = { pointer: string; message: string };

async function validateProblems(ws: string): Promise<ValidateProblem[]> {
  const result = await dog(['validate', '--json'], ws);
  expect(result.code).toBe(2);
  return (JSON.parse(result.stdout) as { problems: ValidateProblem[] }).problems;
}

function graphUsing(script: string): unknown {
  return allOf({ check: { target: 'a.txt', script } });
}

const FIX =
  'chmod +x .dog/scripts/lint (and commit the mode: git update-index --chmod=+x .dog/scripts/lint)';

describe('a library script that exists but cannot run', () => {
  test('without its execute bit: dog validate says it is not executable and how to fix it', async () => {
    const ws = await workspace({ 'a.txt': 'x' }, graphUsing('lint'));
    await put(ws, '.dog/scripts/lint', '#!/bin/sh\necho ok\n', 0o644);
    const [problem, ...others] = await validateProblems(ws);
    expect(others).toEqual([]);
    expect(problem?.pointer).toBe('/nodes/check/verifier/script');
    expect(problem?.message).toContain(
      'script "lint" exists in the host script library but is not executable',
    );
    expect(problem?.message).toContain(FIX);
    expect(problem?.message).not.toContain('neither a built-in nor in the host script library');
  });

  test('without its execute bit: dog run refuses the graph with the same message', async () => {
    const ws = await workspace({ 'a.txt': 'x' }, graphUsing('lint'));
    await put(ws, '.dog/scripts/lint', '#!/bin/sh\necho ok\n', 0o600);
    const result = await dog(['run'], ws);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('is not executable');
    expect(result.stderr).toContain(FIX);
  });

  test('a directory of that name: says it is a directory, not an executable file', async () => {
    const ws = await workspace({ 'a.txt': 'x' }, graphUsing('lint'));
    await mkdir(join(ws, '.dog/scripts/lint'), { recursive: true });
    const [problem] = await validateProblems(ws);
    expect(problem?.message).toContain('.dog/scripts/lint is a directory');
    expect(problem?.message).toContain('replace it with an executable file');
  });

  test('a dangling symlink: says what it points to', async () => {
    const ws = await workspace({ 'a.txt': 'x' }, graphUsing('lint'));
    await mkdir(join(ws, '.dog/scripts'), { recursive: true });
    await symlink('gone.sh', join(ws, '.dog/scripts/lint'));
    const [problem] = await validateProblems(ws);
    expect(problem?.message).toContain(
      '.dog/scripts/lint is a symlink to "gone.sh", which does not exist',
    );
  });

  test('a script that is truly absent is still "not in the host script library", with a hint', async () => {
    const ws = await workspace({ 'a.txt': 'x' }, graphUsing('lnt'));
    await put(ws, '.dog/scripts/lint', '#!/bin/sh\necho ok\n', 0o755);
    const [problem] = await validateProblems(ws);
    expect(problem?.message).toContain('neither a built-in nor in the host script library');
    expect(problem?.message).toContain('did you mean "lint"?');
  });

  test('the library resolves the same way: script_missing with the fix, relative to the shown directory', async () => {
    const ws = await workspace({});
    await put(ws, 'scripts/lint', '#!/bin/sh\necho ok\n', 0o644);
    const library = new ScriptLibrary({ libraryDir: join(ws, 'scripts'), shownDir: 'scripts' });
    expect(library.has('lint')).toBe(false);
    expect(library.unusable('lint')).toContain('chmod +x scripts/lint');
    expect(library.unusable('absent')).toBeUndefined();
    const resolution = await library.resolve('lint');
    expect(resolution.ok).toBe(false);
    if (resolution.ok) return;
    expect(resolution.error.category).toBe('script_missing');
    expect(resolution.error.message).toContain('is not executable: chmod +x scripts/lint');
  });
});
