import { echoJson } from '../echo.js';

/**
 * Checks the spelling of a workspace-relative target. Returns what is wrong, or undefined.
 * Symlinks are resolved (and checked again) at capture time.
 */
export function targetSyntaxError(target: string): string | undefined {
  if (target.length === 0) {
    return 'target is empty; name a file or directory relative to the workspace root';
  }
  const shown = echoJson(target);
  if (target.includes('\0')) return `target ${shown} contains a NUL byte; remove it`;
  if (target.includes('\\')) {
    return `target ${shown} contains a backslash; use "/" between path segments`;
  }
  if (target.startsWith('/') || /^[A-Za-z]:/.test(target)) {
    return `target ${shown} is absolute; give a path relative to the workspace root`;
  }
  if (target.split('/').includes('..')) {
    return `target ${shown} contains a ".." segment; give a path inside the workspace without '..'`;
  }
  if (hasGitSegment(target)) return gitTargetError(shown);
  return undefined;
}

/** The name of git's metadata, never captured: it holds credentials (actions/checkout's token). */
export const GIT_DIR_NAME = '.git';

/** Whether a '/'-separated path is, or lies inside, a `.git` entry. */
export function hasGitSegment(path: string): boolean {
  return path.split('/').includes(GIT_DIR_NAME);
}

export function gitTargetError(shown: string): string {
  return `target ${shown} is or lies inside .git, which is never captured (git's metadata holds credentials, such as the token actions/checkout stores in .git/config); name the files you want verified instead`;
}

/** `./a//b/` → `a/b`; `.` stays `.` (the whole workspace). */
export function normalizeTarget(target: string): string {
  const segments = target.split('/').filter((segment) => segment !== '' && segment !== '.');
  return segments.length === 0 ? '.' : segments.join('/');
}
