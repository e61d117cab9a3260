// Capture bundles through the Actions exchange, with the real artifact client: 1,000 captures
// travel in at most 400 artifacts so the plan job stays under GitHub's 500 per job; a verify
// job downloads only its bundle and commits a blob only if it hashes to its digest.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_BUNDLES } from '../../../src/action/exchange/actionsExchange.js';
import { UserError } from '../../../src/core/errors.js';
import type { Digest } from '../../../src/core/types.js';
import { HostCache } from '../../../src/storage/host/hostCache.js';
import { backendIdsForRun } from '../../support/actions/runtimeToken.js';
import {
  blobSource,
  dirSink,
  ExchangeWorld,
  planDocument,
  recordsOf,
  sha256,
} from './exchangeWorld.js';

const TIMEOUT = 180_000;

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

const store = (): string => join(world.env.RUNNER_TEMP ?? '', 'store');

/** `count` digests dealt round-robin into `bundles` bundles named b1, b2, … */
function deal(digests: readonly Digest[], bundles: number): Map<string, Digest[]> {
  const dealt = new Map<string, Digest[]>();
  digests.forEach((digest, i) => {
    const name = `b${(i % bundles) + 1}`;
    dealt.set(name, [...(dealt.get(name) ?? []), digest]);
  });
  return dealt;
}

test(
  '1,000 captures in 400 bundles: the plan job uploads 402 artifacts, and a verify job downloads one',
  async () => {
    const run = 11;
    const plan = world.job(run, 'plan');
    const contents = Array.from({ length: 1000 }, (_, i) => `capture ${i}\n`);
    const { source, digests } = await blobSource(store(), contents);
    const bundles = deal(digests, MAX_BUNDLES);
    const started = Date.now();
    await plan.putPlan(planDocument(run, 1));
    await plan.putCaptures(bundles, source);
    await plan.putRecords('plan', recordsOf({}));
    const seconds = (Date.now() - started) / 1000;
    const planJob = backendIdsForRun(run, 'plan').jobBackendId;
    const uploaded = world.services.results.artifacts().filter((a) => a.jobBackendId === planJob);
    expect(uploaded).toHaveLength(402);
    expect(uploaded.length).toBeLessThan(500);
    const verify = world.job(run, 'w1-7');
    const sink = dirSink(store());
    const since = world.services.results.calls.length;
    await verify.getCaptures('b7', bundles.get('b7') ?? [], sink);
    expect(world.downloadsSince(since)).toEqual(['dog-captures-b7-a1']);
    expect(sink.committed.sort()).toEqual([...(bundles.get('b7') ?? [])].sort());
    // Bundles beyond the bound are refused before anything is uploaded.
    const tooMany = deal(digests, MAX_BUNDLES + 1);
    await expect(world.job(run + 100, 'plan').putCaptures(tooMany, source)).rejects.toThrow(
      /401 capture bundles exceed the most one plan may publish \(400\)/,
    );
    realWrite(`1,000 captures in 400 bundles uploaded with plan and records in ${seconds} s\n`);
  },
  TIMEOUT,
);

test(
  'a bundle holding altered bytes under a capture digest is refused, and nothing of it is committed',
  async () => {
    const run = 12;
    const plan = world.job(run, 'plan');
    const { source, digests } = await blobSource(store(), ['genuine\n', 'other\n']);
    await plan.putPlan(planDocument(run, 1));
    // The plan job's store holds other bytes under the first digest when it bundles them.
    await writeFile(join(store(), (digests[0] as string).slice(7)), 'altered\n');
    await plan.putCaptures(new Map([['w1-1', digests]]), source);
    const verify = world.job(run, 'w1-1');
    const sink = dirSink(store());
    const refused = verify.getCaptures('w1-1', digests, sink);
    await expect(refused).rejects.toThrow(UserError);
    await expect(verify.getCaptures('w1-1', digests, sink)).rejects.toThrow(
      new RegExp(`hash to ${sha256('altered\n')}, not to ${digests[0]} as planned`),
    );
    expect(sink.committed).not.toContain(digests[0]);
  },
  TIMEOUT,
);

test(
  'a bundle changed after upload, or lacking a capture, or missing, is a UserError',
  async () => {
    const run = 13;
    const plan = world.job(run, 'plan');
    const { source, digests } = await blobSource(store(), ['one\n', 'two\n']);
    await plan.putPlan(planDocument(run, 1));
    await plan.putCaptures(new Map([['w1-1', [digests[0] as Digest]]]), source);
    const verify = world.job(run, 'w1-1');
    await expect(verify.getCaptures('w1-1', digests, dirSink(store()))).rejects.toThrow(
      /dog-captures-w1-1-a1 does not hold capture sha256:/,
    );
    await expect(verify.getCaptures('w1-2', digests, dirSink(store()))).rejects.toThrow(
      /artifact dog-captures-w1-2-a1 is missing from this workflow run; the plan step uploads it/,
    );
    // The bundle's bytes replaced by another artifact's (a valid zip) behind GitHub's back.
    const byName = (name: string) =>
      world.services.results
        .artifacts(backendIdsForRun(run).runBackendId)
        .find((a) => a.name === name)?.id ?? 0;
    const other = await world.services.results.readArtifact(byName('dog-plan-a1'));
    await world.services.results.overwriteArtifact(byName('dog-captures-w1-1-a1'), other);
    // A fresh store: the first call above committed the one capture the bundle does hold.
    const fresh = dirSink(join(world.env.RUNNER_TEMP ?? '', 'fresh'));
    await expect(verify.getCaptures('w1-1', [digests[0] as Digest], fresh)).rejects.toThrow(
      /does not match the digest recorded when it was uploaded/,
    );
  },
  TIMEOUT,
);

test(
  "a self-hosted runner's host cache that holds a capture spares its download",
  async () => {
    const run = 14;
    const plan = world.job(run, 'plan');
    const { source, digests } = await blobSource(store(), ['shared\n', 'fresh\n']);
    await plan.putPlan(planDocument(run, 1));
    await plan.putCaptures(new Map([['w1-1', digests]]), source);
    const host = await HostCache.open({ root: join(world.services.root, 'host'), maxBytes: 1e6 });
    const first = world.job(run, 'w1-1', { host });
    const since = world.services.results.calls.length;
    await first.getCaptures('w1-1', digests, dirSink(store()));
    expect(world.downloadsSince(since)).toEqual(['dog-captures-w1-1-a1']);
    // Another job on the same machine: both captures come from the host cache.
    const second = world.job(run, 'w1-1', { host, attempt: 2 });
    const sink = dirSink(store());
    const again = world.services.results.calls.length;
    await second.getCaptures('w1-1', digests, sink);
    expect(world.downloadsSince(again)).toEqual([]);
    expect(sink.committed.sort()).toEqual([...digests].sort());
  },
  TIMEOUT,
);
