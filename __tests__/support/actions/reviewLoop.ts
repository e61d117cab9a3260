// The REST endpoints of a pull request's review loop, answering like GitHub: issue comments
// (list with pagination, create, update, get), a collaborator's permission, a pull request,
// workflow runs by head SHA, re-runs and workflow dispatches. A comment is authored by the
// account of the token that created it (identities.ts). A token can be denied
// `issues:write` (GitHub's 403 "Resource not accessible by integration", as a fork PR's
// read-only token gets), `actions:write`, or `actions:read` (which the cache listing of
// cachesRest.ts needs).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { isRecord, parseJson, sendJson } from './http.js';
import {
  accountOf,
  accountOfIdentity,
  badCredentials,
  identities,
  type Account,
  type Identities,
} from './identities.js';
import { forbidden, notFound, unprocessable, type Context, type Route } from './restRouter.js';
import { workflowRunRoutes } from './workflowRuns.js';

export type Permission = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none';

export type IssueComment = {
  id: number;
  issue: number;
  login: string;
  author: Account;
  body: string;
  created_at: string;
  updated_at: string;
};

export type PullRequestInfo = {
  number: number;
  headSha: string;
  baseSha: string;
  headRef: string;
  /** GitHub's test merge commit (`merge_commit_sha`), null until GitHub has computed it. */
  mergeSha?: string;
};

export type WorkflowRun = {
  id: number;
  name: string;
  path: string;
  event: string;
  head_sha: string;
  run_attempt: number;
  created_at: string;
};

export type Dispatch = { workflow: string; ref: string; inputs: Record<string, string> };

export type ReviewLoopState = {
  comments: IssueComment[];
  permissions: Map<string, Permission>;
  pulls: Map<number, PullRequestInfo>;
  workflowRuns: WorkflowRun[];
  reruns: { runId: number; failedOnly: boolean }[];
  dispatches: Dispatch[];
  /**
   * The workflow files GitHub knows on the default branch, with the workflow_dispatch inputs
   * each declares: a dispatch of any other file is a 404, an undeclared input a 422.
   */
  dispatchable: Map<string, string[]>;
  denied: Set<'issues:write' | 'actions:write' | 'actions:read' | 'contents:read'>;
  /** Who each token is, and the accounts that comment without one. */
  identities: Identities;
};

/** The repository of these tests runs the review loop as the example ships it. */
const DECIDE_EXAMPLE = fileURLToPath(
  new URL('../../../examples/workflows/dog-decide.yml', import.meta.url),
);

function dispatchInputsOf(workflowFile: string): string[] {
  const workflow = parse(readFileSync(workflowFile, 'utf8')) as {
    on?: { workflow_dispatch?: { inputs?: Record<string, unknown> } };
  };
  return Object.keys(workflow.on?.workflow_dispatch?.inputs ?? {});
}

export function reviewLoopState(): ReviewLoopState {
  return {
    comments: [],
    permissions: new Map(),
    pulls: new Map(),
    workflowRuns: [],
    reruns: [],
    dispatches: [],
    dispatchable: new Map([['dog-decide.yml', dispatchInputsOf(DECIDE_EXAMPLE)]]),
    denied: new Set(),
    identities: identities(),
  };
}

const BODY_LIMIT = 65_536;
let nextCommentId = 9_000_000;

export function reviewLoopRoutes(state: ReviewLoopState, site: { repository: string }): Route[] {
  return [
    {
      method: 'GET',
      pattern: /^\/issues\/(\d+)\/comments$/,
      handle: (ctx) => listComments(state, site, ctx),
    },
    {
      method: 'POST',
      pattern: /^\/issues\/(\d+)\/comments$/,
      handle: (ctx) => createComment(state, site, ctx),
    },
    {
      method: 'GET',
      pattern: /^\/issues\/comments\/(\d+)$/,
      handle: (ctx) => withComment(state, ctx, (c) => sendJson(ctx.res, 200, commentJson(c, site))),
    },
    {
      method: 'PATCH',
      pattern: /^\/issues\/comments\/(\d+)$/,
      handle: (ctx) => updateComment(state, site, ctx),
    },
    {
      method: 'DELETE',
      pattern: /^\/issues\/comments\/(\d+)$/,
      handle: (ctx) => deleteComment(state, ctx),
    },
    {
      method: 'GET',
      pattern: /^\/collaborators\/([^/]+)\/permission$/,
      handle: (ctx) => permission(state, ctx),
    },
    { method: 'GET', pattern: /^\/pulls\/(\d+)$/, handle: (ctx) => pull(state, site, ctx) },
    ...workflowRunRoutes(state),
  ];
}

function listComments(state: ReviewLoopState, site: { repository: string }, ctx: Context): void {
  const issue = Number(ctx.params[0]);
  if (!state.pulls.has(issue)) return notFound(ctx.res);
  const perPage = Math.min(Number(ctx.url.searchParams.get('per_page') ?? 30) || 30, 100);
  const page = Math.max(Number(ctx.url.searchParams.get('page') ?? 1) || 1, 1);
  const all = state.comments.filter((c) => c.issue === issue);
  const last = Math.max(1, Math.ceil(all.length / perPage));
  const links: string[] = [];
  const url = (p: number): string => {
    const next = new URL(ctx.url.href);
    next.searchParams.set('page', String(p));
    next.searchParams.set('per_page', String(perPage));
    return `<${header(ctx)}${next.pathname}${next.search}>`;
  };
  if (page < last) links.push(`${url(page + 1)}; rel="next"`, `${url(last)}; rel="last"`);
  if (page > 1) links.push(`${url(1)}; rel="first"`, `${url(page - 1)}; rel="prev"`);
  const slice = all.slice((page - 1) * perPage, page * perPage);
  sendJson(
    ctx.res,
    200,
    slice.map((c) => commentJson(c, site)),
    links.length > 0 ? { link: links.join(', ') } : {},
  );
}

function header(ctx: Context): string {
  return `http://${ctx.req.headers.host ?? '127.0.0.1'}`;
}

function commentBody(ctx: Context): string | undefined {
  const body = parseJson(ctx.body);
  if (!isRecord(body) || typeof body.body !== 'string') {
    unprocessable(ctx, 'body is a required string');
    return undefined;
  }
  if (body.body.length > BODY_LIMIT) {
    unprocessable(ctx, `Body is too long (maximum is ${BODY_LIMIT} characters)`);
    return undefined;
  }
  return body.body;
}

function createComment(state: ReviewLoopState, site: { repository: string }, ctx: Context): void {
  const issue = Number(ctx.params[0]);
  if (!state.pulls.has(issue)) return notFound(ctx.res);
  if (state.denied.has('issues:write'))
    return forbidden(ctx.res, 'issues/comments#create-an-issue-comment');
  const identity = state.identities.tokens.get(ctx.token);
  if (identity === undefined) return badCredentials(ctx.res);
  const body = commentBody(ctx);
  if (body === undefined) return;
  const comment = commentBy(state, { issue, author: accountOfIdentity(identity), body });
  sendJson(ctx.res, 201, commentJson(comment, site));
}

function updateComment(state: ReviewLoopState, site: { repository: string }, ctx: Context): void {
  withComment(state, ctx, (comment) => {
    if (state.denied.has('issues:write'))
      return forbidden(ctx.res, 'issues/comments#update-an-issue-comment');
    const body = commentBody(ctx);
    if (body === undefined) return;
    comment.body = body;
    comment.updated_at = new Date().toISOString();
    sendJson(ctx.res, 200, commentJson(comment, site));
  });
}

function deleteComment(state: ReviewLoopState, ctx: Context): void {
  withComment(state, ctx, (comment) => {
    if (state.denied.has('issues:write'))
      return forbidden(ctx.res, 'issues/comments#delete-an-issue-comment');
    state.comments.splice(state.comments.indexOf(comment), 1);
    ctx.res.writeHead(204).end();
  });
}

/** A comment as a person (or an app) writes it; returns it with its new id. */
export function addComment(
  state: ReviewLoopState,
  comment: { issue: number; login: string; body: string },
): IssueComment {
  const author = accountOf(state.identities, comment.login);
  return commentBy(state, { issue: comment.issue, author, body: comment.body });
}

function commentBy(
  state: ReviewLoopState,
  comment: { issue: number; author: Account; body: string },
): IssueComment {
  const now = new Date().toISOString();
  const login = comment.author.login;
  const added = { id: ++nextCommentId, ...comment, login, created_at: now, updated_at: now };
  state.comments.push(added);
  return added;
}

function withComment(state: ReviewLoopState, ctx: Context, then: (c: IssueComment) => void): void {
  const comment = state.comments.find((c) => c.id === Number(ctx.params[0]));
  if (comment === undefined) return notFound(ctx.res);
  then(comment);
}

function commentJson(comment: IssueComment, site: { repository: string }): object {
  const { login, id, type } = comment.author;
  const bot = type === 'Bot';
  const html = `https://github.com/${site.repository}/pull/${comment.issue}#issuecomment-${comment.id}`;
  return {
    id: comment.id,
    node_id: `IC_${comment.id}`,
    url: `https://api.github.com/repos/${site.repository}/issues/comments/${comment.id}`,
    html_url: html,
    issue_url: `https://api.github.com/repos/${site.repository}/issues/${comment.issue}`,
    body: comment.body,
    user: { login, id, type },
    created_at: comment.created_at,
    updated_at: comment.updated_at,
    author_association: bot ? 'NONE' : 'MEMBER',
  };
}

function permission(state: ReviewLoopState, ctx: Context): void {
  const login = decodeURIComponent(ctx.params[0] ?? '');
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(login)) return notFound(ctx.res);
  // A public repository: anyone who is not a collaborator can read it.
  const level = state.permissions.get(login) ?? 'read';
  const legacy = level === 'maintain' ? 'write' : level === 'triage' ? 'read' : level;
  sendJson(ctx.res, 200, { permission: legacy, role_name: level, user: { login, type: 'User' } });
}

function pull(state: ReviewLoopState, site: { repository: string }, ctx: Context): void {
  const pr = state.pulls.get(Number(ctx.params[0]));
  if (pr === undefined) return notFound(ctx.res);
  sendJson(ctx.res, 200, {
    number: pr.number,
    state: 'open',
    html_url: `https://github.com/${site.repository}/pull/${pr.number}`,
    head: { sha: pr.headSha, ref: pr.headRef, repo: { full_name: site.repository } },
    base: { sha: pr.baseSha, ref: 'main', repo: { full_name: site.repository } },
    merge_commit_sha: pr.mergeSha ?? null,
  });
}
