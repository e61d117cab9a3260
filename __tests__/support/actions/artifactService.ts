// ArtifactService (artifacts v4): artifacts are kept per workflow run backend id, bytes in
// Azurite. Only finalized artifacts are listed, as on GitHub. A re-run (attempt 2, 3, …) keeps
// the run's backend id and gives each job a new job backend id: the artifacts of earlier
// attempts stay listed and downloadable, and their names stay taken (409 on a second upload
// of a name), as GitHub answers (actions/download-artifact#486: "a retry can download
// artifacts from previous attempts"; "an artifact with this name already exists on the
// workflow run").
import { ARTIFACT_CONTAINER, type BlobStore } from './blobStore.js';
import type { BackendIds } from './runtimeToken.js';
import {
  int64Field,
  requireOwnIds,
  requireOwnRun,
  stringField,
  TwirpError,
  type TwirpRequest,
  type TwirpService,
} from './twirp.js';

export type ArtifactRecord = {
  id: number;
  runBackendId: string;
  jobBackendId: string;
  name: string;
  mimeType: string;
  blob: string;
  createdAt: Date;
  expiresAt?: string;
  finalized: boolean;
  size?: number;
  /** `sha256:<hex>` as the client reported it at finalize time. */
  digest?: string;
};

export type ArtifactStore = {
  readonly records: ArtifactRecord[];
  byId(id: number): ArtifactRecord | undefined;
  /** Finalized artifacts, of one run or of all runs. */
  list(runBackendId?: string): ArtifactRecord[];
};

export function createArtifactStore(): ArtifactStore {
  const records: ArtifactRecord[] = [];
  return {
    records,
    byId: (id) => records.find((r) => r.id === id && r.finalized),
    list: (run) =>
      records.filter((r) => r.finalized && (run === undefined || r.runBackendId === run)),
  };
}

// GitHub's artifact ids are large, increasing integers.
let nextArtifactId = 4_200_000_000;

/** Names are unique per run; `jobBackendId` narrows to the job that uploaded it. */
function find(
  store: ArtifactStore,
  ids: { runBackendId: string; jobBackendId?: string },
  name: string,
): ArtifactRecord | undefined {
  return store.records.find(
    (r) =>
      r.runBackendId === ids.runBackendId &&
      r.name === name &&
      (ids.jobBackendId === undefined || r.jobBackendId === ids.jobBackendId),
  );
}

export function artifactService(store: ArtifactStore, blobs: BlobStore): TwirpService {
  return {
    CreateArtifact: (request, caller) => {
      requireOwnIds(request, caller);
      const name = stringField(request, 'name');
      if (request['version'] !== 4 && request['version'] !== 7) {
        throw new TwirpError(
          'invalid_argument',
          `unsupported artifact version ${String(request['version'])}`,
        );
      }
      const existing = find(store, { runBackendId: caller.runBackendId }, name);
      if (
        existing !== undefined &&
        (existing.finalized || existing.jobBackendId !== caller.jobBackendId)
      ) {
        throw new TwirpError(
          'already_exists',
          `an artifact with the name ${name} already exists on this workflow run`,
        );
      }
      if (existing === undefined) refuseOverJobLimit(store, caller);
      const record = existing ?? newRecord(store, caller, name);
      record.mimeType = stringField(request, 'mime_type', false) || 'application/zip';
      record.expiresAt = stringField(request, 'expires_at', false) || undefined;
      record.blob = blobName(record);
      return { ok: true, signed_upload_url: blobs.uploadUrl(ARTIFACT_CONTAINER, record.blob) };
    },
    FinalizeArtifact: async (request, caller) => {
      requireOwnIds(request, caller);
      const record = find(store, caller, stringField(request, 'name'));
      if (record?.finalized)
        throw new TwirpError('failed_precondition', 'artifact is already finalized');
      if (record === undefined) throw new TwirpError('not_found', 'artifact was not created');
      if (!(await blobs.exists(ARTIFACT_CONTAINER, record.blob))) {
        throw new TwirpError('failed_precondition', 'nothing was uploaded for this artifact');
      }
      record.size = int64Field(request, 'size') ?? 0;
      record.digest = stringField(request, 'hash', false) || undefined;
      record.finalized = true;
      return { ok: true, artifact_id: String(record.id) };
    },
    ListArtifacts: (request, caller) => {
      requireOwnIds(request, caller);
      return {
        artifacts: store
          .list(caller.runBackendId)
          .filter((r) => matches(r, request))
          .map(toJson),
      };
    },
    GetSignedArtifactURL: (request, caller) => {
      const job = requireOwnRun(request, caller);
      const ids = { runBackendId: caller.runBackendId, jobBackendId: job };
      const record = find(store, ids, stringField(request, 'name'));
      if (!record?.finalized) throw new TwirpError('not_found', 'artifact not found');
      return { signed_url: signedDownloadUrl(blobs, record) };
    },
    DeleteArtifact: async (request, caller) => {
      const job = requireOwnRun(request, caller);
      const ids = { runBackendId: caller.runBackendId, jobBackendId: job };
      const record = find(store, ids, stringField(request, 'name'));
      if (!record?.finalized) throw new TwirpError('not_found', 'artifact not found');
      store.records.splice(store.records.indexOf(record), 1);
      await blobs.remove(ARTIFACT_CONTAINER, record.blob);
      return { ok: true, artifact_id: String(record.id) };
    },
  };
}

/**
 * GitHub allows at most 500 artifacts per job (actions/upload-artifact README, "Limitations";
 * raised from 10 on the backend, actions/upload-artifact#470 and #497). What the service
 * answers to the 501st CreateArtifact is not documented and we found no capture of it: this
 * stand-in answers 400 (invalid_argument), which the client does not retry, with a message
 * that names the limit.
 */
export const MAX_ARTIFACTS_PER_JOB = 500;

function refuseOverJobLimit(store: ArtifactStore, caller: BackendIds): void {
  const created = store.records.filter(
    (r) => r.runBackendId === caller.runBackendId && r.jobBackendId === caller.jobBackendId,
  ).length;
  if (created >= MAX_ARTIFACTS_PER_JOB)
    throw new TwirpError(
      'invalid_argument',
      `this job has already created ${created} artifacts, the most one job may create (${MAX_ARTIFACTS_PER_JOB})`,
    );
}

function newRecord(store: ArtifactStore, ids: BackendIds, name: string): ArtifactRecord {
  const record: ArtifactRecord = {
    id: nextArtifactId++,
    runBackendId: ids.runBackendId,
    jobBackendId: ids.jobBackendId,
    name,
    mimeType: 'application/zip',
    blob: '',
    createdAt: new Date(),
    finalized: false,
  };
  store.records.push(record);
  return record;
}

/** Zip artifacts end in `.zip`, which the download code also uses to decide to unzip. */
function blobName(record: ArtifactRecord): string {
  const suffix = record.mimeType === 'application/zip' ? '.zip' : '';
  return `${record.runBackendId}/${record.jobBackendId}/${record.id}${suffix}`;
}

export function downloadFilename(record: ArtifactRecord): string {
  return record.mimeType === 'application/zip' ? `${record.name}.zip` : record.name;
}

export function signedDownloadUrl(blobs: BlobStore, record: ArtifactRecord): string {
  return blobs.downloadUrl(ARTIFACT_CONTAINER, record.blob, { filename: downloadFilename(record) });
}

function matches(record: ArtifactRecord, request: TwirpRequest): boolean {
  const name = request['name_filter'];
  if (typeof name === 'string' && record.name !== name) return false;
  const id = int64Field(request, 'id_filter');
  return id === undefined || record.id === id;
}

function toJson(record: ArtifactRecord): object {
  return {
    workflow_run_backend_id: record.runBackendId,
    workflow_job_run_backend_id: record.jobBackendId,
    database_id: String(record.id),
    name: record.name,
    size: String(record.size ?? 0),
    created_at: record.createdAt.toISOString(),
    ...(record.digest === undefined ? {} : { digest: record.digest }),
  };
}
