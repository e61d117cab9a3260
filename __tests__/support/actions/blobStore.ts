// The service side of Azure Blob storage (Azurite): containers, SAS URLs handed to the
// clients, and direct reads/writes for tests that look at or tamper with stored bytes.
import {
  BlobSASPermissions,
  BlobServiceClient,
  generateBlobSASQueryParameters,
  SASProtocol,
  StorageSharedKeyCredential,
} from '@azure/storage-blob';
import type { Azurite } from './azurite.js';

export const ARTIFACT_CONTAINER = 'actions-results';
export const CACHE_CONTAINER = 'actions-cache';

const SAS_LIFETIME_MS = 60 * 60 * 1000;

export type DownloadOptions = { filename?: string };

export type BlobStore = {
  uploadUrl(container: string, blob: string): string;
  downloadUrl(container: string, blob: string, options?: DownloadOptions): string;
  read(container: string, blob: string): Promise<Buffer>;
  /** Replaces the blob's bytes, keeping its content type. */
  overwrite(container: string, blob: string, bytes: Buffer): Promise<void>;
  exists(container: string, blob: string): Promise<boolean>;
  remove(container: string, blob: string): Promise<void>;
};

export async function openBlobStore(azurite: Azurite): Promise<BlobStore> {
  const credential = new StorageSharedKeyCredential(azurite.accountName, azurite.accountKey);
  const service = new BlobServiceClient(azurite.blobEndpoint, credential);
  for (const name of [ARTIFACT_CONTAINER, CACHE_CONTAINER]) {
    await service.getContainerClient(name).createIfNotExists();
  }
  const blobUrl = (container: string, blob: string): string =>
    service.getContainerClient(container).getBlockBlobClient(blob).url;
  const sign = (container: string, blob: string, permissions: string, disposition?: string) => {
    const query = generateBlobSASQueryParameters(
      {
        containerName: container,
        blobName: blob,
        permissions: BlobSASPermissions.parse(permissions),
        startsOn: new Date(Date.now() - 5 * 60 * 1000),
        expiresOn: new Date(Date.now() + SAS_LIFETIME_MS),
        protocol: SASProtocol.HttpsAndHttp,
        ...(disposition === undefined ? {} : { contentDisposition: disposition }),
      },
      credential,
    ).toString();
    return `${blobUrl(container, blob)}?${query}`;
  };
  const client = (container: string, blob: string) =>
    service.getContainerClient(container).getBlockBlobClient(blob);
  return {
    uploadUrl: (container, blob) => sign(container, blob, 'cw'),
    downloadUrl: (container, blob, options = {}) =>
      sign(container, blob, 'r', dispositionFor(options.filename)),
    read: (container, blob) => client(container, blob).downloadToBuffer(),
    overwrite: async (container, blob, bytes) => {
      const properties = await client(container, blob).getProperties();
      await client(container, blob).uploadData(bytes, {
        blobHTTPHeaders: { blobContentType: properties.contentType ?? 'application/octet-stream' },
      });
    },
    exists: (container, blob) => client(container, blob).exists(),
    remove: async (container, blob) => {
      await client(container, blob).deleteIfExists();
    },
  };
}

/** GitHub's signed download URLs name the file, as `Content-Disposition` (RFC 6266/5987). */
function dispositionFor(filename: string | undefined): string | undefined {
  if (filename === undefined) return undefined;
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
