// What a file is, from its first bytes: text (UTF-8 without NUL) or a binary type by magic
// number, with image dimensions when they are cheap to read from the header.
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

// Never follow a symlink at the last step; never block on a FIFO.
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

export type ImageMediaType = 'image/png' | 'image/jpeg';

export type Sniff = {
  text: boolean;
  /** `text`, or a detected binary type such as `png`, `pdf`, `zip`, `binary`. */
  type: string;
  mediaType?: ImageMediaType;
  width?: number;
  height?: number;
};

/** Bytes read from the start of a file to classify it. */
export const SNIFF_BYTES = 64 * 1024;

const MAGIC: readonly [string, number, readonly number[]][] = [
  ['png', 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['jpeg', 0, [0xff, 0xd8, 0xff]],
  ['gif', 0, [0x47, 0x49, 0x46, 0x38]],
  ['pdf', 0, [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ['zip', 0, [0x50, 0x4b, 0x03, 0x04]],
  ['gzip', 0, [0x1f, 0x8b]],
  ['bzip2', 0, [0x42, 0x5a, 0x68]],
  ['xz', 0, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]],
  ['zstd', 0, [0x28, 0xb5, 0x2f, 0xfd]],
  ['elf', 0, [0x7f, 0x45, 0x4c, 0x46]],
  ['wasm', 0, [0x00, 0x61, 0x73, 0x6d]],
  ['sqlite', 0, [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65, 0x20, 0x66]],
  ['tar', 257, [0x75, 0x73, 0x74, 0x61, 0x72]],
];

function startsWith(head: Buffer, offset: number, bytes: readonly number[]): boolean {
  if (head.length < offset + bytes.length) return false;
  return bytes.every((byte, index) => head[offset + index] === byte);
}

function isUtf8Text(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    // `stream` tolerates a multi-byte character cut at the end of the sample.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

function jpegSize(head: Buffer): { width: number; height: number } | undefined {
  let index = 2;
  while (index + 9 < head.length) {
    if (head[index] !== 0xff) return undefined;
    const marker = head[index + 1] ?? 0;
    if (marker === 0xff) {
      index += 1;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame)
      return { height: head.readUInt16BE(index + 5), width: head.readUInt16BE(index + 7) };
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      index += 2;
      continue;
    }
    index += 2 + head.readUInt16BE(index + 2);
  }
  return undefined;
}

function dimensions(type: string, head: Buffer): { width: number; height: number } | undefined {
  if (type === 'png' && head.length >= 24 && head.toString('latin1', 12, 16) === 'IHDR') {
    return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  }
  if (type === 'gif' && head.length >= 10) {
    return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
  }
  if (type === 'jpeg') return jpegSize(head);
  return undefined;
}

/** Classifies a file from its first bytes. An empty file is text. */
export function sniff(head: Buffer): Sniff {
  const found = MAGIC.find(([, offset, bytes]) => startsWith(head, offset, bytes));
  if (!found && isUtf8Text(head)) return { text: true, type: 'text' };
  const type = found?.[0] ?? 'binary';
  const result: Sniff = { text: false, type, ...dimensions(type, head) };
  if (type === 'png') result.mediaType = 'image/png';
  if (type === 'jpeg') result.mediaType = 'image/jpeg';
  return result;
}

/** Reads up to `length` bytes at `position` without following a symlink at the last step. */
export async function readRange(abs: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(abs, READ_FLAGS);
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function sha256File(abs: string): Promise<string> {
  const hash = createHash('sha256');
  const handle = await open(abs, READ_FLAGS);
  try {
    for await (const chunk of handle.createReadStream({ autoClose: false }))
      hash.update(chunk as Buffer);
  } finally {
    await handle.close();
  }
  return `sha256:${hash.digest('hex')}`;
}

/** Counts newline bytes in [0, end) by streaming; `end` Infinity counts the whole file. */
export async function countNewlines(abs: string, end: number): Promise<number> {
  if (end <= 0) return 0;
  const handle = await open(abs, READ_FLAGS);
  let count = 0;
  try {
    const options = Number.isFinite(end) ? { end: end - 1 } : {};
    for await (const chunk of handle.createReadStream({ autoClose: false, ...options })) {
      const buffer = chunk as Buffer;
      let index = buffer.indexOf(10);
      while (index !== -1) {
        count += 1;
        index = buffer.indexOf(10, index + 1);
      }
    }
  } finally {
    await handle.close();
  }
  return count;
}

/** Lines of a text file: newlines, plus one for a last line without a newline. */
export async function lineCount(abs: string, size: number): Promise<number> {
  if (size === 0) return 0;
  const endsWithNewline = (await readRange(abs, size - 1, 1))[0] === 10;
  return (await countNewlines(abs, Infinity)) + (endsWithNewline ? 0 : 1);
}
