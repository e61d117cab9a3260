import { pipeChunks, ReadAhead, type ReadAheadOptions } from './readAhead.js';
import {
  encodeExcludeHeader,
  encodeHeader,
  END_OF_ARCHIVE,
  headerLength,
  zeroPadding,
} from './tarFormat.js';
import type { TreeEntry } from './treeWalk.js';
import type { ByteSink } from './types.js';

/** A directory tar worked out ahead of writing: entries in archive order and the exact size. */
export type TarPlan = {
  entries: readonly TreeEntry[];
  /** Exact number of bytes the tar will have if no file changes while it is written. */
  totalBytes: number;
  /** Number of regular files. */
  files: number;
  /** Written before the entries: the exclude list's global header, or nothing. */
  preamble: Buffer;
};

/**
 * Sizes the tar of `entries` (already sorted and checked, e.g. by walkTree); `exclude` (canonical)
 * is recorded in the tar when the walk left paths out by pattern.
 */
export function planTar(entries: readonly TreeEntry[], exclude: readonly string[] = []): TarPlan {
  const preamble = exclude.length > 0 ? encodeExcludeHeader(exclude) : Buffer.alloc(0);
  let totalBytes = END_OF_ARCHIVE.length + preamble.length;
  let files = 0;
  for (const entry of entries) {
    totalBytes += headerLength(entry);
    if (entry.kind === 'file') {
      files += 1;
      totalBytes += entry.size + zeroPadding(entry.size).length;
    }
  }
  return { entries, totalBytes, files, preamble };
}

/**
 * Writes the deterministic tar of a plan into `sink`: the bytes depend only on paths, normalised
 * modes, link texts and file contents. Files are read ahead in parallel while the current one is
 * hashed and written.
 */
export async function writeTar(
  plan: TarPlan,
  sink: ByteSink,
  options: ReadAheadOptions & { shown?: (rel: string) => string } = {},
): Promise<void> {
  const shown = options.shown ?? ((rel: string) => rel);
  const sources = plan.entries
    .filter((entry) => entry.kind === 'file' && entry.size > 0)
    .map((entry) => ({ path: entry.abs, size: entry.size, shown: shown(entry.rel) }));
  const reader = new ReadAhead(sources, options);
  try {
    if (plan.preamble.length > 0) await sink.write(plan.preamble);
    for (const entry of plan.entries) {
      await sink.write(encodeHeader(entry));
      if (entry.kind !== 'file' || entry.size === 0) continue;
      await pipeChunks(reader, entry.size, sink);
      const padding = zeroPadding(entry.size);
      if (padding.length > 0) await sink.write(padding);
    }
    await sink.write(END_OF_ARCHIVE);
  } finally {
    await reader.close();
  }
}
