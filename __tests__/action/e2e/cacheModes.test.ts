// A job's declared `cache-mode:` (GitHub changelog 2026-09-10), enforced by the stand-ins as
// the cache service does: the split pipeline with the modes DoG's workflows declare (plan
// read, verify none, aggregate write) inherits and saves as before, and its verify jobs never
// touch the cache; a `write-only` job verifies everything again, says so once and still saves;
// a job the caller's mode narrows to `none` neither restores nor saves. None of it fails a run.
import type { ActionResult } from '../../support/actions/runner.js';
import { CHECKOUT, MATRIX } from './fixtures.js';
import { expectOk, reportOf, World } from './world.js';

const TIMEOUT = 300_000;
const DECLARED = { plan: 'read', verify: 'none', aggregate: 'write' } as const;
let world: World;

beforeAll(async () => {
  world = await World.start(CHECKOUT);
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

afterEach(() => {
  expect(world.api.takeViolations()).toEqual([]);
});

const warningsOf = (result: ActionResult): string[] =>
  result.commands.filter((c) => c.command === 'warning').map((c) => c.message);
const cacheCalls = () => world.results.cacheCalls().length;

/** Files no earlier run has seen: every goal is verified again unless something is inherited. */
function fresh(tag: string) {
  return { ...CHECKOUT, 'docs/guide.md': `# Guide\n\nDoG verifies this (${tag}).\n` };
}

test(
  'the declared modes: plan reads, verify jobs never touch the cache, aggregate saves; the next run inherits',
  async () => {
    const files = fresh('declared');
    const entries = world.results.cacheEntries().length;
    const first = await world.workflow(20, files, MATRIX, 'push', DECLARED);
    expectOk(first.aggregate, 'aggregate');
    expect(first.verify.length).toBeGreaterThan(0);
    for (const verify of first.verify) {
      // A `none` job's cache call would be skipped by the toolkit with this line, or refused.
      expect(verify.stdout).not.toMatch(/Cache (restore|save) skipped|cache (read|write) denied/);
      expect(warningsOf(verify)).toEqual([]);
    }
    expect(first.plan.stdout).not.toMatch(/Cache (restore|save) skipped|cache read denied/);
    expect((await reportOf(first.aggregate)).totals).toMatchObject({ verified: 3, inherited: 0 });
    const saved = world.results.cacheEntries().slice(entries);
    expect(saved.map((e) => e.key)).toEqual([expect.stringMatching(/^dog-v3-records-/)]);

    const second = await world.workflow(21, files, MATRIX, 'push', DECLARED);
    expectOk(second.aggregate, 'aggregate');
    expect((await reportOf(second.aggregate)).totals).toMatchObject({ verified: 0, inherited: 3 });
  },
  TIMEOUT,
);

test(
  'write-only: nothing restored (the service is not even asked), said once, the run succeeds and saves',
  async () => {
    const files = fresh('write-only');
    const seed = await world.step({
      runId: 22,
      job: 'dog',
      files,
      event: 'push',
      inputs: { command: 'run' },
    });
    expectOk(seed, 'seeding run');
    const lookups = world.results.count('GetCacheEntryDownloadURL');
    const creates = world.results.count('CreateCacheEntry', 200);
    // Only the token says write-only: DoG must not ask for what the service would refuse.
    const result = await world.step({
      runId: 23,
      job: 'dog',
      files,
      event: 'push',
      cacheMode: 'write-only',
      exportsCacheMode: false,
      inputs: { command: 'run' },
    });
    expectOk(result, 'write-only run');
    const report = await reportOf(result);
    expect(report.rootState).toBe('success');
    expect(report.totals).toMatchObject({ verified: 3, inherited: 0 });
    expect(world.results.count('GetCacheEntryDownloadURL')).toBe(lookups);
    expect(world.results.count('CreateCacheEntry', 200)).toBe(creates + 1);
    expect(warningsOf(result)).toEqual([
      expect.stringMatching(
        /^DoG: this job's Actions cache is write-only \(effective cache-mode: write-only\)/,
      ),
    ]);
    expect(result.stdout).toMatch(/DoG: record pack dog-v3-records-\S+ saved: 3 records \(3 new\)/);
  },
  TIMEOUT,
);

test(
  "a caller's read narrows a job's write-only to none: no cache call at all, nothing saved, the run succeeds",
  async () => {
    const calls = cacheCalls();
    const result = await world.step({
      runId: 24,
      job: 'dog',
      files: fresh('none'),
      event: 'push',
      callerCacheMode: 'read',
      cacheMode: 'write-only',
      exportsCacheMode: false,
      inputs: { command: 'run' },
    });
    expectOk(result, 'run');
    const report = await reportOf(result);
    expect(report.rootState).toBe('success');
    expect(report.totals).toMatchObject({ verified: 3, inherited: 0 });
    expect(cacheCalls()).toBe(calls);
    expect(warningsOf(result)).toEqual([
      expect.stringMatching(
        /^DoG: this job's Actions cache is switched off \(effective cache-mode: none\)/,
      ),
      expect.stringMatching(/^DoG: 3 records were not saved: /),
    ]);
  },
  TIMEOUT,
);
