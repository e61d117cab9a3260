// Which job uploaded each artifact of this run. The toolkit's listing drops it, but the
// results service's ListArtifacts returns it for every artifact
// (`workflow_job_run_backend_id`), so this asks the service directly with the job's own
// runtime token and adds it to this run's listing. Another run's listing (the REST API) does
// not name uploaders and is passed through unchanged.
import type { ArtifactInfo, ArtifactPort } from '../storage/github/ports.js';

const LIST_ARTIFACTS = '/twirp/github.actions.results.api.v1.ArtifactService/ListArtifacts';
const TIMEOUT_MS = 30_000;

type BackendIds = { run: string; job: string };

export class ArtifactsWithUploaders implements ArtifactPort {
  constructor(
    private readonly inner: ArtifactPort,
    private readonly env: NodeJS.ProcessEnv,
    private readonly warn: (message: string) => void,
  ) {}

  uploadFile(...args: Parameters<ArtifactPort['uploadFile']>): Promise<ArtifactInfo> {
    return this.inner.uploadFile(...args);
  }

  uploadFiles(...args: Parameters<ArtifactPort['uploadFiles']>): Promise<ArtifactInfo> {
    return this.inner.uploadFiles(...args);
  }

  download(...args: Parameters<ArtifactPort['download']>): Promise<void> {
    return this.inner.download(...args);
  }

  async list(fromRun?: number): Promise<ArtifactInfo[]> {
    const listed = await this.inner.list(fromRun);
    if (fromRun !== undefined) return listed;
    let uploaders: Map<number, string>;
    try {
      uploaders = await this.uploaders();
    } catch (error) {
      this.warn(
        `DoG could not ask the artifact service which job uploaded each artifact (${error instanceof Error ? error.message : String(error)}); records are checked by artifact name only`,
      );
      return listed;
    }
    return listed.map((artifact) => {
      const job = uploaders.get(artifact.id);
      return job ? { ...artifact, jobBackendId: job } : artifact;
    });
  }

  private async uploaders(): Promise<Map<number, string>> {
    const token = this.env.ACTIONS_RUNTIME_TOKEN ?? '';
    const ids = backendIdsOf(token);
    const base = this.env.ACTIONS_RESULTS_URL;
    if (!ids || !base) throw new Error('no runtime token or results service URL');
    const response = await fetch(new URL(LIST_ARTIFACTS, new URL(base).origin), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        workflow_run_backend_id: ids.run,
        workflow_job_run_backend_id: ids.job,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`ListArtifacts answered HTTP ${response.status}`);
    const body = (await response.json()) as { artifacts?: unknown };
    const uploaders = new Map<number, string>();
    for (const item of Array.isArray(body.artifacts) ? body.artifacts : []) {
      const { database_id: id, workflow_job_run_backend_id: job } = item as Record<string, unknown>;
      if (typeof job === 'string' && (typeof id === 'string' || typeof id === 'number'))
        uploaders.set(Number(id), job);
    }
    return uploaders;
  }
}

/** The run and job backend ids in the runtime token's `Actions.Results:<run>:<job>` scope. */
function backendIdsOf(token: string): BackendIds | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const scp = (claims as { scp?: unknown } | null)?.scp;
  for (const scope of typeof scp === 'string' ? scp.split(' ') : []) {
    const [name, run, job, ...rest] = scope.split(':');
    if (name === 'Actions.Results' && run && job && rest.length === 0) return { run, job };
  }
  return undefined;
}
