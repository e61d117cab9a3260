// GitHub's artifact limits at 1,000 goals: 1,000 programmatic goals with
// programmatic-in-plan: false go plan → matrix verify jobs → aggregate against the stand-ins,
// which refuse a job's 501st artifact as GitHub does. The plan job uploads its plan, its
// records and one capture bundle per matrix job (not one artifact per capture), and a job of
// wave 2 downloads only the records of the jobs its gates depend on.
import { wideWorkspace } from '../../../bench/distributed.js';
import type { ActionResult } from '../../support/actions/runner.js';
import type { TwirpCall } from '../../support/actions/twirp.js';
import { CHECKOUT, ISOLATION, MATRIX } from './fixtures.js';
import { expectOk, reportOf, World, type Files } from './world.js';

const LONG = 900_000;
const GOALS = 1000;
const JOBS_PER_WAVE = 8;
/** GitHub: at most 500 artifacts per job. */
const ARTIFACTS_PER_JOB = 500;
/** Wave 2: each of these goals depends on one goal of wave 1. */
const GATED: Record<string, string> = { f00998: 'f00000', f00999: 'f00001' };

type Entry = { job: string; wave: number; keys?: string[] };

let world: World;

beforeAll(async () => {
  world = await World.start({});
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

afterEach(() => {
  expect(world.api.takeViolations()).toEqual([]);
});

/** 1,000 `file.non_empty` goals, two of them gated on a goal of wave 1. */
function workspace(): Files {
  const files = wideWorkspace(GOALS, '', ISOLATION);
  const dependsOn = Object.entries(GATED)
    .map(([source, target]) => `  - {source: ${source}, target: ${target}}\n`)
    .join('');
  files['.dog/graph.yaml'] += `dependsOn:\n${dependsOn}`;
  return files;
}

type Job = { result: ActionResult; calls: TwirpCall[] };

/** One step, with the artifact service calls its own job made. */
async function job(
  runId: number,
  name: string,
  files: Files,
  inputs: Record<string, string>,
): Promise<Job> {
  const from = world.results.calls.length;
  const result = await world.step({ runId, job: name, files, event: 'push', inputs });
  expectOk(result, name);
  const own = world.lastJob.jobBackendId;
  return {
    result,
    calls: world.results.calls.slice(from).filter((c) => c.caller?.jobBackendId === own),
  };
}

function created(calls: readonly TwirpCall[]): number {
  return calls.filter((c) => c.method === 'CreateArtifact' && c.status === 200).length;
}

function recordsDownloaded(calls: readonly TwirpCall[]): string[] {
  return calls
    .filter((c) => c.method === 'GetSignedArtifactURL')
    .map((c) => String((c.request as { name?: unknown } | undefined)?.name))
    .filter((name) => name.startsWith('dog-records-'));
}

test(
  '1,000 goals through the matrix: every job under 500 artifacts; wave 2 reads only what its gates need',
  async () => {
    const files = workspace();
    const plan = await job(501, 'plan', files, {
      command: 'plan',
      'programmatic-in-plan': 'false',
      'max-jobs': String(JOBS_PER_WAVE),
    });
    const matrix = JSON.parse(plan.result.outputs.matrix ?? '{}') as Record<
      string,
      { include: Entry[] }
    >;
    const waves: [Entry[], Entry[]] = [matrix.w1?.include ?? [], matrix.w2?.include ?? []];
    expect(waves[0]).toHaveLength(JOBS_PER_WAVE);
    expect(waves[1].length).toBeGreaterThan(0);
    // The plan, its records and one capture bundle per matrix job.
    const jobs = waves[0].length + waves[1].length;
    expect(created(plan.calls)).toBe(2 + jobs);
    expect(created(plan.calls)).toBeLessThan(ARTIFACTS_PER_JOB);

    const owner = new Map<string, string>();
    for (const entry of waves.flat()) {
      const verified = await job(501, `verify-${entry.wave}`, files, {
        command: 'verify',
        'matrix-entry': JSON.stringify(entry),
      });
      expect(created(verified.calls)).toBe(1);
      for (const key of entry.keys ?? []) owner.set(key, entry.job);
      const read = recordsDownloaded(verified.calls);
      if (entry.wave === 1) expect(read).toEqual([]);
      else {
        // Only the jobs that verified what this job's goals depend on (never every earlier job).
        const needed = new Set(
          (entry.keys ?? []).map((key) => `dog-records-${owner.get(GATED[key] ?? '')}-a1`),
        );
        expect(read.sort()).toEqual([...needed].sort());
        expect(read.length).toBeLessThan(waves[0].length);
      }
    }

    const aggregate = await job(501, 'aggregate', files, { command: 'aggregate' });
    expect(created(aggregate.calls)).toBe(1);
    const report = await reportOf(aggregate.result);
    expect(report.rootState).toBe('success');
    expect(report.totals).toMatchObject({ verified: GOALS, inherited: 0 });
    expect(recordsDownloaded(aggregate.calls)).toHaveLength(1 + jobs);
  },
  LONG,
);

test(
  'a wave-2 job of the small graph reads the one job its gate needs, not every earlier one',
  async () => {
    // mention depends on data; docs and data are verified by two jobs of wave 1.
    const plan = await job(502, 'plan', CHECKOUT, { command: 'plan', ...MATRIX });
    const matrix = JSON.parse(plan.result.outputs.matrix ?? '{}') as Record<
      string,
      { include: Entry[] }
    >;
    const first = matrix.w1?.include ?? [];
    expect(first).toHaveLength(2);
    for (const entry of first)
      await job(502, 'verify-1', CHECKOUT, {
        command: 'verify',
        'matrix-entry': JSON.stringify(entry),
      });
    const dataJob = first.find((entry) => entry.keys?.includes('data'))?.job;
    const second = await job(502, 'verify-2', CHECKOUT, {
      command: 'verify',
      'matrix-entry': JSON.stringify(matrix.w2?.include[0]),
    });
    expect(recordsDownloaded(second.calls)).toEqual([`dog-records-${dataJob}-a1`]);
  },
  LONG,
);
