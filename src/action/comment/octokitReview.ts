// The review loop's REST calls through Octokit (`@actions/github`), for one repository.
import type { getOctokit } from '@actions/github';
import {
  commentOf,
  identityOf,
  VIEWER_QUERY,
  type ReviewClient,
  type WorkflowRunInfo,
} from './client.js';

type Octokit = ReturnType<typeof getOctokit>;

export function octokitReview(
  octokit: Octokit,
  repo: { owner: string; repo: string },
): ReviewClient {
  const r = octokit.rest;
  return {
    tokenIdentity: async () => identityOf(await octokit.graphql(VIEWER_QUERY)),
    listComments: async (issue) =>
      (
        await octokit.paginate(r.issues.listComments, {
          ...repo,
          issue_number: issue,
          per_page: 100,
        })
      ).map(commentOf),
    getComment: async (id) =>
      commentOf((await r.issues.getComment({ ...repo, comment_id: id })).data),
    createComment: async (issue, body) =>
      commentOf((await r.issues.createComment({ ...repo, issue_number: issue, body })).data),
    updateComment: async (id, body) =>
      commentOf((await r.issues.updateComment({ ...repo, comment_id: id, body })).data),
    permissionOf: async (login) => {
      const { data } = await r.repos.getCollaboratorPermissionLevel({ ...repo, username: login });
      const role = (data as { role_name?: unknown }).role_name;
      return typeof role === 'string' && role !== '' ? role : data.permission;
    },
    pullRequest: async (number) => {
      const { data } = await r.pulls.get({ ...repo, pull_number: number });
      const mergeSha = data.merge_commit_sha;
      return { headSha: data.head.sha, baseSha: data.base.sha, ...(mergeSha ? { mergeSha } : {}) };
    },
    workflowRuns: async (workflowFile, headSha, event) => {
      const { data } = await r.actions.listWorkflowRuns({
        ...repo,
        workflow_id: workflowFile,
        head_sha: headSha,
        event,
        per_page: 20,
      });
      return data.workflow_runs.map((run): WorkflowRunInfo => ({
        id: run.id,
        headSha: run.head_sha,
        event: run.event,
        path: run.path,
        createdAt: run.created_at,
      }));
    },
    rerun: async (runId) => {
      await r.actions.reRunWorkflow({ ...repo, run_id: runId });
    },
    dispatch: async (workflow, ref, inputs) => {
      await r.actions.createWorkflowDispatch({ ...repo, workflow_id: workflow, ref, inputs });
    },
  };
}
