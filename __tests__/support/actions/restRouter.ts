// Routing for the fake REST API: authentication, the one repository it serves, and a record
// of every request and of every way a request departs from what GitHub would accept.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { header, sendJson, type Handler } from './http.js';

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

export type Context = {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  body: Buffer;
  /** The route pattern's capture groups, in order. */
  params: string[];
  /** The token the request presented (compare, do not print). */
  token: string;
  violate(kind: ViolationKind, problems: string[]): void;
};

/**
 * `pattern` matches the path after `/repos/{owner}/{repo}`, or the whole path for a route of
 * the API's root (`/graphql`, `/user`).
 */
export type Route = { method: string; pattern: RegExp; root?: true; handle(ctx: Context): void };

export type RouterLog = { violations: Violation[]; requests: ApiRequest[]; tokens: string[] };

export function restRouter(repository: string, routes: Route[], log: RouterLog): Handler {
  return (req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://api.invalid');
    const method = req.method ?? 'GET';
    const violate = (kind: ViolationKind, problems: string[]): void =>
      void log.violations.push({ kind, method, path: url.pathname, problems });
    const accept = header(req, 'accept') ?? '';
    res.on('finish', () =>
      log.requests.push({ method, path: url.pathname, status: res.statusCode, accept }),
    );
    const token = authenticated(req, res, log, violate);
    if (token === undefined) return;
    const top = routes.find((r) => r.root && r.method === method && r.pattern.test(url.pathname));
    if (top !== undefined) {
      const params = (top.pattern.exec(url.pathname)?.slice(1) ?? []).map((p) => p ?? '');
      top.handle({ req, res, url, body, params, token, violate });
      return;
    }
    const repoPath = /^\/repos\/([^/]+)\/([^/]+)(\/.*)$/.exec(url.pathname);
    const rest = repoPath?.[3] ?? '';
    const route = routes.find((r) => !r.root && r.method === method && r.pattern.test(rest));
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
    const params = (route.pattern.exec(rest)?.slice(1) ?? []).map((p) => p ?? '');
    route.handle({ req, res, url, body, params, token, violate });
  };
}

/** The request's token; undefined (answered 401) when it has none. */
function authenticated(
  req: IncomingMessage,
  res: ServerResponse,
  log: RouterLog,
  violate: Context['violate'],
): string | undefined {
  const token = /^(?:token|bearer) (\S+)$/i.exec(header(req, 'authorization') ?? '')?.[1];
  if (token === undefined) {
    violate('auth', ['no `authorization: token …` or `Bearer …` header']);
    sendJson(res, 401, {
      message: 'Requires authentication',
      documentation_url: 'https://docs.github.com/rest',
    });
    return undefined;
  }
  log.tokens.push(token);
  return token;
}

export function notFound(res: ServerResponse): void {
  sendJson(res, 404, {
    message: 'Not Found',
    documentation_url: 'https://docs.github.com/rest',
    status: '404',
  });
}

/** GitHub's answer to a token without the permission an endpoint needs. */
export function forbidden(res: ServerResponse, operation: string): void {
  sendJson(res, 403, {
    message: 'Resource not accessible by integration',
    documentation_url: `https://docs.github.com/rest/${operation}`,
    status: '403',
  });
}

export function unprocessable(ctx: Context, problem: string): void {
  ctx.violate('rule', [problem]);
  sendJson(ctx.res, 422, { message: 'Validation Failed', errors: [problem], status: '422' });
}
