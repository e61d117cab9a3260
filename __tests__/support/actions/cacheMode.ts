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

export type CacheMode = 'read' | 'write';

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

/** The cache mode of a job on `ref`: read-only for an untrusted trigger in the default branch's scope. */
export function cacheModeFor(
  eventName: string,
  event: object | undefined,
  ref: string,
  defaultBranch: string,
): CacheMode {
  return untrustedTrigger(eventName, event) && ref === `refs/heads/${defaultBranch}`
    ? 'read'
    : 'write';
}
