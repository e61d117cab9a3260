// A strict reading of the GitHub Markdown the renderers emit, following CommonMark's rules
// for fenced code blocks and GFM's for tables, so a test can tell whether report text was
// able to open markup, close a fence or a <details>, or break a table.

export type Fence = { info: string; content: string };

/** Splits text into lines outside fenced code blocks and the fences themselves. */
export function parseFences(text: string): { outside: string[]; fences: Fence[] } {
  const outside: string[] = [];
  const fences: Fence[] = [];
  let open: { marker: string; length: number; info: string; lines: string[] } | undefined;
  for (const line of text.split('\n')) {
    if (open) {
      const close = new RegExp(
        `^ {0,3}${open.marker === '`' ? '`' : '~'}{${open.length},}[ \\t]*$`,
      );
      if (close.test(line)) {
        fences.push({ info: open.info, content: open.lines.join('\n') });
        open = undefined;
      } else {
        open.lines.push(line);
      }
      continue;
    }
    const start = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (start) {
      const run = start[1] as string;
      open = {
        marker: run[0] as string,
        length: run.length,
        info: (start[2] as string).trim(),
        lines: [],
      };
      continue;
    }
    outside.push(line);
  }
  if (open) throw new Error(`unclosed code fence (${open.marker.repeat(open.length)}${open.info})`);
  return { outside, fences };
}

const ALLOWED_TAGS = new Set([
  '<details>',
  '</details>',
  '<summary>',
  '</summary>',
  '<code>',
  '</code>',
]);

/** Throws when the Markdown could carry injected structure. Returns its parts. */
export function checkStructure(text: string): { outside: string[]; fences: Fence[] } {
  const { outside, fences } = parseFences(text);
  for (const fence of fences) {
    if (!['', 'json', 'mermaid'].includes(fence.info)) throw new Error(`fence info ${fence.info}`);
  }
  let depth = 0;
  for (const [index, line] of outside.entries()) {
    for (const match of line.matchAll(/<[A-Za-z!?/][^>]*>?/g)) {
      if (!ALLOWED_TAGS.has(match[0])) throw new Error(`raw markup ${match[0]} in ${line}`);
      if (match[0] === '<details>') depth += 1;
      if (match[0] === '</details>') depth -= 1;
      if (depth < 0) throw new Error(`</details> closes nothing: ${line}`);
    }
    if (line.includes('<details>') && !/^<details><summary>.*<\/summary>$/.test(line)) {
      throw new Error(`malformed <details> line: ${line}`);
    }
    const withoutSpans = line.replace(/`[A-Za-z0-9][A-Za-z0-9._#:-]*`/g, '');
    if (withoutSpans.includes('`')) throw new Error(`stray backtick: ${line}`);
    checkTableLine(outside, index);
  }
  if (depth !== 0) throw new Error(`${depth} <details> left open`);
  return { outside, fences };
}

function pipes(line: string): number {
  return (line.match(/\|/g) ?? []).length;
}

/** Every table row has as many raw pipes as its header, and the table ends at a blank line. */
function checkTableLine(lines: readonly string[], index: number): void {
  const line = lines[index] as string;
  if (!line.startsWith('|')) return;
  let header = index;
  while (header > 0 && (lines[header - 1] as string).startsWith('|')) header -= 1;
  const cells = pipes(lines[header] as string);
  if (!line.endsWith(' |') || pipes(line) !== cells) throw new Error(`broken table row: ${line}`);
  const next = lines[index + 1];
  if (next !== undefined && next !== '' && !next.startsWith('|')) {
    throw new Error(`a line continues the table: ${next}`);
  }
}

/** What a reader sees of escaped inline text. */
export function decodeEntities(text: string): string {
  return text.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
}

/** Rows of the table under `### Goals` (header and delimiter excluded). */
export function goalRows(text: string): string[] {
  const lines = parseFences(text).outside;
  const start = lines.indexOf('### Goals');
  if (start < 0) return [];
  const rows: string[] = [];
  for (let i = start + 4; i < lines.length && (lines[i] as string).startsWith('|'); i++) {
    rows.push(lines[i] as string);
  }
  return rows;
}

/** The cells of a table row, as a reader sees them. */
export function cellsOf(row: string): string[] {
  return row
    .slice(2, -2)
    .split(' | ')
    .map((cell) => decodeEntities(cell));
}

export function utf8(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
