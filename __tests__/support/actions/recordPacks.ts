// Reads the record packs DoG saved to the cache stand-in: each entry is the toolkit's archive
// (tar, zstd-compressed, gzip without zstd) of one file, dog-record-pack.json.
import { execFileSync } from 'node:child_process';
import { gunzipSync } from 'node:zlib';
import type { ResultsService } from './resultsService.js';

export type StoredPack = {
  key: string;
  records: { record: { goalId: string; gmDigest: string; verdict: string }; usedAt: string }[];
  newest: Record<string, { goalId: string; verdict: string }>;
};

/** Every finalized record pack (of the current layout, `dog-v3-records-`), oldest first. */
export async function recordPacks(results: ResultsService): Promise<StoredPack[]> {
  const entries = results.cacheEntries().filter((e) => e.key.startsWith('dog-v3-records-'));
  const packs: StoredPack[] = [];
  for (const entry of entries) {
    const text = await cacheEntryFile(results, entry.id, 'dog-record-pack.json');
    packs.push({ key: entry.key, ...(JSON.parse(text) as Omit<StoredPack, 'key'>) });
  }
  return packs;
}

/** Whether the newest pack holds a pass/fail record of `gmDigest`. */
export async function packHolds(results: ResultsService, gmDigest: string | undefined) {
  const newest = (await recordPacks(results)).at(-1);
  return newest?.records.some((e) => e.record.gmDigest === gmDigest) ?? false;
}

/** The text of the file `name` in the cache entry `id`, as a job that restores it reads it. */
export async function cacheEntryFile(
  results: ResultsService,
  id: number,
  name: string,
): Promise<string> {
  return archivedFile(unpack(await results.readCacheEntry(id)), name);
}

function unpack(bytes: Buffer): Buffer {
  const zstdMagic = bytes.readUInt32LE(0) === 0xfd2fb528;
  return zstdMagic ? execFileSync('zstd', ['-dc'], { input: bytes }) : gunzipSync(bytes);
}

/** The content of the archive's file `file` (ustar/pax: 512-byte headers). */
function archivedFile(tar: Buffer, file: string): string {
  for (let at = 0; at + 512 <= tar.length;) {
    const name = tar.toString('utf8', at, at + 100).replace(/\0.*$/s, '');
    if (name === '') break;
    const size = parseInt(tar.toString('utf8', at + 124, at + 136).replace(/\0.*$/s, ''), 8);
    // Skip pax extended headers ('x', 'g'): they name the file too.
    const type = tar.toString('utf8', at + 156, at + 157);
    if (name.endsWith(file) && type !== 'x' && type !== 'g')
      return tar.toString('utf8', at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`the cache entry holds no ${file}`);
}
