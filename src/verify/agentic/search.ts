// search_text: plain substring or regular-expression search over the text files of the capture,
// reported as path:line. Regular expressions run on a linear-time matcher (regex/vm.ts) with a
// step and wall-clock bound, over bounded input, so no pattern can hang the run.
import { stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { readRange, sniff, SNIFF_BYTES } from './fileKind.js';
import { resolveInside, walk, type WalkEntry } from './paths.js';
import { RegexSyntaxError } from './regex/parse.js';
import { LinearRegex, StepLimitError, type StepMeter } from './regex/vm.js';
import { fencedResult, toolError, type ToolContext, type ToolOutcome } from './toolTypes.js';

export type SearchArgs = { pattern: string; path?: string; regex?: boolean };

const SNIPPET_CHARS = 200;
const TIME_BOUND = 'the search reached its time bound; results are incomplete';
export const REGEX_SUBSET =
  'supported: literals, ., [classes], \\d \\w \\s (and \\D \\W \\S), ^ $ \\b \\B, groups (…) (?:…), ' +
  'alternation |, quantifiers * + ? {m,n}; not supported: backreferences, lookaround, flags';

type Matcher = { test(line: string): number | undefined };

type Scan = {
  matches: string[];
  matchedFiles: number;
  scannedFiles: number;
  scannedBytes: number;
  skippedBinary: number;
  notes: Set<string>;
};

function matcherFor(args: SearchArgs, meter: StepMeter): Matcher {
  if (!args.regex) {
    return {
      test: (line) => (line.includes(args.pattern) ? line.indexOf(args.pattern) : undefined),
    };
  }
  const compiled = LinearRegex.compile(args.pattern);
  return { test: (line) => (compiled.test(line, meter) ? 0 : undefined) };
}

function snippet(line: string, at: number): string {
  const start = line.length <= SNIPPET_CHARS ? 0 : Math.max(0, at - SNIPPET_CHARS / 4);
  const piece = line.slice(start, start + SNIPPET_CHARS);
  return `${start > 0 ? '…' : ''}${piece}${start + SNIPPET_CHARS < line.length ? '…' : ''}`;
}

async function scanFile(
  entry: WalkEntry,
  matcher: Matcher,
  scan: Scan,
  context: ToolContext,
): Promise<void> {
  const { limits } = context;
  const room = Math.min(limits.maxSearchFileBytes, limits.maxSearchBytes - scan.scannedBytes);
  if (room <= 0) {
    scan.notes.add(`stopped after scanning ${limits.maxSearchBytes} bytes`);
    return;
  }
  const bytes = await readRange(entry.abs, 0, Math.min(entry.size, room));
  if (!sniff(bytes.subarray(0, SNIFF_BYTES)).text) {
    scan.skippedBinary += 1;
    return;
  }
  if (bytes.length < entry.size)
    scan.notes.add('some files were searched only in part (per-file or total byte bound)');
  scan.scannedFiles += 1;
  scan.scannedBytes += bytes.length;
  const lines = bytes.toString('utf8').split('\n');
  let matched = false;
  for (let index = 0; index < lines.length; index += 1) {
    const line = (lines[index] as string).replace(/\r$/, '');
    const at = matcher.test(line);
    if (at === undefined) continue;
    matched = true;
    if (scan.matches.length >= limits.maxSearchMatches) {
      scan.notes.add(`only the first ${limits.maxSearchMatches} matches are listed`);
      break;
    }
    scan.matches.push(
      `${JSON.stringify(entry.rel).slice(1, -1)}:${index + 1}: ${snippet(line, at)}`,
    );
  }
  if (matched) scan.matchedFiles += 1;
}

async function filesToSearch(
  context: ToolContext,
  path: string,
): Promise<WalkEntry[] | ToolOutcome> {
  const resolved = await resolveInside(context.root, path);
  if (!resolved.ok) return toolError(resolved.message, path);
  const info = await stat(resolved.abs);
  if (info.isFile())
    return [{ rel: resolved.rel, abs: resolved.abs, kind: 'file', size: info.size }];
  const files: WalkEntry[] = [];
  if (!info.isDirectory()) return files;
  for await (const entry of walk(context.root, resolved.abs, resolved.rel)) {
    if (entry.kind === 'file') files.push(entry);
    // One past the limit, to know that the list was cut.
    if (files.length > context.limits.maxSearchFiles) break;
  }
  return files;
}

export async function searchText(context: ToolContext, args: SearchArgs): Promise<ToolOutcome> {
  const meter: StepMeter = {
    steps: 0,
    maxSteps: context.limits.maxSearchSteps,
    deadline: performance.now() + context.limits.searchTimeMs,
  };
  let matcher: Matcher;
  try {
    matcher = matcherFor(args, meter);
  } catch (error) {
    if (!(error instanceof RegexSyntaxError)) throw error;
    return toolError(
      `invalid or unsupported regular expression: ${error.message} (${REGEX_SUBSET})`,
      args.path,
    );
  }
  const found = await filesToSearch(context, args.path ?? '.');
  if (!Array.isArray(found)) return found;
  const scan: Scan = {
    matches: [],
    matchedFiles: 0,
    scannedFiles: 0,
    scannedBytes: 0,
    skippedBinary: 0,
    notes: new Set(),
  };
  if (found.length > context.limits.maxSearchFiles) {
    scan.notes.add(`only the first ${context.limits.maxSearchFiles} files were searched`);
  }
  for (const entry of found.slice(0, context.limits.maxSearchFiles)) {
    if (performance.now() > meter.deadline) {
      scan.notes.add(TIME_BOUND);
      break;
    }
    try {
      await scanFile(entry, matcher, scan, context);
    } catch (error) {
      if (!(error instanceof StepLimitError)) throw error;
      scan.notes.add(TIME_BOUND);
      break;
    }
  }
  return searchResult(context, args, scan);
}

function searchResult(context: ToolContext, args: SearchArgs, scan: Scan): ToolOutcome {
  const kind = args.regex ? 'regular expression' : 'plain text';
  const notes = [...scan.notes].map((note) => `; ${note}`).join('');
  const header =
    `search_text (${kind}): ${scan.matches.length} ` +
    `matching lines in ${scan.matchedFiles} files; searched ${scan.scannedFiles} text files ` +
    `(${scan.scannedBytes} bytes), skipped ${scan.skippedBinary} binary${notes}. Lines are path:line: text.`;
  // Only matching lines are capture content: "no matches" shows the model nothing it read.
  return fencedResult(context, header, scan.matches.join('\n') || '(no matches)', {
    observed: scan.matches.length > 0,
    path: args.path ?? '.',
  });
}
