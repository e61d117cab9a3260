// Webhook payloads as GITHUB_EVENT_PATH holds them, shaped like GitHub's real deliveries
// (the fields actions read, with plausible values for the rest).
import { createHash } from 'node:crypto';

export type PullRequestEventOptions = {
  number?: number;
  action?: 'opened' | 'synchronize' | 'reopened' | 'edited' | 'closed';
  owner?: string;
  repo?: string;
  headSha: string;
  headRef?: string;
  baseSha: string;
  baseRef?: string;
  /** The head branch lives in a fork (owned by `forkOwner`). */
  fork?: boolean;
  forkOwner?: string;
  title?: string;
  /** For `synchronize`: the head before the push. */
  before?: string;
};

export type PullRequestEvent = {
  action: string;
  number: number;
  pull_request: Record<string, unknown> & {
    number: number;
    head: Branch;
    base: Branch;
  };
  repository: Repository;
  sender: Account;
  before?: string;
  after?: string;
};

type Branch = { label: string; ref: string; sha: string; user: Account; repo: Repository };

type Account = {
  login: string;
  id: number;
  node_id: string;
  type: 'User' | 'Organization';
  html_url: string;
};

type Repository = {
  id: number;
  node_id: string;
  name: string;
  full_name: string;
  private: boolean;
  owner: Account;
  html_url: string;
  fork: boolean;
  url: string;
  default_branch: string;
};

function numericId(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0);
}

function account(login: string, type: Account['type']): Account {
  const id = numericId(`account:${login}`);
  return { login, id, node_id: `U_${id}`, type, html_url: `https://github.com/${login}` };
}

function repository(owner: Account, name: string, fork: boolean): Repository {
  const fullName = `${owner.login}/${name}`;
  const id = numericId(`repo:${fullName}`);
  return {
    id,
    node_id: `R_${id}`,
    name,
    full_name: fullName,
    private: false,
    owner,
    html_url: `https://github.com/${fullName}`,
    fork,
    url: `https://api.github.com/repos/${fullName}`,
    default_branch: 'main',
  };
}

export function pullRequestEvent(options: PullRequestEventOptions): PullRequestEvent {
  const number = options.number ?? 7;
  const action = options.action ?? 'synchronize';
  const base = repository(
    account(options.owner ?? 'octo-org', 'Organization'),
    options.repo ?? 'octo-repo',
    false,
  );
  const contributor = account(
    options.fork ? (options.forkOwner ?? 'contributor') : 'octocat',
    'User',
  );
  const head = options.fork ? repository(contributor, base.name, true) : base;
  const headRef = options.headRef ?? 'feature';
  const baseRef = options.baseRef ?? 'main';
  const html = `${base.html_url}/pull/${number}`;
  return {
    action,
    number,
    ...(action === 'synchronize'
      ? { before: options.before ?? '1'.repeat(40), after: options.headSha }
      : {}),
    pull_request: {
      url: `${base.url}/pulls/${number}`,
      id: numericId(`pr:${base.full_name}#${number}`),
      html_url: html,
      diff_url: `${html}.diff`,
      number,
      state: 'open',
      locked: false,
      draft: false,
      merged: false,
      title: options.title ?? 'Change things',
      body: null,
      user: contributor,
      author_association: options.fork ? 'CONTRIBUTOR' : 'MEMBER',
      created_at: '2026-11-30T10:00:00Z',
      updated_at: '2026-12-01T10:00:00Z',
      head: {
        label: `${head.owner.login}:${headRef}`,
        ref: headRef,
        sha: options.headSha,
        user: head.owner,
        repo: head,
      },
      base: {
        label: `${base.owner.login}:${baseRef}`,
        ref: baseRef,
        sha: options.baseSha,
        user: base.owner,
        repo: base,
      },
    },
    repository: base,
    sender: contributor,
  };
}

export type MergeGroupEventOptions = {
  owner?: string;
  repo?: string;
  /** The merge group's commit: the base with the queued pull requests merged. */
  headSha: string;
  /** The commit the merge group will be merged onto. */
  baseSha: string;
  /** The branch it will be merged into (default `main`). */
  baseBranch?: string;
  /** The queued pull request whose number the merge group's ref carries. */
  prNumber?: number;
};

export type MergeGroupEvent = {
  action: 'checks_requested';
  merge_group: {
    head_sha: string;
    head_ref: string;
    base_sha: string;
    base_ref: string;
    head_commit: {
      id: string;
      tree_id: string;
      message: string;
      timestamp: string;
      author: { name: string; email: string };
      committer: { name: string; email: string };
    };
  };
  repository: Repository;
  sender: Account;
};

/** A `merge_group` delivery (action `checks_requested`), as the merge queue sends it. */
export function mergeGroupEvent(options: MergeGroupEventOptions): MergeGroupEvent {
  const repo = repository(
    account(options.owner ?? 'octo-org', 'Organization'),
    options.repo ?? 'octo-repo',
    false,
  );
  const branch = options.baseBranch ?? 'main';
  const number = options.prNumber ?? 7;
  const person = { name: 'GitHub', email: 'noreply@github.com' };
  return {
    action: 'checks_requested',
    merge_group: {
      head_sha: options.headSha,
      // GitHub's queue branch: gh-readonly-queue/<base>/pr-<number>-<head sha of the PR>.
      head_ref: `refs/heads/gh-readonly-queue/${branch}/pr-${number}-${createHash('sha1').update(options.headSha).digest('hex')}`,
      base_sha: options.baseSha,
      base_ref: `refs/heads/${branch}`,
      head_commit: {
        id: options.headSha,
        tree_id: createHash('sha1').update(`tree:${options.headSha}`).digest('hex'),
        message: `Merge pull request #${number}`,
        timestamp: '2026-12-01T10:00:00Z',
        author: person,
        committer: person,
      },
    },
    repository: repo,
    sender: account('octocat', 'User'),
  };
}

export type WorkflowRunEventOptions = {
  owner?: string;
  repo?: string;
  /** The completed run's id (whose artifacts the privileged run reads). */
  id: number;
  headSha: string;
  headBranch?: string;
  /** What triggered the completed run (default `pull_request`). */
  event?: string;
  /** The completed run came from a pull request of a fork (owned by `forkOwner`). */
  fork?: boolean;
  forkOwner?: string;
  conclusion?: 'success' | 'failure' | 'cancelled';
};

export type WorkflowRunEvent = {
  action: 'completed';
  workflow_run: {
    id: number;
    name: string;
    event: string;
    status: 'completed';
    conclusion: string;
    head_sha: string;
    head_branch: string;
    head_repository: Repository;
    repository: Repository;
    pull_requests: unknown[];
  };
  repository: Repository;
  sender: Account;
};

/** A `workflow_run` delivery (action `completed`), as the fork-safe pair's privileged half gets it. */
export function workflowRunEvent(options: WorkflowRunEventOptions): WorkflowRunEvent {
  const base = repository(
    account(options.owner ?? 'octo-org', 'Organization'),
    options.repo ?? 'octo-repo',
    false,
  );
  const contributor = account(
    options.fork ? (options.forkOwner ?? 'contributor') : 'octocat',
    'User',
  );
  const head = options.fork ? repository(contributor, base.name, true) : base;
  return {
    action: 'completed',
    workflow_run: {
      id: options.id,
      name: 'DoG capture',
      event: options.event ?? 'pull_request',
      status: 'completed',
      conclusion: options.conclusion ?? 'success',
      head_sha: options.headSha,
      head_branch: options.headBranch ?? 'feature',
      head_repository: head,
      repository: base,
      // GitHub leaves this empty when the pull request's head is in a fork.
      pull_requests: [],
    },
    repository: base,
    sender: contributor,
  };
}
