// A fake api.github.com (GITHUB_API_URL) for one repository. It serves check runs, contents
// and the artifact REST endpoints, validates every check-run body against GitHub's OpenAPI
// description, and records each departure from what GitHub accepts as a violation; a test
// asserts `violations` is empty. Tokens are recorded but never printed.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listRunArtifacts, redirectToArtifactZip, type ArtifactsSource } from './artifactsRest.js';
import {
  applyUpdate,
  checkRunBodyProblems,
  checkRunJson,
  createCheckRun,
  type CheckRun,
} from './checkRuns.js';
import { serveContents, type RepoFiles } from './contents.js';
import { header, isRecord, listen, parseJson, sendJson } from './http.js';
import { documentationUrl, type OperationId } from './openapi.js';
import type { ResultsService } from './resultsService.js';
import { backendIdsForRun } from './runtimeToken.js';

export type ViolationKind =
  | 'auth'
  | 'unexpected-request'
  | 'wrong-repository'
  | 'malformed-json'
  | 'schema'
  | 'rule'
  | 'unknown-check-run';

export type Violation = { kind: ViolationKind; method: string; path: string; problems: string[] };

export type ApiRequest = { method: string; path: string; status: number; accept: string };

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
  /** Returns the violations recorded so far and forgets them. */
  takeViolations(): Violation[];
  setFiles(ref: string, files: Record<string, Buffer | string>): void;
  registerRun(runId: number, runBackendId: string): void;
  stop(): Promise<void>;
};

type Context = {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  body: Buffer;
  params: string[];
  violate(kind: ViolationKind, problems: string[]): void;
};

type Route = { method: string; pattern: RegExp; handle(ctx: Context): void };

export async function startGitHubApi(options: GitHubApiOptions = {}): Promise<GitHubApi> {
  const repository = options.repository ?? 'octo-org/octo-repo';
  const files: RepoFiles = { ...options.files };
  const runs = new Map<number, string>(
    Object.entries(options.runs ?? {}).map(([k, v]) => [Number(k), v]),
  );
  const state = {
    violations: [] as Violation[],
    requests: [] as ApiRequest[],
    tokens: [] as string[],
    checkRuns: [] as CheckRun[],
  };
  let apiUrl = '';
  const knownCommits = (): Set<string> =>
    new Set([...Object.keys(files), ...(options.commits ?? [])]);
  const artifacts = (): ArtifactsSource => {
    if (options.results === undefined)
      throw new Error('startGitHubApi: pass `results` to serve artifacts');
    return {
      results: options.results,
      runBackendId: (runId) => runs.get(runId) ?? backendIdsForRun(runId).runBackendId,
      apiUrl,
      repo: repository,
    };
  };
  const routes: Route[] = [
    {
      method: 'POST',
      pattern: /^\/check-runs$/,
      handle: (ctx) => checkRunWrite(ctx, 'checks/create'),
    },
    {
      method: 'PATCH',
      pattern: /^\/check-runs\/(\d+)$/,
      handle: (ctx) => checkRunWrite(ctx, 'checks/update'),
    },
    { method: 'GET', pattern: /^\/contents(?:\/(.*))?$/, handle: contents },
    {
      method: 'GET',
      pattern: /^\/actions\/runs\/(\d+)\/artifacts$/,
      handle: (ctx) =>
        listRunArtifacts(ctx.res, artifacts(), Number(ctx.params[0]), ctx.url.searchParams),
    },
    {
      method: 'GET',
      pattern: /^\/actions\/artifacts\/(\d+)\/zip$/,
      handle: (ctx) => {
        if (!redirectToArtifactZip(ctx.res, artifacts(), Number(ctx.params[0]))) notFound(ctx.res);
      },
    },
  ];

  function checkRunWrite(ctx: Context, operation: OperationId): void {
    const body = parseJson(ctx.body);
    if (!isRecord(body)) {
      ctx.violate('malformed-json', ['body is not a JSON object']);
      sendJson(ctx.res, 400, {
        message: 'Problems parsing JSON',
        documentation_url: documentationUrl(operation),
      });
      return;
    }
    const existing =
      operation === 'checks/update'
        ? state.checkRuns.find((r) => r.id === Number(ctx.params[0]))
        : undefined;
    if (operation === 'checks/update' && existing === undefined) {
      ctx.violate('unknown-check-run', [`no check run ${ctx.params[0] ?? ''}`]);
      notFound(ctx.res);
      return;
    }
    const rejection = checkRunBodyProblems(operation, body, knownCommits());
    if (rejection !== undefined) {
      ctx.violate(rejection.kind, rejection.problems);
      sendJson(ctx.res, 422, {
        message: `Invalid request.\n\n${rejection.problems.join('\n')}`,
        errors: rejection.problems,
        documentation_url: documentationUrl(operation),
        status: '422',
      });
      return;
    }
    const run = existing ?? createCheckRun(body);
    if (existing === undefined) state.checkRuns.push(run);
    else applyUpdate(existing, body);
    sendJson(ctx.res, existing === undefined ? 201 : 200, checkRunJson(run, apiUrl, repository));
  }

  function contents(ctx: Context): void {
    const served = serveContents(
      ctx.res,
      { files, defaultRef: options.defaultRef, apiUrl },
      {
        repo: repository,
        path: decodeURIComponent(ctx.params[0] ?? ''),
        ref: ctx.url.searchParams.get('ref') ?? undefined,
        accept: header(ctx.req, 'accept') ?? '',
      },
    );
    if (!served) notFound(ctx.res);
  }

  const server = await listen((req, res, body) =>
    dispatch({ req, res, body, routes, repository, state }),
  );
  apiUrl = server.url;
  return {
    url: server.url,
    repository,
    ...state,
    takeViolations: () => state.violations.splice(0),
    setFiles: (ref, tree) => void (files[ref] = { ...files[ref], ...tree }),
    registerRun: (runId, runBackendId) => void runs.set(runId, runBackendId),
    stop: () => server.close(),
  };
}

type DispatchState = { violations: Violation[]; requests: ApiRequest[]; tokens: string[] };

function dispatch(input: {
  req: IncomingMessage;
  res: ServerResponse;
  body: Buffer;
  routes: Route[];
  repository: string;
  state: DispatchState;
}): void {
  const { req, res, body, routes, repository, state } = input;
  const url = new URL(req.url ?? '/', 'http://api.invalid');
  const method = req.method ?? 'GET';
  const violate = (kind: ViolationKind, problems: string[]): void =>
    void state.violations.push({ kind, method, path: url.pathname, problems });
  res.on('finish', () =>
    state.requests.push({
      method,
      path: url.pathname,
      status: res.statusCode,
      accept: header(req, 'accept') ?? '',
    }),
  );
  const token = /^(?:token|bearer) (\S+)$/i.exec(header(req, 'authorization') ?? '')?.[1];
  if (token === undefined) {
    violate('auth', ['no `authorization: token …` or `Bearer …` header']);
    sendJson(res, 401, {
      message: 'Requires authentication',
      documentation_url: 'https://docs.github.com/rest',
    });
    return;
  }
  state.tokens.push(token);
  const repoPath = /^\/repos\/([^/]+)\/([^/]+)(\/.*)$/.exec(url.pathname);
  const rest = repoPath?.[3] ?? '';
  const route = routes.find((r) => r.method === method && r.pattern.test(rest));
  if (repoPath === null || route === undefined) {
    violate('unexpected-request', [`${method} ${url.pathname}${url.search}`]);
    notFound(res);
    return;
  }
  const named = `${decodeURIComponent(repoPath[1] ?? '')}/${decodeURIComponent(repoPath[2] ?? '')}`;
  if (named.toLowerCase() !== repository.toLowerCase()) {
    violate('wrong-repository', [`${named} is not ${repository}`]);
    notFound(res);
    return;
  }
  const params = route.pattern.exec(rest)?.slice(1) ?? [];
  route.handle({ req, res, url, body, params: params.map((p) => p ?? ''), violate });
}

function notFound(res: ServerResponse): void {
  sendJson(res, 404, {
    message: 'Not Found',
    documentation_url: 'https://docs.github.com/rest',
    status: '404',
  });
}
