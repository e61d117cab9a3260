// The old per-record layout is asked for a graph with no pack only until a fixed number of
// lookups found nothing, however many lookups a plan makes at once: the bound is what a cold
// plan costs in cache calls, the same for 20 goals as for 10,000. Through the real toolkit
// against the cache stand-in.
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { InProcess } from '../../support/actions/inProcess.js';
import { startInProcess } from '../../support/actions/inProcess.js';
import { LEGACY_MISSES_BEFORE_GIVING_UP } from '../../../src/storage/github/packStore.js';
import { range, recordOf } from './packFixtures.js';
import { jobTrust } from './packJob.js';

const TIMEOUT = 120_000;
let services: InProcess;
const realWrite = process.stdout.write.bind(process.stdout);

beforeAll(async () => {
  services = await startInProcess();
  process.stdout.write = () => true;
}, TIMEOUT);

afterAll(async () => {
  process.stdout.write = realWrite;
  await services?.stop();
}, TIMEOUT);

test(
  'forty concurrent lookups in a graph with no pack ask the old layout exactly 16 times',
  async () => {
    const env = services.useRun(900);
    const { ToolkitCache } = await import('../../../src/storage/github/toolkit.js');
    const { PackRecordStore } = await import('../../../src/storage/github/packStore.js');
    const store = new PackRecordStore({
      cache: new ToolkitCache(),
      trust: await jobTrust(env),
      dir: join(env.RUNNER_TEMP!, 'dog', 'record-pack'),
      homeDir: homedir(),
      runId: 'gh-900-1',
      trigger: 'push',
      warn: () => undefined,
    });
    await store.open('concurrent-new');
    const from = services.results.cacheCalls().length;
    const found = await Promise.all(
      range(200, 40).map((i) => store.findByGm(recordOf(i).gmDigest)),
    );
    expect(found.filter((record) => record !== undefined)).toEqual([]);
    const legacy = services.results
      .cacheCalls()
      .slice(from)
      .filter((c) => c.key.startsWith('dog-v1-'));
    expect(legacy).toHaveLength(LEGACY_MISSES_BEFORE_GIVING_UP);
  },
  TIMEOUT,
);
