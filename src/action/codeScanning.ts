// GitHub's code-scanning SARIF endpoints through Octokit: `POST …/code-scanning/sarifs` (needs
// `security-events: write`) and `GET …/code-scanning/sarifs/{id}`; and, for a workflow_run
// that reports on another run's pull request, `GET …/commits/{sha}/pulls` to learn which one.
import type { getOctokit } from '@actions/github';

type Octokit = ReturnType<typeof getOctokit>;

export type SarifUpload = {
  commitSha: string;
  ref: string;
  /** The gzip-compressed SARIF file, base64-encoded. */
  sarif: string;
  startedAt?: string;
};

export type SarifProcessing = {
  status: 'pending' | 'complete' | 'failed' | 'unknown';
  errors: string[];
};

export type AssociatedPullRequest = { number: number; headSha: string; state: string };

export interface CodeScanningClient {
  /** The upload's id (for its processing status), when GitHub answered one. */
  upload(upload: SarifUpload): Promise<string | undefined>;
  processing(sarifId: string): Promise<SarifProcessing>;
  pullRequestsOf(commitSha: string): Promise<AssociatedPullRequest[]>;
}

export function octokitCodeScanning(
  octokit: Octokit,
  repo: { owner: string; repo: string },
): CodeScanningClient {
  return {
    upload: async (upload) => {
      const { data } = await octokit.rest.codeScanning.uploadSarif({
        ...repo,
        commit_sha: upload.commitSha,
        ref: upload.ref,
        sarif: upload.sarif,
        tool_name: 'DoG',
        ...(upload.startedAt === undefined ? {} : { started_at: upload.startedAt }),
      });
      return typeof data.id === 'string' ? data.id : undefined;
    },
    processing: async (sarifId) => {
      const { data } = await octokit.rest.codeScanning.getSarif({ ...repo, sarif_id: sarifId });
      const status = data.processing_status ?? 'unknown';
      const errors = Array.isArray(data.errors) ? data.errors.map(String) : [];
      return { status, errors };
    },
    pullRequestsOf: async (commitSha) => {
      const { data } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({
        ...repo,
        commit_sha: commitSha,
        per_page: 100,
      });
      return data.map((pull) => ({
        number: pull.number,
        headSha: pull.head.sha,
        state: pull.state,
      }));
    },
  };
}
