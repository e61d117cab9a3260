import { chmod, mkdir, open, symlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { linkEscape } from './linkCheck.js';
import { linkTextProblem, shortPath, TREE_BOUNDS, treePathProblem } from './treeBounds.js';
import {
  BLOCK,
  decodeHeader,
  EXCLUDE_KEYWORD,
  isZeroBlock,
  paddingOf,
  parsePax,
} from './tarFormat.js';

/** A tar that is malformed, or that would write outside its destination. Nothing is trusted. */
export class TarRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarRefusedError';
  }
}

export type ExtractOptions = {
  /** Files 0444 (0555 when executable) and directories 0555, the destination included. */
  readOnly?: boolean;
};

export type ExtractStats = { files: number; directories: number; symlinks: number; bytes: number };

type Entry = {
  rel: string;
  type: string;
  mode: number;
  size: number;
  linkText: string;
  dataAt: number;
};

const COPY_CHUNK = 1 << 20;

/**
 * Extracts a tar into `destDir`. Refuses absolute paths, '..' segments, paths past the tree bound
 * (treeBounds.ts), entries under a symlink of the archive, duplicate entries, kinds other than file/directory/symlink, and symlinks that
 * resolve outside `destDir`. Symlinks are created last, so nothing is ever written through one.
 */
export async function extractTar(
  tarPath: string,
  destDir: string,
  options: ExtractOptions = {},
): Promise<ExtractStats> {
  await mkdir(destDir, { recursive: true });
  const extraction = new Extraction(destDir, options.readOnly ?? false);
  const handle = await open(tarPath, 'r');
  try {
    const size = (await handle.stat()).size;
    for await (const entry of readEntries(handle, size)) await extraction.apply(handle, entry);
  } finally {
    await handle.close();
  }
  await extraction.finish();
  return extraction.stats;
}

async function readBlock(
  handle: FileHandle,
  at: number,
  length: number,
  size: number,
): Promise<Buffer> {
  if (at + length > size) throw new TarRefusedError('tar is truncated');
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, at);
  if (bytesRead !== length) throw new TarRefusedError('tar is truncated');
  return buffer;
}

async function* readEntries(handle: FileHandle, size: number): AsyncGenerator<Entry> {
  let at = 0;
  let pax = new Map<string, string>();
  for (;;) {
    const block = await readBlock(handle, at, BLOCK, size);
    if (isZeroBlock(block)) return;
    let header;
    try {
      header = decodeHeader(block);
    } catch (error) {
      throw new TarRefusedError(error instanceof Error ? error.message : String(error));
    }
    at += BLOCK;
    if (header.type === 'g') {
      checkExcludeHeader(at === BLOCK, await readBlock(handle, at, header.size, size), header.path);
      at += header.size + paddingOf(header.size);
      continue;
    }
    if (header.type === 'x') {
      pax = parsePaxSafely(await readBlock(handle, at, header.size, size));
      at += header.size + paddingOf(header.size);
      continue;
    }
    const paxSize = pax.get('size');
    const entrySize = paxSize === undefined ? header.size : Number(paxSize);
    if (!Number.isSafeInteger(entrySize) || entrySize < 0)
      throw new TarRefusedError('tar entry has an invalid size');
    const rel = safeRelPath(pax.get('path') ?? header.path);
    yield {
      rel,
      type: header.type,
      mode: header.mode,
      size: header.type === '0' || header.type === '\0' ? entrySize : 0,
      linkText: safeLinkText(rel, pax.get('linkpath') ?? header.linkText),
      dataAt: at,
    };
    pax = new Map();
    if (header.type === '0' || header.type === '\0') at += entrySize + paddingOf(entrySize);
  }
}

/**
 * The one global header accepted: first in the archive, holding only DoG's exclude list (a JSON
 * array of strings). It describes the capture and sets nothing for the entries after it.
 */
function checkExcludeHeader(first: boolean, body: Buffer, name: string): void {
  const values = parsePaxSafely(body);
  const list = values.get(EXCLUDE_KEYWORD);
  if (first && values.size === 1 && list !== undefined && isStringArray(list)) return;
  throw new TarRefusedError(
    `tar entry ${JSON.stringify(name)} has type 'g'; only files, directories and symlinks are accepted, after at most a leading global header that holds only ${EXCLUDE_KEYWORD}`,
  );
}

function isStringArray(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((item) => typeof item === 'string');
  } catch {
    return false;
  }
}

function parsePaxSafely(body: Buffer): Map<string, string> {
  try {
    return parsePax(body);
  } catch (error) {
    throw new TarRefusedError(error instanceof Error ? error.message : String(error));
  }
}

/** A relative path with no '.' or empty segments, within the tree bound; '' for the archive root. */
function safeRelPath(raw: string): string {
  const shown = JSON.stringify(shortPath(raw));
  if (raw.includes('\0')) throw new TarRefusedError(`tar entry ${shown} contains a NUL byte`);
  if (raw.startsWith('/')) throw new TarRefusedError(`tar entry ${shown} is an absolute path`);
  const parts = raw.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) throw new TarRefusedError(`tar entry ${shown} contains a '..' segment`);
  const rel = parts.join('/');
  const problem = rel === '' ? undefined : treePathProblem(rel);
  if (problem !== undefined)
    throw new TarRefusedError(`tar entry ${shown} ${problem} (a capture is ${TREE_BOUNDS})`);
  return rel;
}

function safeLinkText(rel: string, text: string): string {
  const problem = linkTextProblem(text);
  if (problem === undefined) return text;
  throw new TarRefusedError(`tar symlink ${JSON.stringify(shortPath(rel))} ${problem}`);
}

function ancestors(rel: string): string[] {
  const parts = rel.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

class Extraction {
  readonly stats: ExtractStats = { files: 0, directories: 0, symlinks: 0, bytes: 0 };
  private readonly kinds = new Map<string, string>();
  private readonly links = new Map<string, string>();
  private readonly dirs = new Set<string>(['']);
  private readonly buffer = Buffer.allocUnsafe(COPY_CHUNK);

  constructor(
    private readonly destDir: string,
    private readonly readOnly: boolean,
  ) {}

  async apply(tar: FileHandle, entry: Entry): Promise<void> {
    const shown = JSON.stringify(entry.rel);
    if (entry.rel === '') {
      if (entry.type === '5') return;
      throw new TarRefusedError('tar entry without a name');
    }
    for (const above of ancestors(entry.rel)) {
      if (this.links.has(above))
        throw new TarRefusedError(
          `tar entry ${shown} would be written through the symlink ${JSON.stringify(above)}`,
        );
    }
    const previous = this.kinds.get(entry.rel);
    if (previous !== undefined && !(previous === '5' && entry.type === '5')) {
      throw new TarRefusedError(`tar entry ${shown} appears twice`);
    }
    this.kinds.set(entry.rel, entry.type);
    if (entry.type === '5') return this.ensureDir(entry.rel);
    if (entry.type === '2') {
      this.links.set(entry.rel, entry.linkText);
      return;
    }
    if (entry.type === '0' || entry.type === '\0') return this.writeFile(tar, entry);
    throw new TarRefusedError(
      `tar entry ${shown} has type '${entry.type}'; only files, directories and symlinks are accepted`,
    );
  }

  /** Creates the symlinks once everything else exists, then locks the tree down if asked. */
  async finish(): Promise<void> {
    const lookup = (rel: string): string | undefined => this.links.get(rel);
    for (const [rel, text] of this.links) {
      const shown = JSON.stringify(rel);
      if (this.dirs.has(rel)) {
        throw new TarRefusedError(`tar entries are written through the symlink ${shown}`);
      }
      const escape = linkEscape(rel, text, lookup);
      if (escape !== undefined) throw new TarRefusedError(`tar symlink ${shown} ${escape}`);
    }
    for (const [rel, text] of this.links) {
      await symlink(text, path.join(this.destDir, rel));
      this.stats.symlinks += 1;
    }
    if (!this.readOnly) return;
    const deepestFirst = [...this.dirs].sort((a, b) => b.split('/').length - a.split('/').length);
    for (const rel of deepestFirst)
      if (rel !== '') await chmod(path.join(this.destDir, rel), 0o555);
    await chmod(this.destDir, 0o555);
  }

  private async ensureDir(rel: string): Promise<void> {
    if (this.dirs.has(rel)) return;
    for (const dir of [...ancestors(rel), rel]) {
      if (this.dirs.has(dir)) continue;
      const kind = this.kinds.get(dir);
      if (kind !== undefined && kind !== '5')
        throw new TarRefusedError(`tar entry ${JSON.stringify(rel)} lies under a non-directory`);
      await mkdir(path.join(this.destDir, dir), { recursive: true, mode: 0o755 });
      this.dirs.add(dir);
      this.stats.directories += 1;
    }
  }

  private async writeFile(tar: FileHandle, entry: Entry): Promise<void> {
    await this.ensureDir(ancestors(entry.rel).at(-1) ?? '');
    const executable = (entry.mode & 0o111) !== 0;
    const mode = this.readOnly ? (executable ? 0o555 : 0o444) : executable ? 0o755 : 0o644;
    const out = await open(path.join(this.destDir, entry.rel), 'wx', 0o600);
    try {
      let done = 0;
      while (done < entry.size) {
        const want = Math.min(COPY_CHUNK, entry.size - done);
        const { bytesRead } = await tar.read(this.buffer, 0, want, entry.dataAt + done);
        if (bytesRead === 0) throw new TarRefusedError('tar is truncated');
        let written = 0;
        while (written < bytesRead) {
          written += (await out.write(this.buffer, written, bytesRead - written)).bytesWritten;
        }
        done += bytesRead;
      }
      await out.chmod(mode);
    } finally {
      await out.close();
    }
    this.stats.files += 1;
    this.stats.bytes += entry.size;
  }
}
