// POSIX ustar headers, with PAX extended headers only where ustar cannot hold a value.

export const BLOCK = 512;
/** Two zero blocks end an archive. */
export const END_OF_ARCHIVE: Buffer = Buffer.alloc(2 * BLOCK);
const ZEROS: Buffer = Buffer.alloc(BLOCK);
const MAX_OCTAL_SIZE = 8 ** 11 - 1;
const PAX_NAME = '././@PaxHeader';
const PAX_GLOBAL_NAME = '././@PaxGlobalHeader';
/** PAX vendor keyword recording what a directory capture left out. */
export const EXCLUDE_KEYWORD = 'DOG.exclude';

export type TarEntryKind = 'file' | 'directory' | 'symlink';

export type TarHeaderFields = {
  /** Relative path, '/'-separated, without a trailing slash. */
  rel: string;
  kind: TarEntryKind;
  mode: number;
  size: number;
  linkText: string;
};

const TYPE_FLAG: Record<TarEntryKind, string> = { file: '0', directory: '5', symlink: '2' };

export function paddingOf(size: number): number {
  const rest = size % BLOCK;
  return rest === 0 ? 0 : BLOCK - rest;
}

export function zeroPadding(size: number): Buffer {
  return ZEROS.subarray(0, paddingOf(size));
}

function writeString(block: Buffer, offset: number, width: number, value: Buffer | string): void {
  if (typeof value === 'string') block.write(value, offset, width, 'utf8');
  else value.copy(block, offset, 0, Math.min(value.length, width));
}

function writeOctal(block: Buffer, offset: number, width: number, value: number): void {
  block.write(`${value.toString(8).padStart(width - 1, '0')}\0`, offset, width, 'latin1');
}

/** Splits a path into ustar prefix and name fields, or undefined when it does not fit. */
function splitUstarPath(full: Buffer): { prefix: Buffer; name: Buffer } | undefined {
  if (full.length <= 100) return { prefix: Buffer.alloc(0), name: full };
  for (let i = full.indexOf(0x2f); i !== -1; i = full.indexOf(0x2f, i + 1)) {
    if (i > 155) return undefined;
    const nameLength = full.length - i - 1;
    if (nameLength > 0 && nameLength <= 100)
      return { prefix: full.subarray(0, i), name: full.subarray(i + 1) };
  }
  return undefined;
}

function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  const bodyLength = Buffer.byteLength(body);
  let digits = String(bodyLength).length;
  while (String(bodyLength + digits).length !== digits) digits += 1;
  return Buffer.from(`${bodyLength + digits}${body}`);
}

function ustarBlock(
  name: Buffer,
  prefix: Buffer,
  fields: { type: string; mode: number; size: number; linkName: Buffer },
): Buffer {
  const block = Buffer.allocUnsafe(BLOCK).fill(0);
  writeString(block, 0, 100, name);
  writeOctal(block, 100, 8, fields.mode);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, fields.size);
  writeOctal(block, 136, 12, 0);
  block.fill(0x20, 148, 156);
  writeString(block, 156, 1, fields.type);
  writeString(block, 157, 100, fields.linkName);
  writeString(block, 257, 8, 'ustar\u000000');
  writeOctal(block, 329, 8, 0);
  writeOctal(block, 337, 8, 0);
  writeString(block, 345, 155, prefix);
  let sum = 0;
  for (const byte of block) sum += byte;
  writeString(block, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

/** Bytes `encodeHeader(entry)` returns, computed without building the header in the common case. */
export function headerLength(entry: TarHeaderFields): number {
  const simple =
    Buffer.byteLength(entry.rel) < 100 &&
    Buffer.byteLength(entry.linkText) <= 100 &&
    entry.size <= MAX_OCTAL_SIZE;
  return simple ? BLOCK : encodeHeader(entry).length;
}

/** The header block(s) for one entry: a PAX header first when a value does not fit ustar. */
export function encodeHeader(entry: TarHeaderFields): Buffer {
  const full = Buffer.from(entry.kind === 'directory' ? `${entry.rel}/` : entry.rel);
  const link = Buffer.from(entry.linkText);
  const split = splitUstarPath(full);
  const records: Buffer[] = [];
  if (split === undefined) records.push(paxRecord('path', full.toString()));
  if (link.length > 100) records.push(paxRecord('linkpath', entry.linkText));
  if (entry.size > MAX_OCTAL_SIZE) records.push(paxRecord('size', String(entry.size)));
  const main = ustarBlock(split?.name ?? full.subarray(0, 100), split?.prefix ?? Buffer.alloc(0), {
    type: TYPE_FLAG[entry.kind],
    mode: entry.mode,
    size: entry.size > MAX_OCTAL_SIZE ? 0 : entry.size,
    linkName: link.subarray(0, 100),
  });
  if (records.length === 0) return main;
  const body = Buffer.concat(records);
  const pax = ustarBlock(Buffer.from(PAX_NAME), Buffer.alloc(0), {
    type: 'x',
    mode: 0o644,
    size: body.length,
    linkName: Buffer.alloc(0),
  });
  return Buffer.concat([pax, body, zeroPadding(body.length), main]);
}

/**
 * A PAX global header naming the exclude patterns, first in the tar of a directory captured
 * with some: the list becomes part of the capture's bytes (so of its digest), while the
 * extracted tree is unchanged (readers skip global headers).
 */
export function encodeExcludeHeader(patterns: readonly string[]): Buffer {
  const body = paxRecord(EXCLUDE_KEYWORD, JSON.stringify(patterns));
  const header = ustarBlock(Buffer.from(PAX_GLOBAL_NAME), Buffer.alloc(0), {
    type: 'g',
    mode: 0o644,
    size: body.length,
    linkName: Buffer.alloc(0),
  });
  return Buffer.concat([header, body, zeroPadding(body.length)]);
}

export type DecodedHeader = {
  /** Raw typeflag character ('0', '5', '2', 'x', ...). */
  type: string;
  path: string;
  linkText: string;
  mode: number;
  size: number;
};

function readString(block: Buffer, offset: number, width: number): string {
  const field = block.subarray(offset, offset + width);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? width : end).toString();
}

function readOctal(block: Buffer, offset: number, width: number, what: string): number {
  if ((block[offset] ?? 0) & 0x80)
    throw new Error(`tar header ${what} uses base-256, which DoG never writes`);
  const text = readString(block, offset, width).trim();
  if (text === '') return 0;
  if (!/^[0-7]+$/.test(text))
    throw new Error(`tar header ${what} is not octal: ${JSON.stringify(text)}`);
  return parseInt(text, 8);
}

export function isZeroBlock(block: Buffer): boolean {
  return block.equals(ZEROS);
}

/** Parses and checks one ustar header block (checksum and magic). */
export function decodeHeader(block: Buffer): DecodedHeader {
  const stored = readOctal(block, 148, 8, 'checksum');
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
  if (sum !== stored) throw new Error('tar header checksum mismatch (corrupt or not a tar)');
  if (readString(block, 257, 6) !== 'ustar') throw new Error('tar header is not POSIX ustar');
  const name = readString(block, 0, 100);
  const prefix = readString(block, 345, 155);
  return {
    type: String.fromCharCode(block[156] ?? 0),
    path: prefix === '' ? name : `${prefix}/${name}`,
    linkText: readString(block, 157, 100),
    mode: readOctal(block, 100, 8, 'mode'),
    size: readOctal(block, 124, 12, 'size'),
  };
}

/** Parses PAX extended header records ("<len> <key>=<value>\n"). */
export function parsePax(body: Buffer): Map<string, string> {
  const values = new Map<string, string>();
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    const length = Number(body.subarray(at, space).toString());
    if (space === -1 || !Number.isInteger(length) || length <= 0 || at + length > body.length) {
      throw new Error('malformed PAX extended header');
    }
    const record = body.subarray(space + 1, at + length - 1).toString();
    const equals = record.indexOf('=');
    if (equals === -1) throw new Error('malformed PAX extended header record');
    values.set(record.slice(0, equals), record.slice(equals + 1));
    at += length;
  }
  return values;
}
