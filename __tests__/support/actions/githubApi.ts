// A fake api.github.com (GITHUB_API_URL) for one repository. It serves check runs, contents,
// the git database (trees and blobs), the artifact and review-loop REST endpoints, code
// scanning's SARIF uploads (codeScanning.ts) and who a token is (identities.ts), validates
// every check-run body against GitHub's OpenAPI description, and records each departure from
// what GitHub accepts as a violation; a test asserts `violations` is empty. Tokens are
// recorded but never printed.
import { listRunArtifacts, redirectToArtifactZip, type ArtifactsSource } from './artifactsRest.js';
import {
  applyUpdate,
  checkRunBodyProblems,
  checkRunJson,
  createCheckRun,
  type CheckRun,
} from './checkRuns.js';
import { listCaches } from './cachesRest.js';
import { codeScanningRoutes, codeScanningState, type CodeScanningState } from './codeScanning.js';
import { serveContents } from './contents.js';
import { gitDatabaseFaults, serveBlob, serveTree, type GitDatabaseFaults } from './gitDatabase.js';
import { listRunJobs, runJobsState, type RunJobs } from './jobsRest.js';
import { header, isRecord, listen, parseJson, sendJson } from './http.js';
import { documentationUrl, type OperationId } from './openapi.js';
import {
  notFound,
  restRouter,
  type ApiRequest,
  type Context,
  type Route,
  type Violation,
} from './restRouter.js';
import type { ResultsService } from './resultsService.js';
import { identityRoutes } from './identities.js';
import type { RepoEntry, RepoFiles } from './repoFiles.js';
import { reviewLoopRoutes, reviewLoopState, type ReviewLoopState } from './reviewLoop.js';
import { backendIdsForRun } from './runtimeToken.js';

export type { ApiRequest, Violation, ViolationKind } from './restRouter.js';

export type GitHubApiOptions = {
  /** `owner/name` of the one repository served (default `octo-org/octo-repo`). */
  repository?: string;
  files?: RepoFiles;
  /** Ref for contents requests without `?ref=`. */
  defaultRef?: string;
  /** Needed for the artifact endpoints. */
  results?: ResultsService;
  /** Run id → run backend id, for runs not using `backendIdsForRun`'s default. */
  runs?: Record<number, string>;
  /** SHAs a check run may name besides the refs in `files`; with neither, any SHA goes. */
  commits?: string[];
};

export type GitHubApi = {
  readonly url: string;
  readonly repository: string;
  readonly violations: Violation[];
  readonly requests: ApiRequest[];
  /** Every token presented, in order (compare, do not print). */
  readonly tokens: string[];
  readonly checkRuns: CheckRun[];
  /** Pull request comments, permissions, workflow runs, re-runs and dispatches. */
  readonly reviewLoop: ReviewLoopState;
  /** SARIF uploads, and which tokens may make them (`security-events: write`). */
  readonly codeScanning: CodeScanningState;
  /** The jobs of each workflow run (`GET …/actions/runs/{id}/jobs`). */
  readonly runJobs: RunJobs;
  /** Ways the git database endpoints depart from the truth, for tests that make them lie. */
  readonly gitFaults: GitDatabaseFaults;
  /** Returns the violations recorded so far and forgets them. */
  takeViolations(): Violation[];
  setFiles(ref: string, files: Record<string, Buffer | string | RepoEntry>): void;
  /** Makes `sha` a commit holding exactly `files` (replacing what it held). */
  setCommit(sha: string, files: Record<string, Buffer | string | RepoEntry>): void;
  registerRun(runId: number, runBackendId: string): void;
  stop(): Promise<void>;
};

type State = {
  options: GitHubApiOptions;
  repository: string;
  apiUrl: string;
  files: RepoFiles;
  runs: Map<number, string>;
  violations: Violation[];
  requests: ApiRequest[];
  tokens: string[];
  checkRuns: CheckRun[];
  reviewLoop: ReviewLoopState;
  codeScanning: CodeScanningState;
  runJobs: RunJobs;
  gitFaults: GitDatabaseFaults;
};

export async function startGitHubApi(options: GitHubApiOptions = {}): Promise<GitHubApi> {
  const runs = Object.entries(options.runs ?? {}).map(([k, v]): [number, string] => [Number(k), v]);
  const state: State = {
    options,
    repository: options.repository ?? 'octo-org/octo-repo',
    apiUrl: '',
    files: { ...options.files },
    runs: new Map(runs),
    violations: [],
    requests: [],
    tokens: [],
    checkRuns: [],
    reviewLoop: reviewLoopState(),
    codeScanning: codeScanningState(),
    runJobs: runJobsState(),
    gitFaults: gitDatabaseFaults(),
  };
  const server = await listen(restRouter(state.repository, routes(state), state));
  state.apiUrl = server.url;
  return {
    url: server.url,
    repository: state.repository,
    violations: state.violations,
    requests: state.requests,
    tokens: state.tokens,
    checkRuns: state.checkRuns,
    reviewLoop: state.reviewLoop,
    codeScanning: state.codeScanning,
    runJobs: state.runJobs,
    gitFaults: state.gitFaults,
    takeViolations: () => state.violations.splice(0),
    setFiles: (ref, tree) => void (state.files[ref] = { ...state.files[ref], ...tree }),
    setCommit: (sha, tree) => void (state.files[sha] = { ...tree }),
    registerRun: (runId, runBackendId) => void state.runs.set(runId, runBackendId),
    stop: () => server.close(),
  };
}

function routes(state: State): Route[] {
  const idParam = (ctx: Context): number => Number(ctx.params[0]);
  return [
    { method: 'POST', pattern: /^\/check-runs$/, handle: (ctx) => createRun(state, ctx) },
    { method: 'PATCH', pattern: /^\/check-runs\/(\d+)$/, handle: (ctx) => updateRun(state, ctx) },
    { method: 'GET', pattern: /^\/contents(?:\/(.*))?$/, handle: (ctx) => contents(state, ctx) },
    {
      method: 'GET',
      pattern: /^\/git\/trees\/([^/]+)$/,
      handle: (ctx) => {
        const recursive = ctx.url.searchParams.has('recursive');
        if (contentsDenied(state, ctx, 'git/trees#get-a-tree')) return;
        if (!serveTree(ctx.res, gitSource(state), ctx.params[0] ?? '', recursive))
          notFound(ctx.res);
      },
    },
    {
      method: 'GET',
      pattern: /^\/git\/blobs\/([0-9a-f]{40})$/,
      handle: (ctx) => {
        if (contentsDenied(state, ctx, 'git/blobs#get-a-blob')) return;
        if (!serveBlob(ctx.res, gitSource(state), ctx.params[0] ?? '')) notFound(ctx.res);
      },
    },
    {
      method: 'GET',
      pattern: /^\/actions\/runs\/(\d+)\/artifacts$/,
      handle: (ctx) =>
        listRunArtifacts(ctx.res, artifacts(state), idParam(ctx), ctx.url.searchParams),
    },
    {
      method: 'GET',
      pattern: /^\/actions\/artifacts\/(\d+)\/zip$/,
      handle: (ctx) => {
        if (!redirectToArtifactZip(ctx.res, artifacts(state), idParam(ctx))) notFound(ctx.res);
      },
    },
    {
      method: 'GET',
      pattern: /^\/actions\/caches$/,
      handle: (ctx) =>
        listCaches(
          ctx.res,
          results(state),
          ctx.url.searchParams,
          !state.reviewLoop.denied.has('actions:read'),
        ),
    },
    {
      method: 'GET',
      pattern: /^\/actions\/runs\/(\d+)\/jobs$/,
      handle: (ctx) =>
        listRunJobs(
          ctx.res,
          state.runJobs,
          idParam(ctx),
          ctx.url.searchParams,
          !state.reviewLoop.denied.has('actions:read'),
        ),
    },
    ...reviewLoopRoutes(state.reviewLoop, state),
    ...codeScanningRoutes(state.codeScanning, state.reviewLoop, {
      get apiUrl() {
        return state.apiUrl;
      },
      repository: state.repository,
    }),
    ...identityRoutes(state.reviewLoop.identities),
  ];
}

function createRun(state: State, ctx: Context): void {
  const body = validBody(state, ctx, 'checks/create');
  if (body === undefined) return;
  const run = createCheckRun(body);
  state.checkRuns.push(run);
  sendJson(ctx.res, 201, checkRunJson(run, state.apiUrl, state.repository));
}

function updateRun(state: State, ctx: Context): void {
  const run = state.checkRuns.find((r) => r.id === Number(ctx.params[0]));
  if (run === undefined) {
    ctx.violate('unknown-check-run', [`no check run ${ctx.params[0] ?? ''}`]);
    notFound(ctx.res);
    return;
  }
  const body = validBody(state, ctx, 'checks/update');
  if (body === undefined) return;
  applyUpdate(run, body);
  sendJson(ctx.res, 200, checkRunJson(run, state.apiUrl, state.repository));
}

/** The body when GitHub would accept it; otherwise answers 400/422 and records why. */
function validBody(
  state: State,
  ctx: Context,
  operation: OperationId,
): Record<string, unknown> | undefined {
  const body = parseJson(ctx.body);
  const documentation_url = documentationUrl(operation);
  if (!isRecord(body)) {
    ctx.violate('malformed-json', ['body is not a JSON object']);
    sendJson(ctx.res, 400, { message: 'Problems parsing JSON', documentation_url });
    return undefined;
  }
  const commits = new Set([...Object.keys(state.files), ...(state.options.commits ?? [])]);
  const rejection = checkRunBodyProblems(operation, body, commits);
  if (rejection === undefined) return body;
  ctx.violate(rejection.kind, rejection.problems);
  sendJson(ctx.res, 422, {
    message: `Invalid request.\n\n${rejection.problems.join('\n')}`,
    errors: rejection.problems,
    documentation_url,
    status: '422',
  });
  return undefined;
}

function contents(state: State, ctx: Context): void {
  const source = { files: state.files, defaultRef: state.options.defaultRef, apiUrl: state.apiUrl };
  const served = serveContents(ctx.res, source, {
    repo: state.repository,
    path: decodeURIComponent(ctx.params[0] ?? ''),
    ref: ctx.url.searchParams.get('ref') ?? undefined,
    accept: header(ctx.req, 'accept') ?? '',
  });
  if (!served) notFound(ctx.res);
}

/** A token without `contents: read` gets GitHub's 403 (set `reviewLoop.denied`). */
function contentsDenied(state: State, ctx: Context, operation: string): boolean {
  if (!state.reviewLoop.denied.has('contents:read')) return false;
  sendJson(ctx.res, 403, {
    message: 'Resource not accessible by integration',
    documentation_url: `https://docs.github.com/rest/${operation}`,
    status: '403',
  });
  return true;
}

function gitSource(state: State) {
  const { files, apiUrl, repository: repo, gitFaults: faults } = state;
  return { files, apiUrl, repo, faults };
}

function results(state: State): ResultsService {
  const service = state.options.results;
  if (service === undefined)
    throw new Error('startGitHubApi: pass `results` to serve artifacts and caches');
  return service;
}

function artifacts(state: State): ArtifactsSource {
  return {
    results: results(state),
    runBackendId: (runId) => state.runs.get(runId) ?? backendIdsForRun(runId).runBackendId,
    apiUrl: state.apiUrl,
    repo: state.repository,
  };
}
