// What the runner derives from an event payload when a test names no ref or SHA: the
// `github.ref` and `github.sha` a job of that event gets on GitHub.

type EventShape = {
  pull_request?: {
    number?: number;
    head?: { ref?: string };
    base?: { ref?: string; sha?: string };
  };
  merge_group?: { head_sha?: string; head_ref?: string };
  repository?: { default_branch?: string };
};

export type EventDefaults = {
  name: string;
  ref: string;
  sha?: string;
  pr?: EventShape['pull_request'];
  defaultBranch: string;
};

/** The event name, ref and SHA the runner derives from the payload when a test gives none. */
export function eventDefaults(
  eventName: string | undefined,
  event: object | undefined,
): EventDefaults {
  const payload = event as EventShape | undefined;
  const defaultBranch = payload?.repository?.default_branch ?? 'main';
  const pr = payload?.pull_request;
  // pull_request_target runs in the base branch's context, on its newest commit.
  if (pr && eventName === 'pull_request_target')
    return {
      name: eventName,
      ref: `refs/heads/${pr.base?.ref ?? defaultBranch}`,
      ...(pr.base?.sha ? { sha: pr.base.sha } : {}),
      pr,
      defaultBranch,
    };
  if (pr)
    return { name: 'pull_request', ref: `refs/pull/${pr.number ?? 0}/merge`, pr, defaultBranch };
  const group = payload?.merge_group;
  if (group?.head_ref)
    return {
      name: 'merge_group',
      ref: group.head_ref,
      ...(group.head_sha ? { sha: group.head_sha } : {}),
      defaultBranch,
    };
  // push, workflow_run, issue_comment, schedule, …: the default branch.
  return { name: eventName ?? 'push', ref: `refs/heads/${defaultBranch}`, defaultBranch };
}
