// Proves the REST API stand-in with the real Octokit from @actions/github (check runs
// validated against GitHub's OpenAPI description, contents, violations) and the results
// service's Twirp error format on the wire.
import type { GitHubApi } from '../support/actions/githubApi.js';
import { startInProcess, type InProcess } from '../support/actions/inProcess.js';
import { publishedExamples, requestBodyErrors } from '../support/actions/openapi.js';
import type { ResultsService } from '../support/actions/resultsService.js';
import { backendIdsForRun, makeRuntimeToken } from '../support/actions/runtimeToken.js';

const TIMEOUT = 60_000;

const OWNER = 'octo-org';
const REPO = 'octo-repo';
const TOKEN = 'ghs_faketoken000000000000000000000000';
const BASE_SHA = 'a'.repeat(40);
const HEAD_SHA = 'b'.repeat(40);
const RUN_1 = 101;
const RUN_2 = 202;
const HELLO_BLOB_SHA = 'ce013625030ba8dba906f756967f9e9ca394464a'; // git hash-object of "hello\n"

let services: InProcess;
let results: ResultsService;
let api: GitHubApi;
let github: typeof import('@actions/github');
const useRun = (runId: number): void => void services.useRun(runId);

beforeAll(async () => {
  services = await startInProcess({
    repository: `${OWNER}/${REPO}`,
    files: {
      [BASE_SHA]: {
        '.dog/graph.yaml': 'goals: {}\n',
        '.dog/lib/check.mjs': 'export {};\n',
        'hello.txt': 'hello\n',
      },
    },
    commits: [HEAD_SHA],
  });
  ({ results, api } = services);
  github = await import('@actions/github');
}, TIMEOUT);

afterAll(() => services?.stop(), TIMEOUT);

describe('the REST API', () => {
  const octokit = () => github.getOctokit(TOKEN);
  const annotations = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      path: 'a.ts',
      start_line: i + 1,
      end_line: i + 1,
      annotation_level: 'warning' as const,
      message: `m${i}`,
    }));

  test('GitHub’s own published examples are valid request bodies', () => {
    for (const id of ['checks/create', 'checks/update'] as const) {
      for (const example of publishedExamples(id))
        expect(requestBodyErrors(id, example)).toEqual([]);
    }
  });

  test(
    'a valid check run is created, updated, and accumulates annotations',
    async () => {
      useRun(RUN_1);
      const base = { owner: OWNER, repo: REPO };
      const created = await octokit().rest.checks.create({
        ...base,
        name: 'DoG',
        head_sha: HEAD_SHA,
        status: 'in_progress',
        output: { title: 't', summary: 's', annotations: annotations(50) },
      });
      expect(created.status).toBe(201);
      expect(created.data).toMatchObject({
        name: 'DoG',
        head_sha: HEAD_SHA,
        status: 'in_progress',
      });
      const updated = await octokit().rest.checks.update({
        ...base,
        check_run_id: created.data.id,
        conclusion: 'success',
        output: { title: 't', summary: 'done', annotations: annotations(30) },
      });
      expect(updated.data).toMatchObject({
        status: 'completed',
        conclusion: 'success',
        output: { annotations_count: 80 },
      });
      const run = api.checkRuns.find((r) => r.id === created.data.id)!;
      expect(run.output.annotations).toHaveLength(80);
      expect(run.output.summary).toBe('done');
      expect(api.takeViolations()).toEqual([]);
    },
    TIMEOUT,
  );

  test.each([
    [
      '51 annotations',
      { output: { title: 't', summary: 's', annotations: annotations(51) } },
      'schema',
      /maxItems|more than 50/,
    ],
    ['a bad conclusion', { conclusion: 'bogus' }, 'schema', /conclusion/],
    ['completed without conclusion', { status: 'completed' }, 'rule', /conclusion is required/],
    ['an unknown head sha', { head_sha: 'c'.repeat(40) }, 'rule', /No commit found/],
  ])(
    '%s is rejected with 422 and recorded',
    async (_what, change, kind, problem) => {
      useRun(RUN_1);
      const body = {
        owner: OWNER,
        repo: REPO,
        name: 'DoG',
        head_sha: HEAD_SHA,
        ...change,
      } as Parameters<ReturnType<typeof octokit>['rest']['checks']['create']>[0];
      await expect(octokit().rest.checks.create(body)).rejects.toMatchObject({ status: 422 });
      const violations = api.takeViolations();
      expect(violations).toHaveLength(1);
      expect(violations[0]).toMatchObject({
        kind,
        method: 'POST',
        path: `/repos/${OWNER}/${REPO}/check-runs`,
      });
      expect(violations[0]!.problems.join('\n')).toMatch(problem);
    },
    TIMEOUT,
  );

  test(
    'contents: raw text, the file object, a directory listing and a 404',
    async () => {
      useRun(RUN_1);
      const get = (path: string, raw = false) =>
        octokit().rest.repos.getContent({
          owner: OWNER,
          repo: REPO,
          path,
          ref: BASE_SHA,
          ...(raw ? { mediaType: { format: 'raw' } } : {}),
        });
      expect((await get('.dog/graph.yaml', true)).data).toBe('goals: {}\n');
      const file = (await get('hello.txt')).data as {
        type: string;
        sha: string;
        content: string;
        encoding: string;
        size: number;
      };
      expect(file).toMatchObject({
        type: 'file',
        sha: HELLO_BLOB_SHA,
        encoding: 'base64',
        size: 6,
      });
      expect(Buffer.from(file.content, 'base64').toString()).toBe('hello\n');
      const dir = (await get('.dog')).data as { name: string; type: string }[];
      expect(dir.map((e) => [e.name, e.type])).toEqual([
        ['graph.yaml', 'file'],
        ['lib', 'dir'],
      ]);
      await expect(get('missing.txt')).rejects.toMatchObject({ status: 404 });
      await expect(
        octokit().rest.repos.getContent({
          owner: OWNER,
          repo: REPO,
          path: 'hello.txt',
          ref: HEAD_SHA,
        }),
      ).rejects.toMatchObject({ status: 404 });
      expect(api.takeViolations()).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    'unexpected endpoints, other repositories and missing auth are violations',
    async () => {
      useRun(RUN_1);
      await expect(
        octokit().rest.repos.listBranches({ owner: OWNER, repo: REPO }),
      ).rejects.toMatchObject({ status: 404 });
      await expect(
        octokit().rest.repos.getContent({ owner: 'evil', repo: REPO, path: 'x', ref: BASE_SHA }),
      ).rejects.toMatchObject({ status: 404 });
      const anonymous = await fetch(
        `${api.url}/repos/${OWNER}/${REPO}/contents/hello.txt?ref=${BASE_SHA}`,
      );
      expect(anonymous.status).toBe(401);
      expect(api.takeViolations().map((v) => v.kind)).toEqual([
        'unexpected-request',
        'wrong-repository',
        'auth',
      ]);
    },
    TIMEOUT,
  );
});

describe('Twirp wire format', () => {
  const twirp = (method: string, body: object, token?: string) =>
    fetch(`${results.url}/twirp/github.actions.results.api.v1.ArtifactService/${method}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });

  test(
    'errors are {code, msg} with Twirp’s HTTP status',
    async () => {
      const token = makeRuntimeToken(backendIdsForRun(RUN_1, 'dog'));
      const otherRunSameJob = {
        ...idsJson(RUN_1),
        workflow_run_backend_id: backendIdsForRun(RUN_2).runBackendId,
      };
      const cases: [Response, number, string][] = [
        [await twirp('NoSuchMethod', {}, token), 404, 'bad_route'],
        [await twirp('ListArtifacts', idsJson(RUN_1)), 401, 'unauthenticated'],
        [await twirp('ListArtifacts', idsJson(RUN_2), token), 403, 'permission_denied'],
        [await twirp('ListArtifacts', otherRunSameJob, token), 403, 'permission_denied'],
        [
          await twirp('GetSignedArtifactURL', { ...idsJson(RUN_1), name: 'nope' }, token),
          404,
          'not_found',
        ],
      ];
      for (const [response, status, code] of cases) {
        expect(response.status).toBe(status);
        expect(await response.json()).toEqual({ code, msg: expect.any(String) });
      }
    },
    TIMEOUT,
  );
});

function idsJson(runId: number): Record<string, string> {
  const ids = backendIdsForRun(runId, 'dog');
  return {
    workflow_run_backend_id: ids.runBackendId,
    workflow_job_run_backend_id: ids.jobBackendId,
  };
}
