import type { Digest } from '../core/types.js';

export type CaptureKind = 'file' | 'directory';

export type CaptureLimits = {
  /** Largest capture (file bytes or tar bytes) accepted, in bytes. */
  maxCaptureBytes: number;
};

/** A target captured into the content-addressed store. */
export type Capture = {
  target: string;
  kind: CaptureKind;
  digest: Digest;
  /** Size of the stored bytes (the file, or the tar of the directory). */
  bytes: number;
  /** Number of regular files (1 for a file target). */
  files: number;
};

export type CaptureFailureReason = 'target_missing' | 'target_unsafe' | 'capture_too_large';

/** Capturing one target either yields a capture or says precisely why it could not. */
export type CaptureResult =
  | { ok: true; capture: Capture }
  | { ok: false; target: string; reason: CaptureFailureReason; message: string };

/** Where capture bytes live. Writes are atomic and idempotent (content addressed). */
export interface BlobStore {
  /** Absolute path of a fresh temp file path inside the store (same filesystem as blobs). */
  tempPath(): string;
  /** Atomically move a finished temp file to its content address. */
  commitBlob(tempPath: string, digest: Digest): Promise<void>;
  /** Absolute path of a stored blob, or undefined when absent. */
  blobPath(digest: Digest): Promise<string | undefined>;
}

/** Consumer of a byte stream. A chunk stays untouched by its producer until `release` runs. */
export interface ByteSink {
  write(chunk: Buffer, release?: () => void): Promise<void>;
}
