/**
 * Checks the spelling of a workspace-relative target. Returns what is wrong, or undefined.
 * Symlinks are resolved (and checked again) at capture time.
 */
export function targetSyntaxError(target: string): string | undefined {
  if (target.length === 0) {
    return 'target is empty; name a file or directory relative to the workspace root';
  }
  const shown = JSON.stringify(target);
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
  return undefined;
}

/** `./a//b/` → `a/b`; `.` stays `.` (the whole workspace). */
export function normalizeTarget(target: string): string {
  const segments = target.split('/').filter((segment) => segment !== '' && segment !== '.');
  return segments.length === 0 ? '.' : segments.join('/');
}
