import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BUILTIN_SCRIPT_PATH } from '../../src/verify/scriptLibrary.js';
import { removeTempDirs, tempDir } from '../sandbox/support.js';

const run = promisify(execFile);

let file: string;

beforeAll(async () => {
  file = join(await tempDir(), 'f.txt');
  await writeFile(file, 'hello');
});
afterAll(removeTempDirs);

async function judge(name: string, env: Record<string, string>): Promise<unknown> {
  const { stdout } = await run(process.execPath, [BUILTIN_SCRIPT_PATH, name], { env });
  return JSON.parse(stdout);
}

describe('builtin-script.mjs called directly', () => {
  test('prints the judge output on stdout when DOG_OUTPUT is unset', async () => {
    expect(await judge('file.non_empty', { DOG_TARGET: file })).toMatchObject({
      verdict: 'pass',
      evidence: { path: file, bytes: 5 },
    });
  });

  test('a missing target fails and says nothing was found', async () => {
    const missing = join(file, '..', 'absent.txt');
    expect(await judge('file.exists', { DOG_TARGET: missing })).toEqual({
      verdict: 'fail',
      evidence: { path: missing, expected: 'a regular file', found: 'nothing' },
    });
  });

  test('DOG_PARAMS that is not JSON is inconclusive and says so', async () => {
    const output = await judge('text.includes', { DOG_TARGET: file, DOG_PARAMS: '{text:' });
    expect(output).toMatchObject({
      verdict: 'inconclusive',
      evidence: { problem: expect.stringContaining('DOG_PARAMS is not JSON') },
    });
  });

  test('an unset DOG_TARGET is inconclusive', async () => {
    expect(await judge('file.exists', {})).toEqual({
      verdict: 'inconclusive',
      evidence: { problem: 'DOG_TARGET is not set' },
    });
  });

  test('an unknown script name exits 2 and lists the known ones', async () => {
    await expect(
      run(process.execPath, [BUILTIN_SCRIPT_PATH, 'toString'], { env: { DOG_TARGET: file } }),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('file.exists') });
  });
});
