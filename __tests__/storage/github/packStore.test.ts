// The record pack store through the real @actions/cache client (ToolkitCache) against the
// results-service stand-in (Azurite + Twirp CacheService v2, GitHub's upload rate limit on,
// with a clock the test moves). Each "job" gets its own runner environment: HOME, workspace,
// temp directory and runtime token, as `useRun` sets them.
import { mkdir } from 'node:fs/promises';
import type { InProcess } from '../../support/actions/inProcess.js';
import { startInProcess } from '../../support/actions/inProcess.js';
import { openPackJob, type PackJob } from './packJob.js';
import type { ResultsService } from '../../support/actions/resultsService.js';
import { describeFlush } from '../../../src/storage/github/packSave.js';
import { packKeyPrefix, graphKeyOf } from '../../../src/storage/github/recordPack.js';
import { keyOf, range, recordOf } from './packFixtures.js';

const TIMEOUT = 120_000;

let services: InProcess;
let results: ResultsService;
let clock = Date.parse('2026-12-01T12:00:00.000Z');
const realWrite = process.stdout.write.bind(process.stdout);
const stdout: string[] = [];
let nextRun = 500;

beforeAll(async () => {
  services = await startInProcess({}, { now: () => clock });
  results = services.results;
  // The toolkit logs through stdout: keep it for the assertions, out of the test output.
  process.stdout.write = (chunk: string | Uint8Array) => {
    stdout.push(String(chunk));
    return true;
  };
}, TIMEOUT);

afterAll(async () => {
  process.stdout.write = realWrite;
  await services?.stop();
}, TIMEOUT);

type Job = PackJob;

/** A store in a fresh job of a fresh run (its own HOME and workspace). */
async function job(options: { maxBytes?: number; maxRateLimitWaitMs?: number } = {}): Promise<Job> {
  return openPackJob(services, nextRun++, {
    now: () => new Date(clock),
    sleep: (ms) => {
      clock += ms;
      return Promise.resolve();
    },
    ...options,
  });
}

const calls = () => results.cacheCalls().length;
const since = (from: number) => results.cacheCalls().slice(from);
const uploads = (from: number) => since(from).filter((c) => c.method === 'CreateCacheEntry');
const lookups = (from: number) =>
  since(from).filter((c) => c.method === 'GetCacheEntryDownloadURL');

/** Plan and flush one run that verifies `count` new records over an empty cache. */
async function coldRun(graphId: string, count: number): Promise<void> {
  const { store } = await job();
  await store.open(graphId);
  for (const i of range(0, count)) await store.saveRecord(keyOf(recordOf(i)), recordOf(i));
  expect((await store.flush()).outcome).toBe('saved');
}

test(
  '300 records: one upload; a job with another HOME and workspace finds all 300 with one restore',
  async () => {
    const from = calls();
    const first = await job();
    await first.store.open('three-hundred');
    for (const i of range(0, 300)) await first.store.saveRecord(keyOf(recordOf(i)), recordOf(i));
    const flushed = await first.store.flush();
    expect(flushed).toMatchObject({ outcome: 'saved', records: 300, added: 300, pruned: 0 });
    expect(describeFlush(flushed)).toMatch(
      /record pack dog-v3-records-\w{16}-gh-\d+-1-[0-9a-f]{64} saved: 300 records \(300 new\)/,
    );
    expect(uploads(from)).toEqual([
      {
        method: 'CreateCacheEntry',
        key: expect.stringMatching(/^dog-v3-records-/),
        result: 'reserved',
      },
    ]);

    const second = await job();
    expect(second.env.HOME).not.toBe(first.env.HOME);
    expect(second.env.GITHUB_WORKSPACE).not.toBe(first.env.GITHUB_WORKSPACE);
    const before = calls();
    await second.store.open('three-hundred');
    for (const i of range(0, 300))
      expect((await second.store.findByGm(recordOf(i).gmDigest))?.goalId).toBe(`g${i}`);
    expect(await second.store.newestForKey('g7')).toEqual(recordOf(7));
    // The REST listing names the newest pack of the default branch's scope; the restore asks
    // for exactly that key.
    expect(flushed.outcome === 'saved' && flushed.key).toMatch(
      new RegExp(`^${packKeyPrefix(graphKeyOf('three-hundred'))}gh-\\d+-1-[0-9a-f]{64}$`),
    );
    expect(since(before)).toEqual([
      {
        method: 'GetCacheEntryDownloadURL',
        key: flushed.outcome === 'saved' ? flushed.key : '',
        result: 'hit',
        matchedKey: flushed.outcome === 'saved' ? flushed.key : '',
      },
    ]);
    expect(second.warnings).toEqual([]);
    expect(second.store.drainWarnings()).toEqual([]);
  },
  TIMEOUT,
);

test(
  'cache calls per run are the same for 10 and 1,000 records (plan and flush, cold and inherited)',
  async () => {
    const counted = async (count: number) => {
      const graphId = `calls-${count}`;
      const cold = calls();
      await coldRun(graphId, count);
      const coldCalls = since(cold).map((c) => c.method);
      const warm = calls();
      const { store } = await job();
      await store.open(graphId);
      for (const i of range(0, count))
        expect(await store.findByGm(recordOf(i).gmDigest)).toBeDefined();
      await store.saveRecord('extra', recordOf(count + 1));
      await store.flush();
      return { coldCalls, warmLookups: lookups(warm).length, warmUploads: uploads(warm).length };
    };
    const small = await counted(10);
    const large = await counted(1000);
    expect(large).toEqual(small);
    // Plan: one restore; flush: one restore and one upload.
    expect(small.warmLookups).toBeLessThanOrEqual(3);
    expect(small.warmUploads).toBeLessThanOrEqual(2);
  },
  TIMEOUT,
);

test(
  'a rate-limited save waits for Retry-After and succeeds on retry',
  async () => {
    results.setCacheRateLimit({ perWindow: 1, windowMs: 5_000 });
    try {
      await coldRun('rate-limited-other', 1);
      const { store, warnings } = await job();
      await store.open('rate-limited');
      await store.saveRecord('g1', recordOf(1));
      const from = calls();
      const flushed = await store.flush();
      expect(flushed).toMatchObject({ outcome: 'saved', waitedSeconds: 5 });
      expect(describeFlush(flushed)).toMatch(/after waiting 5 s for GitHub's cache rate limit/);
      expect(uploads(from).map((c) => c.result)).toEqual(['rate_limited', 'reserved']);
      expect(warnings).toEqual([]);
    } finally {
      results.setCacheRateLimit({ perWindow: 200, windowMs: 60_000 });
    }
  },
  TIMEOUT,
);

test(
  'a limit that does not clear within the bound: one warning, not saved, nothing counted as there',
  async () => {
    results.setCacheRateLimit({ perWindow: 0, windowMs: 60_000 });
    stdout.length = 0;
    try {
      const { store, warnings } = await job({ maxRateLimitWaitMs: 90_000 });
      await store.open('never-clears');
      for (const i of range(0, 3)) await store.saveRecord(keyOf(recordOf(i)), recordOf(i));
      const from = calls();
      const flushed = await store.flush();
      expect(flushed).toMatchObject({
        outcome: 'refused',
        retryAfterSeconds: 60,
        waitedSeconds: 60,
      });
      expect(uploads(from).map((c) => c.result)).toEqual(['rate_limited', 'rate_limited']);
      expect(warnings).toEqual([
        expect.stringMatching(
          /^DoG: the record pack was not saved: GitHub's cache refused it \(GitHub's cache upload rate limit; it asked to retry after 60 s, after DoG waited 60 s\); the next run verifies these 3 records again$/,
        ),
      ]);
      expect(describeFlush(flushed)).toMatch(/^DoG: the record pack was not saved/);
      expect(
        results
          .cacheEntries()
          .some((e) => e.key.includes(packKeyPrefix(graphKeyOf('never-clears')))),
      ).toBe(false);
      // The toolkit's own warning became a plain log line: no annotation per attempt.
      expect(stdout.join('')).not.toMatch(/::warning::You've hit a rate limit/);
      expect(stdout.join('')).toMatch(/DoG: the cache service said: You've hit a rate limit/);
    } finally {
      results.setCacheRateLimit({ perWindow: 200, windowMs: 60_000 });
    }
  },
  TIMEOUT,
);

test(
  'the staging directory is private and the job’s working directory and workspace are put back',
  async () => {
    const { store, env } = await job();
    await mkdir(env.GITHUB_WORKSPACE!, { recursive: true });
    const cwd = process.cwd();
    await store.open('env-restored');
    await store.saveRecord('g1', recordOf(1));
    await store.flush();
    expect(process.cwd()).toBe(cwd);
    expect(process.env.GITHUB_WORKSPACE).toBe(env.GITHUB_WORKSPACE);
  },
  TIMEOUT,
);
