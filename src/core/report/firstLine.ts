// The one line of an error message worth reading in a table: what DoG says happened, and
// the exception a crashing program printed, without its stack frames or echoed source.

/** Lines that locate an error but never state it: stack frames, banners, caret markers. */
const NOISE: readonly RegExp[] = [
  /^at\s/,
  /^File ".*", line \d+/,
  /^Traceback\b/,
  /node:internal/,
  /^\^+\s*$/,
  /^~+\s*$/,
  /^Node\.js v\d/,
  /^During handling of the above exception/,
  /^The above exception was the direct cause/,
  /^\.\.\. \d+ more/,
  /^file:\/\/\S+:\d+$/,
  /^\/\S+:\d+$/,
  /^goroutine \d+/,
];

/** `ValueError: bad input`, `Error: boom`, `TypeError`, `panic: …`, `error[E0425]: …`. */
const EXCEPTION =
  /^(?:[A-Za-z_$][\w$.]*(?:Error|Exception|Panic|Failure)\b(?:\s*:.*)?$|(?:panic|fatal|error)(?:\[\w+\])?:\s)/i;

function isNoise(line: string): boolean {
  return NOISE.some((pattern) => pattern.test(line));
}

/** Trimmed, non-empty lines; a leading "…" (a cut tail) is dropped. */
function linesOf(text: string): string[] {
  return text
    .split(/\r\n?|\n/)
    .map((line) => line.replace(/^…/, '').trim())
    .filter((line) => line !== '');
}

/** The exception line of what follows the headline: the last one (Python prints it last). */
function exceptionLine(lines: readonly string[]): string | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i] as string;
    if (!isNoise(line) && EXCEPTION.test(line)) return line;
  }
  return undefined;
}

/**
 * The first meaningful line of `message`: its headline, followed by the exception line (or
 * else the first meaningful line) of what comes after it, such as a script's stderr. Blank
 * lines and stack frames never count. Undefined when nothing meaningful is left.
 */
export function firstMeaningfulLine(message: string): string | undefined {
  const lines = linesOf(message);
  const headAt = lines.findIndex((line) => !isNoise(line));
  if (headAt === -1) return undefined;
  const head = lines[headAt] as string;
  const rest = lines.slice(headAt + 1);
  if (!head.endsWith(':')) return head;
  const detail = exceptionLine(rest) ?? rest.find((line) => !isNoise(line));
  return detail === undefined ? head.slice(0, -1) : `${head} ${detail}`;
}
