// How deep and how long a path inside a captured directory may be: one bound for everything that
// walks, writes or lays out such a tree (the capture walk, the tar reader, and through them the
// materialized copy, the sandbox's view of it and the agent's tools). It is checked before the
// operating system is asked, so a pull request that commits a tree nested thousands of levels
// deep fails its own goal instead of the run.

/** Path segments below the captured directory (`a/b/c` is 3 levels deep). */
export const MAX_TREE_DEPTH = 256;
/**
 * Bytes of a path relative to the captured directory: half of Linux's PATH_MAX (4096), leaving
 * the other half for the directory a capture is read from or laid out in.
 */
export const MAX_TREE_PATH_BYTES = 2048;
/** Bytes of one name (Linux's NAME_MAX). */
export const MAX_NAME_BYTES = 255;
/** Bytes of a symlink's text (PATH_MAX less its terminating NUL). */
export const MAX_LINK_BYTES = 4095;

/** The bound in words, for messages that refuse a tree. */
export const TREE_BOUNDS = `at most ${MAX_TREE_DEPTH} levels deep, with paths of at most ${MAX_TREE_PATH_BYTES} bytes and names of at most ${MAX_NAME_BYTES} bytes`;

const SHOWN_HEAD = 40;
const SHOWN_TAIL = 16;

/**
 * What is wrong with a '/'-separated path relative to a captured directory, as a phrase
 * ("lies 257 levels deep, over the limit of 256"), or undefined when it is within the bound.
 */
export function treePathProblem(rel: string): string | undefined {
  const segments = rel.split('/');
  if (segments.length > MAX_TREE_DEPTH)
    return `lies ${segments.length} levels deep, over the limit of ${MAX_TREE_DEPTH} levels`;
  const bytes = Buffer.byteLength(rel);
  if (bytes > MAX_TREE_PATH_BYTES)
    return `is a path of ${bytes} bytes, over the limit of ${MAX_TREE_PATH_BYTES} bytes`;
  const longest = Math.max(...segments.map((segment) => Buffer.byteLength(segment)));
  if (longest > MAX_NAME_BYTES)
    return `has a name of ${longest} bytes, over the limit of ${MAX_NAME_BYTES} bytes`;
  return undefined;
}

/** What is wrong with a symlink's text, or undefined when the system can hold it. */
export function linkTextProblem(text: string): string | undefined {
  const bytes = Buffer.byteLength(text);
  if (bytes <= MAX_LINK_BYTES) return undefined;
  return `has a target of ${bytes} bytes, over the limit of ${MAX_LINK_BYTES} bytes`;
}

/** A path short enough for a one-line message: its start and its end around an ellipsis. */
export function shortPath(rel: string): string {
  const chars = [...rel];
  if (chars.length <= SHOWN_HEAD + SHOWN_TAIL + 1) return rel;
  return `${chars.slice(0, SHOWN_HEAD).join('')}…${chars.slice(-SHOWN_TAIL).join('')}`;
}
