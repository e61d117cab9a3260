// Whose report a decision is about, and which comment it carries out. Any workflow a pull
// request adds runs on pull_request for the same head SHA and may upload an artifact named
// `dog-report`; decide reads only the runs of DoG's pipeline workflow (`pipeline-workflow`),
// re-runs only those, and carries out a handed-on comment only as it was when it was checked:
// not deleted, not edited, on the pull request it names, for the head it was checked against.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addComment, type IssueComment } from '../../support/actions/reviewLoop.js';
import type { ActionResult } from '../../support/actions/runner.js';
import { BAD, MODES, TRUSTED } from './trustFixtures.js';
import { expectOk, HEAD_SHA, reportOf, World, type Files, type Report } from './world.js';

const TIMEOUT = 240_000;
const PR = 7;
const DECIDE_REF = 'octo-org/octo-repo/.github/workflows/dog-decide.yml@refs/heads/main';

let world: World;
let nextRun = 100;

beforeAll(async () => {
  world = await World.start(TRUSTED);
  world.api.reviewLoop.permissions.set('alice', 'write');
  world.api.reviewLoop.pulls.set(8, {
    number: 8,
    headSha: '5'.repeat(40),
    baseSha: '1'.repeat(40),
    headRef: 'other',
  });
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

afterEach(() => {
  expect(world.api.takeViolations()).toEqual([]);
});

function listRun(runId: number, path: string, headSha = HEAD_SHA): void {
  world.api.reviewLoop.workflowRuns.push({
    id: runId,
    name: path.endsWith('dog.yml') ? 'DoG' : 'Lint',
    path,
    event: 'pull_request',
    head_sha: headSha,
    run_attempt: 1,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, runId - 100)).toISOString(),
  });
}

/** DoG's own pull request run on the pull request's bytes: `data` fails, `judged` waits. */
async function dogRun(files: Files = BAD): Promise<{ runId: number; result: ActionResult }> {
  const runId = ++nextRun;
  listRun(runId, '.github/workflows/dog.yml');
  const result = await world.step({
    runId,
    job: 'dog',
    files,
    modes: MODES,
    inputs: { command: 'run' },
  });
  expect(result.code).toBe(1);
  return { runId, result };
}

/**
 * A workflow the pull request adds (`.github/workflows/lint.yml`), run later for the same head:
 * it uploads DoG's report with `data` turned into a pass, as its own run's report.
 */
async function forgedReportRun(genuine: Report): Promise<number> {
  const runId = ++nextRun;
  listRun(runId, '.github/workflows/lint.yml');
  const forged = structuredClone(genuine) as Report & { runId: string };
  forged.runId = `gh-${runId}-1`;
  const data = forged.nodes.data as Record<string, unknown>;
  data.state = 'success';
  data.verdict = 'pass';
  delete data.error;
  await uploadReport(runId, 'dog-report', forged);
  return runId;
}

function payloadOf(comment: IssueComment): object {
  return {
    action: 'created',
    issue: {
      number: comment.issue,
      pull_request: {
        url: `https://api.github.com/repos/octo-org/octo-repo/pulls/${comment.issue}`,
      },
    },
    comment: { id: comment.id, body: comment.body, user: { login: comment.login, type: 'User' } },
    repository: { full_name: 'octo-org/octo-repo', default_branch: 'main' },
    sender: { login: comment.login },
  };
}

const decideStep = {
  job: 'decide',
  files: TRUSTED,
  modes: MODES,
  extraEnv: { GITHUB_WORKFLOW_REF: DECIDE_REF },
};

/** The issue_comment half: checks the command and hands it on; returns the dispatch inputs. */
async function check(comment: IssueComment): Promise<Record<string, string>> {
  const dispatches = world.api.reviewLoop.dispatches.length;
  const checked = await world.step({
    ...decideStep,
    runId: ++nextRun,
    event: 'issue_comment',
    payload: payloadOf(comment),
    inputs: { command: 'decide' },
  });
  expectOk(checked, 'decide on issue_comment');
  expect(world.api.reviewLoop.dispatches).toHaveLength(dispatches + 1);
  return world.api.reviewLoop.dispatches.at(-1)!.inputs;
}

/** The workflow_dispatch half: reads the comment again and records the command. */
async function record(inputs: Record<string, string>): Promise<ActionResult> {
  const recorded = await world.step({
    ...decideStep,
    runId: ++nextRun,
    event: 'workflow_dispatch',
    payload: { inputs, ref: 'refs/heads/main' },
    inputs: { command: 'decide', ...inputs },
  });
  expectOk(recorded, 'decide on workflow_dispatch');
  return recorded;
}

/** DoG's replies as GitHub renders them (numeric character references decoded). */
function replies(): string[] {
  return world.api.reviewLoop.comments
    .filter((c) => c.login === 'github-actions[bot]' && !c.body.startsWith('<!--'))
    .map((c) =>
      c.body.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
    );
}

function decisionEntries(): number {
  return world.results.cacheEntries().filter((e) => /-decisions-/.test(e.key)).length;
}

/** Uploads `report` into run `runId` as artifact `name`, as any job of that run can. */
async function uploadReport(runId: number, name: string, report: Report): Promise<void> {
  const dir = join(world.root, `${name}-${runId}`);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'report.json'), JSON.stringify(report));
  await world.uploadArtifact(runId, name, join(dir, 'report.json'));
}

/** alice approves `judged` on the pull request; returns DoG's reply to it, if any. */
async function approveJudged(): Promise<string | undefined> {
  const before = replies().length;
  const approval = addComment(world.api.reviewLoop, {
    issue: PR,
    login: 'alice',
    body: '/dog approve judged read it myself, the prose is fine',
  });
  await world.step({
    ...decideStep,
    runId: ++nextRun,
    event: 'issue_comment',
    payload: payloadOf(approval),
    inputs: { command: 'decide' },
  });
  expect(replies()).toHaveLength(before + 1);
  return replies().at(-1);
}

describe("a pull request's own workflow uploads a dog-report for the head", () => {
  test(
    "an approval re-settles DoG's report, not the forgery: the check run stays failure",
    async () => {
      const { result } = await dogRun();
      const genuine = await reportOf(result);
      expect(genuine.nodes.data?.state).toBe('failure');
      await forgedReportRun(genuine);

      const approval = addComment(world.api.reviewLoop, {
        issue: PR,
        login: 'alice',
        body: '/dog approve judged read it myself, the prose is fine',
      });
      const inputs = await check(approval);
      await record(inputs);
      const posted = world.api.checkRuns.at(-1);
      expect(posted).toMatchObject({ head_sha: HEAD_SHA, conclusion: 'failure' });
      expect(inputs['head-sha']).toBe(HEAD_SHA);
      expect(posted?.output.summary).toMatch(/approved by @alice/);
      expect(replies()).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "/dog retry re-runs DoG's run, never the workflow that uploaded the forgery",
    async () => {
      const { runId, result } = await dogRun();
      const forger = await forgedReportRun(await reportOf(result));
      const retry = addComment(world.api.reviewLoop, {
        issue: PR,
        login: 'alice',
        body: '/dog retry failed',
      });
      await record(await check(retry));
      const reruns = world.api.reviewLoop.reruns.map((r) => r.runId);
      expect(reruns.at(-1)).toBe(runId);
      expect(reruns).not.toContain(forger);
    },
    TIMEOUT,
  );

  test(
    'with only the forgery for the head, there is nothing to decide on, and the reply names the workflow',
    async () => {
      const head = '6'.repeat(40);
      world.api.reviewLoop.pulls.set(9, {
        number: 9,
        headSha: head,
        baseSha: '1'.repeat(40),
        headRef: 'x',
      });
      const { result } = await dogRun();
      const runId = ++nextRun;
      listRun(runId, '.github/workflows/lint.yml', head);
      const dir = join(world.root, `forged-only-${runId}`);
      await mkdir(dir, { recursive: true });
      const forged = { ...(await reportOf(result)), runId: `gh-${runId}-1` };
      await writeFile(join(dir, 'report.json'), JSON.stringify(forged));
      await world.uploadArtifact(runId, 'dog-report', join(dir, 'report.json'));
      const entries = decisionEntries();
      const before = replies().length;
      const approval = addComment(world.api.reviewLoop, {
        issue: 9,
        login: 'alice',
        body: '/dog approve judged read it myself, the prose is fine',
      });
      await world.step({
        ...decideStep,
        runId: ++nextRun,
        event: 'issue_comment',
        payload: payloadOf(approval),
        inputs: { command: 'decide' },
      });
      expect(replies()).toHaveLength(before + 1);
      expect(replies().at(-1)).toMatch(
        /no report of DoG's workflow \(\.github\/workflows\/dog\.yml\)/,
      );
      expect(replies().at(-1)).toMatch(/pipeline-workflow/);
      expect(decisionEntries()).toBe(entries);
    },
    TIMEOUT,
  );
});

describe("a job of DoG's pipeline run that is not DoG's uploads a report", () => {
  test(
    'the report is refused: a run that ran other jobs cannot show which job wrote it',
    async () => {
      const { runId, result } = await dogRun();
      // The pipeline workflow also runs `lint` on the pull request's code; it uploads DoG's
      // report with `data` turned into a pass, every digest left as DoG computed it.
      const lint = world.api.runJobs.start(runId, 'lint');
      world.api.runJobs.finish(lint, 'success');
      const forged = structuredClone<Report>(await reportOf(result));
      const data = forged.nodes.data as Record<string, unknown>;
      data.state = 'success';
      data.verdict = 'pass';
      delete data.error;
      await uploadReport(runId, 'dog-report-lint-1', forged);

      const entries = decisionEntries();
      const checks = world.api.checkRuns.length;
      const dispatches = world.api.reviewLoop.dispatches.length;
      const reply = await approveJudged();
      expect(reply).toMatch(
        new RegExp(`workflow run ${runId} ran jobs besides DoG's own .*"lint" \\(job \\d+\\)`),
      );
      expect(reply).toMatch(/give DoG a workflow of its own/);
      expect(decisionEntries()).toBe(entries);
      expect(world.api.checkRuns).toHaveLength(checks);
      expect(world.api.reviewLoop.dispatches).toHaveLength(dispatches);
    },
    TIMEOUT,
  );
});

// A step inside DoG's own job runs with that job's token: no listing tells its upload from
// DoG's. What it cannot do is bind a decision to bytes nobody reviewed.
describe("a report uploaded from inside DoG's own job", () => {
  test(
    'an approval is bound only to bytes decide reads itself: digests of other bytes are refused',
    async () => {
      const { runId, result } = await dogRun();
      // Digests of a future version of the guide, computed the way DoG computes them.
      const future = await world.step({
        runId: ++nextRun,
        job: 'dog',
        files: { ...BAD, 'docs/guide.md': '# Guide\n\nSomething nobody reviewed.\n' },
        modes: MODES,
        event: 'push',
        inputs: { command: 'run' },
      });
      const evil = (await reportOf(future)).nodes.judged as Record<string, unknown>;
      const forged = structuredClone<Report>(await reportOf(result));
      const judged = forged.nodes.judged as Record<string, unknown>;
      judged.captureDigest = evil.captureDigest;
      judged.gmDigest = evil.gmDigest;
      const honest = (await reportOf(result)).nodes.judged as Record<string, unknown>;
      expect(judged.captureDigest).not.toBe(honest.captureDigest);
      await uploadReport(runId, 'dog-report-dog-1', forged);

      const entries = decisionEntries();
      const reply = await approveJudged();
      expect(reply).toMatch(/the report does not describe these bytes/);
      expect(decisionEntries()).toBe(entries);
    },
    TIMEOUT,
  );
});

describe('a handed-on comment is carried out only as it was checked', () => {
  async function refusedOnRecord(inputs: Record<string, string>, why: RegExp): Promise<void> {
    const entries = decisionEntries();
    const before = replies().length;
    await record(inputs);
    expect(replies()).toHaveLength(before + 1);
    expect(replies().at(-1)).toMatch(why);
    expect(decisionEntries()).toBe(entries);
  }

  async function checkedApproval(): Promise<{
    comment: IssueComment;
    inputs: Record<string, string>;
  }> {
    await dogRun();
    const comment = addComment(world.api.reviewLoop, {
      issue: PR,
      login: 'alice',
      body: '/dog approve judged read it myself, the prose is fine',
    });
    return { comment, inputs: await check(comment) };
  }

  test(
    'edited after it was checked: refused, nothing recorded',
    async () => {
      const { comment, inputs } = await checkedApproval();
      comment.body = '/dog approve judged changed my mind about what I approve';
      comment.updated_at = new Date(Date.parse(comment.created_at) + 60_000).toISOString();
      await refusedOnRecord(inputs, /was edited after it was posted/);
    },
    TIMEOUT,
  );

  test(
    'deleted before the dispatch ran: refused with a reply, not a crash',
    async () => {
      const { comment, inputs } = await checkedApproval();
      const comments = world.api.reviewLoop.comments;
      comments.splice(comments.indexOf(comment), 1);
      await refusedOnRecord(inputs, /was deleted before its command was recorded/);
    },
    TIMEOUT,
  );

  test(
    'a comment of another pull request, dispatched by hand for this one: refused',
    async () => {
      const { inputs } = await checkedApproval();
      const elsewhere = addComment(world.api.reviewLoop, {
        issue: 8,
        login: 'alice',
        body: '/dog approve judged read it myself, the prose is fine',
      });
      await refusedOnRecord(
        { ...inputs, 'comment-id': String(elsewhere.id) },
        /belongs to #8, not to pull request #7/,
      );
    },
    TIMEOUT,
  );

  test(
    'the head moved between the check and the record: refused, the new head needs its own look',
    async () => {
      const { inputs } = await checkedApproval();
      const moved = '4'.repeat(40);
      const pull = world.api.reviewLoop.pulls.get(PR)!;
      world.api.reviewLoop.pulls.set(PR, { ...pull, headSha: moved });
      try {
        // DoG's run for the new head exists and waits on judged too.
        const runId = ++nextRun;
        listRun(runId, '.github/workflows/dog.yml', moved);
        const genuine = await reportOf((await dogRun()).result);
        const dir = join(world.root, `moved-${runId}`);
        await mkdir(dir, { recursive: true });
        await writeFile(
          join(dir, 'report.json'),
          JSON.stringify({ ...genuine, runId: `gh-${runId}-1` }),
        );
        await world.uploadArtifact(runId, 'dog-report', join(dir, 'report.json'));
        await refusedOnRecord(inputs, /head moved from 222222222222 to 444444444444/);
      } finally {
        world.api.reviewLoop.pulls.set(PR, pull);
      }
    },
    TIMEOUT,
  );
});
