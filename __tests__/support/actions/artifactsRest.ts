// The REST side of artifacts, which @actions/artifact uses when given `findBy` (another run):
//   GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts?per_page&page&name
//   GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/zip  → 302 to a signed blob URL
import type { ServerResponse } from 'node:http';
import { sendJson } from './http.js';
import type { ArtifactInfo, ResultsService } from './resultsService.js';

export type ArtifactsSource = {
  results: ResultsService;
  /** The run backend id behind a public run id. */
  runBackendId(runId: number): string;
  apiUrl: string;
  repo: string;
  headSha?: string;
};

const RETENTION_MS = 90 * 24 * 3600 * 1000;

export function listRunArtifacts(
  res: ServerResponse,
  source: ArtifactsSource,
  runId: number,
  query: URLSearchParams,
): void {
  const name = query.get('name');
  const perPage = Math.min(Number(query.get('per_page') ?? 30) || 30, 100);
  const page = Math.max(Number(query.get('page') ?? 1) || 1, 1);
  const all = source.results
    .artifacts(source.runBackendId(runId))
    .filter((artifact) => name === null || artifact.name === name);
  const slice = all.slice((page - 1) * perPage, page * perPage);
  sendJson(res, 200, {
    total_count: all.length,
    artifacts: slice.map((artifact) => artifactJson(source, artifact, runId)),
  });
}

/** `true` when answered; `false` when there is no such artifact (caller sends 404). */
export function redirectToArtifactZip(
  res: ServerResponse,
  source: ArtifactsSource,
  artifactId: number,
): boolean {
  const location = source.results.artifactDownloadUrl(artifactId);
  if (location === undefined) return false;
  res.writeHead(302, { location, 'content-length': '0' });
  res.end();
  return true;
}

function artifactJson(source: ArtifactsSource, artifact: ArtifactInfo, runId: number): object {
  const url = `${source.apiUrl}/repos/${source.repo}/actions/artifacts/${artifact.id}`;
  const created = artifact.createdAt.toISOString();
  return {
    id: artifact.id,
    node_id: Buffer.from(`Artifact${artifact.id}`).toString('base64'),
    name: artifact.name,
    size_in_bytes: artifact.size,
    url,
    archive_download_url: `${url}/zip`,
    expired: false,
    digest: artifact.digest ?? null,
    created_at: created,
    updated_at: created,
    expires_at: new Date(artifact.createdAt.getTime() + RETENTION_MS).toISOString(),
    workflow_run: {
      id: runId,
      repository_id: 1,
      head_repository_id: 1,
      head_branch: 'main',
      head_sha: source.headSha ?? '0'.repeat(40),
    },
  };
}
