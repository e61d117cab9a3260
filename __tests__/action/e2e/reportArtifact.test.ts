// Several jobs of one workflow run report: two `run` jobs, a re-run attempt, two legs of one
// matrix job. Artifact names are unique within a run (the stand-in answers 409 like GitHub),
// so each report gets a name of its own by the documented scheme.
import { backendIdsForRun } from '../../support/actions/runtimeToken.js';
import { CHECKOUT, TRUSTED } from './fixtures.js';
import { expectOk, World } from './world.js';

const TIMEOUT = 240_000;
let world: World;

beforeAll(async () => {
  world = await World.start(TRUSTED);
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

afterEach(() => {
  expect(world.api.takeViolations()).toEqual([]);
});

async function run(job: string, attempt = 1): Promise<string | undefined> {
  const result = await world.step({
    runId: 80,
    job,
    files: CHECKOUT,
    event: 'push',
    inputs: { command: 'run' },
    extraEnv: { GITHUB_RUN_ATTEMPT: String(attempt) },
  });
  expectOk(result, `run ${job} attempt ${attempt}`);
  return result.outputs['report-artifact'];
}

test(
  'every reporting job of one workflow run uploads its report under a name of its own',
  async () => {
    expect(await run('docs')).toBe('dog-report');
    expect(await run('data')).toBe('dog-report-data-1');
    expect(await run('docs', 2)).toBe('dog-report-docs-2');
    // A second leg of the matrix job `data` (same GITHUB_JOB, another job).
    expect(await run('data')).toBe('dog-report-data-1-2');
    const names = world.results
      .artifacts(backendIdsForRun(80).runBackendId)
      .map((artifact) => artifact.name)
      .filter((name) => name.startsWith('dog-report'))
      .sort();
    expect(names).toEqual([
      'dog-report',
      'dog-report-data-1',
      'dog-report-data-1-2',
      'dog-report-docs-2',
    ]);
  },
  TIMEOUT,
);
