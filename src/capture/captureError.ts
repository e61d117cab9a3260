import type { CaptureFailureReason } from './types.js';

/** A capture that cannot go on for a reason the user can act on; becomes a failed CaptureResult. */
export class CaptureError extends Error {
  constructor(
    readonly reason: CaptureFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'CaptureError';
  }
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = error.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Turns a filesystem error met while reading `shown` (a workspace path) into a capture failure.
 * Errors that say nothing about the target (disk full, I/O) are returned unchanged: they are
 * faults of the host, not of the graph.
 */
export function sourceError(error: unknown, shown: string): Error {
  if (error instanceof CaptureError) return error;
  switch (errorCode(error)) {
    case 'ENOENT':
    case 'ENOTDIR':
      return new CaptureError(
        'target_missing',
        `${shown} disappeared while it was being captured; capture again once nothing writes to it`,
      );
    case 'EACCES':
    case 'EPERM':
      return new CaptureError(
        'target_unsafe',
        `${shown} cannot be read (permission denied); make it readable by the user running DoG`,
      );
    case 'ELOOP':
      return new CaptureError(
        'target_unsafe',
        `${shown} was replaced by a symlink while it was being captured; capture again`,
      );
    default:
      return error instanceof Error ? error : new Error(String(error));
  }
}

export function isErrnoCode(error: unknown, ...codes: string[]): boolean {
  const code = errorCode(error);
  return code !== undefined && codes.includes(code);
}
