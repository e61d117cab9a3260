// Safe building blocks for GitHub-flavoured Markdown made from untrusted report text
// (titles, evidence, error messages, warnings, paths named by evidence).
//
// Untrusted text is only ever placed in three contexts:
// - inline text (paragraphs, list items, table cells, the content of <summary>): every
//   character with a Markdown or HTML meaning becomes a numeric character reference, and
//   line breaks become spaces, so it can neither open markup nor end a table row or cell;
// - fenced code blocks: the fence is longer than any backtick run in the content, so the
//   content cannot close it (and therefore cannot close an enclosing <details> either);
// - plain-text check-run annotations (see annotations.ts), where only control characters
//   are removed.

/** Goal and run ids as the schemas allow them: safe inside a code span. */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(#assert)?$/;

/**
 * Markdown/HTML punctuation in GitHub's renderer: emphasis, code, links and images, HTML,
 * tables, headings, block quotes and list markers (`-`, `+`, `1.`, `1)`), strikethrough,
 * math (`$`), mentions (`@`), references (`#`) and bare-URL autolinks (`:`). A numeric
 * character reference renders as the character itself and is never markup; quotes need
 * no escaping because untrusted text never goes into an attribute.
 */
const SPECIAL = /[\\`*_[\]()<>#+\-.!|~&@$:]/g;

/** Line and paragraph separators: replaced by a space in inline text. */
const LINE_BREAKS = /\r\n|[\r\n\u0085\u2028\u2029]/g;

/** C0/C1 controls other than tab and line breaks: dropped. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u0084\u0086-\u009f]/g;

/** Bidirectional overrides and isolates ("Trojan Source"): shown as U+FFFD. */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g;

/** Removes control and bidi characters; keeps tabs and line breaks. */
export function cleanText(text: string): string {
  return text.replace(CONTROLS, '').replace(BIDI, '\uFFFD');
}

/** Untrusted text for an inline Markdown or HTML-element context: one line, no markup. */
export function escapeText(text: string): string {
  return cleanText(text)
    .replace(LINE_BREAKS, ' ')
    .replace(/\t/g, ' ')
    .trim()
    .replace(SPECIAL, (c) => `&#${c.charCodeAt(0)};`);
}

/** At most `max` code points (an ellipsis marks a cut); never splits a surrogate pair. */
export function truncateChars(text: string, max: number): string {
  if (text.length <= max) return text;
  const points = Array.from(text);
  if (points.length <= max) return text;
  return `${points.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/** escapeText after truncateChars: the cut never falls inside a character reference. */
export function inline(text: string, max: number): string {
  return escapeText(truncateChars(text, max));
}

/** An id in a code span when it has the schema's safe shape, escaped text otherwise. */
export function code(id: string): string {
  return SAFE_ID.test(id) ? `\`${id}\`` : escapeText(id);
}

/** Same as `code`, for HTML contexts (inside <summary>). */
export function htmlCode(id: string): string {
  return `<code>${escapeText(id)}</code>`;
}

/** A fenced code block that its content cannot close. */
export function codeBlock(content: string, language = ''): string {
  // Measured after cleaning: removing a control character can join two backtick runs.
  const body = cleanText(content).replace(/\r\n?/g, '\n');
  const longest = Math.max(0, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${body}${body.endsWith('\n') ? '' : '\n'}${fence}`;
}

/**
 * A collapsed block. `summaryHtml` must already be safe (escapeText / htmlCode); the blank
 * lines make GitHub render the body as Markdown.
 */
export function details(summaryHtml: string, body: string): string {
  return `<details><summary>${summaryHtml}</summary>\n\n${body}\n\n</details>`;
}

/** An http(s) link for a host-given URL, or undefined when it is not one. */
export function safeLink(label: string, url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  // Percent-encode everything but unreserved and plain delimiters: no space, quote,
  // parenthesis or angle bracket can end the link destination.
  const escaped = parsed.href.replace(/[^A-Za-z0-9\-._~:/?#@!$&+,;=%]/gu, (c) =>
    [...Buffer.from(c, 'utf8')]
      .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
      .join(''),
  );
  return `[${escapeText(label)}](${escaped})`;
}

/** UTF-8 size: what GitHub's 1 MiB step-summary limit counts. */
export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** UTF-16 length: never less than the number of characters GitHub counts. */
export function utf16Chars(text: string): number {
  return text.length;
}

/** The longest prefix of `text` of at most `maxBytes` UTF-8 bytes, on a code point boundary. */
export function truncateBytes(text: string, maxBytes: number): string {
  if (utf8Bytes(text) <= maxBytes) return text;
  let low = 0;
  let high = Math.min(text.length, maxBytes);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (utf8Bytes(text.slice(0, mid)) <= maxBytes) low = mid;
    else high = mid - 1;
  }
  let end = low;
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end);
}
