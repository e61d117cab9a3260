// ACTIONS_RUNTIME_TOKEN: the runner's JWT. The toolkit decodes it without checking the
// signature and takes the workflow run and job "backend ids" from its `scp` claim
// (`Actions.Results:<runBackendId>:<jobBackendId>`, see @actions/artifact's
// internal/shared/util.js), so an unsigned token is enough offline. The cache service reads
// the `ac` claim: the cache scopes (refs) the job may read and write, as a JSON string of
// `[{"Scope": "refs/heads/main", "Permission": 1}, ...]` (1 read, 2 write, 3 both).
import { createHash } from 'node:crypto';
import { cacheModeAllows, type CacheMode } from './cacheMode.js';

export type BackendIds = { runBackendId: string; jobBackendId: string };

export const CACHE_READ = 1;
export const CACHE_WRITE = 2;

/** One entry of the `ac` claim. */
export type CacheScope = { Scope: string; Permission: number };

/** What a job gets when a test does not say: one scope, the default branch, read and write. */
export const DEFAULT_CACHE_SCOPES: readonly CacheScope[] = [
  { Scope: 'refs/heads/main', Permission: CACHE_READ | CACHE_WRITE },
];

/** The caller as the results service sees it: backend ids and cache scopes. */
export type Caller = BackendIds & { cacheScopes: readonly CacheScope[] };

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function makeRuntimeToken(
  ids: BackendIds,
  cacheScopes: readonly CacheScope[] = DEFAULT_CACHE_SCOPES,
): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    ac: JSON.stringify(cacheScopes),
    scp: [
      'Actions.GenericRead:00000000-0000-0000-0000-000000000000',
      `Actions.UploadArtifacts:${ids.runBackendId}:${ids.jobBackendId}`,
      `Actions.Results:${ids.runBackendId}:${ids.jobBackendId}`,
    ].join(' '),
    iss: 'vstoken.actions.githubusercontent.com',
    aud: 'vso:00000000-0000-0000-0000-000000000000',
    nbf: now - 60,
    exp: now + 6 * 3600,
  };
  return `${base64url({ typ: 'JWT', alg: 'none' })}.${base64url(payload)}.`;
}

/** The caller a runtime token names, or `undefined` when it is not one. */
export function parseRuntimeToken(token: string): Caller | undefined {
  const payload = token.split('.')[1];
  if (payload === undefined) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const { scp, ac } = (claims ?? {}) as { scp?: unknown; ac?: unknown };
  if (typeof scp !== 'string') return undefined;
  for (const scope of scp.split(' ')) {
    const parts = scope.split(':');
    if (parts[0] === 'Actions.Results' && parts.length === 3 && parts[1] && parts[2]) {
      return { runBackendId: parts[1], jobBackendId: parts[2], cacheScopes: cacheScopesOf(ac) };
    }
  }
  return undefined;
}

/** The `ac` claim's scopes; a token without one may use no cache. */
function cacheScopesOf(claim: unknown): CacheScope[] {
  if (typeof claim !== 'string') return [];
  let scopes: unknown;
  try {
    scopes = JSON.parse(claim);
  } catch {
    return [];
  }
  if (!Array.isArray(scopes)) return [];
  return scopes.filter(
    (s): s is CacheScope =>
      typeof (s as CacheScope | null)?.Scope === 'string' &&
      typeof (s as CacheScope).Permission === 'number',
  );
}

/**
 * The scopes GitHub gives a job on `ref` in each cache mode: its own ref, read and write as
 * the mode allows; read on the pull request's base branch and on the default branch when the
 * mode reads. A scope the mode grants nothing on is left out, so a `none` job's claim is empty.
 * A pull request's own scope is `refs/pull/N/merge`; nothing else can read it.
 */
export function cacheScopesFor(
  ref: string,
  baseRef?: string,
  defaultBranch = 'main',
  mode: CacheMode = 'write',
): CacheScope[] {
  const allows = cacheModeAllows(mode);
  const own = (allows.read ? CACHE_READ : 0) | (allows.write ? CACHE_WRITE : 0);
  const scopes: CacheScope[] = own === 0 ? [] : [{ Scope: ref, Permission: own }];
  if (!allows.read) return scopes;
  for (const branch of [baseRef, defaultBranch]) {
    const scope = branch === undefined ? undefined : `refs/heads/${branch}`;
    if (scope !== undefined && scope !== ref && !scopes.some((s) => s.Scope === scope))
      scopes.push({ Scope: scope, Permission: CACHE_READ });
  }
  return scopes;
}

function uuidFrom(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20, 32),
  ].join('-');
}

/**
 * The backend ids a run gets by default: derived from the public run id, so the fake REST
 * API can map `GET /actions/runs/{run_id}/artifacts` to the run's artifacts without setup.
 */
export function backendIdsForRun(runId: number, job = 'dog'): BackendIds {
  return { runBackendId: uuidFrom(`run:${runId}`), jobBackendId: uuidFrom(`job:${runId}:${job}`) };
}
