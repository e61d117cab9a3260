// The code-scanning stand-in behaves as GitHub does, proved with the real Octokit and DoG's
// own client: who may upload, what an upload must be, and the processing status after it.
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { getOctokit } from '@actions/github';
import { octokitCodeScanning } from '../../src/action/codeScanning.js';
import { startGitHubApi, type GitHubApi } from '../support/actions/githubApi.js';

const REPO = { owner: 'octo-org', repo: 'octo-repo' };
const WRITER = 'ghs_writer00000000000000000000000000000';
const READER = 'ghs_reader00000000000000000000000000000';
const FORK = 'ghs_fork000000000000000000000000000000';
const HEAD_SHA = 'b'.repeat(40);

const minimalLog = {
  $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
  version: '2.1.0',
  runs: [{ tool: { driver: { name: 'DoG' } }, results: [] }],
};
const encode = (value: unknown): string =>
  gzipSync(Buffer.from(JSON.stringify(value))).toString('base64');

let api: GitHubApi;
beforeAll(async () => {
  api = await startGitHubApi();
  api.codeScanning.writers.add(WRITER);
  // The workflow asked for security-events: write, but a fork's pull request never gets it.
  api.codeScanning.writers.add(FORK);
  api.codeScanning.forkTokens.add(FORK);
  api.reviewLoop.pulls.set(7, {
    number: 7,
    headSha: HEAD_SHA,
    baseSha: 'a'.repeat(40),
    headRef: 'feature',
  });
});
afterAll(() => api.stop());
afterEach(() => {
  api.codeScanning.uploads.splice(0);
});

const client = (token: string) =>
  octokitCodeScanning(getOctokit(token, { baseUrl: api.url }), REPO);
const upload = (token: string, sarif: string, ref = 'refs/pull/7/head') =>
  client(token).upload({ commitSha: HEAD_SHA, ref, sarif });
const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: { status?: number }) => error.status,
  );

test('a token with security-events: write uploads; the status says complete', async () => {
  const id = await upload(WRITER, encode(minimalLog));
  expect(id).toMatch(/^dog-sarif-\d+$/);
  expect(await client(WRITER).processing(id!)).toEqual({ status: 'complete', errors: [] });
  expect(api.codeScanning.uploads).toMatchObject([
    { commitSha: HEAD_SHA, ref: 'refs/pull/7/head', sarif: minimalLog },
  ]);
  expect(api.takeViolations()).toEqual([]);
});

test('403 without security-events: write, and for a fork pull request whatever it asked', async () => {
  expect(await statusOf(upload(READER, encode(minimalLog)))).toBe(403);
  expect(await statusOf(upload(FORK, encode(minimalLog)))).toBe(403);
  expect(api.codeScanning.uploads).toEqual([]);
});

test('400 for a payload that is not base64 of gzip of JSON, or a short ref', async () => {
  expect(await statusOf(upload(WRITER, '@@not base64@@'))).toBe(400);
  expect(await statusOf(upload(WRITER, Buffer.from('{}').toString('base64')))).toBe(400);
  expect(await statusOf(upload(WRITER, gzipSync('not json').toString('base64')))).toBe(400);
  expect(await statusOf(upload(WRITER, encode(minimalLog), 'feature'))).toBe(400);
  expect(api.takeViolations().map((v) => v.problems[0])).toEqual([
    'sarif is not base64',
    'sarif is not gzip-compressed',
    'the decoded sarif is not JSON',
    expect.stringMatching(/^ref must be/),
  ]);
});

test('413 for a gzip file over 10 MB', async () => {
  const incompressible = randomBytes(10_000_100);
  expect(await statusOf(upload(WRITER, incompressible.toString('base64')))).toBe(413);
  expect(api.takeViolations()).toMatchObject([{ kind: 'rule' }]);
});

test('a file that is not SARIF, or over a hard limit, is accepted and fails processing', async () => {
  const tooMany = {
    ...minimalLog,
    runs: [
      {
        tool: { driver: { name: 'DoG' } },
        results: [
          {
            message: { text: 'x' },
            locations: Array.from({ length: 1_001 }, () => ({
              physicalLocation: { artifactLocation: { uri: 'a.md' } },
            })),
          },
        ],
      },
    ],
  };
  const id = await upload(WRITER, encode(tooMany));
  expect(await client(WRITER).processing(id!)).toEqual({
    status: 'failed',
    errors: ['a result with over 1000 locations'],
  });
  const notSarif = await upload(WRITER, encode({ version: '9' }));
  expect((await client(WRITER).processing(notSarif!)).status).toBe('failed');
  expect(api.takeViolations().map((v) => v.kind)).toEqual(['schema', 'schema']);
});

test('the open pull requests of a head commit', async () => {
  expect(await client(READER).pullRequestsOf(HEAD_SHA)).toEqual([
    { number: 7, headSha: HEAD_SHA, state: 'open' },
  ]);
  expect(await client(READER).pullRequestsOf('c'.repeat(40))).toEqual([]);
});
