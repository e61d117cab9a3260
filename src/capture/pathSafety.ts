import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { isErrnoCode } from './captureError.js';
import type { CaptureKind } from './types.js';
// Target spelling rules live in the core (the compiler checks them too); capture re-checks.
import {
  normalizeTarget,
  targetSyntaxError as checkTargetSyntax,
} from '../core/graph/targetSyntax.js';

export type ResolvedTarget =
  | { ok: true; absPath: string; workspaceReal: string; kind: CaptureKind }
  | { ok: false; reason: 'target_missing' | 'target_unsafe'; message: string };

export { checkTargetSyntax, normalizeTarget };

/** Whether `candidate` is `dir` itself or lies below it (both absolute, already resolved). */
export function isInside(dir: string, candidate: string): boolean {
  if (candidate === dir) return true;
  const prefix = dir.endsWith(path.sep) ? dir : dir + path.sep;
  return candidate.startsWith(prefix);
}

function kindOf(mode: { isFile(): boolean; isDirectory(): boolean }): CaptureKind | undefined {
  if (mode.isFile()) return 'file';
  if (mode.isDirectory()) return 'directory';
  return undefined;
}

/**
 * Resolves a target against the workspace root, following symlinks: the real path must stay
 * inside the real workspace root and be a regular file or a directory.
 */
export async function resolveTarget(
  workspaceRoot: string,
  target: string,
): Promise<ResolvedTarget> {
  const syntax = checkTargetSyntax(target);
  if (syntax !== undefined) return { ok: false, reason: 'target_unsafe', message: syntax };
  const shown = JSON.stringify(target);
  let workspaceReal: string;
  try {
    workspaceReal = await realpath(workspaceRoot);
  } catch {
    return {
      ok: false,
      reason: 'target_missing',
      message: `workspace root ${workspaceRoot} does not exist, so target ${shown} cannot be read`,
    };
  }
  const joined = path.join(workspaceReal, normalizeTarget(target));
  let absPath: string;
  try {
    absPath = await realpath(joined);
  } catch (error) {
    return unresolvable(error, shown, joined);
  }
  if (!isInside(workspaceReal, absPath)) {
    return {
      ok: false,
      reason: 'target_unsafe',
      message:
        `target ${shown} resolves through a symlink to ${absPath}, outside the workspace ` +
        `${workspaceReal}; point the target at a path inside the workspace`,
    };
  }
  const kind = kindOf(await stat(absPath));
  if (kind === undefined) {
    return {
      ok: false,
      reason: 'target_unsafe',
      message: `target ${shown} is neither a regular file nor a directory (a socket, FIFO or device); only files and directories can be captured`,
    };
  }
  return { ok: true, absPath, workspaceReal, kind };
}

function unresolvable(error: unknown, shown: string, joined: string): ResolvedTarget {
  if (isErrnoCode(error, 'ELOOP')) {
    return {
      ok: false,
      reason: 'target_unsafe',
      message: `target ${shown} goes through a symlink loop; fix the symlinks under ${joined}`,
    };
  }
  if (isErrnoCode(error, 'ENAMETOOLONG')) {
    return {
      ok: false,
      reason: 'target_unsafe',
      message: `target ${shown} resolves to a path longer than this system allows (ENAMETOOLONG); shorten its symlinks or the path to the workspace`,
    };
  }
  if (isErrnoCode(error, 'EACCES', 'EPERM')) {
    return {
      ok: false,
      reason: 'target_unsafe',
      message: `target ${shown} cannot be read (permission denied at ${joined}); make it readable by the user running DoG`,
    };
  }
  return {
    ok: false,
    reason: 'target_missing',
    message: `target ${shown} does not exist in the workspace (looked for ${joined}); produce it before DoG runs or fix the path`,
  };
}
