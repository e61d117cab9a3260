// The REST endpoints the review loop uses, as one narrow interface: main.ts wires Octokit;
// every answer is read through the checks below, never trusted for its shape.

export type CommentInfo = {
  id: number;
  body: string;
  login: string;
  /** The author's numeric account id (logins can be renamed; ids cannot). */
  userId?: number;
  htmlUrl?: string;
  /** The issue or pull request the comment belongs to (from its `issue_url`). */
  issue?: number;
  createdAt?: string;
  updatedAt?: string;
};

/** The account a token writes as: what GitHub names as the author of the comments it creates. */
export type TokenIdentity = { login: string; id: number };

/**
 * GraphQL's `viewer` answers for every kind of token: the user of a personal access token, and
 * the bot account of an installation token (`github-actions[bot]` for the built-in
 * GITHUB_TOKEN, `<app-slug>[bot]` for another app's), where REST `GET /user` is refused (403)
 * and `GET /app` needs the app's JWT.
 */
export const VIEWER_QUERY = 'query { viewer { login databaseId } }';

export type WorkflowRunInfo = {
  id: number;
  headSha: string;
  event: string;
  /** The workflow file the run ran (`.github/workflows/dog.yml`). */
  path: string;
  createdAt: string;
};

export type PullRequestInfo = { headSha: string; baseSha: string; mergeSha?: string };

export interface ReviewClient {
  /** The account this client's token writes as. */
  tokenIdentity(): Promise<TokenIdentity>;
  /** Every comment of an issue or pull request, oldest first (all pages). */
  listComments(issue: number): Promise<CommentInfo[]>;
  getComment(id: number): Promise<CommentInfo>;
  createComment(issue: number, body: string): Promise<CommentInfo>;
  updateComment(id: number, body: string): Promise<CommentInfo>;
  /** The role of `login` on the repository: admin, maintain, write, triage, read or none. */
  permissionOf(login: string): Promise<string>;
  /** A pull request's head and base, and GitHub's test merge commit (absent until computed). */
  pullRequest(number: number): Promise<PullRequestInfo>;
  /** Runs of one workflow (its file name) for a head SHA and event, newest first. */
  workflowRuns(workflowFile: string, headSha: string, event: string): Promise<WorkflowRunInfo[]>;
  rerun(runId: number): Promise<void>;
  /** Starts `workflow` (a file name) on `ref` with string inputs. */
  dispatch(workflow: string, ref: string, inputs: Record<string, string>): Promise<void>;
}

/** GitHub's status of a failed request, when it has one. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

export function commentOf(value: unknown): CommentInfo {
  const data = value as {
    id?: unknown;
    body?: unknown;
    user?: { login?: unknown; id?: unknown } | null;
    html_url?: unknown;
    issue_url?: unknown;
    created_at?: unknown;
    updated_at?: unknown;
  };
  if (typeof data?.id !== 'number') throw new Error('GitHub answered a comment without an id');
  const issue = /\/issues\/(\d+)$/.exec(typeof data.issue_url === 'string' ? data.issue_url : '');
  return {
    id: data.id,
    body: typeof data.body === 'string' ? data.body : '',
    login: typeof data.user?.login === 'string' ? data.user.login : '',
    ...(Number.isSafeInteger(data.user?.id) ? { userId: data.user?.id as number } : {}),
    ...(typeof data.html_url === 'string' ? { htmlUrl: data.html_url } : {}),
    ...(issue ? { issue: Number(issue[1]) } : {}),
    ...(typeof data.created_at === 'string' ? { createdAt: data.created_at } : {}),
    ...(typeof data.updated_at === 'string' ? { updatedAt: data.updated_at } : {}),
  };
}

/** The `viewer` of a VIEWER_QUERY answer (Octokit's graphql returns its `data`). */
export function identityOf(value: unknown): TokenIdentity {
  const viewer = (value as { viewer?: { login?: unknown; databaseId?: unknown } } | null)?.viewer;
  if (typeof viewer?.login !== 'string' || !Number.isSafeInteger(viewer.databaseId))
    throw new Error('GitHub answered the viewer query without a login and a databaseId');
  return { login: viewer.login, id: viewer.databaseId as number };
}
