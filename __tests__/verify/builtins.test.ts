import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CaptureKind } from '../../src/capture/types.js';
import type { JsonValue, VerificationOutcome } from '../../src/core/types.js';
import { availableSandboxes, removeTempDirs, tempDir } from '../sandbox/support.js';
import { scratchRootIn, verify } from './harness.js';

const sandboxes = availableSandboxes();
let root: string;

beforeAll(async () => {
  root = await tempDir();
  await mkdir(join(root, 'captures', 'pages'), { recursive: true });
  await mkdir(join(root, 'captures', 'empty-dir'));
  await writeFile(join(root, 'captures', 'pages', 'page-01.png'), 'png');
  await writeFile(join(root, 'captures', 'pages', 'page-02.png'), 'png');
  await writeFile(join(root, 'captures', 'notes.txt'), 'first line\nthe Brand Blue is #0047AB\n');
  await writeFile(join(root, 'captures', 'empty.txt'), '');
  await writeFile(join(root, 'captures', 'data.json'), '{"pages": [1, 2, 3]}');
  await writeFile(join(root, 'captures', 'broken.json'), '{"pages": [1, 2,');
  await writeFile(join(root, 'captures', 'latin1.json'), Buffer.from([0x22, 0xe9, 0x22]));
  // The needle straddles the 64 KiB read-chunk boundary.
  const big = Buffer.alloc(70_000, 'x');
  big.write('\n', 10);
  big.write('NEEDLE', 65_533);
  await writeFile(join(root, 'captures', 'big.txt'), big);
});
afterAll(removeTempDirs);

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

type Case = {
  script: string;
  target: string;
  kind?: CaptureKind;
  params?: JsonValue;
  verdict: 'pass' | 'fail' | 'inconclusive';
  evidence: Record<string, unknown>;
};

const cases: [string, Case][] = [
  [
    'file.exists passes on a file',
    {
      script: 'file.exists',
      target: 'notes.txt',
      verdict: 'pass',
      evidence: {
        exists: true,
        bytes: 37,
        sha256: sha256('first line\nthe Brand Blue is #0047AB\n'),
      },
    },
  ],
  [
    'file.exists fails on a directory',
    {
      script: 'file.exists',
      target: 'pages',
      kind: 'directory',
      verdict: 'fail',
      evidence: { expected: 'a regular file', found: 'directory' },
    },
  ],
  [
    'file.exists rejects params',
    {
      script: 'file.exists',
      target: 'notes.txt',
      params: { path: 'x' },
      verdict: 'inconclusive',
      evidence: { problem: 'invalid params: this script takes no params' },
    },
  ],
  [
    'file.non_empty passes on a non-empty file',
    {
      script: 'file.non_empty',
      target: 'data.json',
      verdict: 'pass',
      evidence: { bytes: 20, sha256: sha256('{"pages": [1, 2, 3]}') },
    },
  ],
  [
    'file.non_empty fails on an empty file',
    {
      script: 'file.non_empty',
      target: 'empty.txt',
      verdict: 'fail',
      evidence: { expected: 'a non-empty regular file', found: 'an empty file (0 bytes)' },
    },
  ],
  [
    'file.non_empty fails on a directory',
    {
      script: 'file.non_empty',
      target: 'pages',
      kind: 'directory',
      verdict: 'fail',
      evidence: { found: 'directory' },
    },
  ],
  [
    'file.sha256 passes on a matching hash',
    {
      script: 'file.sha256',
      target: 'data.json',
      params: { sha256: sha256('{"pages": [1, 2, 3]}') },
      verdict: 'pass',
      evidence: { sha256: sha256('{"pages": [1, 2, 3]}'), bytes: 20 },
    },
  ],
  [
    'file.sha256 accepts a sha256: prefix in any case',
    {
      script: 'file.sha256',
      target: 'data.json',
      params: { sha256: `SHA256:${sha256('{"pages": [1, 2, 3]}').toUpperCase()}` },
      verdict: 'pass',
      evidence: { bytes: 20 },
    },
  ],
  [
    'file.sha256 fails on another hash',
    {
      script: 'file.sha256',
      target: 'data.json',
      params: { sha256: sha256('other') },
      verdict: 'fail',
      evidence: {
        expected: { sha256: sha256('other') },
        found: { sha256: sha256('{"pages": [1, 2, 3]}') },
      },
    },
  ],
  [
    'file.sha256 is inconclusive without params',
    {
      script: 'file.sha256',
      target: 'data.json',
      verdict: 'inconclusive',
      evidence: { problem: 'invalid params: params must be an object with sha256' },
    },
  ],
  [
    'file.sha256 is inconclusive on a malformed hash',
    {
      script: 'file.sha256',
      target: 'data.json',
      params: { sha256: 'abc' },
      verdict: 'inconclusive',
      evidence: { problem: 'invalid params: params.sha256 must be 64 hexadecimal characters' },
    },
  ],
  [
    'file.sha256 is inconclusive on an unknown param',
    {
      script: 'file.sha256',
      target: 'data.json',
      params: { sha256: sha256('x'), algo: 'md5' },
      verdict: 'inconclusive',
      evidence: { problem: 'invalid params: unknown params: algo' },
    },
  ],
  [
    'text.includes passes and locates the text',
    {
      script: 'text.includes',
      target: 'notes.txt',
      params: { text: 'Brand Blue' },
      verdict: 'pass',
      evidence: { text: 'Brand Blue', offset: 15, line: 2, bytes: 37 },
    },
  ],
  [
    'text.includes finds text across read chunks',
    {
      script: 'text.includes',
      target: 'big.txt',
      params: { text: 'NEEDLE' },
      verdict: 'pass',
      evidence: { offset: 65_533, line: 2, bytes: 70_000 },
    },
  ],
  [
    'text.includes fails when the text is absent',
    {
      script: 'text.includes',
      target: 'notes.txt',
      params: { text: 'Brand Red' },
      verdict: 'fail',
      evidence: { expected: { includes: 'Brand Red' }, found: 'text not present', bytes: 37 },
    },
  ],
  [
    'text.includes is case-sensitive',
    {
      script: 'text.includes',
      target: 'notes.txt',
      params: { text: 'brand blue' },
      verdict: 'fail',
      evidence: { found: 'text not present' },
    },
  ],
  [
    'text.includes is inconclusive on empty text',
    {
      script: 'text.includes',
      target: 'notes.txt',
      params: { text: '' },
      verdict: 'inconclusive',
      evidence: { problem: 'invalid params: params.text must be a non-empty string' },
    },
  ],
  [
    'text.includes fails on a directory',
    {
      script: 'text.includes',
      target: 'pages',
      kind: 'directory',
      params: { text: 'png' },
      verdict: 'fail',
      evidence: { found: 'directory' },
    },
  ],
  [
    'json.valid passes on JSON',
    {
      script: 'json.valid',
      target: 'data.json',
      verdict: 'pass',
      evidence: { type: 'object', bytes: 20 },
    },
  ],
  [
    'json.valid fails on broken JSON',
    {
      script: 'json.valid',
      target: 'broken.json',
      verdict: 'fail',
      evidence: { expected: 'valid JSON' },
    },
  ],
  [
    'json.valid fails on bytes that are not UTF-8',
    {
      script: 'json.valid',
      target: 'latin1.json',
      verdict: 'fail',
      evidence: { found: 'bytes that are not valid UTF-8' },
    },
  ],
  [
    'json.valid fails on an empty file',
    {
      script: 'json.valid',
      target: 'empty.txt',
      verdict: 'fail',
      evidence: { bytes: 0, expected: 'valid JSON' },
    },
  ],
  [
    'dir.non_empty passes and lists entries',
    {
      script: 'dir.non_empty',
      target: 'pages',
      kind: 'directory',
      verdict: 'pass',
      evidence: { entries: 2, names: ['page-01.png', 'page-02.png'] },
    },
  ],
  [
    'dir.non_empty fails on an empty directory',
    {
      script: 'dir.non_empty',
      target: 'empty-dir',
      kind: 'directory',
      verdict: 'fail',
      evidence: { expected: 'a directory with at least one entry', found: 'an empty directory' },
    },
  ],
  [
    'dir.non_empty fails on a file',
    {
      script: 'dir.non_empty',
      target: 'notes.txt',
      verdict: 'fail',
      evidence: { expected: 'a non-empty directory', found: 'file' },
    },
  ],
];

describe.each(sandboxes)('built-in scripts under %s', (_name, sandbox) => {
  test.each(cases)('%s', async (_title, testCase) => {
    const outcome: VerificationOutcome = await verify({
      sandbox,
      capturePath: join(root, 'captures', testCase.target),
      captureKind: testCase.kind ?? 'file',
      script: testCase.script,
      params: testCase.params,
      scratchRoot: scratchRootIn(root),
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.verdict).toBe(testCase.verdict);
    expect(outcome.evidence).toMatchObject({
      path: sandbox.view({
        capturePath: join(root, 'captures', testCase.target),
        captureKind: testCase.kind ?? 'file',
        scratchDir: '/unused',
      }).capturePath,
      ...testCase.evidence,
    });
    if (testCase.verdict === 'fail') {
      expect(outcome.evidence).toHaveProperty('expected');
      expect(outcome.evidence).toHaveProperty('found');
    }
  });
});
