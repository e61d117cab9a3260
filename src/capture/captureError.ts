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

/** An errno name (ENOENT, ENAMETOOLONG), unlike Node's own codes (ERR_…), which are faults of DoG. */
const SYSTEM_ERROR = /^E[A-Z0-9]+$/;

/** Errors that say nothing about the tree being read: faults of the host, not of the graph. */
const HOST_FAULTS: ReadonlySet<string> = new Set([
  'EIO',
  'EMFILE',
  'ENFILE',
  'ENOMEM',
  'ENOBUFS',
  'ENOSPC',
  'EDQUOT',
]);

/**
 * Turns a filesystem error met while reading `shown` (a workspace path) into a capture failure.
 * Host faults (I/O, out of descriptors or memory) are returned unchanged; any other system error
 * comes from what the tree holds, which a pull request may author, so it fails the goal.
 */
export function sourceError(error: unknown, shown: string): Error {
  if (error instanceof CaptureError) return error;
  const code = errorCode(error);
  switch (code) {
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
    case 'ENAMETOOLONG':
      return new CaptureError(
        'target_unsafe',
        `${shown} has a path longer than this system allows (ENAMETOOLONG); flatten the tree, capture a narrower target or use a workspace with a shorter path`,
      );
    default:
      if (code !== undefined && SYSTEM_ERROR.test(code) && !HOST_FAULTS.has(code)) {
        return new CaptureError(
          'target_unsafe',
          `${shown} cannot be read (${code}); make it a plain file or directory that the user running DoG can read`,
        );
      }
      return error instanceof Error ? error : new Error(String(error));
  }
}

export function isErrnoCode(error: unknown, ...codes: string[]): boolean {
  const code = errorCode(error);
  return code !== undefined && codes.includes(code);
}
