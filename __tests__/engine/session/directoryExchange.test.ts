// The exchange directory on real files: captures re-hashed on the way in, records read only
// from regular files, sources no job writes named as such, and one run per directory.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Digest } from '../../../src/core/types.js';
import { DirectoryExchange } from '../../../src/storage/exchange/directoryExchange.js';
import { LocalStore } from '../../../src/storage/localStore.js';

async function setup() {
  const root = await mkdtemp(join(tmpdir(), 'dog-exdir-'));
  const blob = join(root, 'blob');
  await writeFile(blob, 'captured bytes');
  const digest: Digest = `sha256:${createHash('sha256').update('captured bytes').digest('hex')}`;
  const exchange = new DirectoryExchange(join(root, 'ex'));
  await exchange.putCaptures(new Map([['w1-1', [digest]]]), {
    blobPath: () => Promise.resolve(blob),
  });
  const store = await LocalStore.open(join(root, 'store'));
  return { root, digest, exchange, store };
}

describe('DirectoryExchange', () => {
  test('a capture comes in only when its bytes hash to the planned digest', async () => {
    const { root, digest, exchange, store } = await setup();
    const path = join(root, 'ex', 'captures', 'w1-1', digest.slice('sha256:'.length));
    await writeFile(path, 'other bytes');
    await expect(exchange.getCaptures('w1-1', [digest], store)).rejects.toThrow(
      'the capture was altered and is not verified',
    );
    expect(await store.blobPath(digest)).toBeUndefined();
    await writeFile(path, 'captured bytes');
    await exchange.getCaptures('w1-1', [digest], store);
    expect(await store.blobPath(digest)).toBeDefined();
    await expect(exchange.getCaptures('../x', [digest], store)).rejects.toThrow(
      'is not a bundle name',
    );
  });

  test('records: a link is refused, a file no job writes is named unknown, a missing job delivers nothing', async () => {
    const { root, exchange } = await setup();
    await exchange.putRecords('w1-1', new Map());
    await writeFile(
      join(root, 'elsewhere.json'),
      '{"schemaVersion":"1","job":"w1-2","records":{}}',
    );
    await symlink(join(root, 'elsewhere.json'), join(root, 'ex', 'records', 'w1-2.json'));
    await writeFile(join(root, 'ex', 'records', 'notes.txt'), 'hello');
    const all = await exchange.getRecords({ knownJobs: ['plan', 'w1-1', 'w1-2'] });
    expect(all).toEqual([
      {
        source: 'records/notes.txt',
        job: undefined,
        failure: expect.objectContaining({ integrity: true }) as unknown,
      },
      { source: 'records/w1-1.json', job: 'w1-1', records: {} },
      {
        source: 'records/w1-2.json',
        job: 'w1-2',
        failure: { reason: 'not a regular file', integrity: true },
      },
    ]);
    expect(await exchange.getRecords({ jobs: ['plan'], knownJobs: ['plan'] })).toEqual([]);
    expect((await readdir(join(root, 'ex', 'records'))).some((n) => n.startsWith('.tmp-'))).toBe(
      false,
    );
  });

  test('one run per directory: a plan into a used directory is refused', async () => {
    const { exchange } = await setup();
    await expect(exchange.assertEmpty()).rejects.toThrow('is not empty (captures)');
    await expect(exchange.getPlan()).rejects.toThrow('run `dog plan --exchange');
    await expect(
      new DirectoryExchange(join(tmpdir(), 'dog-no-such-dir-x')).assertEmpty(),
    ).resolves.toBeUndefined();
  });
});
