// Which jobs GitHub gives a read-only cache (GitHub changelog 2026-06-26, "Read-only Actions
// cache for untrusted triggers"): a job whose triggering event someone without write access
// to the repository can cause, running in the default branch's cache scope. Its runtime
// token's own scope loses the write permission, and the runner exports the effective mode as
// ACTIONS_CACHE_MODE (actions/runner: the `actions_cache_mode` job variable, one of
// none/read/write/write-only), which @actions/cache 6.3 honours before it asks the service.
//
// Untrusted here: `pull_request_target` and `issue_comment`, which the changelog names, and a
// `workflow_run` cascading from a pull request of a fork or from one of those events. Push,
// schedule, workflow_dispatch, repository_dispatch, delete, registry_package and page_build
// keep read-write; so does every trigger whose scope is not the default branch
// (`pull_request` writes `refs/pull/N/merge`).
//
// A job may also declare `cache-mode: read | write | write-only | none` (GitHub changelog
// 2026-09-10), and the jobs of a reusable workflow never get more than the calling job
// declared. Every one of these only narrows: the effective mode is the intersection of the
// trigger's, the caller's and the job's own (read ∩ write-only = none).

export type CacheMode = 'none' | 'read' | 'write' | 'write-only';

export const CACHE_MODES: readonly CacheMode[] = ['none', 'read', 'write', 'write-only'];

/** What a mode lets a job do. */
export function cacheModeAllows(mode: CacheMode): { read: boolean; write: boolean } {
  return {
    read: mode === 'read' || mode === 'write',
    write: mode === 'write' || mode === 'write-only',
  };
}

/** The mode that allows exactly what every one of `modes` allows. */
export function narrowestCacheMode(...modes: CacheMode[]): CacheMode {
  const read = modes.every((mode) => cacheModeAllows(mode).read);
  const write = modes.every((mode) => cacheModeAllows(mode).write);
  if (read) return write ? 'write' : 'read';
  return write ? 'write-only' : 'none';
}

/** What the workflow declares: the job's own `cache-mode:`, and the calling job's when it is called. */
export type DeclaredCacheMode = { job?: CacheMode; caller?: CacheMode };

const UNTRUSTED_EVENTS = new Set(['pull_request_target', 'issue_comment']);
const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);

type WorkflowRunShape = {
  workflow_run?: { event?: string; head_repository?: { full_name?: string } };
  repository?: { full_name?: string };
};

/** Whether a job of this event runs with a trigger anyone can cause. */
export function untrustedTrigger(eventName: string, event: object | undefined): boolean {
  if (UNTRUSTED_EVENTS.has(eventName)) return true;
  if (eventName !== 'workflow_run') return false;
  const payload = event as WorkflowRunShape | undefined;
  const cause = payload?.workflow_run?.event;
  // A payload that does not say what caused it is treated like the fork cascade.
  if (cause === undefined) return true;
  if (UNTRUSTED_EVENTS.has(cause)) return true;
  if (!PULL_REQUEST_EVENTS.has(cause)) return false;
  const head = payload?.workflow_run?.head_repository?.full_name;
  return head === undefined || head !== payload?.repository?.full_name;
}

/**
 * The effective cache mode of a job on `ref`: what it and its caller declared (`write` when
 * they do not say), narrowed to read-only for an untrusted trigger in the default branch's scope.
 */
export function cacheModeFor(
  eventName: string,
  event: object | undefined,
  ref: string,
  defaultBranch: string,
  declared: DeclaredCacheMode = {},
): CacheMode {
  const trigger =
    untrustedTrigger(eventName, event) && ref === `refs/heads/${defaultBranch}` ? 'read' : 'write';
  return narrowestCacheMode(trigger, declared.caller ?? 'write', declared.job ?? 'write');
}
