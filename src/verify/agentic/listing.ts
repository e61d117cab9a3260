// list_files and file_info: names, sizes and types inside the capture, never file contents.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { lineCount, readRange, sha256File, sniff, SNIFF_BYTES } from './fileKind.js';
import { entriesOf, resolveInside, walk, type CaptureRoot, type WalkEntry } from './paths.js';
import { fencedResult, toolError, type ToolContext, type ToolOutcome } from './toolTypes.js';

export function describeEntry(entry: WalkEntry): string {
  const name = JSON.stringify(entry.rel).slice(1, -1);
  if (entry.kind === 'directory') return `${name}/`;
  if (entry.kind === 'symlink') return `${name} (symlink)`;
  if (entry.kind === 'other') return `${name} (special file)`;
  return `${name}  ${entry.size} bytes`;
}

export type Listing = { lines: string[]; files: number; bytes: number; complete: boolean };

/** Up to `max` entries below a directory of the capture, in path order. */
export async function listEntries(
  root: CaptureRoot,
  abs: string,
  rel: string,
  max: number,
): Promise<Listing> {
  const listing: Listing = { lines: [], files: 0, bytes: 0, complete: true };
  for await (const entry of walk(root, abs, rel)) {
    if (listing.lines.length >= max) {
      listing.complete = false;
      break;
    }
    listing.lines.push(describeEntry(entry));
    if (entry.kind === 'file') {
      listing.files += 1;
      listing.bytes += entry.size;
    }
  }
  return listing;
}

export async function listFiles(context: ToolContext, path: string): Promise<ToolOutcome> {
  const resolved = await resolveInside(context.root, path);
  if (!resolved.ok) return toolError(resolved.message, path);
  const info = await stat(resolved.abs);
  if (!info.isDirectory()) {
    const line = `${JSON.stringify(resolved.rel).slice(1, -1)}  ${info.size} bytes`;
    return fencedResult(context, `list_files: a single file`, line, {
      observed: false,
      path: resolved.rel,
    });
  }
  const max = context.limits.maxListEntries;
  const listing = await listEntries(context.root, resolved.abs, resolved.rel, max);
  const status = listing.complete
    ? 'complete'
    : `truncated after ${max} entries; list a subdirectory to see more`;
  const header =
    `list_files: ${listing.lines.length} entries (${status}); ` +
    'paths are relative to the capture root, directories end with "/"';
  return fencedResult(context, header, listing.lines.join('\n') || '(empty directory)', {
    observed: false,
    path: resolved.rel,
  });
}

async function fileFacts(abs: string, size: number): Promise<Record<string, unknown>> {
  const head = await readRange(abs, 0, Math.min(size, SNIFF_BYTES));
  const sniffed = sniff(head);
  const facts: Record<string, unknown> = { sha256: await sha256File(abs), type: sniffed.type };
  if (sniffed.width !== undefined) facts.width = sniffed.width;
  if (sniffed.height !== undefined) facts.height = sniffed.height;
  if (sniffed.text) facts.lines = await lineCount(abs, size);
  return facts;
}

export async function fileInfo(context: ToolContext, path: string): Promise<ToolOutcome> {
  const resolved = await resolveInside(context.root, path);
  if (!resolved.ok) return toolError(resolved.message, path);
  const info = await stat(resolved.abs);
  const facts: Record<string, unknown> = { path: resolved.rel };
  const direct = join(context.root.dir, ...(resolved.rel === '.' ? [] : resolved.rel.split('/')));
  if (direct !== resolved.abs) {
    const target = resolved.abs.slice(context.root.dir.length + 1) || '.';
    facts.symlinkTo = target;
  }
  if (info.isDirectory()) {
    facts.kind = 'directory';
    facts.entries = (await entriesOf(context.root, resolved.abs)).length;
  } else if (info.isFile()) {
    Object.assign(
      facts,
      { kind: 'file', size: info.size },
      await fileFacts(resolved.abs, info.size),
    );
  } else {
    facts.kind = 'special';
  }
  const header = 'file_info:';
  return fencedResult(context, header, JSON.stringify(facts, null, 2), {
    observed: false,
    path: resolved.rel,
  });
}
