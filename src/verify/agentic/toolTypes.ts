// Shared shapes of the read-only capture tools.
import type { ContentPart } from '../../providers/types.js';
import { defuse, type Fence } from './fence.js';
import type { CaptureRoot } from './paths.js';

export type ToolLimits = {
  /** Bound on the text of one list_files / search_text / file_info result, in bytes. */
  maxResultBytes: number;
  /** Bound on the numbered text of one read_file result, in bytes. */
  maxReadResultBytes: number;
  readDefaultBytes: number;
  readMaxBytes: number;
  maxListEntries: number;
  maxSearchMatches: number;
  maxSearchFiles: number;
  /** Bytes scanned per search in total, and per file. */
  maxSearchBytes: number;
  maxSearchFileBytes: number;
  /** Matching steps per regular-expression search (each step is one VM thread move). */
  maxSearchSteps: number;
  searchTimeMs: number;
  /** Largest PNG/JPEG sent as an image part to a vision model. */
  maxImageBytes: number;
  /** Tool calls executed from one model response; the rest get an error result. */
  maxCallsPerTurn: number;
};

export const DEFAULT_TOOL_LIMITS: ToolLimits = {
  maxResultBytes: 32 * 1024,
  maxReadResultBytes: 96 * 1024,
  readDefaultBytes: 16 * 1024,
  readMaxBytes: 64 * 1024,
  maxListEntries: 500,
  maxSearchMatches: 100,
  maxSearchFiles: 2000,
  maxSearchBytes: 8 * 1024 * 1024,
  maxSearchFileBytes: 1024 * 1024,
  maxSearchSteps: 200_000_000,
  searchTimeMs: 2000,
  maxImageBytes: 3 * 1024 * 1024,
  maxCallsPerTurn: 16,
};

export type ToolContext = {
  root: CaptureRoot;
  fence: Fence;
  limits: ToolLimits;
  /** Whether image parts may be returned (the model client's `vision`). */
  vision: boolean;
};

/** What one tool call produced: the parts for the model and what the tool log keeps. */
export type ToolOutcome = {
  ok: boolean;
  /**
   * Whether this result showed the model content of the capture, the proof of reading a pass
   * needs: read_file lines of a non-empty text file, an image, or the summary of a binary file
   * (its type and digest come from its bytes); search_text with at least one matching line.
   * Names, sizes, an empty file, "no matches" and errors show no content.
   */
  observed: boolean;
  content: ContentPart[];
  /** Normalized capture-relative path the call was about, when it named one. */
  path?: string;
  error?: string;
};

export function toolError(message: string, path?: string): ToolOutcome {
  return {
    ok: false,
    observed: false,
    content: [{ type: 'text', text: `error: ${message}` }],
    error: message,
    ...(path === undefined ? {} : { path }),
  };
}

/** Cuts text to at most `maxBytes` UTF-8 bytes, on a character boundary, with a marker. */
export function boundText(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  const marker = '\n…[output truncated]';
  const budget = Math.max(0, maxBytes - Buffer.byteLength(marker, 'utf8'));
  const cut = Buffer.from(text, 'utf8')
    .subarray(0, budget)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  return cut + marker;
}

/**
 * A result whose header is ours (no names or bytes from the capture in it) and whose body came
 * from the capture, fenced.
 */
export function fencedResult(
  context: ToolContext,
  header: string,
  body: string,
  extra: Omit<ToolOutcome, 'content' | 'ok'>,
  maxBytes: number = context.limits.maxResultBytes,
): ToolOutcome {
  const room = Math.max(256, maxBytes - Buffer.byteLength(header, 'utf8') - 160);
  // Defused before bounding, so the bound holds for what is really sent.
  const text = `${header}\n${context.fence.wrap(boundText(defuse(body), room))}`;
  return { ok: true, content: [{ type: 'text', text }], ...extra };
}
