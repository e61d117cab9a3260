// Who a token is, answered as GitHub answers it. The built-in GITHUB_TOKEN and a GitHub App's
// token are installation tokens: what they create is authored by the app's bot account
// (`github-actions[bot]`, id 41898282, or `<app-slug>[bot]`). A personal access token writes
// as its user. GraphQL's `viewer` names the account for both kinds; REST `GET /user` answers
// only a user's token (403 "Resource not accessible by integration" to an installation
// token); `GET /app` wants the app's JWT and refuses either kind (401). A token nobody issued is
// a bad credential (401) wherever an identity matters.
import type { ServerResponse } from 'node:http';
import { isRecord, parseJson, sendJson } from './http.js';
import type { Context, Route } from './restRouter.js';

export type TokenIdentity = { kind: 'installation' | 'user'; login: string; id: number };

export const GITHUB_ACTIONS_BOT: TokenIdentity = {
  kind: 'installation',
  login: 'github-actions[bot]',
  id: 41898282,
};

export type Account = { login: string; id: number; type: 'User' | 'Bot' };

export type Identities = {
  /** Token → the account it writes as. */
  tokens: Map<string, TokenIdentity>;
  /** Accounts known only by login (people and other apps that comment in a test). */
  accounts: Map<string, Account>;
};

export function identities(): Identities {
  return { tokens: new Map(), accounts: new Map() };
}

const FIRST_ACCOUNT_ID = 5_000_001;

/** The account of `login`: a token's identity, or one of its own, stable for the login. */
export function accountOf(ids: Identities, login: string): Account {
  for (const identity of ids.tokens.values())
    if (identity.login === login) return accountOfIdentity(identity);
  let account = ids.accounts.get(login);
  if (account === undefined) {
    const type = login.endsWith('[bot]') ? 'Bot' : 'User';
    account = { login, id: FIRST_ACCOUNT_ID + ids.accounts.size, type };
    ids.accounts.set(login, account);
  }
  return account;
}

export function accountOfIdentity(identity: TokenIdentity): Account {
  const type = identity.kind === 'installation' ? 'Bot' : 'User';
  return { login: identity.login, id: identity.id, type };
}

/** GitHub's 401 for a token it did not issue. */
export function badCredentials(res: ServerResponse, documentation = 'rest'): void {
  sendJson(res, 401, {
    message: 'Bad credentials',
    documentation_url: `https://docs.github.com/${documentation}`,
    status: '401',
  });
}

export function identityRoutes(ids: Identities): Route[] {
  return [
    { method: 'POST', pattern: /^\/graphql$/, root: true, handle: (ctx) => graphql(ids, ctx) },
    { method: 'GET', pattern: /^\/user$/, root: true, handle: (ctx) => user(ids, ctx) },
    { method: 'GET', pattern: /^\/app$/, root: true, handle: (ctx) => app(ctx) },
  ];
}

function nodeId(account: Account): string {
  return `${account.type === 'Bot' ? 'BOT' : 'U'}_kgDO${account.id.toString(36)}`;
}

function user(ids: Identities, ctx: Context): void {
  const identity = ids.tokens.get(ctx.token);
  if (identity === undefined) return badCredentials(ctx.res);
  if (identity.kind === 'installation') {
    return sendJson(ctx.res, 403, {
      message: 'Resource not accessible by integration',
      documentation_url: 'https://docs.github.com/rest/users/users#get-the-authenticated-user',
      status: '403',
    });
  }
  const account = accountOfIdentity(identity);
  sendJson(ctx.res, 200, { ...account, node_id: nodeId(account), site_admin: false });
}

function app(ctx: Context): void {
  // Only a JWT signed with the app's private key is accepted here, never a token.
  sendJson(ctx.res, 401, {
    message: 'A JSON web token could not be decoded',
    documentation_url: 'https://docs.github.com/rest',
    status: '401',
  });
}

const VIEWER = /^\s*(?:query\s*(?:[A-Za-z_]\w*\s*)?)?\{\s*viewer\s*\{([\s\w,]*)\}\s*\}\s*$/;
const VIEWER_FIELDS = new Set(['login', 'databaseId', 'id']);

/** The one query the stand-in serves: `viewer` with some of login, databaseId and id. */
function graphql(ids: Identities, ctx: Context): void {
  const identity = ids.tokens.get(ctx.token);
  if (identity === undefined) return badCredentials(ctx.res, 'graphql');
  const body = parseJson(ctx.body);
  const query = isRecord(body) && typeof body.query === 'string' ? body.query : '';
  const selection = VIEWER.exec(query)?.[1];
  if (selection === undefined) {
    ctx.violate('unexpected-request', [`GraphQL query the stand-in does not serve: ${query}`]);
    return sendJson(ctx.res, 200, { errors: [{ message: 'Unsupported query in the stand-in' }] });
  }
  const fields = selection.split(/[\s,]+/).filter((field) => field !== '');
  const unknown = fields.filter((field) => !VIEWER_FIELDS.has(field));
  if (unknown.length > 0) {
    return sendJson(ctx.res, 200, {
      errors: unknown.map((field) => ({
        path: ['query', 'viewer', field],
        extensions: { code: 'undefinedField', typeName: 'User', fieldName: field },
        message: `Field '${field}' doesn't exist on type 'User'`,
      })),
    });
  }
  const account = accountOfIdentity(identity);
  const values: Record<string, unknown> = {
    login: account.login,
    databaseId: account.id,
    id: nodeId(account),
  };
  const viewer = Object.fromEntries(fields.map((field) => [field, values[field]]));
  sendJson(ctx.res, 200, { data: { viewer } });
}
