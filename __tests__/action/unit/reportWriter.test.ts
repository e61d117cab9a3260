// Whose report decide reads: a report of DoG's pipeline run counts only when every job of that
// run that was not skipped is one of DoG's.
import { closedRunProblem, reportWriterProblem } from '../../../src/action/comment/reportWriter.js';
import type { ListedJob } from '../../../src/action/runJobs.js';
import type { ArtifactInfo } from '../../../src/storage/github/ports.js';

const RUN = 4242;
let nextId = 1;

function job(name: string, conclusion: string | null = 'success'): ListedJob {
  return { id: 31_000_000_000 + nextId++, name, status: 'completed', conclusion };
}

function artifacts(...names: string[]): ArtifactInfo[] {
  return names.map((name, i) => ({ id: i + 1, name, size: 100 }));
}

const SINGLE = artifacts('dog-report');
const MATRIX = artifacts(
  'dog-plan-a1',
  'dog-records-plan-a1',
  'dog-records-w1-1-a1',
  'dog-records-w1-2-a1',
  'dog-report',
);

describe('a single-job run', () => {
  test('one job is closed', () => {
    expect(closedRunProblem(RUN, SINGLE, [job('dog')])).toBeUndefined();
  });

  test('a second job that ran is named, with what to do', () => {
    const lint = job('lint');
    const problem = closedRunProblem(RUN, SINGLE, [job('dog'), lint]);
    expect(problem).toMatch(
      /^workflow run 4242 ran jobs besides DoG.s own \(the one job that runs DoG\): 2 jobs not named for a matrix label, where DoG has 1:/,
    );
    expect(problem).toContain(`"lint" (job ${lint.id})`);
    expect(problem).toMatch(/give DoG a workflow of its own/);
  });

  test('skipped jobs do not count', () => {
    expect(closedRunProblem(RUN, SINGLE, [job('dog'), job('lint', 'skipped')])).toBeUndefined();
  });
});

describe('a distributed run', () => {
  const dogJobs = (): ListedJob[] => [
    job('plan'),
    job('verify w1-1'),
    job('verify w1-2'),
    job('aggregate'),
  ];

  test('the plan, the aggregate and one job per label are closed', () => {
    expect(closedRunProblem(RUN, MATRIX, dogJobs())).toBeUndefined();
  });

  test("a reusable workflow's job names and GitHub's default matrix names count", () => {
    const jobs = [job('dog / plan'), job('dog / verify-1 (w1-1, 3)'), job('dog / verify w1-2')];
    expect(closedRunProblem(RUN, MATRIX, [...jobs, job('dog / aggregate')])).toBeUndefined();
  });

  test('a verify job that delivered nothing is still one of DoG’s', () => {
    const jobs = [...dogJobs(), job('verify w1-3', 'failure')];
    expect(closedRunProblem(RUN, MATRIX, jobs)).toBeUndefined();
  });

  test('a third unlabelled job makes the run open', () => {
    const tests = job('test');
    const problem = closedRunProblem(RUN, MATRIX, [...dogJobs(), tests]);
    expect(problem).toMatch(/the plan, the aggregate and one verify job per matrix label/);
    expect(problem).toContain(`"test" (job ${tests.id})`);
  });

  test('two jobs named for one label make the run open', () => {
    const twin = job('copy of w1-2');
    const problem = closedRunProblem(RUN, MATRIX, [...dogJobs(), twin]);
    expect(problem).toContain(`"copy of w1-2" (job ${twin.id})`);
  });

  test('a label-like word inside a longer word is not a label', () => {
    const problem = closedRunProblem(RUN, MATRIX, [...dogJobs(), job('buildw1-1x')]);
    expect(problem).toMatch(/"buildw1-1x"/);
  });
});

test('a listing GitHub refuses is a refusal that names actions: read', async () => {
  const refused = {
    list: () => Promise.reject(new Error('Resource not accessible by integration')),
  };
  await expect(reportWriterProblem(refused, RUN, SINGLE)).resolves.toMatch(
    /could not list the jobs of its workflow run 4242 \(Resource not accessible by integration\); the decide job needs actions: read/,
  );
  const listing = { list: (runId: number) => Promise.resolve(runId === RUN ? [job('dog')] : []) };
  await expect(reportWriterProblem(listing, RUN, SINGLE)).resolves.toBeUndefined();
});
