/**
 * Checks the spelling of a workspace-relative target. Returns what is wrong, or undefined.
 * Symlinks are resolved (and checked again) at capture time.
 */
export function targetSyntaxError(target: string): string | undefined {
  if (target.length === 0) return 'target is empty';
  if (target.includes('\0')) return 'target contains a NUL character';
  if (target.includes('\\')) return 'target contains a backslash; use "/" between path segments';
  if (target.startsWith('/') || /^[A-Za-z]:/.test(target)) {
    return `target "${target}" is absolute; give a path relative to the workspace root`;
  }
  if (target.split('/').some((segment) => segment === '..')) {
    return `target "${target}" contains a ".." segment; targets must stay inside the workspace`;
  }
  return undefined;
}

/** `./a//b/` → `a/b`; `.` stays `.` (the whole workspace). */
export function normalizeTarget(target: string): string {
  const segments = target.split('/').filter((segment) => segment !== '' && segment !== '.');
  return segments.length === 0 ? '.' : segments.join('/');
}
