// The script contract's exit status: a valid `fail` settles fail whatever the exit status (the
// shell habit `… ; exit 1`); anything else with a non-zero exit is a crash, never a verdict.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JsonValue, VerificationOutcome } from '../../src/core/types.js';
import {
  availableSandboxes,
  removeTempDirs,
  tempDir,
  uniqueMarker,
  writeExecutable,
} from '../sandbox/support.js';
import { verify } from './harness.js';

afterAll(removeTempDirs);

function judge(verdict: string, evidence: JsonValue): string {
  return JSON.stringify({ verdict, evidence });
}

/** Writes `text` to DOG_OUTPUT, then exits with `code`. */
function writesThenExits(text: string, code: number): string {
  return `#!/bin/sh\ncat > "$DOG_OUTPUT" <<'JUDGE'\n${text}\nJUDGE\nexit ${code}\n`;
}

describe.each(availableSandboxes())('script exit status under %s', (_name, sandbox) => {
  let root: string;
  let libraryDir: string;

  beforeEach(async () => {
    root = await tempDir();
    libraryDir = join(root, 'scripts');
    await mkdir(libraryDir);
    await writeFile(join(root, 'report.txt'), 'report body');
  });

  async function run(body: string, timeoutMs?: number): Promise<VerificationOutcome> {
    await writeExecutable(join(libraryDir, 'check'), body);
    return verify({
      sandbox,
      capturePath: join(root, 'report.txt'),
      captureKind: 'file',
      script: 'check',
      libraryDir,
      scratchRoot: join(root, 'scratch-root'),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
  }

  test('a valid fail written to DOG_OUTPUT, then exit 1, settles fail with its evidence', async () => {
    const outcome = await run(writesThenExits(judge('fail', { missing: 'page 3' }), 1));
    expect(outcome).toMatchObject({ verdict: 'fail', evidence: { missing: 'page 3' } });
    expect(outcome.error).toBeUndefined();
  });

  test('a valid fail on the last stdout line, then exit 2, settles fail', async () => {
    const line = judge('fail', { found: 'TODO' });
    const outcome = await run(`#!/bin/sh\necho 'checking'\necho '${line}'\nexit 2\n`);
    expect(outcome).toMatchObject({ verdict: 'fail', evidence: { found: 'TODO' } });
  });

  test.each([
    ['a pass', judge('pass', { looked: 'everywhere' })],
    ['an inconclusive', judge('inconclusive', { why: 'unsure' })],
    ['a fail without evidence', judge('fail', '')],
    ['malformed output', '{"verdict": "fail"'],
  ])('%s followed by exit 1 is a crash', async (_what, text) => {
    const outcome = await run(writesThenExits(text, 1));
    expect(outcome).toMatchObject({ verdict: 'inconclusive', evidence: null });
    expect(outcome.error?.category).toBe('crash');
    expect(outcome.error?.message).toMatch(/exited with code 1/);
  });

  test('a valid fail from a script past its timeout still settles timeout', async () => {
    const marker = uniqueMarker();
    const body = writesThenExits(judge('fail', { a: 'b' }), 1).replace(
      /exit 1\n$/,
      `sleep ${marker}\n`,
    );
    const outcome = await run(body, 1500);
    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.error?.category).toBe('timeout');
  });
});
