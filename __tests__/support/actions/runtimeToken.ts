// ACTIONS_RUNTIME_TOKEN: the runner's JWT. The toolkit decodes it without checking the
// signature and takes the workflow run and job "backend ids" from its `scp` claim
// (`Actions.Results:<runBackendId>:<jobBackendId>`, see @actions/artifact's
// internal/shared/util.js), so an unsigned token is enough offline.
import { createHash } from 'node:crypto';

export type BackendIds = { runBackendId: string; jobBackendId: string };

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function makeRuntimeToken(ids: BackendIds): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    scp: [
      'Actions.GenericRead:00000000-0000-0000-0000-000000000000',
      `Actions.UploadArtifacts:${ids.runBackendId}:${ids.jobBackendId}`,
      `Actions.Results:${ids.runBackendId}:${ids.jobBackendId}`,
    ].join(' '),
    iss: 'vstoken.actions.githubusercontent.com',
    aud: 'vso:00000000-0000-0000-0000-000000000000',
    nbf: now - 60,
    exp: now + 6 * 3600,
  };
  return `${base64url({ typ: 'JWT', alg: 'none' })}.${base64url(payload)}.`;
}

/** The backend ids in a runtime token, or `undefined` when it is not one. */
export function parseRuntimeToken(token: string): BackendIds | undefined {
  const payload = token.split('.')[1];
  if (payload === undefined) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const scp = (claims as { scp?: unknown } | null)?.scp;
  if (typeof scp !== 'string') return undefined;
  for (const scope of scp.split(' ')) {
    const parts = scope.split(':');
    if (parts[0] === 'Actions.Results' && parts.length === 3 && parts[1] && parts[2]) {
      return { runBackendId: parts[1], jobBackendId: parts[2] };
    }
  }
  return undefined;
}

function uuidFrom(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20, 32),
  ].join('-');
}

/**
 * The backend ids a run gets by default: derived from the public run id, so the fake REST
 * API can map `GET /actions/runs/{run_id}/artifacts` to the run's artifacts without setup.
 */
export function backendIdsForRun(runId: number, job = 'dog'): BackendIds {
  return { runBackendId: uuidFrom(`run:${runId}`), jobBackendId: uuidFrom(`job:${runId}:${job}`) };
}
