// How user input appears inside a message: bounded, so a 3 MB id or key gives a line, not 3 MB.

/**
 * Characters of one piece of user input shown in a message before it is cut: room for any id
 * just over the 128-character limit, so the message about it can still show it whole.
 */
export const ECHO_CHARS = 160;

/** Longest subject (a node, an edge between two nodes, a cycle's path) shown. */
export const MAX_SUBJECT_CHARS = 300;

/** Longest problem message shown; past it the message is cut (a last resort for every room). */
export const MAX_MESSAGE_CHARS = 2000;

/**
 * `text` itself when it has at most `max` characters; else its head, an ellipsis and its
 * length, `max` characters in all (so bounding twice changes nothing).
 */
export function echo(text: string, max: number = ECHO_CHARS): string {
  if (text.length <= max) return text;
  const tail = `… (${text.length} characters)`;
  // Never end on half of a surrogate pair.
  const head = text.slice(0, Math.max(0, max - tail.length)).replace(/[\uD800-\uDBFF]$/, '');
  return `${head}${tail}`;
}

/** User text in double quotes, bounded. */
export function quoted(text: string): string {
  return `"${echo(text)}"`;
}

/** Any user value as bounded JSON text (strings, numbers, whole objects alike). */
export function echoJson(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  return echo(text ?? String(value));
}

/** A JSON pointer with each segment bounded (a pointer into a huge key is itself huge). */
export function echoPointer(pointer: string): string {
  if (pointer.length <= ECHO_CHARS) return pointer;
  return pointer
    .split('/')
    .map((segment) => echo(segment))
    .join('/');
}
