// Keeps text DoG did not write (script output, evidence, file names, model answers, and the
// messages built from them) from being obeyed as a GitHub Actions workflow command. The runner
// reads every line a step prints, on stdout and on stderr, at "\r\n", "\r" and "\n"
// (actions/runner ActionCommand.cs): a line whose first non-blank characters are `::` is a
// command (TryParseV2 trims leading white space first), and so is any line that holds `##[`
// anywhere (the older TryParse, still tried when the first fails). One character of each is
// written as a JSON escape: the second colon of a leading `::` becomes `\u003a`, the `[` of
// `##[` becomes `\u005b`. A person still reads what was printed; a JSON document keeps its
// meaning (JSON has `##[` only inside strings, where `\u005b` is `[`, and never starts a line
// with `::`), so one rule serves the report on stdout and the messages on stderr.

// Blanks within a line: a superset of what .NET's TrimStart removes (char.IsWhiteSpace, with
// U+0085 that JavaScript's \s lacks); line breaks are left out so that no match spans lines.
const BLANKS =
  // eslint-disable-next-line no-control-regex -- U+001C to U+001F are blanks to some readers
  /[\t\v\f\u001c-\u001f \u0085\u00a0\u1680\u180e\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]*/
    .source;
const LEADING_COMMAND = new RegExp(`(^|[\\r\\n])(${BLANKS}:):`, 'g');
const AT_LINE_START = new RegExp(`^${BLANKS}:?$`);
const LEGACY_COMMAND = /##\[/g;

/** `text`, written from the start of a line, with no line of it a workflow command. */
export function neutraliseCommands(text: string): string {
  return text.replace(LEADING_COMMAND, '$1$2\\u003a').replace(LEGACY_COMMAND, '##\\u005b');
}

/**
 * The same for a stream written in pieces: a command may be split across writes ("::" then
 * "error::…", "#" then "#[…"). Nothing is held back; what each write starts is escaped in it.
 */
export class CommandNeutraliser {
  /** What of the current line matters to the next write: its blanks, a colon, its `#`s. */
  private carry = '';

  write(chunk: string): string {
    const text = this.carry + chunk;
    const escaped = neutraliseCommands(text).slice(this.carry.length);
    this.carry = carryOf(text);
    return escaped;
  }
}

function carryOf(text: string): string {
  const lineStart = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r')) + 1;
  const line = text.slice(lineStart);
  if (AT_LINE_START.test(line)) return `${line === '' || line === ':' ? '' : ' '}${colonOf(line)}`;
  // Not at a line's start any more: only trailing `#`s can still begin a `##[`.
  const hashes = /#{0,2}$/.exec(line)?.[0] ?? '';
  return `x${hashes}`;
}

function colonOf(line: string): string {
  return line.endsWith(':') ? ':' : '';
}

/**
 * `text` as one log line: its line breaks shown as `\r` and `\n`, so text from a verifier
 * cannot start a line that looks like DoG's own.
 */
export function singleLogLine(text: string): string {
  return text.replace(/\r/g, '\\r').replace(/\n/g, '\\n');
}
