// The Actions exchange between the jobs of one workflow run and its re-runs, with the real
// artifact client against the results-service stand-in: names carry the attempt, each job's
// newest attempt since the run's plan is delivered, and only the jobs asked for are downloaded.
import { join } from 'node:path';
import { UserError } from '../../../src/core/errors.js';
import type { Delivery } from '../../../src/engine/exchange.js';
import { blobSource, dirSink, ExchangeWorld, planDocument, recordsOf } from './exchangeWorld.js';

const TIMEOUT = 120_000;
const JOBS = ['plan', 'w1-1', 'w1-2'];

let world: ExchangeWorld;
const realWrite = process.stdout.write.bind(process.stdout);

beforeAll(async () => {
  world = await ExchangeWorld.start();
  process.stdout.write = () => true;
}, TIMEOUT);

afterAll(async () => {
  process.stdout.write = realWrite;
  await world?.stop();
}, TIMEOUT);

/** Attempt `attempt` of the plan job: plan, two bundles, the plan job's records. */
async function planJob(runId: number, attempt = 1) {
  const exchange = world.job(runId, 'plan', { attempt });
  const store = join(world.env.RUNNER_TEMP ?? '', 'store');
  const { source, digests } = await blobSource(store, ['alpha\n', 'beta\n', 'gamma\n']);
  await exchange.putPlan(planDocument(runId, attempt));
  const bundles = new Map([
    ['w1-1', digests.slice(0, 2)],
    ['w1-2', digests.slice(2)],
  ]);
  await exchange.putCaptures(bundles, source);
  await exchange.putRecords('plan', recordsOf({ p: `plan a${attempt}` }));
  return { digests, bundles };
}

async function verifyJob(runId: number, job: string, verdict: string, attempt = 1) {
  const exchange = world.job(runId, job, { attempt });
  await exchange.putRecords(job, recordsOf({ [job]: verdict }));
}

/** What each delivery said, by source: its job and its records' verdicts (or its failure). */
function summary(deliveries: readonly Delivery[]): Record<string, unknown> {
  return Object.fromEntries(
    deliveries.map((d) => [
      d.source,
      'records' in d
        ? {
            job: d.job,
            verdicts: Object.values(d.records).map((r) => (r as { verdict: string }).verdict),
          }
        : { job: d.job, failure: d.failure },
    ]),
  );
}

test(
  'plan, bundles and records round trip between the jobs of one run',
  async () => {
    const run = 1;
    const { digests } = await planJob(run);
    const verify = world.job(run, 'w1-1');
    expect(await verify.getPlan()).toEqual(planDocument(run, 1));
    const sink = dirSink(join(world.env.RUNNER_TEMP ?? '', 'store'));
    const since = world.services.results.calls.length;
    await verify.getCaptures('w1-1', digests.slice(0, 2), sink);
    expect(sink.committed.sort()).toEqual(digests.slice(0, 2).sort());
    expect(world.downloadsSince(since)).toEqual(['dog-captures-w1-1-a1']);
    await verify.putRecords('w1-1', recordsOf({ 'w1-1': 'pass' }));
    await verifyJob(run, 'w1-2', 'pass');
    expect(world.artifactNames(run)).toEqual([
      'dog-captures-w1-1-a1',
      'dog-captures-w1-2-a1',
      'dog-plan-a1',
      'dog-records-plan-a1',
      'dog-records-w1-1-a1',
      'dog-records-w1-2-a1',
    ]);
    const aggregate = world.job(run, 'aggregate');
    expect(summary(await aggregate.getRecords({ knownJobs: JOBS }))).toEqual({
      'dog-records-plan-a1': { job: 'plan', verdicts: ['plan a1'] },
      'dog-records-w1-1-a1': { job: 'w1-1', verdicts: ['pass'] },
      'dog-records-w1-2-a1': { job: 'w1-2', verdicts: ['pass'] },
    });
  },
  TIMEOUT,
);

test(
  "re-run of one failed job (attempt 2): its newest records win, the others' attempt-1 records are still delivered",
  async () => {
    const run = 2;
    await planJob(run);
    await verifyJob(run, 'w1-1', 'pass');
    await verifyJob(run, 'w1-2', 'fail');
    // Re-run failed jobs: only w1-2 and the aggregate run again, as attempt 2.
    await verifyJob(run, 'w1-2', 'pass', 2);
    const aggregate = world.job(run, 'aggregate', { attempt: 2 });
    expect((await aggregate.getPlan()).runId).toBe(`gh-${run}-1`);
    expect(summary(await aggregate.getRecords({ knownJobs: JOBS }))).toEqual({
      'dog-records-plan-a1': { job: 'plan', verdicts: ['plan a1'] },
      'dog-records-w1-1-a1': { job: 'w1-1', verdicts: ['pass'] },
      'dog-records-w1-2-a2': { job: 'w1-2', verdicts: ['pass'] },
    });
  },
  TIMEOUT,
);

test(
  "a full re-run (attempt 2) reads its own plan and ignores attempt 1's records",
  async () => {
    const run = 3;
    await planJob(run);
    await verifyJob(run, 'w1-1', 'fail');
    await verifyJob(run, 'w1-2', 'fail');
    const { digests } = await planJob(run, 2);
    const verify = world.job(run, 'w1-1', { attempt: 2 });
    const since = world.services.results.calls.length;
    await verify.getCaptures(
      'w1-1',
      digests.slice(0, 2),
      dirSink(join(world.env.RUNNER_TEMP ?? '', 's')),
    );
    expect(world.downloadsSince(since)).toEqual(['dog-captures-w1-1-a2']);
    await verify.putRecords('w1-1', recordsOf({ 'w1-1': 'pass' }));
    const aggregate = world.job(run, 'aggregate', { attempt: 2 });
    expect((await aggregate.getPlan()).runId).toBe(`gh-${run}-2`);
    // w1-2 has not delivered in attempt 2: its attempt-1 records bind to the old plan.
    expect(summary(await aggregate.getRecords({ knownJobs: JOBS }))).toEqual({
      'dog-records-plan-a2': { job: 'plan', verdicts: ['plan a2'] },
      'dog-records-w1-1-a2': { job: 'w1-1', verdicts: ['pass'] },
    });
  },
  TIMEOUT,
);

test(
  "a later wave's job downloads only the records of the jobs it names",
  async () => {
    const run = 4;
    await planJob(run);
    for (const job of ['w1-1', 'w1-2', 'w1-3', 'w1-4']) await verifyJob(run, job, 'pass');
    const wave2 = world.job(run, 'w2-1');
    const since = world.services.results.calls.length;
    const deliveries = await wave2.getRecords({
      jobs: ['w1-3'],
      knownJobs: ['plan', 'w1-1', 'w1-2', 'w1-3', 'w1-4', 'w2-1'],
    });
    expect(summary(deliveries)).toEqual({
      'dog-records-w1-3-a1': { job: 'w1-3', verdicts: ['pass'] },
    });
    expect(world.downloadsSince(since)).toEqual(['dog-records-w1-3-a1']);
  },
  TIMEOUT,
);

test(
  'records artifacts no job of the plan writes are delivered to the aggregate as nobody’s, and to no verify job',
  async () => {
    const run = 5;
    await planJob(run);
    await verifyJob(run, 'w1-1', 'pass');
    // Something else holding the run's token writes records under names of its own choosing.
    const forger = world.job(run, 'forger');
    await forger.putRecords('w9-1', recordsOf({ 'w1-1': 'forged' }));
    for (const name of ['dog-records-w1-2', 'dog-records-evil-a1'])
      await world.upload(run, 'forger', name, '{"schemaVersion":"1","records":{"w1-2":{}}}');
    const wave2 = world.job(run, 'w2-1');
    const since = world.services.results.calls.length;
    const asked = await wave2.getRecords({ jobs: ['w1-1'], knownJobs: [...JOBS, 'w2-1'] });
    expect(asked.map((d) => d.source)).toEqual(['dog-records-w1-1-a1']);
    expect(world.downloadsSince(since)).toEqual(['dog-records-w1-1-a1']);
    const aggregate = world.job(run, 'aggregate');
    const all = summary(await aggregate.getRecords({ knownJobs: JOBS }));
    expect(all).toMatchObject({
      'dog-records-w9-1-a1': { job: undefined, verdicts: ['forged'] },
      'dog-records-w1-2': { job: undefined, verdicts: [undefined] },
      'dog-records-evil-a1': { job: undefined, verdicts: [undefined] },
      'dog-records-w1-1-a1': { job: 'w1-1', verdicts: ['pass'] },
    });
  },
  TIMEOUT,
);

test(
  'a records artifact whose uploader contradicts the plan is an integrity failure, never a throw',
  async () => {
    const run = 6;
    await planJob(run);
    // One job uploads its own records and another job's.
    const w11 = world.job(run, 'w1-1');
    await w11.putRecords('w1-1', recordsOf({ 'w1-1': 'pass' }));
    await w11.putRecords('w1-2', recordsOf({ 'w1-2': 'pass' }));
    const aggregate = world.job(run, 'aggregate');
    const all = summary(await aggregate.getRecords({ knownJobs: JOBS }));
    expect(all['dog-records-w1-1-a1']).toEqual({
      job: 'w1-1',
      failure: {
        integrity: true,
        reason: expect.stringMatching(/also uploaded dog-records-w1-2-a1; each job uploads one/),
      },
    });
    expect(all['dog-records-w1-2-a1']).toMatchObject({ job: 'w1-2', failure: { integrity: true } });
    expect(all['dog-records-plan-a1']).toEqual({ job: 'plan', verdicts: ['plan a1'] });
  },
  TIMEOUT,
);

test(
  'a plan named for a later attempt is passed over, and one uploaded by a job of another attempt refused',
  async () => {
    const run = 7;
    await planJob(run);
    await verifyJob(run, 'w1-1', 'pass');
    // Job w1-1 of attempt 1 also claims plan names of later attempts.
    await world.upload(run, 'w1-1', 'dog-plan-a3', JSON.stringify(planDocument(run, 3)));
    const aggregate = world.job(run, 'aggregate');
    expect((await aggregate.getPlan()).runId).toBe(`gh-${run}-1`);
    await world.upload(run, 'w1-1', 'dog-plan-a2', JSON.stringify(planDocument(run, 2)));
    const rerun = world.job(run, 'aggregate', { attempt: 2 });
    await expect(rerun.getPlan()).rejects.toThrow(UserError);
    await expect(rerun.getPlan()).rejects.toThrow(
      /dog-plan-a2 is not used: the job that uploaded it also uploaded dog-(records-w1-1-a1|plan-a3)/,
    );
  },
  TIMEOUT,
);

test(
  'without a plan, getPlan and getRecords say to run the plan step',
  async () => {
    const exchange = world.job(8, 'aggregate');
    await expect(exchange.getPlan()).rejects.toThrow(
      /no dog-plan-a<attempt> artifact from attempt 1 or earlier: run the plan step/,
    );
    await expect(exchange.getRecords({ knownJobs: JOBS })).rejects.toThrow(UserError);
  },
  TIMEOUT,
);

test(
  'every artifact the exchange uploads expires after the retention days given',
  async () => {
    const run = 9;
    const exchange = world.job(run, 'plan', { retentionDays: 3 });
    const { source, digests } = await blobSource(join(world.env.RUNNER_TEMP ?? '', 's'), ['x']);
    const since = world.services.results.calls.length;
    await exchange.putCaptures(new Map([['w1-1', digests]]), source);
    await exchange.putRecords('plan', recordsOf({}));
    await exchange.putPlan(planDocument(run, 1));
    const created = world.services.results.calls
      .slice(since)
      .filter((c) => c.method === 'CreateArtifact');
    expect(created.map((c) => c.request?.['name'])).toEqual([
      'dog-captures-w1-1-a1',
      'dog-records-plan-a1',
      'dog-plan-a1',
    ]);
    for (const call of created) {
      const days = (Date.parse(String(call.request?.['expires_at'])) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(2.9);
      expect(days).toBeLessThanOrEqual(3);
    }
  },
  TIMEOUT,
);
