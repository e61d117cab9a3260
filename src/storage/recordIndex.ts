// Every record a local store's logs hold, by the digest the report chain names it with
// (core/report/chain.ts): verifications (log/verifications.jsonl) and people's decisions
// (log/decisions.jsonl). A line that is not a schema-valid record is counted, never used.
import { join } from 'node:path';
import { recordDigestOf } from '../core/report/chain.js';
import type { Digest, VerificationRecord } from '../core/types.js';
import { validateAgainst } from '../schemas/validate.js';
import { forEachLogLine } from './gc/inventory.js';

export type StoredRecords = { byDigest: Map<Digest, VerificationRecord>; unreadable: number };

export async function storedRecords(storeRoot: string): Promise<StoredRecords> {
  const byDigest = new Map<Digest, VerificationRecord>();
  let unreadable = 0;
  for (const log of ['verifications.jsonl', 'decisions.jsonl'])
    await forEachLogLine(join(storeRoot, 'log', log), (line) => {
      const valid = validateAgainst<VerificationRecord>('record', parsed(line));
      if (valid.ok) byDigest.set(recordDigestOf(valid.value), valid.value);
      else unreadable += 1;
    });
  return { byDigest, unreadable };
}

function parsed(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}
