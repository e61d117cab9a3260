// Which Actions cache scopes DoG takes records and decisions from. The cache service decides
// who may write a scope (a job writes only its own ref's), not DoG; so an entry counts only
// when DoG can show it sits in a scope that only trusted writers reach (docs/security.md,
// "Whose cache entries count"). Any workflow of a pull request — one the pull request adds,
// or one of a fork — writes `refs/pull/N/merge`, so that scope is not trusted unless the
// repository opts in. A branch's scope is written by the jobs that run on that branch: pushes,
// schedules and dispatches, which only people with write access start.
import { notRestoredMessage, type CacheReadAccess } from './cacheAccess.js';
import type { CacheListing } from './ports.js';

/** How a job proves where the entries it restores come from. */
export type CacheTrust = {
  /** Refs whose scope only trusted writers can write, in the order they are read. */
  readonly trusted: readonly string[];
  /** This job's own scope: where its saves go. */
  readonly ownRef: string;
  /** Whether later runs trust what this job saves (otherwise it saves nothing). */
  readonly ownTrusted: boolean;
  /**
   * Whether every scope a restore of this job can answer from is trusted, so that an entry
   * whose key names no content digest (the old layouts) can still be taken.
   */
  readonly restoresTrusted: boolean;
  /** The REST listing that says which scope holds an entry (`actions: read`). */
  readonly listing: CacheListing;
  /**
   * Set when the job's cache refuses restores (cache-mode write-only or none): `trusted` is
   * then empty, nothing is read, and `tell` says so (the first time it is called).
   */
  readonly readRefused?: { mode: 'write-only' | 'none'; tell(): void };
};

export type TrustContext = {
  eventName: string;
  /** GITHUB_REF: the job's own cache scope. */
  ref: string;
  /** Unknown where the event payload does not say: then only a writer's own ref is trusted. */
  defaultBranch: string | undefined;
  /** A pull request's base branch (GITHUB_BASE_REF). */
  baseRef?: string | undefined;
  /** The repository opted in to its pull requests' own scope (input trust-pull-request-cache). */
  trustPullRequestScope: boolean;
  /** The scopes the job's runtime token may read, in its order (undefined: it does not say). */
  readableScopes?: readonly string[] | undefined;
  /** Whether the job may restore at all (cacheAccess.ts); undefined: it may. */
  readAccess?: CacheReadAccess;
  /** Where the one line about a cache that refuses restores goes. */
  say?: (message: string) => void;
};

/** Events only a person with write access (or the repository itself) can start. */
const WRITER_EVENTS = new Set([
  'push',
  'schedule',
  'workflow_dispatch',
  'repository_dispatch',
  'merge_group',
]);

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);

/** The trusted refs of a job, own first, then the pull request's base, then the default branch. */
export function trustedRefsOf(context: TrustContext): { trusted: string[]; ownTrusted: boolean } {
  const defaultRef =
    context.defaultBranch === undefined ? undefined : `refs/heads/${context.defaultBranch}`;
  const ownTrusted =
    context.ref === defaultRef ||
    (context.ref.startsWith('refs/heads/') && WRITER_EVENTS.has(context.eventName)) ||
    (context.ref.startsWith('refs/pull/') &&
      PULL_REQUEST_EVENTS.has(context.eventName) &&
      context.trustPullRequestScope);
  const base =
    context.baseRef && PULL_REQUEST_EVENTS.has(context.eventName)
      ? `refs/heads/${context.baseRef}`
      : undefined;
  const trusted: string[] = [];
  for (const ref of [ownTrusted ? context.ref : undefined, base, defaultRef])
    if (ref !== undefined && !trusted.includes(ref)) trusted.push(ref);
  return { trusted, ownTrusted };
}

export function cacheTrustOf(context: TrustContext, listing: CacheListing): CacheTrust {
  const { trusted, ownTrusted } = trustedRefsOf(context);
  const readRefused = readRefusal(context);
  if (readRefused !== undefined)
    return {
      trusted: [],
      ownRef: context.ref,
      ownTrusted,
      restoresTrusted: false,
      listing,
      readRefused,
    };
  const readable = context.readableScopes;
  return {
    trusted,
    ownRef: context.ref,
    ownTrusted,
    restoresTrusted:
      readable !== undefined &&
      readable.length > 0 &&
      readable.every((scope) => trusted.includes(scope)),
    listing,
  };
}

function readRefusal(context: TrustContext): CacheTrust['readRefused'] {
  const access = context.readAccess;
  if (access === undefined || access.readable) return undefined;
  let told = false;
  const tell = (): void => {
    if (told) return;
    told = true;
    context.say?.(notRestoredMessage(access.mode));
  };
  return { mode: access.mode, tell };
}
