// Whether this job may save to the Actions cache. Since 2026-06 GitHub gives a job whose
// trigger someone without write access can cause (pull_request_target, issue_comment, the
// workflow_run of a fork's pull request) a read-only cache when it runs in the default
// branch's scope. Two signs say so, and either is enough: ACTIONS_CACHE_MODE, which the
// runner exports (@actions/cache then skips a save with an info line only), and the runtime
// token's `ac` claim, whose scopes then grant no write (a runner that predates the variable;
// the service refuses the save).
//
// Whether it may restore: a job may declare `cache-mode: write-only` or `none` (GitHub
// changelog 2026-09-10; a reusable workflow's jobs get at most what the calling job declared).
// The same two signs say so: ACTIONS_CACHE_MODE (the toolkit then skips a restore with an info
// line) and a token none of whose scopes grants read (the service refuses with `cache read
// denied:`, which the toolkit warns about and answers like a miss). DoG then reads nothing
// from the cache at all (cacheTrust.ts) and says so once.

export type CacheWriteAccess =
  | { writable: true }
  /** `read`: restores work, saves are refused; `none`: neither. */
  | { writable: false; mode: 'read' | 'none' };

const CACHE_READ_PERMISSION = 1;
const CACHE_WRITE_PERMISSION = 2;

export function cacheWriteAccess(env: NodeJS.ProcessEnv): CacheWriteAccess {
  const mode = (env.ACTIONS_CACHE_MODE ?? '').trim().toLowerCase();
  if (mode === 'read' || mode === 'none') return { writable: false, mode };
  const scopes = tokenCacheScopes(env.ACTIONS_RUNTIME_TOKEN);
  if (scopes === undefined) return { writable: true };
  if (scopes.length === 0) return { writable: false, mode: 'none' };
  return scopes.some((permission) => (permission & CACHE_WRITE_PERMISSION) !== 0)
    ? { writable: true }
    : { writable: false, mode: 'read' };
}

export type CacheReadAccess =
  | { readable: true }
  /** `write-only`: saves work, restores are refused; `none`: neither. */
  | { readable: false; mode: 'write-only' | 'none' };

export function cacheReadAccess(env: NodeJS.ProcessEnv): CacheReadAccess {
  const mode = (env.ACTIONS_CACHE_MODE ?? '').trim().toLowerCase();
  if (mode === 'write-only' || mode === 'none') return { readable: false, mode };
  const scopes = tokenCacheScopes(env.ACTIONS_RUNTIME_TOKEN);
  if (scopes === undefined || scopes.some((p) => (p & CACHE_READ_PERMISSION) !== 0))
    return { readable: true };
  return {
    readable: false,
    mode: scopes.some((p) => (p & CACHE_WRITE_PERMISSION) !== 0) ? 'write-only' : 'none',
  };
}

/** What a job whose cache refuses restores says, once, when it would have read. */
export function notRestoredMessage(mode: 'write-only' | 'none'): string {
  const saves =
    mode === 'write-only'
      ? 'this job still saves what it verifies'
      : 'nothing is saved to it either';
  return `this job's Actions cache is ${mode === 'none' ? 'switched off' : 'write-only'} (effective cache-mode: ${mode}): DoG restores nothing from it, so no record or decision is inherited and every goal is verified again; ${saves} — declare cache-mode: read (or write) on this job, and on the job that calls its workflow, to inherit`;
}

/**
 * The permissions of the token's cache scopes (`[{"Scope": "refs/heads/main", "Permission":
 * 3}, …]`, 1 read, 2 write), or undefined when the token does not say: then nothing is
 * concluded from it.
 */
function tokenCacheScopes(token: string | undefined): number[] | undefined {
  return tokenScopes(token)?.map((s) => s.permission);
}

/** The refs whose cache scopes this job's runtime token may read, in the token's order. */
export function readableCacheScopes(env: NodeJS.ProcessEnv): string[] | undefined {
  return tokenScopes(env.ACTIONS_RUNTIME_TOKEN)
    ?.filter((s) => (s.permission & CACHE_READ_PERMISSION) !== 0)
    .map((s) => s.scope);
}

function tokenScopes(
  token: string | undefined,
): { scope: string; permission: number }[] | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      ac?: unknown;
    };
    if (typeof claims.ac !== 'string') return undefined;
    const scopes = JSON.parse(claims.ac) as unknown;
    if (!Array.isArray(scopes)) return undefined;
    const parsed = scopes.map((s) => {
      const { Scope, Permission } = (s ?? {}) as { Scope?: unknown; Permission?: unknown };
      return typeof Scope === 'string' && typeof Permission === 'number'
        ? { scope: Scope, permission: Permission }
        : undefined;
    });
    return parsed.every((s) => s !== undefined) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** What a job that may not save says about the records it could not keep. */
export function notSavedWarning(
  records: number,
  trigger: string,
  access: Extract<CacheWriteAccess, { writable: false }>,
): string {
  const subject = records === 1 ? '1 record was' : `${records} records were`;
  const cache = access.mode === 'read' ? 'a read-only cache' : 'no cache';
  return `${subject} not saved: this trigger (${trigger}) gets ${cache} on GitHub; the next run verifies these goals again — run DoG on push to the default branch to fill the cache`;
}
