// Exclude patterns of a directory target: a small glob subset matched by hand (no regular
// expression is ever built from graph text). Patterns are relative to the target directory:
//   `*` any run of characters within one path segment, `?` one character within a segment,
//   `**` as a whole segment: zero or more segments, a trailing `/`: directories only.
// A matched directory is left out with everything below it.

export const MAX_EXCLUDES = 64;
export const MAX_EXCLUDE_LENGTH = 256;

const UNSUPPORTED = /[[\]{}\\]/;

/** What is wrong with one pattern's spelling, or undefined when it is usable. */
export function excludeSyntaxError(pattern: string): string | undefined {
  const shown = JSON.stringify(pattern);
  if (pattern.length === 0) return 'an exclude pattern is empty; remove it';
  if (pattern.length > MAX_EXCLUDE_LENGTH)
    return `exclude pattern ${shown.slice(0, 40)}… is longer than ${MAX_EXCLUDE_LENGTH} characters`;
  if (pattern.includes('\0')) return `exclude pattern ${shown} contains a NUL byte; remove it`;
  if (pattern.startsWith('/') || /^[A-Za-z]:/.test(pattern))
    return `exclude pattern ${shown} is absolute; write it relative to the target directory`;
  if (pattern.startsWith('!'))
    return `exclude pattern ${shown} starts with "!": negation is not supported; list only what to leave out`;
  if (UNSUPPORTED.test(pattern))
    return `exclude pattern ${shown} uses [ ] { } or \\, which are not supported; use *, ** and ? (segments separated by "/")`;
  const segments = segmentsOf(pattern);
  if (segments.some((segment) => segment === '' || segment === '.'))
    return `exclude pattern ${shown} has an empty or "." segment; write it like "dist/**" or "**/*.log"`;
  if (segments.includes('..'))
    return `exclude pattern ${shown} contains a ".." segment; a pattern can only name paths inside the target`;
  if (segments.some((segment) => segment.includes('**') && segment !== '**'))
    return `exclude pattern ${shown} uses ** inside a segment; ** must stand alone between slashes ("a/**/b"), use * within a name`;
  return undefined;
}

/** Sorted and without repeats: the order patterns are written in never changes a capture. */
export function canonicalExcludes(patterns: readonly string[]): string[] {
  return [...new Set(patterns)].sort();
}

type CompiledPattern = { segments: readonly string[]; directoriesOnly: boolean };

/** Whether a '/'-separated path relative to the target is excluded. */
export type ExcludeMatcher = (rel: string, isDirectory: boolean) => boolean;

/** Compiles patterns that passed `excludeSyntaxError`. */
export function excludeMatcher(patterns: readonly string[]): ExcludeMatcher {
  const compiled: CompiledPattern[] = patterns.map((pattern) => ({
    segments: segmentsOf(pattern),
    directoriesOnly: pattern.endsWith('/'),
  }));
  return (rel, isDirectory) => {
    const path = rel.split('/');
    return compiled.some(
      (pattern) =>
        (isDirectory || !pattern.directoriesOnly) && segmentsMatch(pattern.segments, path),
    );
  };
}

function segmentsOf(pattern: string): string[] {
  return (pattern.endsWith('/') ? pattern.slice(0, -1) : pattern).split('/');
}

/** Dynamic programming over segments: linear in patterns × path length, whatever the `**`s. */
function segmentsMatch(pattern: readonly string[], path: readonly string[]): boolean {
  // reachable[j]: the pattern's first i segments can consume the path's first j segments.
  let reachable = path.map(() => false).concat(false);
  reachable[0] = true;
  for (const segment of pattern) {
    const next = path.map(() => false).concat(false);
    for (let j = 0; j <= path.length; j += 1) {
      if (segment === '**') next[j] = reachable[j] === true || (j > 0 && next[j - 1] === true);
      else next[j] = j > 0 && reachable[j - 1] === true && nameMatches(segment, path[j - 1] ?? '');
    }
    reachable = next;
  }
  return reachable[path.length] === true;
}

/** `*` and `?` within one name, by the usual greedy walk with one backtrack point. */
function nameMatches(pattern: string, name: string): boolean {
  const p = Array.from(pattern);
  const n = Array.from(name);
  let i = 0;
  let j = 0;
  let star = -1;
  let resume = 0;
  while (j < n.length) {
    if (i < p.length && (p[i] === '?' || (p[i] !== '*' && p[i] === n[j]))) {
      i += 1;
      j += 1;
    } else if (i < p.length && p[i] === '*') {
      star = i;
      resume = j;
      i += 1;
    } else if (star !== -1) {
      i = star + 1;
      resume += 1;
      j = resume;
    } else {
      return false;
    }
  }
  while (i < p.length && p[i] === '*') i += 1;
  return i === p.length;
}
