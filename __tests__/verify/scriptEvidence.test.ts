// A script's verdict needs evidence that says something (core/outcome.ts isEmptyEvidence):
// checked on the judge output a real script writes, under every available sandbox.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JsonValue, VerificationOutcome } from '../../src/core/types.js';
import {
  availableSandboxes,
  removeTempDirs,
  tempDir,
  writeExecutable,
} from '../sandbox/support.js';
import { verify } from './harness.js';

afterAll(removeTempDirs);

describe.each(availableSandboxes())('script evidence under %s', (_name, sandbox) => {
  let root: string;

  beforeAll(async () => {
    root = await tempDir();
    await mkdir(join(root, 'scripts'));
    await writeFile(join(root, 'report.txt'), 'report body');
  });

  async function run(verdict: string, evidence: JsonValue): Promise<VerificationOutcome> {
    const text = JSON.stringify({ verdict, evidence });
    await writeExecutable(
      join(root, 'scripts', 'check'),
      `#!/bin/sh\ncat > "$DOG_OUTPUT" <<'JUDGE'\n${text}\nJUDGE\n`,
    );
    return verify({
      sandbox,
      capturePath: join(root, 'report.txt'),
      captureKind: 'file',
      script: 'check',
      libraryDir: join(root, 'scripts'),
      scratchRoot: join(root, 'scratch-root'),
    });
  }

  test.each([
    ['pass', [[]]],
    ['pass', { a: null }],
    ['pass', 0],
    ['pass', false],
    ['fail', [0, true]],
  ] as [string, JsonValue][])('%s with evidence %j settles empty_evidence', async (v, e) => {
    const outcome = await run(v, e);
    expect(outcome).toMatchObject({ verdict: 'inconclusive', evidence: null });
    expect(outcome.error?.category).toBe('empty_evidence');
    expect(outcome.error?.message).toContain('a non-blank string, or a number or boolean');
  });

  test.each([
    ['pass', { errors: 0 }],
    ['fail', { exists: false }],
    ['pass', ['checked']],
  ] as [string, JsonValue][])('%s with evidence %j is a verdict', async (v, e) => {
    expect(await run(v, e)).toMatchObject({ verdict: v, evidence: e });
  });
});
